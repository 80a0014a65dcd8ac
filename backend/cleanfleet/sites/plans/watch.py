"""The plan watch: a missed or short window tells the site's customer, once, in the message centre, and the
customer and the users above it (its dealer, the admin) through the alarm channels their alarm settings turn on
for the event ``site_plan_missed`` (``warn.notify.queue_user_notices``: e-mail, the mobile app, the providers).

Every minute one worker (``core.leader.lead``, job ``site-plan-watch``) looks for plan item windows that closed
in the last day, at least ``GRACE`` ago (a robot's report of a run that ended in the window may take a little
while to arrive), after the item was created (a new item is not blamed for windows before it existed), and
not judged yet. It judges each such window's planned runs as plan against actual does (``actual``, with every
item of that day, so runs go to the same windows as there) and records the outcome (``site_plan_alerts``: the
worst state of the window's runs), so a window is judged once, at its close; a run reported later changes plan
against actual, not what was told. When a run of the window is missed or short, the customer gets one message
for that item and day. Failed runs (ended by an alarm) are not told again here: the alarm reached the customer
through the alarm channels already.

Exactly once, even with several workers or two scans side by side (a leader's hand-over): the
``site_plan_alerts`` row (unique per plan item and day) is inserted with "on conflict do nothing" in the same
transaction as the messages and the notifications' outbox rows, and only the rows this scan inserted tell. A
window the server was down for longer than ``LOOKBACK`` is not told afterwards. The message and each
notification keep the texts' keys and values and are written in their reader's language when read or sent (issue
48 item 7), times on the site's clock.
"""

import asyncio
import logging
from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import or_, select, tuple_
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.bus import Fact, tell
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import start_scanning, stop_task
from cleanfleet.core.texts import Text
from cleanfleet.messages.service import insert_messages, keyed_row
from cleanfleet.sites import days, texts
from cleanfleet.sites.models import Site, SitePlanAlert, SitePlanItem
from cleanfleet.sites.plans import actual
from cleanfleet.users.models import User
from cleanfleet.warn.models import EVENT_SITE_PLAN
from cleanfleet.warn.notify import UserNotice, queue_user_notices

log = logging.getLogger("cleanfleet.sites.plans.watch")
SCAN_EVERY_SECONDS = 60.0
FIRST_SCAN_AFTER_SECONDS = 30.0
GRACE = timedelta(minutes=10)
LOOKBACK = timedelta(days=1)
KIND = "site_plan"
TOLD = ("missed", "short")
WORST_FIRST = ("missed", "short", "failed", "late", "done", "pending")


def _closed_windows(item: SitePlanItem, site: Site, now: datetime) -> list[date]:
    """The site days whose window of ``item`` closed between LOOKBACK and GRACE ago, after the item existed."""
    zone = days.zone_of(site)
    today = days.today(zone, now)
    found = []
    for day in (today - timedelta(days=2), today - timedelta(days=1), today):
        end = days.moment(day, item.window_end, zone)
        if days.planned_on(item, day) and now - LOOKBACK <= end <= now - GRACE and end > item.created_at:
            found.append(day)
    return found


async def _due(db: AsyncSession, now: datetime) -> dict[int, tuple[Site, set[tuple[int, date]]]]:
    """Site id → the site and its (plan item, day) windows to judge."""
    recent = (now - LOOKBACK - timedelta(days=2)).date()
    rows = await db.execute(select(SitePlanItem, Site).join(Site, Site.id == SitePlanItem.site_id)
                            .where(SitePlanItem.valid_from <= (now + timedelta(days=1)).date(),
                                   or_(SitePlanItem.valid_until.is_(None), SitePlanItem.valid_until >= recent)))
    due: dict[int, tuple[Site, set[tuple[int, date]]]] = {}
    for item, site in rows:
        for day in _closed_windows(item, site, now):
            due.setdefault(site.id, (site, set()))[1].add((item.id, day))
    wanted = [pair for _, pairs in due.values() for pair in pairs]
    if wanted:
        told = set((await db.execute(select(SitePlanAlert.plan_item_id, SitePlanAlert.day)
                                     .where(tuple_(SitePlanAlert.plan_item_id, SitePlanAlert.day).in_(wanted)))).all())
        for site_id in list(due):
            due[site_id][1].difference_update(told)
            if not due[site_id][1]:
                del due[site_id]
    return due


