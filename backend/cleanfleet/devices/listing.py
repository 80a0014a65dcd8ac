"""The device list: the hot call of the console, in SQLAlchemy Core.

Scope is a range on ``devices.owner_path`` (the owner's tree path copied onto the device); the free-text
filter reads ``search_text`` from the same (owner_path, search_text) index. Figures in bench/README.md.
"""

from typing import Any

from sqlalchemy import ColumnElement, Select, and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.paging import ALL
from cleanfleet.devices.access import owned_under
from cleanfleet.devices.models import Device, DeviceState, DeviceType
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
)
_FLAGS = ("online", "charging")
# Up to this many matches the page is picked by sorting their ids (cheap); beyond, by walking newest first.
SORT_AT_MOST = 20_000
_TEXTS = ("mode", "map", "job")


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


def list_filters(path: str, *, device_type: int | None = None, text: str | None = None,
                 sim_text: str | None = None) -> list[ColumnElement[bool]]:
    where = [owned_under(path)]
    if device_type is not None:
        where.append(Device.type_id == device_type)
    if text:
        where.append(Device.search_text.contains(text.lower(), autoescape=True))
    if sim_text:
        where.append(Device.sim_no.icontains(sim_text, autoescape=True))
    return where


async def device_page(db: AsyncSession, where: list[ColumnElement[bool]], page_size: int,
                      current_page: int) -> dict[str, Any]:
    """``{list, total, pageNum, pageSize}``, newest device first: a count, the page's ids, their rows.

    The count reads only the (owner_path, search_text) index. The page's ids come from the same index
    and a top-N sort when the match is small; a large match (an admin's whole fleet) instead walks the
    table newest first and stops after the page, which a sort of every match would not.
    """
    condition = and_(*where)
    connection = await db.connection()
    total = await connection.scalar(select(func.count()).select_from(Device).where(condition)) or 0
    offset = (current_page - 1) * page_size if page_size < ALL else 0
    answer: dict[str, Any] = {"list": [], "total": total, "pageNum": current_page, "pageSize": page_size}
    if offset >= total:
        return answer
    page_ids = select(Device.id).where(condition).order_by(Device.id.desc())
    if page_size < ALL:
        page_ids = page_ids.limit(page_size).offset(offset)
    if total > SORT_AT_MOST:
        page_ids = page_ids.with_hint(Device, "NOT INDEXED", "sqlite")
    ids = list(await connection.scalars(page_ids))
    rows = await connection.execute(device_rows().where(Device.id.in_(ids)).order_by(Device.id.desc()))
    answer["list"] = [as_answer(r) for r in rows.mappings()]
    return answer


async def device_detail(db: AsyncSession, device_id: int) -> dict[str, Any]:
    connection = await db.connection()
    row = (await connection.execute(device_rows().where(Device.id == device_id))).mappings().one()
    return as_answer(row)


async def brief_list(db: AsyncSession, *where: ColumnElement[bool], online_only: bool = False) -> list[dict[str, Any]]:
    """Devices in a few fields, oldest first: for pickers."""
    query = (
        select(Device.id.label("deviceId"), Device.serial_number.label("deviceSerialNumber"),
               Device.name.label("deviceCode"), Device.type_id.label("deviceType"), Device.user_id.label("userId"),
               DeviceState.online.label("online"), Device.elevator_id.label("elevatorId"))
        .outerjoin(DeviceState, DeviceState.device_id == Device.id).where(*where).order_by(Device.id)
    )
    if online_only:
        query = query.where(DeviceState.online.is_(True))
    rows = (await (await db.connection()).execute(query)).mappings().all()
    return [{**row, "online": 1 if row["online"] else 0} for row in rows]
