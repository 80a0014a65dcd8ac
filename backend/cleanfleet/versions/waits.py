"""Telling robots to update at a good moment (issue 36 item 1): the publish, a rollout group's start and a periodic
scan (one worker of a cluster, ``core.leader.start_scanning``, every ``ota_wait_scan_every`` seconds) look at the
updates that wait (QUEUED, with ``wait_since`` set: published, or their group started) and tell each robot only when
every rule of ``windows.judge`` holds; the others keep why they wait and their next chance, which the rollout page
shows. An update that waited past its maximum defer (from ``wait_since``) ends FAILED with reason ``max_defer``
(it counts in its rollout's error threshold: the rollout is evaluated). A paused rollout's updates are neither
told nor failed. Software versions (versions/soft.py) are told at once as before (no ``wait_since``).

Each update's spread offset is drawn once when it is written (``spread_seconds``), so a robot keeps its place in
the spread from one window to the next. The writes are conditional on the update still being QUEUED, so a cancel
or a supersede that runs meanwhile wins.

A rollout's group moves on here too (``evaluate_rollout``: after one of its updates ended, failed here or reported by
its robot; ``start_group``), since starting a group releases its updates and an update failed here evaluates its
rollout again: one loop, kept in one module (``rollouts`` creates, pauses, resumes and answers rollouts over it).
"""

import asyncio
import logging
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import and_, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.bus import LIVE_UPDATES, Bus
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import start_scanning, stop_task
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.realtime.published import routed
from cleanfleet.realtime.schemas import LiveUpdate
from cleanfleet.sites.models import Site, SiteRobot
from cleanfleet.versions import ota, windows
from cleanfleet.versions.models import (
    FAILED,
    FINISHED,
    OPEN,
    PAUSED,
    QUEUED,
    RUNNING,
    SENT,
    SUCCEEDED,
    UPDATED,
    DeviceUpdate,
    Firmware,
    Publication,
    Rollout,
    RolloutGroup,
)

log = logging.getLogger("cleanfleet.versions.waits")
JOB = "ota-update-waits"
SCAN_LIMIT = 2000  # updates judged per page (one transaction each)
SHORTEST_DEFER = timedelta(days=1)
FIRST_SCAN_AFTER_SECONDS = 5.0


def spread_offset(window: dict[str, Any] | None) -> int:
    """A robot's own offset into the spread, in seconds (drawn once): below the spread and the window's end."""
    if not window or not window["spreadMinutes"]:
        return 0
    limit = min(window["spreadMinutes"] * 60, windows.length(window) * 60 - 60)
    return secrets.randbelow(max(limit, 1))


def zone_column() -> Any:
    """SQL: the time zone of the site the update's robot stays at now (NULL: none)."""
    return (select(Site.time_zone).join(SiteRobot, SiteRobot.site_id == Site.id)
            .where(SiteRobot.device_id == DeviceUpdate.device_id, SiteRobot.ended_at.is_(None))
            .order_by(SiteRobot.started_at.desc()).limit(1).correlate(DeviceUpdate).scalar_subquery())


