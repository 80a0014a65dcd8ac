"""A device as the list and the details answer it: the columns (the device, its type, owner and live state) and the
rows turned into the answer the console reads (online and charging as 0/1, missing texts as '', times in ISO 8601)."""

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Select, select

from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.users.models import User

COLUMNS = (
    Device.id.label("deviceId"),
    Device.serial_number.label("deviceSerialNumber"),
    Device.name.label("deviceCode"),
    Device.type_id.label("deviceType"),
    DeviceType.name.label("typeName"),
    DeviceType.url.label("typeUrl"),
    Device.url.label("deviceUrl"),
    Device.user_id.label("userId"),
    User.name.label("userName"),
    User.account.label("account"),
    Device.address.label("address"),
    Device.address1.label("address1"),
    Device.city.label("city"),
    Device.province.label("province"),
    Device.country.label("country"),
    Device.area.label("area"),
    Device.customer_name.label("customerName"),
    Device.customer_address.label("customerAddress"),
    Device.latitude.label("latitude"),
    Device.longitude.label("longitude"),
    Device.sim_no.label("simNo"),
    Device.sim_support.label("simSupport"),
    Device.rack_number.label("rackNumber"),
    Device.frp_host.label("frpHost"),
    Device.frp_port.label("frpPort"),
    Device.ssh_port.label("sshPort"),
    Device.web_port.label("webPort"),
    Device.firmware_version.label("firmwareVersion"),
    Device.soft_version.label("softVersion"),
    Device.pad_version.label("padVersion"),
    Device.hard_disk_info.label("hardDiskInfo"),
    Device.protocol_version.label("protocolVersion"),
    Device.elevator_id.label("elevatorId"),
    Device.boot_time.label("bootTime"),
    Device.created_at.label("createTime"),
    Device.updated_at.label("updateTime"),
    DeviceState.online.label("online"),
    DeviceState.battery.label("battery"),
    DeviceState.charging.label("charging"),
    DeviceState.mode.label("mode"),
    DeviceState.map_name.label("map"),
    DeviceState.task_name.label("job"),
    DeviceState.progress.label("progress"),
    DeviceState.heartbeat_at.label("heartbeatTime"),
    DeviceState.broker_auth.label("brokerAuth"),
)
_FLAGS = ("online", "charging")
_TIMES = ("bootTime", "createTime", "updateTime", "heartbeatTime")
_TEXTS = ("mode", "map", "job", "brokerAuth")


def device_rows() -> Select[*tuple[Any, ...]]:
    return (
        select(*COLUMNS)
        .select_from(Device)
        .join(DeviceType, DeviceType.id == Device.type_id)
        .join(User, User.id == Device.user_id)
        .outerjoin(DeviceState, DeviceState.device_id == Device.id)
    )


def as_answer(row: Any) -> dict[str, Any]:
    """A device row as the console reads it (online and charging as 0/1)."""
    item = dict(row)
    for name in _FLAGS:
        item[name] = 1 if item[name] else 0
    for name in _TEXTS:
        item[name] = item[name] or ""
    return item


_NAMES = tuple(column.key for column in COLUMNS)


def _as_time(value: Any) -> Any:
    """A time as the answer carries it: SQLite's text ('YYYY-MM-DD HH:MM:SS.ffffff', UTC) straight to the ISO
    8601 text orjson writes for the same aware time (no parsing); the datetime PostgreSQL's driver gives."""
    if isinstance(value, str):
        if value.endswith(".000000"):
            value = value[:-7]
        return f"{value[:10]}T{value[11:]}+00:00"
    if isinstance(value, datetime) and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def answer_rows(rows: Sequence[Any], skip: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
    """Driver rows (their columns from ``skip`` to ``stop``) as the console reads them, like ``as_answer``."""
    answer = []
    for row in rows:
        item = dict(zip(_NAMES, row[skip:stop], strict=True))
        for name in _FLAGS:
            item[name] = 1 if item[name] else 0
        for name in _TEXTS:
            item[name] = item[name] or ""
        for name in _TIMES:
            item[name] = _as_time(item[name])
        answer.append(item)
    return answer
