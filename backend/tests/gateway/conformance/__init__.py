"""MQTT 3.1.1 conformance: the embedded broker and the system Mosquitto (127.0.0.1:1883) side by side.

Each test names the normative statements it checks (``[MQTT-x.y.z-n]``) and runs once per broker (the
``broker`` fixture); the ground is that of Eclipse Paho's interoperability suite (sessions and takeover,
QoS 1 and 2 both ways, redelivery with DUP, retained messages, wills, keep-alive, ``+`` / ``#`` / ``$``
topics, malformed packets), written here at the packet level (``peer.Peer``, on ``cleanfleet.gateway.wire``)
so session present, DUP, RETAIN and packet ids are seen as sent. Issue 28's two session bugs have their own
tests: ``test_a_persistent_sign_in_taking_over_a_clean_session_starts_its_own`` (bug 7) and
``test_a_qos2_message_resent_after_a_reconnect_while_still_being_stored_gets_its_pubrec`` (bug 8).

Where the two brokers differ (the embedded broker's choices, and Mosquitto 2.0's own):

- Only robots connect to the embedded broker: client id = user name = serial number with its secret, so an
  empty client id is refused even with a clean session (Mosquitto assigns one); a robot publishes only on
  ``cf/<sn>/up/...`` and subscribes only to ``cf/<sn>/down/...``. The tests speak as robots on both brokers
  and use the server side (``inject``, ``observer``) for the rest.
- The embedded broker grants and delivers at most QoS 1 (a QoS 2 subscription gets 1, a QoS 2 message goes
  out at 1); QoS 2 in is complete (PUBREC once the message is stored, PUBREL, PUBCOMP). Mosquitto goes to 2.
- An invalid topic filter: the embedded broker refuses that subscription (SUBACK 0x80) and keeps the
  connection; Mosquitto closes the connection. Both are allowed by 3.9.3 and 4.8.
- Bounds of its own (packet size, time to CONNECT, and more in ``Limits``) and strict reserved flags on every
  packet (a PINGREQ with a flag set closes the connection; Mosquitto 2.0 answers it), and the length of those
  without a body (a PINGREQ with a body closes the connection; Mosquitto 2.0.11 answers it). Both brokers take a
  DISCONNECT with a body for a malformed packet and publish the will.
- Mosquitto 2.0.11 delivers a message matching two overlapping subscriptions once at the QoS of one of them,
  not at the highest (MQTT-3.3.5-1); the embedded broker delivers one copy at the highest.
- Mosquitto 2.0 checks keep-alives on a timer of several seconds, so a silent client goes some seconds after
  1.5 keep-alives (the embedded broker: at 1.5 keep-alives).
- A QoS 2 message in: Mosquitto hands it on at PUBREL, the embedded broker at once (and sends PUBREC once the
  gateway stored it); either way it is delivered once.
"""
