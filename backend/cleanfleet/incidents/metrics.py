"""Measured (issue 34 item 5): time to acknowledge and time to resolve, per site, robot, alarm name or branch, and
over time, with the task report charts' periods: the last week or month by day, three months by week, a year by
month, ending ``endDate`` (the reader's days: core/ranges.py). An incident counts in the period it opened in.

Times are stored on the incident when they happen (``ack_seconds``, ``resolve_seconds``: whole seconds from the
open). Closed as noise: counted as such, not in time to resolve.

**How a range is counted.** The whole UTC months inside a range come from the month counts (``incident_months``,
incidents/rollup.py: per branch, month, site and alarm name); the rest of the range (its first and last days up to
a month, the hours between the reader's and UTC midnight) is read from the incidents themselves, by ranges of open
times on ``ix_incidents_time`` (one ``UNION ALL`` arm per piece). A year by month for a reader east or west of UTC:
each reader's month is taken as the UTC month nearest it (within 3 days of its start), and the incidents between
the two midnights are moved from one month to the other (read, taken from the one, added to the other): exact for
counts and sums; the figures (which also show the longest times, which cannot be taken away) only ever add whole
months inside their range. A robot filter or the table per robot reads the incidents (the months do not hold
robots). ``direct`` (the tests) reads every piece from the incidents.
"""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import Select, case, func, literal, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.alarm_texts import alarm_text
from cleanfleet.core.errors import bad_parameter
from cleanfleet.core.ranges import INCIDENT_FIGURES, chart_buckets, check_days, day_start, today
from cleanfleet.core.scope import path_prefix
from cleanfleet.devices.models import Device
from cleanfleet.incidents import texts
from cleanfleet.incidents.models import CLOSED, Incident, IncidentMonth
from cleanfleet.incidents.rollup import ALL, Counts, month_of, month_start, next_month
from cleanfleet.sites.models import Site
from cleanfleet.users.models import User

DIMENSIONS: dict[str, Any] = {"site": Incident.site_id, "device": Incident.device_id, "code": Incident.key,
                              "branch": Incident.owner_id}
MONTH_DIMENSIONS: dict[str, Any] = {"site": IncidentMonth.site_id, "code": IncidentMonth.key,
                                    "branch": IncidentMonth.owner_id}
NEAR_MONTH = timedelta(days=3)  # a year chart's reader's month is taken as the UTC month this near it




@dataclass(frozen=True)
class Scope:
    path: str
    site_id: int | None = None
    device_id: int | None = None
    code: str | None = None


def _key(by: str | None, value: Any) -> Any:
    return None if by == "site" and not value else value  # the months keep "no site" as 0


def _direct_arm(n: int, scope: Scope, start: datetime, end: datetime, by: str | None, by_time: bool) -> Select[Any]:
    dimension = DIMENSIONS[by] if by else literal(0)
    if by and by_time:  # nor the grouping on an index of its own (SQLite would take it, skipping through it)
        dimension = dimension + "" if by == "code" else dimension + 0
    query = select(literal(n).label("piece"), dimension.label("key"), func.count().label("incidents"),
                   func.count(Incident.ack_seconds).label("acknowledged"),
                   func.count(Incident.resolve_seconds).label("resolved"),
                   func.sum(case((Incident.state == CLOSED, 1), else_=0)).label("noise"),
                   func.sum(Incident.ack_seconds).label("ack_sum"), func.max(Incident.ack_seconds).label("ack_max"),
                   func.sum(Incident.resolve_seconds).label("resolve_sum"),
                   func.max(Incident.resolve_seconds).label("resolve_max")).where(
        # by_time (SQLite, a short range of open times): the branch is not looked up on its index (``|| ''``), so the
        # planner takes the range of open times on ix_incidents_time (the branch checked in it) instead of walking
        # all the branch's incidents
        path_prefix(Incident.owner_path + "" if by_time else Incident.owner_path, scope.path),
        Incident.opened_at >= start, Incident.opened_at < end)
    if scope.site_id is not None:
        query = query.where(Incident.site_id == scope.site_id)
    if scope.device_id is not None:
        query = query.where(Incident.device_id == scope.device_id)
    if scope.code:
        query = query.where(Incident.key == scope.code)
    return query.group_by(dimension) if by else query


def _counts(row: Any) -> Counts:
    return Counts(incidents=int(row.incidents or 0), acknowledged=int(row.acknowledged or 0),
                  resolved=int(row.resolved or 0), noise=int(row.noise or 0), ack_sum=int(row.ack_sum or 0),
                  ack_max=None if row.ack_max is None else int(row.ack_max), resolve_sum=int(row.resolve_sum or 0),
                  resolve_max=None if row.resolve_max is None else int(row.resolve_max))