async def _judged(db: AsyncSession, site: Site, wanted: set[tuple[int, date]], now: datetime) -> list[Any]:
    """The windows' (item row, day, worst state, counts) after judging the days they lie in."""
    first, last = min(day for _, day in wanted), max(day for _, day in wanted)
    plan = (await actual.load(db, {site.id: (site, first, last)}))[site.id]
    slots = await actual.evaluate(db, plan, now)  # every item of those days: runs go to the earliest windows first
    by_window: dict[tuple[int, date], list[actual.Slot]] = defaultdict(list)
    for slot in slots:
        if (slot.item.id, slot.day) in wanted:
            by_window[(slot.item.id, slot.day)].append(slot)
    rows = {row[0].id: row for row in plan.items}
    found = []
    for (item_id, day), mine in sorted(by_window.items(), key=lambda entry: (entry[0][1], entry[0][0])):
        states = {slot.state for slot in mine}
        worst = next(state for state in WORST_FIRST if state in states)
        found.append((rows[item_id], day, worst, actual.counts(mine)))
    return found


async def _claim(db: AsyncSession, windows: list[tuple[int, date, str]], now: datetime) -> set[tuple[int, date]]:
    """Inserts the alerts' rows (in the caller's transaction); answers those this scan inserted."""
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = (insert(SitePlanAlert).on_conflict_do_nothing(index_elements=["plan_item_id", "day"])
                 .returning(SitePlanAlert.plan_item_id, SitePlanAlert.day))
    rows = [{"plan_item_id": item_id, "day": day, "state": state, "created_at": now} for item_id, day, state in windows]
    return set((await db.execute(statement, rows)).all()) if rows else set()


def _texts(site: Site, row: Any, day: date, state: str, tally: dict[str, int]) -> tuple[Text, Text, dict[str, Any]]:
    """The title and text telling of a window and their values (kept by key: each reader reads them in the
    language of its screen, each recipient of a notice in its own), times on the site's clock."""
    item, floor_name, building_name = row
    label: str | Text = " · ".join(part for part in (item.area_name, item.task_name) if part) or texts.ANY_TASK
    return texts.MISSED_TITLE if state == "missed" else texts.SHORT_TITLE, texts.WINDOW_CONTENT, {
        "site": site.name, "item": label, "building": building_name, "floor": floor_name, "day": day.isoformat(),
        "start": days.clock(item.window_start), "end": days.clock(item.window_end), "planned": tally["planned"],
        "done": tally["done"] + tally["late"], "missed": tally["missed"], "short": tally["short"]}


def _notice(site: Site, path: str, row: Any, day: date, state: str, tally: dict[str, int]) -> UserNotice:
    """The same, through the alarm channels of the customer and the users above it (their settings' event)."""
    return UserNotice(path, EVENT_SITE_PLAN, None, {
        "siteId": site.id, "site": site.name, "planItemId": row[0].id, "day": day.isoformat(), "state": state,
        "url": f"/site/actual?siteId={site.id}&day={day.isoformat()}"}, _texts(site, row, day, state, tally))


def _fact(site: Site, path: str, row: Any, day: date, state: str, tally: dict[str, int], now: datetime) -> Fact:
    """The integrations' ``site.plan_missed`` event (core.bus ``FACTS_HAPPENED``), on the site customer's path."""
    return Fact("site.plan_missed", path, {
        "siteId": site.id, "site": site.name, "planItemId": row[0].id, "day": day.isoformat(), "state": state,
        "planned": tally["planned"], "done": tally["done"] + tally["late"]}, now)


def _message(site: Site, row: Any, day: date, state: str, tally: dict[str, int], now: datetime) -> dict[str, Any]:
    title, content, values = _texts(site, row, day, state, tally)
    return keyed_row(site.user_id, None, KIND, title, content, values, now,
                     f"site-plan:{row[0].id}:{day.isoformat()}")


async def scan_windows(db: AsyncSession, now: datetime | None = None) -> int:
    """Tells the customers of the windows that closed missed or short; answers how many messages went."""
    now = now or utcnow()
    sent = 0
    for site, wanted in (await _due(db, now)).values():
        judged = await _judged(db, site, wanted, now)
        claimed = await _claim(db, [(row[0].id, day, state) for row, day, state, _ in judged], now)
        path = (await db.execute(select(User.path).where(User.id == site.user_id))).scalar_one()
        told = [(row, day, state, tally) for row, day, state, tally in judged
                if state in TOLD and (row[0].id, day) in claimed]
        sent += await insert_messages(db, [_message(site, *window, now) for window in told])
        await queue_user_notices(db, [_notice(site, path, *window) for window in told], now)
        await tell(db, [_fact(site, path, *window, now) for window in told])  # site.plan_missed, integrations
        await db.commit()
    return sent


async def _scan_once(database: Database) -> int:
    async with database.sessions() as db:
        return await scan_windows(db)


def start_plan_watch(database: Database, every: float = SCAN_EVERY_SECONDS,
                     first_after: float = FIRST_SCAN_AFTER_SECONDS) -> asyncio.Task[None]:
    return start_scanning(database, "site-plan-watch", _scan_once, every, first_after)  # one worker scans


async def stop_plan_watch(task: asyncio.Task[None]) -> None:
    await stop_task(task)
