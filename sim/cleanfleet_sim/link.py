"""One robot's MQTT connection: heartbeats, the outbox (alarms, reports, events), commands, last will.

MQTT 3.1.1, client id and username = serial number, password = device secret, persistent session
(clean_session false) so QoS 1 commands sent while the robot was away arrive when it is back.
On connect the robot publishes status online=true (retained) and sets a will of online=false
(retained, QoS 1) that the broker sends if the connection drops without a goodbye. A message stays
in the outbox until the broker acknowledged it, so after a reconnect it goes again with the same
msgId. While the robot reboots the connection is cut (the will fires) and comes back afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import socket
import ssl
from dataclasses import dataclass
from urllib.parse import urlparse

import aiomqtt

from cleanfleet_sim import payloads
from cleanfleet_sim.backoff import REFUSED_CAP_S, Backoff
from cleanfleet_sim.certificate import refused_sign_in
from cleanfleet_sim.robot import Robot
from cleanfleet_sim.tls import client_context
from cleanfleet_sim.webapi.dispatch import call_robot

log = logging.getLogger("cleanfleet_sim.link")

PUBLISH_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class Broker:
    host: str
    port: int
    tls: bool = False
    ca_pem: str | None = None  # the product CA the broker is verified against (tls.py); fetched when not given

    @classmethod
    def parse(cls, url: str) -> Broker:
        """mqtt://host:port (port 1883 when left out) or mqtts://host:port (TLS, port 8883 when left out)."""
        parts = urlparse(url if "://" in url else f"mqtt://{url}")
        if parts.scheme in ("mqtts", "ssl"):
            return cls(parts.hostname or "127.0.0.1", parts.port or 8883, tls=True)
        if parts.scheme not in ("mqtt", "tcp"):
            raise ValueError(f"unsupported MQTT URL {url}: use mqtt://host:port or mqtts://host:port")
        return cls(parts.hostname or "127.0.0.1", parts.port or 1883)

    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}"


def tls_context_for(broker: Broker, robot: Robot) -> ssl.SSLContext | None:
    """The robot's TLS context for this broker (None: plain MQTT): its certificate when it has one."""
    if not broker.tls:
        return None
    if broker.ca_pem is None:
        raise aiomqtt.MqttError("no CA certificate to verify the broker with")
    identity = robot.identity
    return client_context(broker.ca_pem, getattr(identity, "cert_file", None), getattr(identity, "key_file", None))


def encode(payload: dict[str, object]) -> bytes:
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()


class RobotLink:
    def __init__(self, robot: Robot, broker: Broker, *, interval_s: float = 5.0, first_delay_s: float = 0.0) -> None:
        self.robot = robot
        self.broker = broker
        self.interval_s = interval_s
        self.first_delay_s = first_delay_s
        self.connected = asyncio.Event()
        self.wake = asyncio.Event()
        self.leave = asyncio.Event()
        self.stopping = False
        self.client: aiomqtt.Client | None = None
        self.connections = 0
        self.backoff = Backoff(rng=random.Random(f"backoff:{robot.sn}:{random.random()}"))  # backoff.py
        robot.on_send = self.wake.set
        robot.on_reboot = self.leave.set

    async def run(self) -> None:
        """Stay connected until stopped, reconnecting after a full-jitter wait (``backoff.Backoff``)."""
        while not self.stopping:
            if self.robot.is_down():
                await asyncio.sleep(0.2)
                continue
            try:
                await self.session()
                self.backoff.succeeded()
            except (aiomqtt.MqttError, ssl.SSLError) as exc:  # a broker that fails verification: try again later
                if self.stopping:
                    break
                refused = refused_sign_in(exc)  # revoked (certificate.py): said once per refusal streak, slowly
                if refused and not self.backoff.refused:
                    log.error("%s: the broker refused the robot's sign-in (%s): its certificate may have been "
                              "revoked; retrying every %.0f s at most", self.robot.sn, exc, REFUSED_CAP_S)
                wait = self.backoff.failed(refused=refused)
                log.info("%s: MQTT connection lost (%s); retrying in %.1f s", self.robot.sn, exc, wait)
                await asyncio.sleep(wait)
            finally:
                self.client = None
                self.connected.clear()

    async def session(self) -> None:
        robot = self.robot
        will = aiomqtt.Will(payloads.up_topic(robot.sn, "status"), encode(payloads.status(robot, False, "lost")),
                            qos=1, retain=True)
        async with aiomqtt.Client(
            self.broker.host, self.broker.port, username=robot.sn, password=robot.identity.secret,
            identifier=robot.sn, will=will, clean_session=False, keepalive=max(10, int(self.interval_s * 3)),
            timeout=PUBLISH_TIMEOUT_S, tls_context=tls_context_for(self.broker, robot),
        ) as client:
            self.client = client
            self.connections += 1
            self.leave.clear()
            await client.subscribe(payloads.cmd_topic(robot.sn), qos=1)
            await client.publish(payloads.up_topic(robot.sn, "status"),
                                 encode(payloads.status(robot, True, "connected")), qos=1, retain=True)
            self.connected.set()
            self.backoff.succeeded()  # in: a later loss starts from the first window
            tasks = [asyncio.create_task(job) for job in (self.watch(), self.beat(), self.drain(), self.listen(client))]
            try:
                done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
            for task in done:
                if not task.cancelled() and task.exception() is not None:
                    raise task.exception()  # type: ignore[misc]

    async def beat(self) -> None:
        assert self.client is not None
        if self.first_delay_s:
            await asyncio.sleep(self.first_delay_s)
        while True:
            self.robot.tick()
            await self.client.publish(payloads.up_topic(self.robot.sn, "heartbeat"),
                                      encode(payloads.heartbeat(self.robot, self.interval_s)), qos=1)
            await asyncio.sleep(self.interval_s)

    async def drain(self) -> None:
        assert self.client is not None
        outbox = self.robot.outbox
        while True:
            while outbox:
                channel, payload = outbox[0]
                await self.client.publish(payloads.up_topic(self.robot.sn, channel), encode(payload), qos=1)
                if outbox and outbox[0][1] is payload:
                    outbox.popleft()
            self.wake.clear()
            await self.wake.wait()

    async def listen(self, client: aiomqtt.Client) -> None:
        async for message in client.messages:
            try:
                command = json.loads(message.payload) if isinstance(message.payload, bytes | str) else None
            except ValueError:
                command = None
            if not isinstance(command, dict):
                log.warning("%s: a command that is not a JSON object was ignored", self.robot.sn)
                continue
            self.robot.tick()
            self.robot.handle_command(command, web_api=call_robot)

    async def watch(self) -> None:
        """End the session when the robot reboots (cutting the line) or the link is stopped."""
        await self.leave.wait()
        if not self.stopping:
            self.sever()

    def sever(self) -> None:
        """Drop the connection without a DISCONNECT, as a power cut or lost network would: the will fires."""
        client = self.client
        if client is None:
            return
        sock = client._client.socket()  # aiomqtt keeps the paho client private; this is its public socket()
        if isinstance(sock, socket.socket):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    async def stop(self, *, clean: bool = True) -> None:
        """Say goodbye (status online=false, DISCONNECT: no will) or, with clean=False, just drop."""
        self.stopping = True
        self.leave.set()
        client = self.client
        if client is None:
            return
        if clean:
            with contextlib.suppress(aiomqtt.MqttError, asyncio.TimeoutError):
                await client.publish(payloads.up_topic(self.robot.sn, "status"),
                                     encode(payloads.status(self.robot, False, "stopped")), qos=1, retain=True,
                                     timeout=2.0)
        else:
            self.sever()