async def _direct(db: AsyncSession, scope: Scope, pieces: Sequence[tuple[datetime, datetime]],
                  by: str | None) -> list[dict[Any, Counts]]:
    """Each piece's incidents counted (per ``by``), from the incidents: one statement."""
    found: list[dict[Any, Counts]] = [{} for _ in pieces]
    sqlite = db.get_bind().dialect.name == "sqlite"
    arms = [_direct_arm(n, scope, start, end, by, sqlite and scope.device_id is None and
                        end - start <= timedelta(days=62)) for n, (start, end) in enumerate(pieces)]
    if not arms:
        return found
    statement = arms[0] if len(arms) == 1 else union_all(*arms)
    for row in await db.execute(statement):
        found[int(row.piece)][_key(by, row.key) if by else None] = _counts(row)
    return found


async def _months(db: AsyncSession, scope: Scope, first: date, end: date, by: str | None) -> dict[Any, Counts]:
    """The month counts of months ``first`` up to ``end`` (exclusive): per month (``by`` None) or, over them all, per
    ``by``."""
    key = MONTH_DIMENSIONS[by] if by else IncidentMonth.month
    query = select(key.label("key"), func.sum(IncidentMonth.incidents).label("incidents"),
                   func.sum(IncidentMonth.acknowledged).label("acknowledged"),
                   func.sum(IncidentMonth.resolved).label("resolved"), func.sum(IncidentMonth.noise).label("noise"),
                   func.sum(IncidentMonth.ack_sum).label("ack_sum"), func.max(IncidentMonth.ack_max).label("ack_max"),
                   func.sum(IncidentMonth.resolve_sum).label("resolve_sum"),
                   func.max(IncidentMonth.resolve_max).label("resolve_max")).where(
        path_prefix(IncidentMonth.owner_path, scope.path), IncidentMonth.month >= first, IncidentMonth.month < end)
    found: dict[Any, Counts] = {}
    for row in await db.execute(_month_filters(query, scope, by).group_by(key)):
        if by:
            found[_key(by, row.key)] = _counts(row)  # (site 0 and no site are one row: 0 is how months say none)
        else:
            found[row.key if isinstance(row.key, date) else date.fromisoformat(str(row.key)[:10])] = _counts(row)
    return found


async def month_total(db: AsyncSession, scope: Scope) -> int:
    """How many incidents the branch has (at a site, of an alarm name), from the month counts: every incident is
    counted in exactly one month row."""
    query = select(func.coalesce(func.sum(IncidentMonth.incidents), 0)).where(
        path_prefix(IncidentMonth.owner_path, scope.path))
    return int(await db.scalar(_month_filters(query, scope, None)) or 0)


def _month_filters(query: Select[Any], scope: Scope, by: str | None) -> Select[Any]:
    """The site and alarm name filters on the month rows: the rows of every alarm name unless one is asked for or
    the rows are per alarm name."""
    if scope.site_id is not None:
        query = query.where(IncidentMonth.site_id == scope.site_id)
    if scope.code:
        return query.where(IncidentMonth.key == scope.code)
    return query.where(IncidentMonth.key != ALL) if by == "code" else query.where(IncidentMonth.key == ALL)


def _month_on_or_after(moment: datetime) -> date:
    month = month_of(moment)
    return month if month_start(month) >= moment else next_month(month)


def _near_month(moment: datetime) -> datetime:
    """The UTC month start within ``NEAR_MONTH`` of ``moment`` (else ``moment``)."""
    before = month_start(month_of(moment))
    after = month_start(next_month(month_of(moment)))
    nearest = before if moment - before <= after - moment else after
    return nearest if abs(nearest - moment) <= NEAR_MONTH else moment


def _bucket(edges: Sequence[datetime], moment: datetime) -> int | None:
    for n in range(len(edges) - 1):
        if edges[n] <= moment < edges[n + 1]:
            return n
    return None


