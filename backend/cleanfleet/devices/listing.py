"""The device list: the hot call of the console, in SQLAlchemy Core.

Scope is a range on ``devices.owner_path`` (the owner's tree path copied onto the device); the type and
free-text filters read ``type_id`` and ``search_text`` from the same (owner_path, type_id, search_text)
index, so counting never touches the table. Figures in bench/README.md.
"""

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, bindparam, case, func, literal, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.paging import ALL
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
# A scope of up to this many devices is paged by sorting its matching ids (cheap); a larger one is walked
# newest first when at least one device in WALK_DENSITY matches (so a page costs a few thousand rows at most).
SORT_AT_MOST = 20_000
WALK_DENSITY = 100
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


@dataclass(frozen=True)
class ListFilter:
    """The device list's filters: the scope (a subtree's path), the type, free text, SIM text."""

    path: str
    device_type: int | None = None
    text: str | None = None
    sim_text: str | None = None

    @property
    def shape(self) -> tuple[bool, bool, bool]:
        """Which filters are set: the statements are built once per shape and reused with parameters."""
        return self.device_type is not None, bool(self.text), bool(self.sim_text)

    def parameters(self) -> dict[str, Any]:
        return {"path_low": self.path, "path_high": self.path[:-1] + "0", "device_type": self.device_type,
                "text": f"%{_escape_like(self.text.lower())}%" if self.text else None,
                "sim_text": f"%{_escape_like(self.sim_text.lower())}%" if self.sim_text else None}


def _escape_like(text: str) -> str:
    return text.replace("/", "//").replace("%", "/%").replace("_", "/_")


def _scope(has_type: bool, walk: bool) -> ColumnElement[bool]:
    """The subtree (and type). ``walk`` keeps the owner_path index out of it (``owner_path || ''``), so the
    database walks the table newest first (SQLite follows a fitting index even when that costs a sort of
    every match)."""
    owner_path: Any = Device.owner_path + literal("") if walk else Device.owner_path
    where = [owner_path >= bindparam("path_low"), owner_path < bindparam("path_high")]
    if has_type:
        where.append(Device.type_id == bindparam("device_type"))
    return and_(*where)


def _matches(has_text: bool, has_sim: bool) -> ColumnElement[bool] | None:
    where = []
    if has_text:
        where.append(Device.search_text.like(bindparam("text"), escape="/"))
    if has_sim:
        where.append(func.lower(Device.sim_no).like(bindparam("sim_text"), escape="/"))
    return and_(*where) if where else None


@lru_cache(maxsize=16)
def _count_statement(shape: tuple[bool, bool, bool]) -> Select[Any]:
    """(devices in scope, devices matching): one pass over the (owner_path, type_id, search_text) index."""
    has_type, has_text, has_sim = shape
    matches = _matches(has_text, has_sim)
    matching = func.count() if matches is None else func.coalesce(func.sum(case((matches, 1), else_=0)), 0)
    return select(func.count(), matching).select_from(Device).where(_scope(has_type, walk=False))


@lru_cache(maxsize=32)
def _page_statement(shape: tuple[bool, bool, bool], walk: bool, paged: bool) -> Select[Any]:
    """A page's rows, their ids picked in a subquery. Sorting orders by ``id + 0`` so PostgreSQL does not
    walk the primary key instead (it may guess the matches spread evenly over the table, and a subtree of
    old devices then costs a walk of most of it)."""
    has_type, has_text, has_sim = shape
    matches = _matches(has_text, has_sim)
    scope = _scope(has_type, walk)
    page_ids = (select(Device.id).where(scope if matches is None else and_(scope, matches))
                .order_by(Device.id.desc() if walk else (Device.id + 0).desc()))
    if paged:
        page_ids = page_ids.limit(bindparam("limit")).offset(bindparam("offset"))
    return device_rows().where(Device.id.in_(page_ids.scalar_subquery())).order_by(Device.id.desc())


async def device_page(db: AsyncSession, filters: ListFilter, page_size: int, current_page: int) -> dict[str, Any]:
    """``{list, total, pageNum, pageSize}``, newest device first, in two statements: the counts, then the
    page's rows.

    The page's ids come from the index and a top-N sort when the scope is small. In a large scope (an
    admin's whole fleet) where the matches are not rare, the table is walked newest first instead,
    stopping after the page, which a sort of every match would not. The statements are built once per
    shape of filters (building one costs more than running it).
    """
    connection = await db.connection()
    parameters = filters.parameters()
    in_scope, total = (await connection.execute(_count_statement(filters.shape), parameters)).one()
    offset = (current_page - 1) * page_size if page_size < ALL else 0
    answer: dict[str, Any] = {"list": [], "total": int(total), "pageNum": current_page, "pageSize": page_size}
    if offset >= total:
        return answer
    walk = in_scope > SORT_AT_MOST and total * WALK_DENSITY >= in_scope
    statement = _page_statement(filters.shape, walk, page_size < ALL)
    rows = await connection.execute(statement, {**parameters, "limit": page_size, "offset": offset})
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
