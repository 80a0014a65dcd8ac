"""The gateway's own MQTT connection: subscribes to every robot's up topics and feeds the ingest.

A fixed client id with ``clean_session`` false makes the broker keep the subscriptions and queue QoS 1
messages (status, alarms, reports, events) while the server is down or restarting, so nothing robots
send in that time is lost. Alarms and reports are acknowledged only after they are stored (manual acks):
a crash before the write means the broker sends them again, and their msgId makes the second write a
no-op. Heartbeats are taken at QoS 0 (see ``payloads.SUBSCRIPTIONS``).
"""

import asyncio
import contextlib
import logging
import socket
from dataclasses import dataclass
from urllib.parse import urlparse

from cleanfleet.gateway.ingest import Ack, Ingest
from cleanfleet.gateway.mqtt import Message, MqttClient, MqttError
from cleanfleet.gateway.payloads import SUBSCRIPTIONS

log = logging.getLogger("cleanfleet.gateway")


@dataclass(frozen=True)
class BrokerAddress:
    host: str
    port: int
    username: str | None = None
    password: str | None = None

    @classmethod
    def parse(cls, url: str) -> "BrokerAddress":
        """``mqtt://[user:password@]host[:port]`` (port 1883 when left out)."""
        parts = urlparse(url if "://" in url else f"mqtt://{url}")
        if parts.scheme not in ("mqtt", "tcp") or not parts.hostname:
            raise ValueError(f"unsupported MQTT URL {url!r}: use mqtt://host:port")
        return cls(parts.hostname, parts.port or 1883, parts.username, parts.password)

    def url(self) -> str:
        return f"mqtt://{self.host}:{self.port}"


class GatewayLink:
    def __init__(self, broker: BrokerAddress, ingest: Ingest, *, client_id: str,
                 share_group: str | None = None) -> None:
        self.broker = broker
        self.ingest = ingest
        self.client_id = client_id
        prefix = f"$share/{share_group}/" if share_group else ""
        self.subscriptions = [(prefix + topic, qos) for topic, qos in SUBSCRIPTIONS]
        self.connected = asyncio.Event()
        self._generation = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self.run(), name="gateway-link")

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
            await self.ingest.receive(message.topic, message.payload, self._acker(client, generation, message))

        client = await MqttClient.open(self.broker.host, self.broker.port, handle, client_id=self.client_id,
                                       clean_session=False, keepalive=30, username=self.broker.username,
                                       password=self.broker.password)
        try:
            await client.subscribe(self.subscriptions)
            sock = client.transport.get_extra_info("socket") if client.transport else None
            if sock is not None:  # acknowledgements go out at once, not held back by Nagle
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.connected.set()
            log.info("gateway subscribed to the robots' topics on %s", self.broker.url())
            await client.run()
        finally:
            client.close()

    def _acker(self, client: MqttClient, generation: int, message: Message) -> Ack | None:
        if message.qos == 0:
            return None

        def ack() -> None:
            if generation == self._generation:  # after a reconnect the broker redelivers anyway
                client.ack(message)

        return ack