@lru_cache(maxsize=512)
def zone(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name) if name else ZoneInfo("UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def local_time(moment: datetime | None, zone_name: str | None) -> str:
    return moment.astimezone(zone(zone_name)).strftime("%Y-%m-%d %H:%M") if moment is not None else ""


async def release(db: AsyncSession, commands: CommandSender | None, bus: Bus | None, now: datetime | None = None, *,
                  rollout_id: int | None = None, public_id: int | None = None) -> int:
    """Judges the waiting updates (one rollout's or publication's, or all) at ``now``, a page of SCAN_LIMIT at a time
    (each its own transaction): tells the robots that may be told, notes why the others wait, fails those past
    their maximum defer (and evaluates their rollouts). Answers how many robots it told or failed.

    The round over all updates skips those whose next chance is still ahead (outside their window, in their
    spread, just refused) unless they have waited a day or more (the shortest maximum defer): nothing about them
    can change before then."""
    now = now or utcnow()
    query = (select(DeviceUpdate, Device, DeviceState, Firmware, Rollout.window, Publication.window, zone_column())
             .join(Device, Device.id == DeviceUpdate.device_id)
             .join(Firmware, Firmware.id == DeviceUpdate.firmware_id)
             .outerjoin(DeviceState, DeviceState.device_id == DeviceUpdate.device_id)
             .outerjoin(Rollout, Rollout.id == DeviceUpdate.rollout_id)
             .outerjoin(Publication, Publication.id == DeviceUpdate.public_id)
             .where(waiting_filter(), or_(DeviceUpdate.rollout_id.is_(None), Rollout.state == RUNNING)))
    if rollout_id is not None:
        query = query.where(DeviceUpdate.rollout_id == rollout_id)
    if public_id is not None:
        query = query.where(DeviceUpdate.public_id == public_id)
    if rollout_id is None and public_id is None:
        query = query.where(or_(DeviceUpdate.not_before.is_(None), DeviceUpdate.not_before <= now,
                                DeviceUpdate.wait_since <= now - SHORTEST_DEFER))
    done, after = 0, 0
    while True:
        rows = (await db.execute(query.where(DeviceUpdate.id > after).order_by(DeviceUpdate.id)
                                 .limit(SCAN_LIMIT))).all()
        if not rows:
            return done
        after = rows[-1][0].id
        done += await _judge(db, commands, bus, now, rows)
        if len(rows) < SCAN_LIMIT:
            return done


async def _judge(db: AsyncSession, commands: CommandSender | None, bus: Bus | None, now: datetime,
                 rows: Sequence[Any]) -> int:
    """One page of waiting updates (with their robot, its state, firmware, windows and zone); committed."""
    told: dict[tuple[int, str], tuple[Firmware, dict[str, Any] | None, list[Any]]] = {}
    failed: list[tuple[DeviceUpdate, Device, Firmware]] = []
    moved: list[tuple[DeviceUpdate, Device, Firmware]] = []
    for item, device, state, firmware, rollout_window, public_window, zone_name in rows:
        window = rollout_window if item.rollout_id else public_window
        assert item.wait_since is not None
        if now - item.wait_since > windows.max_defer(window):
            failed.append((item, device, firmware))
            continue
        robot = windows.Robot(online=bool(state and state.online), battery=state.battery if state else None,
                              charging=bool(state and state.charging), task=(state.task_name if state else "") or "",
                              activity=(state.activity if state else "") or "")
        refused_until = item.not_before if item.wait_reason == windows.REFUSED else None
        reason, chance = windows.judge(window, zone(zone_name), robot, item.spread_seconds, now, refused_until)
        if reason is None and commands is not None:
            told.setdefault((firmware.id, repr(window)), (firmware, window, []))[2].append((device, item))
            continue
        reason = reason or item.wait_reason or windows.OFFLINE  # no robot link: it waits as it did
        if (reason, chance) != (item.wait_reason, item.not_before):
            item.wait_reason, item.not_before = reason, chance
            if reason != windows.REFUSED:
                item.reason = ""
            moved.append((item, device, firmware))
    await db.flush()
    if failed:
        await db.execute(update(DeviceUpdate).where(DeviceUpdate.id.in_([i.id for i, _, _ in failed]),
                                                    DeviceUpdate.state == QUEUED)
                         .values(state=FAILED, reason=windows.MAX_DEFER, wait_reason="", updated_at=now))
        for item, _, _ in failed:
            item.state, item.reason, item.wait_reason = FAILED, windows.MAX_DEFER, ""
    sent = []
    for firmware, window, pairs in told.values():
        for _device, item in pairs:
            item.wait_reason, item.not_before, item.reason = "", None, ""
        await db.flush()
        assert commands is not None
        await ota.dispatch(db, commands, firmware, [(d.serial_number, i.cmd_id, i.token) for d, i in pairs],
                           rule=windows.rule_args(window))
        for device, item in pairs:
            sent.append((item, device, firmware))
    await db.commit()
    if sent:  # what the sends did: SENT, or FAILED with the link's error
        ids = [i.id for i, _, _ in sent]
        found: dict[int, tuple[str, str]] = {}
        for start in range(0, len(ids), ota.SEND_CHUNK):
            states = await db.execute(select(DeviceUpdate.id, DeviceUpdate.state, DeviceUpdate.reason)
                                      .where(DeviceUpdate.id.in_(ids[start:start + ota.SEND_CHUNK])))
            found.update({row[0]: (row[1], row[2]) for row in states})
        for item, _, _ in sent:
            item.state, item.reason = found.get(item.id, (item.state, item.reason))
    changed = [*moved, *failed, *sent]
    if bus is not None and changed:
        await bus.publish(LIVE_UPDATES, {"updates": [ota.live_item(i, d, f) for i, d, f in changed]})
    for rollout in dict.fromkeys(i.rollout_id for i, _, _ in failed if i.rollout_id):
        await evaluate_rollout(db, commands, bus, rollout)
    return len(failed) + sum(1 for i, _, _ in sent if i.state == SENT)


async def group_counts(db: AsyncSession, rollout_id: int,
                       number: int | None = None) -> dict[tuple[int | None, str], int]:
    query = (select(DeviceUpdate.group_number, DeviceUpdate.state, func.count())
             .where(DeviceUpdate.rollout_id == rollout_id).group_by(DeviceUpdate.group_number, DeviceUpdate.state))
    if number is not None:
        query = query.where(DeviceUpdate.group_number == number)
    return {(g, s): c for g, s, c in await db.execute(query)}


async def start_group(db: AsyncSession, commands: CommandSender | None, rollout: Rollout, number: int,
                       bus: Bus | None = None) -> None:
    """The group runs: its updates not sent yet wait from now (their maximum defer counts from here) and each robot
    is told as soon as the update rule lets it (versions/waits.py; committed)."""
    now = utcnow()
    await db.execute(update(RolloutGroup).where(RolloutGroup.rollout_id == rollout.id, RolloutGroup.number == number)
                     .values(state=RUNNING, started_at=now))
    await db.execute(update(DeviceUpdate).where(DeviceUpdate.rollout_id == rollout.id,
                                                DeviceUpdate.group_number == number, DeviceUpdate.state == QUEUED)
                     .values(wait_since=now))
    await db.flush()
    await release(db, commands, bus, now, rollout_id=rollout.id)


async def pause_rollout(db: AsyncSession, rollout_id: int, reason: str) -> bool:
    result = await db.execute(update(Rollout).where(Rollout.id == rollout_id, Rollout.state == RUNNING)
                              .values(state=PAUSED, reason=reason, updated_at=utcnow()))
    return bool(getattr(result, "rowcount", 0))


async def evaluate_rollout(db: AsyncSession, commands: CommandSender | None, bus: Bus | None, rollout_id: int) -> None:
    """Looks at the current group after one of its updates ended; pauses, moves on or finishes (committed)."""
    rollout = await db.get(Rollout, rollout_id)
    if rollout is None or rollout.state != RUNNING:
        return
    number = rollout.current_group
    group = await db.scalar(select(RolloutGroup).where(RolloutGroup.rollout_id == rollout_id,
                                                       RolloutGroup.number == number))
    if group is None:
        return
    counts = await group_counts(db, rollout_id, number)
    failed, updated = counts.get((number, FAILED), 0), counts.get((number, UPDATED), 0)
    still_open = sum(counts.get((number, s), 0) for s in OPEN)
    changed = False
    if failed * 100 > rollout.error_threshold * group.size:
        changed = await pause_rollout(db, rollout_id, "error_threshold")
    elif updated * 100 >= rollout.success_threshold * group.size:
        last = await db.scalar(select(func.max(RolloutGroup.number)).where(RolloutGroup.rollout_id == rollout_id))
        moved = await db.execute(update(Rollout).where(Rollout.id == rollout_id, Rollout.state == RUNNING,
                                                       Rollout.current_group == number)
                                 .values(current_group=number + 1 if number < (last or 0) else number,
                                         state=RUNNING if number < (last or 0) else FINISHED, updated_at=utcnow()))
        if getattr(moved, "rowcount", 0):
            changed = True
            group.state = SUCCEEDED
            if number < (last or 0):
                await start_group(db, commands, rollout, number + 1, bus)
    elif still_open == 0:
        changed = await pause_rollout(db, rollout_id, "success_threshold")
    await db.commit()
    if changed and bus is not None:
        rollout_moved = routed(rollout.owner_path, LiveUpdate(rolloutId=rollout_id, state="ROLLOUT"))
        await bus.publish(LIVE_UPDATES, {"updates": [rollout_moved]})


def waiting_filter() -> Any:
    """SQL: an update of a started group (or a publication) that waits for its chance."""
    return and_(DeviceUpdate.state == QUEUED, DeviceUpdate.wait_since.is_not(None))


def start_update_waits(state: Any, every: float) -> asyncio.Task[None]:
    """The periodic scan; ``state`` is app.state (its ``robot_commands`` once the robot link runs, its ``bus``)."""

    async def scan(database: Database) -> int:
        async with database.sessions() as db:
            return await release(db, getattr(state, "robot_commands", None), state.bus)

    return start_scanning(state.db, JOB, scan, every, FIRST_SCAN_AFTER_SECONDS)


async def stop_update_waits(task: asyncio.Task[None]) -> None:
    await stop_task(task)
