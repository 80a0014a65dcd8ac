"""The gateway's MQTT side: subscribes to every robot's up topics and feeds the ingest.

With the embedded broker, ``LocalLink`` attaches in-process (no connection, no client id to take over);
a robot's QoS 1 message is acknowledged to it once the ingest stored it. With an external broker,
``GatewayLink`` connects over TCP with a fixed client id and ``clean_session`` false, so the broker keeps
the subscriptions and queues QoS 1 messages (status, alarms, reports, events) while the server is down or
restarting. Alarms and reports are acknowledged only after they are stored (manual acks): a crash before
the write means the broker sends them again, and their msgId makes the second write a no-op. Heartbeats
are taken at QoS 0 (see ``payloads.SUBSCRIPTIONS``) on a second connection of their own with a clean session
(``gateway_links``): a broker shares a group's messages among its members' sessions, connected or not
(Mosquitto does), so a dead worker's persistent session would take its share of the heartbeats and drop them
(QoS 0 is not queued) until it came back; a clean session ends with its connection and the survivors get them all.

An external broker may lose the gateway's subscriptions while its TCP connection stays up (another
connection with its client id took the session over, an operator removed it): the CONNACK's
session-present flag is checked on every reconnect, and every ``probe_seconds`` the gateway publishes to
a topic of its own (``cf/$gw/<client id>/probe``: no robot's serial number starts with ``$``, so no robot
ACL reaches it) that it subscribes to; when the probe does not come back, it subscribes again, and when
it still does not, it reconnects.
"""

import asyncio
import contextlib
import logging
import secrets
import socket
from collections.abc import Coroutine
from dataclasses import dataclass
from ssl import SSLContext
from typing import Any
from urllib.parse import urlparse

from cleanfleet.gateway.broker import EmbeddedBroker, LocalSubscriber
from cleanfleet.gateway.ingest import Ack, Ingest
from cleanfleet.gateway.mqtt import Message, MqttClient, MqttError
from cleanfleet.gateway.payloads import SUBSCRIPTIONS

log = logging.getLogger("cleanfleet.gateway")
PROBE_SECONDS = 30.0  # between two probes of the gateway's subscriptions; a third of it for the answer


def probe_topic(client_id: str) -> str:
    return f"cf/$gw/{client_id}/probe"


@dataclass(frozen=True)
class BrokerAddress:
    host: str
    port: int
    username: str | None = None
    password: str | None = None
    tls: bool = False

    @classmethod
    def parse(cls, url: str) -> "BrokerAddress":
        """``mqtt://[user:password@]host[:port]`` (port 1883 when left out), ``mqtts://...`` over TLS (8883)."""
        parts = urlparse(url if "://" in url else f"mqtt://{url}")
        tls = parts.scheme in ("mqtts", "ssl")
        if parts.scheme not in ("mqtt", "tcp", "mqtts", "ssl") or not parts.hostname:
            raise ValueError(f"unsupported MQTT URL {url!r}: use mqtt://host:port or mqtts://host:port")
        return cls(parts.hostname, parts.port or (8883 if tls else 1883), parts.username, parts.password, tls)

    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}"


class LocalLink:
    """The gateway attached to the embedded broker in-process, before it listens."""

    def __init__(self, broker: EmbeddedBroker, ingest: Ingest) -> None:
        self.broker = broker
        self.ingest = ingest
        self.connected = asyncio.Event()
        self._subscriber: LocalSubscriber | None = None

    def start(self) -> None:
        self._subscriber = self.broker.attach("gateway", list(SUBSCRIPTIONS), self._handle)
        self.connected.set()

    async def stop(self) -> None:
        """Nothing to do: the broker's stop hands over what it read before the ingest's last flush."""

    async def _handle(self, topic: str, payload: bytes, qos: int, ack: Ack | None) -> None:
        await self.ingest.receive(topic, payload, ack)


