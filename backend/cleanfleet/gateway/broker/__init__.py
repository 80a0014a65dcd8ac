"""The embedded MQTT 3.1.1 broker, used when no external broker is configured (CLEANFLEET_MQTT_URL unset).

Our own small asyncio broker (it replaced amqtt 0.12.1, which let an unauthenticated CONNECT delete the
gateway's session, sent every robot the retained messages of all robots, broke while subscriptions changed
and acknowledged messages on receipt). What it holds to:

- Only robots connect over TCP: on the TLS listener (``tls.py``) a robot with a client certificate from the
  product CA signs in by it (its identity = client id, checked by ``check_certificate``); otherwise client id =
  user name = serial number, password = device secret (checked by ``check_device``, which also asks whether the
  robot's tenant still allows password robots); a robot publishes only ``cf/<sn>/up/...`` and subscribes to and
  receives only ``cf/<sn>/down/...`` (a refused subscription gets 0x80; a publish elsewhere is acknowledged and
  dropped). Retained messages obey the same rule.
- A refused CONNECT changes nothing. Only after a successful sign-in does a connection with the same client
  id take over the earlier one (whose will goes out) and its session (kept unless it asked for a clean one).
- The gateway attaches in-process (``attach``): it has no connection or client id anyone could take over.
  A robot's QoS 1 (or 2) message it subscribes to is acknowledged to the robot only once the gateway
  acknowledged it, i.e. once it is stored; so a restart loses no acknowledged message.
- Bounds (``Limits``): packet size, connections, time to sign in, subscriptions, topic length and levels,
  retained topics per robot, messages in flight and queued per session, unacknowledged messages per
  connection, the write buffer of a client that does not read. Breaking the protocol or a bound closes
  that connection only; refusals and violations are logged at most once a minute per reason.
- Sessions live in memory: a restart forgets them; robots resend what was never acknowledged.

MQTT 3.1.1 (and 3.1, "MQIsdp"): CONNECT with will, clean session, user name, password and keep-alive (a
client silent for 1.5 keep-alives is disconnected), SUBSCRIBE/UNSUBSCRIBE with ``+`` and ``#``, PUBLISH at
QoS 0, 1 and 2 in, delivered at the lower of the message's and the subscription's QoS (QoS 2 goes out as
1), redelivery with DUP to a persistent session that reconnects, retained messages, PINGREQ, DISCONNECT.
"""

from cleanfleet.gateway.broker.local import Ack, LocalSubscriber
from cleanfleet.gateway.broker.server import CertificateCheck, DeviceCheck, EmbeddedBroker, Limits

__all__ = ["Ack", "CertificateCheck", "DeviceCheck", "EmbeddedBroker", "Limits", "LocalSubscriber"]
