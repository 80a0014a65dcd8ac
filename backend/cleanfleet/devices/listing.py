"""The device list: the hot call of the console, in SQLAlchemy Core.

Scope is a range on ``devices.owner_path`` (the owner's tree path copied onto the device); the type and
free-text filters read ``type_id`` and ``search_text`` from the same (owner_path, type_id, search_text)
index, so counting never touches the table. Figures in bench/README.md.

The list's statements are built once per shape of filters and run on the database driver's own connection
(``core.driver``): one call to the driver for the counts and the page together (aiosqlite: one hop to its
thread instead of four per statement), and rows turned into the answer without SQLAlchemy's result machinery.
"""

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, bindparam, case, func, literal, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.driver import driver_rows
from cleanfleet.core.paging import ALL
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
)
_FLAGS = ("online", "charging")
_TIMES = ("bootTime", "createTime", "updateTime", "heartbeatTime")
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


@lru_cache(maxsize=16)
def _merged_statement(shape: tuple[bool, bool, bool], paged: bool) -> Select[Any]:
    """The counts and a sorted page in one statement: (in scope, matching, the page's columns...), at least
    one row (a page past the end comes back as one row of counts and empty columns)."""
    counts = _count_statement(shape).subquery("counts")
    page = _page_statement(shape, False, paged).order_by(None).subquery("page")
    return (select(*counts.c, *page.c).select_from(counts.outerjoin(page, true()))
            .order_by(page.c.deviceId.desc()))


@lru_cache(maxsize=16)
def _matched_page_statement(shape: tuple[bool, bool, bool], paged: bool) -> Select[Any]:
    """With a text filter, a small scope's page and the number of matches in one pass over the index: the ids
    are picked and counted together (``count(*) over ()``, taken before the limit); the count rides last on
    every row. A page past the end has no row to carry it."""
    has_type, has_text, has_sim = shape
    matches = _matches(has_text, has_sim)
    assert matches is not None
    ids = (select(Device.id.label("id"), func.count().over().label("matching"))
           .where(_scope(has_type, walk=False), matches).order_by((Device.id + 0).desc()))
    if paged:
        ids = ids.limit(bindparam("limit")).offset(bindparam("offset"))
    picked = ids.subquery("picked")
    return device_rows().join(picked, picked.c.id == Device.id).add_columns(picked.c.matching) \
        .order_by(Device.id.desc())


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


def _answer_rows(rows: Sequence[Any], skip: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
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


class _ScopeSizes:
    """Devices last counted in each (subtree, type), for a minute: whether a scope is small enough to sort is
    known before the call, so counts and page go in one statement. A stale size only picks the slower plan,
    never another answer; a scope not seen lately, or a large one, is counted first."""

    LIMIT = 10_000
    FRESH_SECONDS = 60.0

    def __init__(self) -> None:
        self._sizes: dict[tuple[str, int | None], tuple[int, float]] = {}

    def get(self, filters: ListFilter) -> int | None:
        size, counted_at = self._sizes.get((filters.path, filters.device_type), (0, -self.FRESH_SECONDS))
        return size if time.monotonic() - counted_at < self.FRESH_SECONDS else None

    def put(self, filters: ListFilter, size: int) -> None:
        if len(self._sizes) >= self.LIMIT:
            self._sizes.clear()
        self._sizes[(filters.path, filters.device_type)] = (size, time.monotonic())


_scope_sizes = _ScopeSizes()


async def device_page(db: AsyncSession, filters: ListFilter, page_size: int, current_page: int) -> dict[str, Any]:
    """``{list, total, pageNum, pageSize}``, newest device first.

    A small scope (known from an earlier call) is answered in one statement: the page's rows, their ids picked
    from the index and a top-N sort, with the counts (with a text filter, the matches are counted in the same
    pass that picks the ids). Otherwise the counts come first; then in a large scope (an admin's whole fleet)
    where the matches are not rare the table is walked newest first, stopping after the page, which a sort of
    every match would not.
    """
    connection = await db.connection()
    values = filters.parameters()
    paged = page_size < ALL
    offset = (current_page - 1) * page_size if paged else 0
    values.update(limit=page_size, offset=offset)
    answer: dict[str, Any] = {"list": [], "total": 0, "pageNum": current_page, "pageSize": page_size}
    known = _scope_sizes.get(filters)
    _, has_text, has_sim = filters.shape
    if known is not None and known <= SORT_AT_MOST and (has_text or has_sim):
        rows = await driver_rows(connection, _matched_page_statement(filters.shape, paged), values)
        if rows:
            answer["total"] = int(rows[0][-1])
            answer["list"] = _answer_rows(rows, stop=-1)
        elif offset:  # past the end: count alone
            answer["total"] = int((await driver_rows(connection, _count_statement(filters.shape), values))[0][1] or 0)
        return answer
    if known is not None and known <= SORT_AT_MOST:
        rows = await driver_rows(connection, _merged_statement(filters.shape, paged), values)
        in_scope, total = rows[0][0], rows[0][1]
        answer["total"] = int(total or 0)
        if rows[0][2] is not None:
            answer["list"] = _answer_rows(rows, skip=2)
        _scope_sizes.put(filters, int(in_scope))
        return answer
    in_scope, total = (await driver_rows(connection, _count_statement(filters.shape), values))[0]
    in_scope, total = int(in_scope), int(total or 0)
    _scope_sizes.put(filters, in_scope)
    answer["total"] = total
    if offset >= total:
        return answer
    walk = in_scope > SORT_AT_MOST and total * WALK_DENSITY >= in_scope
    answer["list"] = _answer_rows(await driver_rows(connection, _page_statement(filters.shape, walk, paged), values))
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
