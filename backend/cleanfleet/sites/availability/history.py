"""What took a robot's time within its scheduled hours, read for many robots at once (``read``), and the one
history the product did not keep: when a robot at a site was offline (``presence_changed``, the purge).

Per robot, as merged spans of epoch seconds (``spans.py``), between ``start`` and ``end``:

- **offline**: ``site_robot_offline`` (kept from migration 0059 on: earlier time reads as online);
- **fault**: its alarms of the fault level (3, a coded fault) from raised to the robot's clear or a person's
  resolve, whichever came first, and at most ``LOOKBACK`` (an alarm neither cleared nor resolved lasts until now,
  at most that long: a robot in fault for longer is in repair, which its repair record says);
- **waiting**: its incidents (an alarm that needs a person, incidents/) from opened until resolved or closed, or
  the robot's own clear, whichever came first;
- **update**: its firmware or software updates from the moment they could be told (the later of the record's
  creation and its ``not_before``) to their last change, for those that updated or failed, and to now for those
  under way (however long ago their last change); queued and cancelled ones take nothing (the server keeps no
  install start, so this is an upper bound);
- **maintenance**: its repair records being processed or handled, from the repair date to the processing time
  (to now while processing without one).

Each read is a range on an index that starts with the robot: the spans that began before the period's end and
ended after its start (or last still); the faults raised from ``LOOKBACK`` before the period (none lasts longer).
So a day's figures never depend on the period asked, which lets ``kept.py`` keep them per day. Moments are whole
seconds (rounded): a period's sums are then exact whatever their order, the kept days' sums included.
Incidents and updates are read by table name: both domains import sites (an incident
keeps its site, an update window the site's clock), so importing theirs would make a circle.
"""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Select, Table, func, literal_column, or_, select, text, type_coerce, union_all, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.bus import Fact
from cleanfleet.core.db import Base
from cleanfleet.core.retention import purge_rows
from cleanfleet.devices.models import Device
from cleanfleet.repairs.models import HANDLED, PROCESSING, Repair
from cleanfleet.sites.availability import spans
from cleanfleet.sites.availability.models import SiteRobotOffline
from cleanfleet.sites.models import SiteRobot
from cleanfleet.warn.models import FAULTS, Alarm

LOOKBACK = timedelta(days=7)
UPDATE_TAKES = ("UPDATED", "FAILED")  # versions.models: finished updates (UPDATED, FAILED)
UPDATE_UNDER_WAY = ("SENT", "DOWNLOADING", "DOWNLOADED", "VERIFIED", "UPDATING")
CAUSES = ("offline", "fault", "waiting")  # what makes a robot unavailable, counted in this order
EXCLUDED = ("update", "maintenance")  # what is taken out of the scheduled time


@dataclass
class Downtime:
    """One robot's spans by cause (``CAUSES`` and ``EXCLUDED``), merged."""

    parts: dict[str, spans.Spans] = field(default_factory=dict)
    ongoing: bool = False  # a span reaches the read's end (or begins after it): it may still take time

    def of(self, cause: str) -> spans.Spans:
        return self.parts.get(cause, [])


def _table(name: str) -> Table:
    return Base.metadata.tables[name]


def epoch(db: AsyncSession, column: Any) -> Any:
    """``column`` (a moment) as epoch seconds in SQL: a year of spans read as numbers, not parsed as datetimes."""
    if db.get_bind().dialect.name == "postgresql":
        return func.extract("epoch", column)
    return (func.julianday(column) - 2440587.5) * 86400.0  # SQLite keeps UTC text; julianday reads it


def _earliest(*moments: float | None) -> float | None:
    found = [m for m in moments if m is not None]
    return min(found) if found else None


def _open_or_ended(db: AsyncSession, columns: tuple[Any, ...], robots: Any, began: Any, ended: Any, start: datetime,
                   end: datetime) -> Any:
    """The spans begun before ``end`` still open, and those that ended after ``start``: two ranges of an index
    (robot, end, ...), so a year of a robot's history is not read for its day. SQLite is kept off the begin's index
    (its range looked narrower to the planner): unary ``+`` is a no-op that no index serves."""
    if db.get_bind().dialect.name != "postgresql":
        began = type_coerce(literal_column(f"+{began.table.name}.{began.name}"), began.type)
    return union_all(select(*columns).where(robots, began < end, ended.is_(None)),
                     select(*columns).where(robots, began < end, ended > start))


