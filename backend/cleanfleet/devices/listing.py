"""The device list: the hot call of the console, in SQLAlchemy Core.

Scope is a range on ``devices.owner_path`` (the owner's tree path copied onto the device); the type and
free-text filters read ``type_id`` and ``search_text`` from the same (owner_path, type_id, search_text)
index, so counting never touches the table. Over a large subtree two more sources answer (migrations 0037 and
0038, kept by triggers): the unfiltered total is one row of ``device_subtree_counts``, and on SQLite a free text of
three characters or more is looked up in the FTS5 trigram table ``devices_fts``; on PostgreSQL the whole fleet's is
looked up in the narrow mirror ``device_search`` (id, search_text) and its pg_trgm GIN index, and a smaller large
subtree's lets the planner pick pg_trgm's GIN on ``devices`` itself. On both, the whole fleet's count of a text is
remembered with the version of the text index it was counted at (``device_search_version``, migrations 0064 and
0066), and counted again only once a device's text changed. Figures in bench/README.md.

The list's statements are built once per shape of filters and run on the database driver's own connection
(``core.driver``): one call to the driver for the counts and the page together (aiosqlite: one hop to its
thread for all of them), and rows turned into the answer without SQLAlchemy's result machinery.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Select,
    String,
    and_,
    bindparam,
    case,
    column,
    func,
    literal,
    literal_column,
    null,
    or_,
    select,
    table,
    true,
)
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from cleanfleet.core.driver import driver_rows
from cleanfleet.core.paging import ALL
from cleanfleet.core.scope import ids_on_path
from cleanfleet.devices.models import (
    SEARCH_INDEX_TABLE,
    SEARCH_MIRROR,
    SEARCH_VERSION,
    Device,
    DeviceState,
    DeviceSubtreeCount,
)
from cleanfleet.devices.remembered import FleetMatches, ScopeSizes
from cleanfleet.devices.rows import answer_rows, as_answer, device_rows

# A scope of up to this many devices is paged by sorting its matching ids (cheap); a larger one is walked
# newest first when at least one device in WALK_DENSITY matches (so a page costs a few thousand rows at most).
SORT_AT_MOST = 20_000
WALK_DENSITY = 100
# a trigram index answers a search of at least 3 characters; a shorter one reads the (owner_path, ...) index
INDEXED_TEXT_AT_LEAST = 3
_FTS = table(SEARCH_INDEX_TABLE, column("rowid"))
_FOUND = literal_column(SEARCH_INDEX_TABLE).op("MATCH")(bindparam("phrase"))
_FLEET_MATCHES = select(func.count()).select_from(_FTS).where(_FOUND)
# PostgreSQL: the devices' (id, search_text), narrow, with its own pg_trgm GIN (migration 0038)
_MIRROR = table(SEARCH_MIRROR, column("id"), column("search_text", String))
_MIRRORED = _MIRROR.c.search_text.like(bindparam("text"), escape="/")
_SEARCH_VERSION = select(table(SEARCH_VERSION, column("version")).c.version).scalar_subquery()
# checking a trigram match against its devices row (subtree, type) costs about as much as reading this many
# entries of the (owner_path, type_id, search_text) index
CHECKED_MATCH_COST = 10
_UNFILTERED = (False, False, False)


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

    @property
    def indexed_text(self) -> bool:
        """The free text is long enough for the trigram index."""
        return bool(self.text) and len(self.text or "") >= INDEXED_TEXT_AT_LEAST

    def parameters(self) -> dict[str, Any]:
        return {"path_low": self.path, "path_high": self.path[:-1] + "0", "device_type": self.device_type,
                "text": f"%{_escape_like(self.text.lower())}%" if self.text else None,
                "phrase": _fts_phrase(self.text) if self.text else None, "scope_id": ids_on_path(self.path)[-1],
                "sim_text": f"%{_escape_like(self.sim_text.lower())}%" if self.sim_text else None}


def _escape_like(text: str) -> str:
    return text.replace("/", "//").replace("%", "/%").replace("_", "/_")


def _fts_phrase(text: str) -> str:
    """The text as one FTS5 phrase: with the trigram tokenizer (case-sensitive, over the lower-cased
    search_text) a row matches exactly when the lower-cased text is a substring, as with LIKE."""
    return '"' + text.lower().replace('"', '""') + '"'


def _scope(has_type: bool, walk: bool) -> ColumnElement[bool]:
    """The subtree (and type). ``walk`` keeps the owner_path index out of it (``owner_path || ''``), so SQLite
    walks the table newest first (it follows a fitting index even when that costs a sort of every match).
    PostgreSQL walks by itself when it knows how many rows the range holds, and would rather fetch and sort
    every trigram match than walk a range it cannot estimate."""
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


@lru_cache(maxsize=16)
def _matching_count_statement(shape: tuple[bool, bool, bool]) -> Select[Any]:
    """The devices matching, with the text in the WHERE: PostgreSQL may answer it from the trigram index."""
    has_type, has_text, has_sim = shape
    matches = _matches(has_text, has_sim)
    assert matches is not None
    return select(func.count()).select_from(Device).where(_scope(has_type, walk=False), matches)


@lru_cache(maxsize=32)
def _page_statement(shape: tuple[bool, bool, bool], walk: bool, paged: bool, hidden: bool = True) -> Select[Any]:
    """A page's rows, their ids picked in a subquery. Sorting orders by ``id + 0`` so PostgreSQL does not
    walk the primary key instead (it may guess the matches spread evenly over the table, and a subtree of
    old devices then costs a walk of most of it)."""
    has_type, has_text, has_sim = shape
    matches = _matches(has_text, has_sim)
    scope = _scope(has_type, walk and hidden)
    page_ids = (select(Device.id).where(scope if matches is None else and_(scope, matches))
                .order_by(Device.id.desc() if walk else (Device.id + 0).desc()))
    if paged:
        page_ids = page_ids.limit(bindparam("limit")).offset(bindparam("offset"))
    return device_rows().where(Device.id.in_(page_ids.scalar_subquery())).order_by(Device.id.desc())


def _with_counts(counts: Select[Any], page: Select[Any]) -> Select[Any]:
    """The counts (in scope, matching) and a page in one statement: (counts..., the page's columns...), at least
    one row (a page past the end comes back as one row of counts and empty columns)."""
    counted = counts.subquery("counts")
    rows = page.order_by(None).subquery("page")
    return select(*counted.c, *rows.c).select_from(counted.outerjoin(rows, true())).order_by(rows.c.deviceId.desc())


@lru_cache(maxsize=16)
def _merged_statement(shape: tuple[bool, bool, bool], paged: bool) -> Select[Any]:
    """The counts and a sorted page in one statement."""
    return _with_counts(_count_statement(shape), _page_statement(shape, False, paged))


_SUBTREE_SIZES = select(DeviceSubtreeCount.user_id, DeviceSubtreeCount.devices).where(
    or_(DeviceSubtreeCount.user_id == 0, DeviceSubtreeCount.user_id == bindparam("scope_id")))


def _counted(user_id: Any) -> Any:
    return select(DeviceSubtreeCount.devices).where(DeviceSubtreeCount.user_id == user_id).scalar_subquery()


def _fleet_count(count: Any) -> Any:
    """The whole fleet's matches: ``count`` only when the text index changed since this pattern's last count (both
    databases run the ELSE only when the CASE reaches it; the version is read in the same snapshot as the count), and
    NULL when the scope is not the whole fleet (any more): the statement checks the caller's remembered sizes."""
    known = case((bindparam("known_version", type_=BigInteger) == _SEARCH_VERSION,
                  bindparam("known_count", type_=BigInteger)), else_=count)
    return case((_counted(bindparam("scope_id")) == _counted(0), known), else_=null())


@lru_cache(maxsize=4)
def _owner_counted_statement(walk: bool, paged: bool) -> Select[Any]:
    """No filter: the total is the subtree's row of device_subtree_counts, whatever its size."""
    total = func.coalesce(_counted(bindparam("scope_id")), 0)
    return _with_counts(select(total, total), _page_statement(_UNFILTERED, walk, paged))


@lru_cache(maxsize=16)
def _indexed_text_statement(shape: tuple[bool, bool, bool], whole_fleet: bool, paged: bool) -> Select[Any]:
    """Free text over a large subtree on SQLite: the matches come from the trigram table newest first (its rowid
    is the device id), checked against the subtree (and type, SIM text) unless the subtree is the whole fleet.
    ``whole_fleet`` (the text alone): its count is the pattern's remembered one while the index is unchanged
    (``_fleet_count``, migration 0066), and whether the subtree is the whole fleet the statement checks itself (the
    sizes the caller remembered may be stale): when it is not, its count is NULL and its page keeps only the
    subtree's rows."""
    has_type, _, has_sim = shape
    if whole_fleet:
        matching = select(_FTS.c.rowid.label("id")).select_from(_FTS).where(_FOUND)
    else:
        sim = _matches(False, has_sim)
        matching = (select(Device.id.label("id")).select_from(_FTS.join(Device, Device.id == _FTS.c.rowid))
                    .where(_FOUND, _scope(has_type, walk=False), *([] if sim is None else [sim])))
    page_ids = matching.order_by(_FTS.c.rowid.desc())
    if paged:
        page_ids = page_ids.limit(bindparam("limit")).offset(bindparam("offset"))
    counted: Any = select(func.count()).select_from(matching.subquery()).scalar_subquery()
    page = device_rows().where(Device.id.in_(page_ids.scalar_subquery()))
    if whole_fleet:
        return _with_counts(select(_SEARCH_VERSION, _fleet_count(counted)), page.where(_scope(False, walk=False)))
    return _with_counts(select(null(), counted), page)


@lru_cache(maxsize=4)
def _mirror_statement(paged: bool, walk: bool) -> Select[Any]:
    """Free text over the whole fleet on PostgreSQL (no type or SIM filter): the matches counted in the narrow
    mirror ``device_search`` (its GIN gives candidates, each rechecked in a row about a fifth as wide as a devices row),
    the page's ids taken from it newest first, then their devices rows. Like ``_indexed_text_statement``, the
    statement checks itself that the subtree is the whole fleet: when it is not, the count is NULL and the page
    keeps only the subtree's rows. ``walk`` (matches known to be common): the page's ids walk the mirror newest first,
    its text kept out of the GIN's reach, so the statement has one plan for any pattern and needs no fresh one."""
    matching = select(_MIRROR.c.id).where(_MIRRORED)
    walked = _MIRROR.c.search_text.op("||")(literal_column("''")).like(bindparam("text"), escape="/")
    page_ids = (select(_MIRROR.c.id).where(walked) if walk else matching).order_by(_MIRROR.c.id.desc())
    if paged:
        page_ids = page_ids.limit(bindparam("limit")).offset(bindparam("offset"))
    count = select(func.count()).select_from(matching.subquery()).scalar_subquery()
    page = device_rows().where(Device.id.in_(page_ids.scalar_subquery()), _scope(False, walk=False))
    return _with_counts(select(_SEARCH_VERSION, _fleet_count(count)), page)


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


scope_sizes, fleet_matches = ScopeSizes(), FleetMatches()


def _key(filters: ListFilter) -> tuple[str, int | None]:
    return filters.path, filters.device_type


async def _subtree_size(connection: AsyncConnection, path: str) -> tuple[int, bool]:
    """The devices in the subtree (any type) and whether it is the whole fleet: from device_subtree_counts
    (a row or two), remembered like the other scope sizes."""
    size, fleet = scope_sizes.get((path, None)), scope_sizes.get(ScopeSizes.FLEET)
    if size is None or fleet is None:
        scope_id = ids_on_path(path)[-1]
        counts = dict(await driver_rows(connection, _SUBTREE_SIZES, {"scope_id": scope_id}))
        size, fleet = counts.get(scope_id, 0), counts.get(0, 0)
        scope_sizes.put((path, None), size)
        scope_sizes.put(ScopeSizes.FLEET, fleet)
    return size, size == fleet


def _counted_answer(answer: dict[str, Any], rows: Sequence[Any]) -> dict[str, Any]:
    """``answer`` filled from a statement of ``_with_counts``."""
    answer["total"] = int(rows[0][1] or 0)
    if rows[0][2] is not None:
        answer["list"] = answer_rows(rows, skip=2)
    return answer


async def device_page(db: AsyncSession, filters: ListFilter, page_size: int, current_page: int) -> dict[str, Any]:
    """``{list, total, pageNum, pageSize}``, newest device first.

    Without filters the total is the subtree's counted row, and the page is sorted (a small subtree) or walked
    newest first (a large one), in one statement. Free text over a large subtree on SQLite reads the trigram
    table. A small scope (known from an earlier call) is answered in one statement: the page's rows, their ids
    picked from the index and a top-N sort, with the counts (with a text filter, the matches are counted in the
    same pass that picks the ids). Otherwise the counts come first; then in a large scope where the matches are
    not rare the table is walked newest first, stopping after the page, which a sort of every match would not.
    """
    connection = await db.connection()
    values = filters.parameters()
    paged = page_size < ALL
    offset = (current_page - 1) * page_size if paged else 0
    values.update(limit=page_size, offset=offset)
    answer: dict[str, Any] = {"list": [], "total": 0, "pageNum": current_page, "pageSize": page_size}
    if filters.shape == _UNFILTERED or filters.indexed_text:
        size, whole_fleet = await _subtree_size(connection, filters.path)
        if filters.shape == _UNFILTERED:
            statement = _owner_counted_statement(size > SORT_AT_MOST, paged)
            return _counted_answer(answer, await driver_rows(connection, statement, values))
        if size > SORT_AT_MOST and connection.dialect.name == "postgresql":
            return await _trigram_page(connection, filters, values, answer, size, whole_fleet)
        if size > SORT_AT_MOST and (whole_fleet or await _matches_are_rare(connection, values, size)):
            fleet_search = whole_fleet and filters.shape == (False, True, False)
            statement = _indexed_text_statement(filters.shape, fleet_search, paged)
            rows = await (_fleet_rows(connection, statement, values, _fleet_key(connection, values))
                          if fleet_search else driver_rows(connection, statement, values))
            if rows[0][1] is None:  # not the whole fleet (any more)
                rows = await driver_rows(connection, _indexed_text_statement(filters.shape, False, paged), values)
            return _counted_answer(answer, rows)
    return await _scoped_page(connection, filters, values, answer)


async def _trigram_page(connection: AsyncConnection, filters: ListFilter, values: dict[str, Any],
                        answer: dict[str, Any], size: int, whole_fleet: bool) -> dict[str, Any]:
    """Free text over a large subtree on PostgreSQL. The whole fleet (no type or SIM filter): counts and page from
    the mirror in one statement. Otherwise the matches counted where the planner may use pg_trgm's index on
    ``devices``, then the page walked newest first (matches not rare) or sorted. Each is planned for its pattern."""
    if whole_fleet and filters.shape == (False, True, False):
        version, count = fleet_matches.get(key := _fleet_key(connection, values))
        walk = version != FleetMatches.UNKNOWN[0] and count * WALK_DENSITY >= size
        rows = await _fleet_rows(connection, _mirror_statement(values["limit"] < ALL, walk), values, key,
                                 fresh_plan=not walk)
        if rows[0][1] is not None:  # else not the whole fleet (any more)
            return _counted_answer(answer, rows)
    counted = await driver_rows(connection, _matching_count_statement(filters.shape), values, fresh_plan=True)
    total = int(counted[0][0])
    answer["total"] = total
    if values["offset"] >= total:
        return answer
    walk = total * WALK_DENSITY >= size
    statement = _page_statement(filters.shape, walk, values["limit"] < ALL, hidden=False)
    answer["list"] = answer_rows(await driver_rows(connection, statement, values, fresh_plan=True))
    return answer


def _fleet_key(connection: AsyncConnection, values: dict[str, Any]) -> tuple[str, str]:
    return str(connection.engine.url), values["text"]


async def _fleet_rows(connection: AsyncConnection, statement: Select[Any], values: dict[str, Any],
                      key: tuple[str, str], fresh_plan: bool = False) -> Sequence[Any]:
    """A statement of ``_fleet_count`` run with the pattern's remembered (version, count); what it answers is
    remembered in turn (unless the scope was not the whole fleet: its count is NULL)."""
    version, count = fleet_matches.get(key)
    rows = await driver_rows(connection, statement, {**values, "known_version": version, "known_count": count},
                             fresh_plan=fresh_plan)
    if rows[0][1] is not None:
        fleet_matches.put(key, int(rows[0][0]), int(rows[0][1]))
    return rows


async def _matches_are_rare(connection: AsyncConnection, values: dict[str, Any], size: int) -> bool:
    """Whether checking the fleet's trigram matches against a subtree of ``size`` costs less than reading it."""
    return int((await driver_rows(connection, _FLEET_MATCHES, values))[0][0]) * CHECKED_MATCH_COST <= size


async def _scoped_page(connection: AsyncConnection, filters: ListFilter, values: dict[str, Any],
                       answer: dict[str, Any]) -> dict[str, Any]:
    """A filtered page read from the (owner_path, type_id, search_text) index."""
    paged, offset = values["limit"] < ALL, values["offset"]
    known = scope_sizes.get(_key(filters))
    _, has_text, has_sim = filters.shape
    if known is not None and known <= SORT_AT_MOST and (has_text or has_sim):
        rows = await driver_rows(connection, _matched_page_statement(filters.shape, paged), values)
        if rows:
            answer["total"] = int(rows[0][-1])
            answer["list"] = answer_rows(rows, stop=-1)
        elif offset:  # past the end: count alone
            answer["total"] = int((await driver_rows(connection, _count_statement(filters.shape), values))[0][1] or 0)
        return answer
    if known is not None and known <= SORT_AT_MOST:
        rows = await driver_rows(connection, _merged_statement(filters.shape, paged), values)
        scope_sizes.put(_key(filters), int(rows[0][0]))
        return _counted_answer(answer, rows)
    in_scope, total = (await driver_rows(connection, _count_statement(filters.shape), values))[0]
    in_scope, total = int(in_scope), int(total or 0)
    scope_sizes.put(_key(filters), in_scope)
    answer["total"] = total
    if offset >= total:
        return answer
    walk = in_scope > SORT_AT_MOST and total * WALK_DENSITY >= in_scope
    answer["list"] = answer_rows(await driver_rows(connection, _page_statement(filters.shape, walk, paged), values))
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
