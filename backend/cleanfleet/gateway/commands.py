"""Commands down to the robots: ``cf/<sn>/down/cmd`` (docs/robot-contract.md "MQTT contract").

``{"v": 1, "cmdId", "cmd", "args"}``; the robot acknowledges each with a ``cmd_ack`` event and reports a
job's progress with events of the command's kind, all carrying the ``cmdId`` (``ingest`` hands robot events
to the bus channel ``core.bus.ROBOT_EVENTS``). A robot that is away gets the command when it is back (its
persistent session, QoS 1 with the embedded broker). A ``cmdId`` the robot has seen is acknowledged
``duplicate`` and not run twice, so sending again with the same id is safe.
"""

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

Publish = Callable[[str, bytes], Awaitable[None]]


def command_topic(serial_number: str) -> str:
    return f"cf/{serial_number}/down/cmd"


def new_cmd_id(kind: str) -> str:
    return f"{kind}-{uuid.uuid4().hex}"


class CommandSender:
    def __init__(self, publish: Publish) -> None:
        self._publish = publish

    async def send(self, serial_number: str, cmd: str, args: dict[str, Any], cmd_id: str) -> None:
        """Hands the command to the broker; raises OSError (or the link's error) when it cannot."""
        payload = orjson.dumps({"v": 1, "cmdId": cmd_id, "cmd": cmd, "args": args})
        await self._publish(command_topic(serial_number), payload)