class GatewayLink:
    def __init__(self, broker: BrokerAddress, ingest: Ingest, *, client_id: str,
                 share_group: str | None = None, probe_seconds: float = PROBE_SECONDS,
                 ssl: SSLContext | None = None, topics: tuple[tuple[str, int], ...] = SUBSCRIPTIONS,
                 durable: bool = True) -> None:
        """``topics``: the robots' up topics it subscribes to (all by default); ``durable``: a persistent session
        (the broker queues QoS 1 messages while the link is down) or a clean one."""
        self.broker = broker
        self.durable = durable
        self.ssl = ssl  # the TLS context for an mqtts:// broker (runtime: broker.tls.gateway_context)
        self.ingest = ingest
        self.client_id = client_id
        self.probe_seconds = probe_seconds
        self.probe_topic = probe_topic(client_id)
        prefix = f"$share/{share_group}/" if share_group else ""
        self.subscriptions = [(prefix + topic, qos) for topic, qos in topics] + [(self.probe_topic, 0)]
        self.connected = asyncio.Event()
        self.restored = 0  # how often the gateway found its subscriptions gone and subscribed again
        self._generation = 0
        self._task: asyncio.Task[None] | None = None
        self._had_session = False
        self._probe: tuple[bytes, asyncio.Event] | None = None
        self._client: MqttClient | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self.run(), name="gateway-link")

    async def publish(self, topic: str, payload: bytes) -> None:
        """A command down to a robot, at QoS 1: done when the broker has it (it keeps it for a robot that is
        offline in its persistent session); the command's own ack event from the robot confirms the rest."""
        if self._client is None or not self.connected.is_set():
            raise MqttError("the gateway is not connected to the broker")
        await self._client.publish_acknowledged(topic, payload)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def run(self) -> None:
        """Stays connected, reconnecting with backoff (the broker may start after the server); supervises the
        session: any error, not only a lost connection, is logged and the link starts again."""
        backoff = 0.5
        while True:
            try:
                await self._session()
            except MqttError as exc:
                log.warning("MQTT connection to %s lost or refused (%s); retrying in %.1f s",
                            self.broker.url(), exc, backoff)
            except Exception:
                log.exception("the robot link to %s failed; restarting it in %.1f s", self.broker.url(), backoff)
            else:
                backoff = 0.5
                continue
            self.connected.clear()
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, 15.0)

    async def _session(self) -> None:
        self._generation += 1
        generation = self._generation
        client: MqttClient | None = None

        async def handle(message: Message) -> None:
            assert client is not None
            if message.topic == self.probe_topic:
                self._probe_heard(message.payload)
                return
            await self.ingest.receive(message.topic, message.payload, self._acker(client, generation, message))

        client = await MqttClient.open(self.broker.host, self.broker.port, handle, client_id=self.client_id,
                                       clean_session=not self.durable, keepalive=30, username=self.broker.username,
                                       password=self.broker.password, ssl=self.ssl)
        try:
            if self.durable and self._had_session and not client.session_present:
                log.warning("the broker %s had no session for the gateway %s (taken over or lost): messages "
                            "robots sent meanwhile may be gone; subscribing again", self.broker.url(), self.client_id)
            self._had_session = True
            self._client = client
            await client.subscribe(self.subscriptions)
            sock = client.transport.get_extra_info("socket") if client.transport else None
            if sock is not None:  # acknowledgements go out at once, not held back by Nagle
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.connected.set()
            log.info("gateway subscribed to the robots' topics on %s", self.broker.url())
            await _first_to_end(client.run(), self._watch_subscriptions(client))
        finally:
            self._client = None
            client.close()

    async def _watch_subscriptions(self, client: MqttClient) -> None:
        """Probes the subscriptions every ``probe_seconds``; subscribes again when the probe is lost, and
        ends the session (the link reconnects) when it is lost once more."""
        while True:
            await asyncio.sleep(self.probe_seconds)
            if await self._probe_returns(client):
                continue
            log.warning("the gateway's subscriptions on %s are gone (its probe did not come back); subscribing "
                        "again", self.broker.url())
            self.restored += 1
            await client.subscribe(self.subscriptions)
            if not await self._probe_returns(client):
                raise MqttError("the broker does not deliver the gateway's probe")

    async def _probe_returns(self, client: MqttClient) -> bool:
        token, heard = secrets.token_bytes(8), asyncio.Event()
        self._probe = (token, heard)
        client.publish(self.probe_topic, token)
        try:
            await asyncio.wait_for(heard.wait(), max(1.0, self.probe_seconds / 3))
        except TimeoutError:
            return False
        return True

    def _probe_heard(self, payload: bytes) -> None:
        if self._probe is not None and self._probe[0] == payload:
            self._probe[1].set()

    def _acker(self, client: MqttClient, generation: int, message: Message) -> Ack | None:
        if message.qos == 0:
            return None

        def ack() -> None:
            if generation == self._generation:  # after a reconnect the broker redelivers anyway
                client.ack(message)

        return ack


def gateway_links(broker: BrokerAddress, ingest: Ingest, *, client_id: str, share_group: str | None = None,
                  ssl: SSLContext | None = None) -> tuple[GatewayLink, GatewayLink]:
    """The two links a server keeps to an external broker: the durable one (QoS 1 topics, commands go out on it)
    and the live one (QoS 0 heartbeats, a clean session under ``<client_id>-live``)."""
    durable = tuple((topic, qos) for topic, qos in SUBSCRIPTIONS if qos > 0)
    live = tuple((topic, qos) for topic, qos in SUBSCRIPTIONS if qos == 0)
    return (GatewayLink(broker, ingest, client_id=client_id, share_group=share_group, ssl=ssl, topics=durable),
            GatewayLink(broker, ingest, client_id=f"{client_id}-live", share_group=share_group, ssl=ssl,
                        topics=live, durable=False))


async def _first_to_end(*jobs: Coroutine[Any, Any, None]) -> None:
    """Runs the jobs until one ends; its error (if any) is raised, the others are cancelled."""
    tasks = [asyncio.ensure_future(job) for job in jobs]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    for task in done:
        task.result()
