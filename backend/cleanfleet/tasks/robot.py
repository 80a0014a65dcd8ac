"""Calling one robot's web API (api-spec 7.9) from the server, as the relay does for the console.

The robot is a device the caller may see; its address is its registered transfer node and the FRP port the
server assigned there (never anything from the request); it must be online; a command is refused while another
user holds the robot's remote control (relay.service). Robots below protocol 3 take task calls under ``api/``,
3 and above under ``api1/``; map calls are ``api2/``. A robot's refusal (``code`` not 0) becomes ROBOT_ERROR with
the robot's reason, BAD_PARAMETER naming the console's field when the robot names one of its own
(``"<field>: why"``, or its ``field``), ALREADY_EXISTS or NOT_FOUND, each in the caller's language from the one
catalogue of robot refusals (``relay.refusals``); no answer in time is ROBOT_TIMEOUT. A refusal changed
nothing on the robot, so the console keeps its view.

A refusal carries no data, as every call's published answer says (api-spec 8.1: the console shows the message,
nothing else): the robot's reason is in the translated message, its own code goes to the server's log
(``robot refused``, with the serial number and the call) for whoever looks into it.
"""

import logging
from typing import Any
from urllib.parse import quote

import httpx
from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit.service import record_sent
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.devices.models import PROTOCOL_V3, Device, DeviceState
from cleanfleet.hosts.models import NODE, FrpPortGrant, Host
from cleanfleet.relay import refusals
from cleanfleet.relay import service as relay
from cleanfleet.tasks import texts
from cleanfleet.tasks.mapping import console_field

log = logging.getLogger("cleanfleet.tasks")
ROBOT_NOT_FOUND = 3
ROBOT_BAD_PARAMETER = 2
ROBOT_NAME_TAKEN = 11
HTTP_NOT_FOUND = 404  # a picture the robot does not have


def call_path(device: Device, call: str, *, maps: bool = False) -> str:
    prefix = "api2" if maps else ("api1" if device.protocol_version >= PROTOCOL_V3 else "api")
    return f"{prefix}/{call}"


async def robot_url(db: AsyncSession, caller: Caller, device: Device, path: str, *, command: bool) -> str:
    """Where the call goes, after the checks (registered node and port, online, no other user's control)."""
    values = {"sn": device.serial_number}
    assigned = await db.scalar(select(exists().where(FrpPortGrant.frp_host == device.frp_host,
                                                     FrpPortGrant.frp_port == device.frp_port)))
    node = await db.scalar(select(Host.id).where(Host.kind == NODE, Host.domain == device.frp_host).limit(1))
    if not device.frp_host or device.frp_port is None or node is None or not assigned:
        raise ApiError(Code.CONFLICT, texts.NO_LINK, field="deviceId", values=values)
    if not await db.scalar(select(DeviceState.online).where(DeviceState.device_id == device.id)):
        raise ApiError(Code.DEVICE_OFFLINE, texts.ROBOT_OFFLINE, field="deviceId", values=values)
    if command:
        await relay.check_not_held_by_other(db, caller, device)
    host = f"[{device.frp_host}]" if ":" in device.frp_host else device.frp_host
    return f"http://{host}:{device.frp_port}/{path}"


REFUSAL_KINDS = {ROBOT_BAD_PARAMETER: Code.BAD_PARAMETER, ROBOT_NOT_FOUND: Code.NOT_FOUND,
                 HTTP_NOT_FOUND: Code.NOT_FOUND, ROBOT_NAME_TAKEN: Code.ALREADY_EXISTS}


def _refusal(answer: dict[str, Any]) -> ApiError:
    """In the caller's language from the one catalogue (relay.refusals), the field as the task forms name it."""
    return refusals.refusal_error(answer, REFUSAL_KINDS, console_field)


def _refused(device: Device, url: str, answer: dict[str, Any]) -> ApiError:
    log.info("robot refused", extra={"fields": {"sn": device.serial_number, "call": httpx.URL(url).path[:120],
                                                "robotCode": answer.get("code"),
                                                "reason": str(answer.get("msg") or "")[:200]}})
    return _refusal(answer)


