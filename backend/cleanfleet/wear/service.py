"""The wear forecast's reads and writes: the inputs of a robot's forecast (its daily run time from the reports'
day roll-up ``task_report_days``, its consumables and maintenance reminders), the stored forecasts the fleet list
reads (``refresh``, run by the leader scan), one robot's forecast computed live, and the branches' lead times."""

import asyncio
from collections import OrderedDict, defaultdict
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import and_, case, delete, func, insert, select, tuple_, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.consumables.models import Consumable, MaintenanceReminder
from cleanfleet.core.bus import Fact
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import not_found
from cleanfleet.core.paging import ALL
from cleanfleet.core.scope import ids_on_path, path_prefix
from cleanfleet.devices.access import owned_under
from cleanfleet.devices.models import Device
from cleanfleet.reports.models import TaskReportDay
from cleanfleet.sites.models import Site, SiteRobot
from cleanfleet.users.models import User
from cleanfleet.wear import forecast, texts
from cleanfleet.wear.models import (
    DEFAULT_LEAD_DAYS,
    NO_DATE,
    PART_CONSUMABLE,
    PART_MAINTENANCE,
    WearForecast,
    WearSetting,
    WearVersion,
)

CHUNK = 500
WALK_IN_ORDER = 2000  # a branch with more forecast rows than this pages through the date index
# (version, path, site, kind, within, today) → the list's counts and order lines; per worker, at most CACHED entries
_counted: OrderedDict[tuple[Any, ...], tuple[list[int], list[Any]]] = OrderedDict()
CACHED = 256


async def bump_version(db: AsyncSession) -> None:
    """The stored forecasts changed (in the caller's transaction): every worker's cached counts are old."""
    insert_ = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    await db.execute(insert_(WearVersion).values(id=1, version=1).on_conflict_do_update(
        index_elements=["id"], set_={"version": WearVersion.version + 1}))


async def _version(db: AsyncSession) -> int:
    return int(await db.scalar(select(WearVersion.version).where(WearVersion.id == 1)) or 0)


FIELDS = ("owner_path", "site_id", "part_type", "kind", "name", "life", "state", "due_on", "sort_on", "earliest",
          "latest", "sureness", "rate", "history_days", "remaining")


def _as_date(value: date | str) -> date:
    return date.fromisoformat(value) if isinstance(value, str) else value


async def _daily(db: AsyncSession, device_ids: Sequence[int], today: date) -> dict[int, dict[date, int]]:
    """Device → UTC day → run seconds, over the forecast's window (every map together)."""
    first, last = forecast.window(today)
    rows = await db.execute(
        select(TaskReportDay.device_id, TaskReportDay.day, func.sum(TaskReportDay.duration_s))
        .where(TaskReportDay.device_id.in_(device_ids), TaskReportDay.day >= first, TaskReportDay.day <= last)
        .group_by(TaskReportDay.device_id, TaskReportDay.day))
    found: dict[int, dict[date, int]] = defaultdict(dict)
    for device_id, day, seconds in rows:
        found[device_id][_as_date(day)] = int(seconds or 0)
    return found


def device_rate(created: datetime, seconds: dict[date, int], today: date) -> forecast.Rate | None:
    start = forecast.history_start(min(seconds) if seconds else None, created.astimezone(UTC).date(), today)
    return forecast.usage_rate(seconds, start, today)


def _row(device_id: int, part: str, part_type: str, kind: str, name: str, life: datetime, made: forecast.Forecast,
         rate: forecast.Rate | None) -> dict[str, Any]:
    return {"device_id": device_id, "part": part, "part_type": part_type, "kind": kind, "name": name,
            "life": life.astimezone(UTC).isoformat(timespec="seconds"), "state": made.state, "due_on": made.due_on,
            "sort_on": made.due_on or NO_DATE, "earliest": made.earliest, "latest": made.latest,
            "sureness": made.sureness, "rate": round(rate.mean, 4) if rate else 0.0,
            "history_days": rate.days if rate else 0, "remaining": round(made.remaining, 3)}


