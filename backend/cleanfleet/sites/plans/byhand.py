"""Windows cleaned by hand (issue 53 item 5): a person marks a plan item's window of a site day as cleaned by hand
(the robot was stuck in the basement, the lift was out), and plan against actual reads that window's planned runs
that no robot run completed as **done**, by hand.

Decisions:

- **Done, with a mark, not a state of its own.** Every consumer (the summary and its kept days, the detail, the site
  report's PDF and xlsx, availability's planned runs, the plan watch) counts six states; a seventh would change
  every one of them and the kept days' columns. A mark makes the window's missed, pending, short and failed planned
  runs done (``actual.match``), each carrying the mark (``Slot.by_hand``): the detail and the report's sheet say
  "Cleaned by hand by … at …" as its reason, so the count is the same everywhere and the why is told where runs are
  listed. Runs the robots completed (done, late) keep their state: the mark does not rewrite what a robot did.
- **One mark per window** (plan item and site day: a unique key). A second is refused (CONFLICT naming
  ``planItemId``, saying who marked it and when): the stale answer a phone's queued mark gets when someone marked
  it meanwhile. A window the robots already completed whole is refused too (nothing to mark).
- **When.** The window must have opened (its start on the site's clock has passed) and be within the last
  ``MAX_DAYS`` site days: a mark tells what a person did, so not ahead of time, and a month is as far back as a
  supervisor corrects a record; the item must apply that day.
- **Undo.** The mark can be removed (same key): its window reads as the robots left it.
- The kept days of the summary take the marks into their fingerprint (``actual_days.Stamps``): a mark or its removal
  recomputes that day at the next read, nothing else has to remember.
- Key ``site/index/by_hand`` (the button in plan against actual's day view, and the field kit's queued mark).
"""

from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.sites import days
from cleanfleet.sites.models import Site, SitePlanByHand, SitePlanItem
from cleanfleet.sites.plans import actual, texts
from cleanfleet.sites.plans import items as plans
from cleanfleet.users.models import User

MAX_DAYS = 31  # site days back (today included) a window can be marked
KEY = "site/index/by_hand"


def _insert(db: AsyncSession) -> Any:
    return postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert


async def _refuse_marked(db: AsyncSession, item_id: int, day: date) -> None:
    row = (await db.execute(select(User.name, SitePlanByHand.marked_at)
                            .outerjoin(User, User.id == SitePlanByHand.user_id)
                            .where(SitePlanByHand.plan_item_id == item_id, SitePlanByHand.day == day))).first()
    if row is not None:
        raise ApiError(Code.CONFLICT, texts.BY_HAND_ALREADY, field="planItemId",
                       values={"by": row[0] or texts.SOMEONE, "time": row[1]})


def _check_day(item: SitePlanItem, site: Site, day: date, now: datetime) -> None:
    zone = days.zone_of(site)
    if day <= days.today(zone, now) - timedelta(days=MAX_DAYS):
        raise ApiError(Code.BAD_PARAMETER, texts.BY_HAND_TOO_OLD, field="day", values={"days": MAX_DAYS})
    if not days.planned_on(item, day):
        raise ApiError(Code.BAD_PARAMETER, texts.BY_HAND_NOT_PLANNED, field="day",
                       values={"planItemId": item.id, "day": day.isoformat()})
    if days.moment(day, item.window_start, zone) > now:
        raise ApiError(Code.BAD_PARAMETER, texts.BY_HAND_NOT_OPEN, field="day",
                       values={"day": day.isoformat(), "start": days.clock(item.window_start)})


async def window(db: AsyncSession, site: Site, item_id: int, day: date,
                 now: datetime) -> tuple[actual.SitePlan, list[actual.Slot]]:
    """The site's plan of ``day`` and the item's planned runs that day, judged as plan against actual judges them
    (the day's every window matched: runs go to the earliest windows first)."""
    plan = (await actual.load(db, {site.id: (site, day, day)}))[site.id]
    return plan, [slot for slot in await actual.evaluate(db, plan, now) if slot.item.id == item_id]


async def write_mark(db: AsyncSession, caller: Caller, item_id: int, day: date, note: str,
                     now: datetime) -> dict[str, Any]:
    """Marks the window (the caller commits): refused unless the caller sees the item, the window opened within
    ``MAX_DAYS`` on a day the item applies, nobody marked it yet and the robots left some of it undone."""
    item, owned = await plans.get_item(db, caller, item_id)
    _check_day(item, owned.site, day, now)
    await _refuse_marked(db, item.id, day)
    _plan, slots = await window(db, owned.site, item.id, day, now)
    if not any(slot.state in actual.BY_HAND_COVERS for slot in slots):
        raise ApiError(Code.CONFLICT, texts.BY_HAND_ROBOTS_DID, field="planItemId")
    statement = (_insert(db)(SitePlanByHand).values(site_id=owned.site.id, plan_item_id=item.id, day=day,
                                                      user_id=caller.acting_user_id, marked_at=now, note=note)
                 .on_conflict_do_nothing(index_elements=["plan_item_id", "day"]).returning(SitePlanByHand.id))
    mark_id = (await db.execute(statement)).scalar()
    if mark_id is None:  # marked by someone else since the check: their mark stands
        await _refuse_marked(db, item.id, day)
    return await answer_for(db, owned.site, item.id, day, now)


async def mark(db: AsyncSession, caller: Caller, item_id: int, day: date, note: str, now: datetime) -> dict[str, Any]:
    answer = await write_mark(db, caller, item_id, day, note, now)
    await db.commit()
    return answer


async def unmark(db: AsyncSession, caller: Caller, mark_id: int, now: datetime) -> dict[str, Any]:
    """Removes a mark: its window reads as the robots left it."""
    row = (await db.execute(select(SitePlanByHand, Site, User.path).join(Site, Site.id == SitePlanByHand.site_id)
                            .join(User, User.id == Site.user_id).where(SitePlanByHand.id == mark_id))).first()
    if row is None or not caller.owns_path(row[2]):
        raise ApiError(Code.NOT_FOUND, texts.BY_HAND_NOT_FOUND, field="markId", values={"markId": mark_id})
    found, site = row[0], row[1]
    await db.execute(delete(SitePlanByHand).where(SitePlanByHand.id == found.id))
    answer = await answer_for(db, site, found.plan_item_id, found.day, now)
    await db.commit()
    return answer


async def answer_for(db: AsyncSession, site: Site, item_id: int, day: date, now: datetime) -> dict[str, Any]:
    """The window as plan against actual now reads it: its mark (if any) and its planned runs' states."""
    plan, slots = await window(db, site, item_id, day, now)
    return {"siteId": site.id, "siteName": site.name, "planItemId": item_id, "day": day.isoformat(),
            "mark": mark_answer(plan.by_hand.get((item_id, day))), "states": [slot.state for slot in slots]}


def mark_answer(mark: actual.ByHand | None) -> dict[str, Any] | None:
    if mark is None:
        return None
    return {"markId": mark.id, "markedBy": mark.user_name, "markedAt": mark.marked_at.isoformat(), "note": mark.note}