async def send(client: httpx.AsyncClient, device: Device, url: str, body: dict[str, Any] | None, *,
               seconds: float, method: str = "POST") -> dict[str, Any]:
    """One robot call; answers the robot's data (its ``code`` 0) or raises the refusal."""
    values = {"sn": device.serial_number}
    try:
        if method == "GET":
            response = await client.get(url, params=body or None, timeout=seconds)
        else:
            response = await client.post(url, json=body or {}, timeout=seconds)
    except httpx.TimeoutException as exc:
        raise ApiError(Code.ROBOT_TIMEOUT, texts.ROBOT_TIMEOUT, field="deviceId", values=values) from exc
    except httpx.TransportError as exc:
        log.warning("robot unreachable", extra={"fields": {"sn": device.serial_number, "error": str(exc)[:200]}})
        raise ApiError(Code.DEVICE_OFFLINE, texts.ROBOT_UNREACHABLE, field="deviceId", values=values) from exc
    try:
        answer = response.json()
    except ValueError:
        answer = None
    if not isinstance(answer, dict) or not isinstance(answer.get("code"), int):
        raise ApiError(Code.ROBOT_ERROR, texts.ROBOT_REFUSED, values={"reason": f"HTTP {response.status_code}"})
    if answer["code"] != 0:
        raise _refused(device, url, answer)
    return answer


MAX_PICTURE_BYTES = 8 * 1024 * 1024


async def picture(client: httpx.AsyncClient, device: Device, url: str, *, seconds: float) -> bytes:
    """A robot picture (a map image); a robot answering JSON instead is refusing."""
    values = {"sn": device.serial_number}
    try:
        response = await client.get(url, timeout=seconds)
    except httpx.TimeoutException as exc:
        raise ApiError(Code.ROBOT_TIMEOUT, texts.ROBOT_TIMEOUT, field="deviceId", values=values) from exc
    except httpx.TransportError as exc:
        raise ApiError(Code.DEVICE_OFFLINE, texts.ROBOT_UNREACHABLE, field="deviceId", values=values) from exc
    kind = response.headers.get("content-type", "")
    if response.status_code != 200 or not kind.startswith("image/png") or len(response.content) > MAX_PICTURE_BYTES:
        try:
            answer = response.json()
        except ValueError:
            answer = {"code": -1, "msg": f"HTTP {response.status_code}"}
        raise _refused(device, url, answer if isinstance(answer, dict) else {"code": -1, "msg": "not a picture"})
    return response.content


class RobotLink:
    """One caller's calls to one robot (``db`` is released before the robot is asked)."""

    def __init__(self, db: AsyncSession, caller: Caller, device: Device, client: httpx.AsyncClient,
                 timeout: float) -> None:
        self.db, self.caller, self.device, self.client, self.timeout = db, caller, device, client, timeout

    async def call(self, call: str, body: dict[str, Any] | None = None, *, command: bool = False,
                   maps: bool = False, method: str = "POST") -> dict[str, Any]:
        url = await robot_url(self.db, self.caller, self.device, call_path(self.device, call, maps=maps),
                              command=command)
        if not command:
            return await send(self.client, self.device, url, body, seconds=self.timeout, method=method)
        outcome = "failed"
        try:
            answer = await send(self.client, self.device, url, body, seconds=self.timeout, method=method)
            outcome = "ok"
            return answer
        finally:  # every command sent to a robot is in the audit trail, with the robot's answer as its outcome
            await record_sent(self.db, "robot_command", target=f"device#{self.device.id}", outcome=outcome,
                              detail={"sn": self.device.serial_number, "call": call})

    async def map_picture(self, map_name: str) -> bytes:
        path = call_path(self.device, f"image/{quote(map_name, safe='')}.png", maps=True)
        url = await robot_url(self.db, self.caller, self.device, path, command=False)
        return await picture(self.client, self.device, url, seconds=self.timeout)