def device_rows(device_id: int, rate: forecast.Rate | None, consumables: Iterable[Consumable],
                reminders: Iterable[MaintenanceReminder], now: datetime) -> list[dict[str, Any]]:
    """The forecast rows of one robot: its consumables (by run hours), then its reminders (by the calendar)."""
    rows = [_row(device_id, f"c:{c.kind}", PART_CONSUMABLE, c.kind, c.name, c.replaced_at,
                 forecast.consumable(c.life_hours - c.used_hours, rate, now), rate) for c in consumables]
    rows += [_row(device_id, f"m:{r.id}", PART_MAINTENANCE, "maintenance", r.name, r.maintained_at,
                  forecast.maintenance(r.maintained_at, r.period_hours, now), rate) for r in reminders]
    return rows


async def _computed(db: AsyncSession, devices: Sequence[tuple[int, datetime, str, int | None]], now: datetime
                    ) -> dict[int, list[dict[str, Any]]]:
    ids = [device[0] for device in devices]
    daily = await _daily(db, ids, now.date())
    consumables: dict[int, list[Consumable]] = defaultdict(list)
    for c in await db.scalars(select(Consumable).where(Consumable.device_id.in_(ids)).order_by(Consumable.id)):
        consumables[c.device_id].append(c)
    reminders: dict[int, list[MaintenanceReminder]] = defaultdict(list)
    for r in await db.scalars(select(MaintenanceReminder).where(MaintenanceReminder.device_id.in_(ids))
                              .order_by(MaintenanceReminder.id)):
        reminders[r.device_id].append(r)

    def compute() -> dict[int, list[dict[str, Any]]]:
        return {device_id: [{**row, "owner_path": path, "site_id": site_id} for row in device_rows(
            device_id, device_rate(created, daily.get(device_id, {}), now.date()), consumables[device_id],
            reminders[device_id], now)] for device_id, created, path, site_id in devices}

    # the arithmetic of a chunk of robots runs beside the event loop (the rows are loaded: no lazy reads)
    return compute() if len(devices) == 1 else await asyncio.to_thread(compute)


def _stored(row: WearForecast) -> tuple[Any, ...]:
    return tuple(getattr(row, name) for name in FIELDS)


