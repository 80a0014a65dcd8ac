"""The embedded MQTT broker (amqtt), used when no external broker is configured (CLEANFLEET_MQTT_URL unset).

It listens on loopback by default (CLEANFLEET_MQTT_BIND), speaks MQTT 3.1.1, and enforces the device
rules itself in ``DeviceAccess``: a robot signs in with client id = username = its serial number and
password = its device secret, may publish only to ``cf/<sn>/up/...`` and subscribe only to
``cf/<sn>/down/...``. The gateway signs in with a password drawn at start, known only to this process.
amqtt keeps sessions in memory: messages in flight when the process stops are gone (the robots resend
what the broker never acknowledged); production uses an external broker with persistence.
"""

import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from amqtt.broker import Broker
from amqtt.contexts import Action
from amqtt.plugins.base import BaseAuthPlugin, BaseTopicPlugin
from amqtt.session import Session

log = logging.getLogger("cleanfleet.gateway")

GATEWAY_USERNAME = "cleanfleet-gateway"
DeviceCheck = Callable[[str, str], Awaitable[bool]]


def device_may(username: str, topic: str, action: Action) -> bool:
    """A device's own topics: it publishes up, subscribes to and receives down."""
    parts = topic.split("/")
    if len(parts) < 3 or parts[0] != "cf" or parts[1] != username:
        return False
    return parts[2] == ("up" if action == Action.PUBLISH else "down")


class DeviceAccess(BaseAuthPlugin, BaseTopicPlugin):  # type: ignore[misc]
    """Authentication (serial number + device secret) and topic rules for robots; the gateway may do all."""

    @dataclass
    class Config:
        check_device: Any = None
        gateway_password: str = ""

    async def authenticate(self, *, session: Session) -> bool | None:
        username, password = session.username or "", session.password or ""
        if username == GATEWAY_USERNAME:
            return bool(self.config.gateway_password) and secrets.compare_digest(password, self.config.gateway_password)
        if not username or session.client_id != username:
            log.warning("MQTT sign-in refused: client id must equal the serial number",
                        extra={"fields": {"client": str(session.client_id)[:64]}})
            return False
        allowed = await self.config.check_device(username, password)
        if not allowed:
            log.warning("MQTT sign-in refused: unknown serial number or wrong secret",
                        extra={"fields": {"sn": username[:64]}})
        return bool(allowed)

    async def topic_filtering(self, *, session: Session | None = None, topic: str | None = None,
                              action: Action | None = None) -> bool | None:
        if session is None or topic is None or action is None:
            return False
        if session.username == GATEWAY_USERNAME:
            return True
        return device_may(session.username or "", topic, action)


class EmbeddedBroker:
    def __init__(self, bind: str, check_device: DeviceCheck) -> None:
        self.bind = bind
        self.gateway_password = secrets.token_urlsafe(24)
        self._check_device = check_device
        self._broker: Broker | None = None

    @property
    def port(self) -> int:
        return int(self.bind.rsplit(":", 1)[1])

    async def start(self) -> None:
        """Starts listening; must run inside the server's event loop."""
        config: dict[str, Any] = {
            "listeners": {"default": {"type": "tcp", "bind": self.bind, "max_connections": 0}},
            "plugins": {f"{__name__}.DeviceAccess": {"check_device": self._check_device,
                                                     "gateway_password": self.gateway_password}},
        }
        self._broker = Broker(config)
        await self._broker.start()

    async def stop(self) -> None:
        if self._broker is not None:
            await self._broker.shutdown()
            self._broker = None