async def read(db: AsyncSession, device_ids: Sequence[int] | Select[Any], start: datetime, end: datetime,
               now: datetime) -> dict[int, Downtime]:
    """Each robot's downtime spans between ``start`` and ``end`` (five indexed range reads for them all); the robots
    by id, or a query of their ids (a thousand ids are cheaper to the database in a subquery than as parameters)."""
    raw: dict[int, dict[str, list[tuple[float, float]]]] = defaultdict(lambda: defaultdict(list))
    if isinstance(device_ids, Sequence) and not device_ids:
        return {}
    since, cap = start - LOOKBACK, round(min(end, now).timestamp())
    at = lambda column: epoch(db, column)  # noqa: E731

    ongoing: set[int] = set()

    def add(device_id: int, cause: str, began: float, ended: float | None) -> None:
        start, end = round(began), min(round(ended) if ended is not None else cap, cap)
        raw[device_id][cause].append((start, end))
        if end >= cap or start >= cap:
            ongoing.add(device_id)

    offline = await db.execute(_open_or_ended(
        db, (SiteRobotOffline.device_id, at(SiteRobotOffline.started_at), at(SiteRobotOffline.ended_at)),
        SiteRobotOffline.device_id.in_(device_ids), SiteRobotOffline.started_at, SiteRobotOffline.ended_at, start, end))
    for device_id, began, ended in offline:
        add(device_id, "offline", began, ended)
    faults = await db.execute(select(Alarm.device_id, at(Alarm.raised_at), at(Alarm.cleared_at), at(Alarm.resolved_at))
                              .where(Alarm.device_id.in_(device_ids), Alarm.raised_at >= since, Alarm.raised_at < end,
                                     text(FAULTS)))  # literal: the partial index ix_alarms_device_faults
    longest = LOOKBACK.total_seconds()
    for device_id, raised, cleared, resolved in faults:
        add(device_id, "fault", raised, _earliest(cleared, resolved, float(raised) + longest))
    incidents = _table("incidents")
    waiting = await db.execute(_open_or_ended(
        db, (incidents.c.device_id, at(incidents.c.opened_at), at(incidents.c.ended_at), at(incidents.c.cleared_at)),
        incidents.c.device_id.in_(device_ids), incidents.c.opened_at, incidents.c.ended_at, start, end))
    for device_id, opened, ended, cleared in waiting:
        add(device_id, "waiting", opened, _earliest(ended, cleared))
    updates = _table("version_device_updates")
    rows = await db.execute(select(updates.c.device_id, at(updates.c.created_at), at(updates.c.not_before),
                                   at(updates.c.updated_at), updates.c.state)
                            .where(updates.c.device_id.in_(device_ids), updates.c.created_at < end,
                                   or_(updates.c.updated_at > start, updates.c.state.in_(UPDATE_UNDER_WAY)),
                                   updates.c.state.in_((*UPDATE_TAKES, *UPDATE_UNDER_WAY))))
    for device_id, created, not_before, changed, state in rows:
        add(device_id, "update", max(created, not_before or created), changed if state in UPDATE_TAKES else None)
    repairs = await db.execute(select(Repair.device_id, at(Repair.repair_at), at(Repair.process_at), Repair.state)
                               .where(Repair.device_id.in_(device_ids), Repair.repair_at < end,
                                      or_(Repair.process_at.is_(None), Repair.process_at > start),
                                      Repair.state.in_((PROCESSING, HANDLED))))
    for device_id, taken, processed, state in repairs:
        if processed is not None or state == PROCESSING:
            add(device_id, "maintenance", taken, processed)
    return {device_id: Downtime({cause: spans.union(found) for cause, found in parts.items()}, device_id in ongoing)
            for device_id, parts in raw.items()}


# --- the offline spans: kept where presence changes -----------------------------------------------------------------


ENDED_CHUNK = 500  # robots back online whose spans one statement ends (a reconnect storm brings thousands at once)


def _open_insert(db: AsyncSession) -> Any:
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    return insert(SiteRobotOffline).on_conflict_do_nothing(index_elements=["device_id"],
                                                           index_where=text("ended_at IS NULL"))


async def presence_changed(db: AsyncSession, facts: list[Fact]) -> None:
    """``FACTS_HAPPENED`` (in the gateway's transaction): ``robot.offline`` opens a span for a robot with an open
    stay at a site (once: a second goodbye finds it open), ``robot.online`` ends the robot's open span."""
    went = {int(f.data["robotId"]): f.at for f in facts if f.type == "robot.offline"}
    came = {int(f.data["robotId"]): f.at for f in facts if f.type == "robot.online"}
    by_time: dict[Any, list[int]] = {}  # one statement per moment (a batch's robots share it), not one per robot
    for device_id, at in sorted(came.items()):
        by_time.setdefault(at, []).append(device_id)
    for at, ids in sorted(by_time.items()):
        for start in range(0, len(ids), ENDED_CHUNK):
            await db.execute(update(SiteRobotOffline)
                             .where(SiteRobotOffline.device_id.in_(ids[start:start + ENDED_CHUNK]),
                                    SiteRobotOffline.ended_at.is_(None))
                             .values(ended_at=at).execution_options(synchronize_session=False))
    if not went:
        return
    staying = set(await db.scalars(select(SiteRobot.device_id).where(SiteRobot.device_id.in_(sorted(went)),
                                                                     SiteRobot.ended_at.is_(None))))
    rows = [{"device_id": device_id, "started_at": went[device_id]} for device_id in sorted(staying)]
    if rows:
        await db.execute(_open_insert(db), rows)


purge_offline = purge_rows("site_robot_offline", SiteRobotOffline.started_at, SiteRobotOffline.device_id, Device.id,
                           Device.owner_path, kind="telemetry", row_id=SiteRobotOffline.id)