def _fresh(row: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(row[name] for name in FIELDS)


async def refresh(db: AsyncSession, now: datetime | None = None, device_ids: Sequence[int] | None = None) -> int:
    """Recomputes the stored forecasts (every robot's, or those of ``device_ids``), writing only the rows that
    changed, one transaction per CHUNK robots; answers how many rows it wrote or removed."""
    now = now or utcnow()
    stay = and_(SiteRobot.device_id == Device.id, SiteRobot.ended_at.is_(None))
    query = (select(Device.id, Device.created_at, Device.owner_path, SiteRobot.site_id).outerjoin(SiteRobot, stay)
             .order_by(Device.id))
    if device_ids is not None:
        query = query.where(Device.id.in_(device_ids))
    devices = (await db.execute(query)).all()
    written = 0
    for start in range(0, len(devices), CHUNK):
        written += await _write_chunk(db, [tuple(device) for device in devices[start:start + CHUNK]], now)
        await db.commit()
    return written


async def _write_chunk(db: AsyncSession, chunk: list[tuple[Any, ...]], now: datetime) -> int:
    """The stored forecasts of ``chunk``'s robots recomputed, in the caller's transaction (only changed rows)."""
    fresh = await _computed(db, chunk, now)  # type: ignore[arg-type]
    ids = [device[0] for device in chunk]
    stored = {(r.device_id, r.part): r for r in await db.scalars(
        select(WearForecast).where(WearForecast.device_id.in_(ids)))}
    wanted = {(row["device_id"], row["part"]): row for rows in fresh.values() for row in rows}
    stale = [key for key, row in stored.items() if key not in wanted or _stored(row) != _fresh(wanted[key])]
    new = [row for key, row in wanted.items() if key not in stored or key in stale]
    if stale:
        await db.execute(delete(WearForecast).where(tuple_(WearForecast.device_id, WearForecast.part).in_(stale)))
    if new:
        await db.execute(insert(WearForecast), new)
    if stale or new:
        await bump_version(db)
    return len(stale) + len(new)


def _worked_hours(run: dict[str, Any], replaced_at: datetime) -> float:
    """The run's hours a part replaced at ``replaced_at`` worked: its run time, less what ran before the part was
    put in (a part replaced during a run counts only the rest of it)."""
    seconds = max(0.0, float(run.get("durationSeconds") or 0))
    started, ended = run.get("startedAt"), run.get("endedAt")
    if isinstance(started, datetime) and isinstance(ended, datetime) and replaced_at > started:
        seconds = min(seconds, max(0.0, (ended - replaced_at).total_seconds()))
    return seconds / 3600


async def runs_ended(db: AsyncSession, facts: list[Fact]) -> None:
    """``FACTS_HAPPENED`` (in the transaction that stores a robot's run reports): wear follows the work as it
    happens (issue 48 item 13). Each ``run.ended`` adds the run's hours to the robot's consumables' used hours
    (a report stored once is told once: a redelivered report adds nothing) and the robot's stored forecast is
    recomputed now, so a part's remaining hours and its date move with the run, not with the next scan. The
    usage rate still reads whole UTC days (wear/forecast.py): a day's runs shape it once the day is complete."""
    runs: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for fact in facts:
        if fact.type == "run.ended":
            runs[int(fact.data["robotId"])].append(fact.data)
    if not runs:
        return
    for part in await db.scalars(select(Consumable).where(Consumable.device_id.in_(sorted(runs)))
                                 .order_by(Consumable.id)):
        added = sum(_worked_hours(run, part.replaced_at) for run in runs[part.device_id])
        if added > 0:
            part.used_hours = round(part.used_hours + added, 4)
    await db.flush()
    # now: when the last run ended (a robot's clock ahead of ours counts as now)
    await refresh_in_transaction(db, sorted(runs), min(max(fact.at for fact in facts), utcnow()))


async def refresh_in_transaction(db: AsyncSession, device_ids: Sequence[int], now: datetime | None = None) -> int:
    """``refresh`` for a few robots inside the caller's transaction (the caller commits)."""
    stay = and_(SiteRobot.device_id == Device.id, SiteRobot.ended_at.is_(None))
    devices = (await db.execute(select(Device.id, Device.created_at, Device.owner_path, SiteRobot.site_id)
                                .outerjoin(SiteRobot, stay).where(Device.id.in_(device_ids))
                                .order_by(Device.id))).all()
    return await _write_chunk(db, [tuple(device) for device in devices], now or utcnow()) if devices else 0


async def owners_changed(db: AsyncSession, moves: Iterable[tuple[int, int, int]]) -> None:
    """DEVICE_OWNERS_CHANGED, in the writer's transaction: the stored forecasts of robots that change owner take the
    new owner's path at once (the list is scoped by it), not at the next scan."""
    by_owner: dict[int, list[int]] = defaultdict(list)
    for device_id, old, new in moves:
        if old != new:
            by_owner[new].append(device_id)
    for owner_id, device_ids in sorted(by_owner.items()):
        path = select(User.path).where(User.id == owner_id).scalar_subquery()
        await db.execute(update(WearForecast).where(WearForecast.device_id.in_(sorted(device_ids)))
                         .values(owner_path=path).execution_options(synchronize_session=False))
    if by_owner:
        await bump_version(db)


# --- answers ------------------------------------------------------------------------------------------------------

def _day(value: date | None) -> str | None:
    return value.isoformat() if value is not None else None


def part_answer(row: dict[str, Any]) -> dict[str, Any]:
    return {"part": row["part"], "partType": row["part_type"], "kind": row["kind"], "name": row["name"],
            "state": row["state"], "dueDate": _day(row["due_on"]), "earliest": _day(row["earliest"]),
            "latest": _day(row["latest"]), "sureness": row["sureness"], "remainingHours": row["remaining"]}


async def device_forecast(db: AsyncSession, device: Device, now: datetime | None = None) -> dict[str, Any]:
    """One robot's forecast, computed now (the device page: what was just edited shows at once)."""
    now = now or utcnow()
    seconds = (await _daily(db, [device.id], now.date())).get(device.id, {})
    rate = device_rate(device.created_at, seconds, now.date())
    rows = (await _computed(db, [(device.id, device.created_at, device.owner_path, None)], now))[device.id]
    rows.sort(key=lambda row: (row["sort_on"], row["part"]))
    first, last = forecast.window(now.date())
    return {"deviceId": device.id, "deviceSerialNumber": device.serial_number, "deviceName": device.name,
            "today": now.date().isoformat(), "historyDays": rate.days if rate else
            max(0, (now.date() - forecast.history_start(min(seconds) if seconds else None,
                                                        device.created_at.astimezone(UTC).date(), now.date())).days),
            "rate": round(rate.mean, 3) if rate else None, "rateLow": round(rate.low, 3) if rate else None,
            "rateHigh": round(rate.high, 3) if rate else None, "windowStart": first.isoformat(),
            "windowEnd": last.isoformat(), "list": [part_answer(row) for row in rows]}


def week_bounds(today: date) -> tuple[date, date]:
    """The last day (Sunday) of this ISO week and of the next one."""
    this_end = today + timedelta(days=6 - today.weekday())
    return this_end, this_end + timedelta(days=7)


async def _counts(db: AsyncSession, where: list[Any], this_end: date, next_end: date
                  ) -> tuple[list[int], list[Any]]:
    """The list's counts by week (this, next, later, undated) and its order lines (site, part, this and next week)."""
    week = case((WearForecast.sort_on <= this_end, 0), (WearForecast.sort_on <= next_end, 1),
                (WearForecast.sort_on < NO_DATE, 2), else_=3)
    counts = [0, 0, 0, 0]
    for slot, n in (await db.execute(select(week, func.count()).where(*where).group_by(week))).all():
        counts[slot] = n
    soon = (select(WearForecast.site_id, WearForecast.kind, WearForecast.name,
                   func.sum(case((WearForecast.sort_on <= this_end, 1), else_=0)).label("this_week"),
                   func.sum(case((WearForecast.sort_on > this_end, 1), else_=0)).label("next_week"))
            .where(*where, WearForecast.sort_on <= next_end)
            .group_by(WearForecast.site_id, WearForecast.kind, WearForecast.name).subquery())
    order = (await db.execute(
        select(soon.c.site_id, Site.name, soon.c.kind, soon.c.name, soon.c.this_week, soon.c.next_week)
        .outerjoin(Site, Site.id == soon.c.site_id)
        .order_by(Site.name.is_(None), Site.name, soon.c.kind, soon.c.name).limit(200))).all()
    return counts, list(order)


async def fleet_list(db: AsyncSession, path: str, *, site_id: int | None, kind: str | None, within: int | None,
                     page_size: int, page: int, now: datetime | None = None) -> dict[str, Any]:
    """The stored forecasts of the robots under ``path``, by date (then robot, part), paged, with the counts of
    this week, next week, later and undated, what to order per site and part for this week and the next, and the
    sites to filter by. Reads ``wear_forecasts`` alone (its owner path and site copied in): the counts and the order
    lines (two grouped passes, kept per worker while ``wear_versions`` says the table has not changed), one ordered
    page; the page's rows are checked against the robots' owner paths again as their names are read, so a robot
    given away since the last scan never shows."""
    today = (now or utcnow()).date()
    this_end, next_end = week_bounds(today)
    where: list[Any] = [path_prefix(WearForecast.owner_path, path)]
    if site_id is not None:
        if await db.scalar(select(Site.id).join(User, User.id == Site.user_id)
                           .where(Site.id == site_id, path_prefix(User.path, path))) is None:
            raise not_found(texts.SITE_NOT_FOUND, field="siteId", siteId=site_id)
        where.append(WearForecast.site_id == site_id)
    if kind is not None:
        where.append(WearForecast.kind == kind)
    if within is not None:
        where.append(WearForecast.sort_on <= today + timedelta(days=within))
    key = (await _version(db), path, site_id, kind, within, today)
    if key in _counted:
        _counted.move_to_end(key)
        counts, order = _counted[key]
    else:
        counts, order = await _counts(db, where, this_end, next_end)
        _counted[key] = (counts, order)
        while len(_counted) > CACHED:
            _counted.popitem(last=False)
    sites = (await db.execute(select(Site.id, Site.name).join(User, User.id == Site.user_id)
                              .where(path_prefix(User.path, path)).order_by(Site.name).limit(500))).all()
    query = select(WearForecast).where(*where).order_by(WearForecast.sort_on, WearForecast.device_id,
                                                         WearForecast.part)
    if sum(counts) > WALK_IN_ORDER:  # many rows: read them in date order and stop at the page (SQLite sorts else)
        query = query.with_hint(WearForecast, "INDEXED BY ix_wear_forecasts_sort", "sqlite")
    if page_size < ALL:
        query = query.limit(page_size).offset((page - 1) * page_size)
    shown = list(await db.scalars(query))
    names = {device_id: (name, serial) for device_id, name, serial in (await db.execute(
        select(Device.id, Device.name, Device.serial_number)
        .where(Device.id.in_({f.device_id for f in shown}), owned_under(path)))).all()} if shown else {}
    page_sites = {f.site_id for f in shown if f.site_id is not None}
    site_names = dict((await db.execute(select(Site.id, Site.name).where(Site.id.in_(page_sites))))
                      .all()) if page_sites else {}
    rows = [{**part_answer({c.name: getattr(f, c.name) for c in WearForecast.__table__.columns}),
             "deviceId": f.device_id, "deviceName": names[f.device_id][0], "deviceSerialNumber": names[f.device_id][1],
             "siteId": f.site_id, "siteName": site_names.get(f.site_id) if f.site_id else None, "rate": f.rate,
             "historyDays": f.history_days} for f in shown if f.device_id in names]
    return {"list": rows, "total": sum(counts), "pageNum": page, "pageSize": page_size,
            "sites": [{"siteId": sid, "siteName": name} for sid, name in sites],
            "today": today.isoformat(), "thisWeekEnd": this_end.isoformat(), "nextWeekEnd": next_end.isoformat(),
            "thisWeek": counts[0], "nextWeek": counts[1], "later": counts[2], "undated": counts[3],
            "order": [{"siteId": sid, "siteName": sname, "kind": k, "name": n, "thisWeek": int(a or 0),
                       "nextWeek": int(b or 0)} for sid, sname, k, n, a, b in order]}


# --- lead times ---------------------------------------------------------------------------------------------------

async def lead_days_by_user(db: AsyncSession) -> dict[int, int]:
    return dict((await db.execute(select(WearSetting.user_id, WearSetting.lead_days))).all())


def lead_for(path: str, leads: dict[int, int]) -> int:
    """The lead time of the robots owned at ``path``: the nearest setting on the way up, else the default."""
    for user_id in reversed(ids_on_path(path)):
        if user_id in leads:
            return leads[user_id]
    return DEFAULT_LEAD_DAYS


async def settings_of(db: AsyncSession, user_id: int, path: str) -> dict[str, Any]:
    own = await db.get(WearSetting, user_id)
    leads = await lead_days_by_user(db)
    return {"userId": user_id, "leadDays": own.lead_days if own else lead_for(path, leads),
            "own": own is not None, "defaultLeadDays": DEFAULT_LEAD_DAYS}


async def edit_settings(db: AsyncSession, user_id: int, path: str, lead_days: int) -> dict[str, Any]:
    insert_ = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    now = utcnow()
    await db.execute(insert_(WearSetting).values(user_id=user_id, lead_days=lead_days, updated_at=now)
                     .on_conflict_do_update(index_elements=["user_id"],
                                            set_={"lead_days": lead_days, "updated_at": now}))
    await db.commit()
    return await settings_of(db, user_id, path)
