"""The server's own calls to a robot's web API (api2/ map calls), the way /relay reaches it.

The address always comes from the database: the device's registered transfer node and its FRP port (as in
``relay.service``). A robot's refusal (HTTP 200, ``{code, msg}``, docs/robot-contract.md) becomes our error shape:
2 bad parameter (the field is the start of ``msg``), 3 not found, 5 busy (a task runs), 10 elevator
transfer running, 11 name exists, anything else ROBOT_ERROR, each in the caller's language from the one catalogue
of robot refusals (``relay.refusals``: the robot's reason, or its words quoted after a translated lead).
"""

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import httpx
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.core.texts import Text
from cleanfleet.devices.models import PROTOCOL_V3, Device, DeviceState
from cleanfleet.hosts.models import NODE, Host
from cleanfleet.maps import texts
from cleanfleet.relay import refusals

ROBOT_CODES = {2: Code.BAD_PARAMETER, 3: Code.NOT_FOUND, 11: Code.ALREADY_EXISTS}


@dataclass(frozen=True)
class RobotHttp:
    """The relay's HTTP client and time limit (``app.state.relay_client``, CLEANFLEET_RELAY_TIMEOUT)."""

    client: httpx.AsyncClient
    timeout: float


@dataclass(frozen=True)
class Address:
    serial_number: str
    base: str  # http://host:port/
    protocol: int = PROTOCOL_V3

    @property
    def task_api(self) -> str:
        """The prefix of the robot's task calls: ``api`` below protocol 3, ``api1`` from 3 on (map calls: api2)."""
        return "api1" if self.protocol >= PROTOCOL_V3 else "api"


async def is_online(db: AsyncSession, device: Device) -> bool:
    return bool(await db.scalar(select(DeviceState.online).where(DeviceState.device_id == device.id)))


async def address(db: AsyncSession, device: Device) -> Address:
    """Where the robot answers; DEVICE_OFFLINE when it is offline or has no registered transfer node."""
    node = await db.scalar(select(Host.id).where(Host.kind == NODE, Host.domain == device.frp_host).limit(1))
    if not device.frp_host or not device.frp_port or node is None or not await is_online(db, device):
        raise ApiError(Code.DEVICE_OFFLINE, device.serial_number, field="deviceId")
    host = f"[{device.frp_host}]" if ":" in device.frp_host else device.frp_host
    return Address(device.serial_number, f"http://{host}:{device.frp_port}/", device.protocol_version)


def picture_path(map_name: str) -> str:
    return f"api2/image/{quote(map_name, safe='')}.png"


async def _request(http: RobotHttp, at: Address, method: str, path: str, **kwargs: Any) -> httpx.Response:
    try:
        return await http.client.request(method, at.base + path, timeout=http.timeout, follow_redirects=False,
                                         **kwargs)
    except httpx.TimeoutException as exc:
        raise ApiError(Code.ROBOT_TIMEOUT, at.serial_number) from exc
    except httpx.TransportError as exc:
        raise ApiError(Code.DEVICE_OFFLINE, at.serial_number, field="deviceId") from exc


def refusal(answer: dict[str, Any], busy: Text | None = texts.TASK_RUNNING) -> ApiError:
    """The robot's refusal in our error shape (``busy``: the sentence for code 5, else the catalogue's)."""
    robot_code = answer.get("code")
    if robot_code == 5:
        if busy is not None:
            return ApiError(Code.CONFLICT, busy, field="mapName")
        error = refusals.refusal_error(answer, {5: Code.CONFLICT})
        error.field = "mapName"
        return error
    if robot_code == 10:
        return ApiError(Code.CONFLICT, texts.ELEVATOR_RUNNING, field="mapName")
    return refusals.refusal_error(answer, ROBOT_CODES)


async def call(http: RobotHttp, at: Address, name: str, *, method: str = "POST", busy: Text | None = texts.TASK_RUNNING,
               api: str = "api2", **kwargs: Any) -> dict[str, Any]:
    """One call (api2/ unless ``api`` says otherwise); its answer when the robot says code 0, our refusal otherwise."""
    response = await _request(http, at, method, f"{api}/{name}", **kwargs)
    try:
        answer = response.json()
    except ValueError:
        answer = None
    if not isinstance(answer, dict):
        raise ApiError(Code.ROBOT_ERROR, texts.ROBOT_UNREADABLE)
    if answer.get("code") != 0:
        raise refusal(answer, busy)
    return answer


async def picture(http: RobotHttp, at: Address, map_name: str) -> bytes:
    response = await _request(http, at, "GET", picture_path(map_name))
    if response.status_code != 200 or not response.headers.get("content-type", "").startswith("image/"):
        raise ApiError(Code.NOT_FOUND, texts.MAP_NOT_FOUND, field="mapName", values={"map": map_name})
    return response.content