async def measure(db: AsyncSession, scope: Scope, edges: Sequence[datetime], by: str | None, *, near: bool = False,
                  direct: bool = False) -> list[dict[Any, Counts]]:
    """The incidents opened in each period ``edges[n]`` up to ``edges[n + 1]``, counted per ``by`` (or under None).

    ``near``: periods may be taken as their nearest whole UTC months and corrected (counts and sums exact; the
    longest times then cover the whole months: only for the chart, which does not show them)."""
    periods = len(edges) - 1
    rounded = [(_near_month(edge) if near else edge) for edge in edges]
    covers: list[tuple[datetime, datetime, date, date]] = []  # [start, end) of whole UTC months, months, per period
    if not direct and scope.device_id is None and by != "device":
        for n in range(periods):
            first = _month_on_or_after(rounded[n])
            last = month_of(rounded[n + 1])  # whole months up to the one the period's (rounded) end falls in
            if first < last:
                covers.append((month_start(first), month_start(last), first, last))
            else:
                covers.append((rounded[n], rounded[n], first, first))
    else:
        covers = [(edge, edge, date.min, date.min) for edge in rounded[:-1]]
    bounds = [(start, end) for start, end, _first, _last in covers]
    points = sorted(set(edges) | {moment for pair in bounds for moment in pair})
    pieces: list[tuple[datetime, datetime]] = []
    moves: list[tuple[int | None, int | None]] = []  # per piece: the period it adds to, the period it is taken from
    for start, end in zip(points, points[1:], strict=False):
        truly = _bucket(edges, start)
        counted = next((n for n, (low, high) in enumerate(bounds) if low <= start < high), None)
        if truly == counted or (truly is None and counted is None):
            continue
        if pieces and pieces[-1][1] == start and moves[-1] == (truly, counted):
            pieces[-1] = (pieces[-1][0], end)
        else:
            pieces.append((start, end))
            moves.append((truly, counted))
    found: list[dict[Any, Counts]] = [defaultdict(Counts) for _ in range(periods)]
    with_months = [(n, first, last) for n, (_s, _e, first, last) in enumerate(covers) if first < last]
    if with_months and by is None:  # per month, each month added to its period
        months = await _months(db, scope, min(f for _n, f, _l in with_months), max(last for _n, _f, last in
                                                                                     with_months), None)
        for n, first, last in with_months:
            for month, counts in months.items():
                if first <= month < last:
                    found[n][None].add(counts)
    for n, first, last in with_months if by else []:  # per site, alarm name or branch: each period's months
        for key, counts in (await _months(db, scope, first, last, by)).items():
            found[n][key].add(counts)
    for (adds, takes), counted_piece in zip(moves, await _direct(db, scope, pieces, by), strict=True):
        for key, counts in counted_piece.items():
            if adds is not None:
                found[adds][key].add(counts)
            if takes is not None:
                found[takes][key].add(counts, -1)
    return [{key: counts for key, counts in period.items() if counts.incidents} for period in found]


def _average(total: int, count: int) -> int | None:
    return int(round(total / count)) if count else None


def _row(key: Any, name: str, counts: Counts) -> dict[str, Any]:
    return {"id": "" if key is None else str(key), "name": name, "incidents": counts.incidents,
            "acknowledged": counts.acknowledged, "resolved": counts.resolved, "noise": counts.noise,
            "ackAvgSeconds": _average(counts.ack_sum, counts.acknowledged), "ackMaxSeconds": counts.ack_max,
            "resolveAvgSeconds": _average(counts.resolve_sum, counts.resolved),
            "resolveMaxSeconds": counts.resolve_max}


def _range(body: Any) -> tuple[str, list[tuple[date, date]]]:
    end = body.endDate or today()
    if end > today():
        raise bad_parameter("endDate", texts.END_IN_FUTURE)
    kind, found = chart_buckets(body.range, end)
    check_days(found[0][0], end, INCIDENT_FIGURES, field="endDate")
    return kind, found


async def _names(db: AsyncSession, by: str, keys: list[Any], language: str) -> dict[Any, str]:
    keys = [k for k in keys if k is not None]
    if not keys:
        return {}
    if by == "code":
        return {k: alarm_text(k, "", "", language) for k in keys}
    model = {"site": (Site.id, Site.name), "device": (Device.id, Device.name), "branch": (User.id, User.name)}[by]
    return dict((await db.execute(select(*model).where(model[0].in_(keys)))).all())


async def figures(db: AsyncSession, path: str, body: Any, language: str, *, direct: bool = False) -> dict[str, Any]:
    """The table: one row per site, robot, alarm name or branch, most incidents first, and the total."""
    _kind, found = _range(body)
    first, last = found[0][0], found[-1][1]
    scope = Scope(path, body.siteId, body.deviceId, body.code or None)
    [grouped] = await measure(db, scope, [day_start(first), day_start(last + timedelta(days=1))], body.by,
                              direct=direct)
    names = await _names(db, body.by, list(grouped), language)
    rows = sorted((_row(key, names.get(key, ""), counts) for key, counts in grouped.items()),
                  key=lambda r: (-r["incidents"], r["name"], r["id"]))
    total = Counts()
    for counts in grouped.values():
        total.add(counts)
    return {"startDate": first.isoformat(), "endDate": last.isoformat(), "rows": rows, "total": _row("", "", total)}


async def chart(db: AsyncSession, path: str, body: Any, *, direct: bool = False) -> dict[str, Any]:
    """Per bucket of the range: incidents opened, their mean time to acknowledge and to resolve."""
    kind, found = _range(body)
    edges = [day_start(found[0][0])] + [day_start(end + timedelta(days=1)) for _start, end in found]
    scope = Scope(path, body.siteId, body.deviceId, body.code or None)
    periods = await measure(db, scope, edges, None, near=kind == "month", direct=direct)
    points = []
    for (start, end), period in zip(found, periods, strict=True):
        counts = period.get(None, Counts())
        points.append({"startDate": start.isoformat(), "endDate": end.isoformat(), "incidents": counts.incidents,
                       "ackAvgSeconds": _average(counts.ack_sum, counts.acknowledged),
                       "resolveAvgSeconds": _average(counts.resolve_sum, counts.resolved)})
    return {"bucket": kind, "points": points}
