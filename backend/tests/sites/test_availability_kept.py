"""Availability's kept days (sites/availability/kept.py) answer exactly what computing the whole period from the
downtime records answers (``period_figures(live=True)``, the definition): on a seeded random month (two robots, one
arriving mid-month, windows meeting at midnight, a change of clock, every kind of downtime, a day still running), for
the month, a range inside it and a week, per robot and per day; and again after each change that reaches a day
already kept: a fault reported late, an incident resolved, a repair entered by hand, an offline span closed, a plan
item edited, a stay rewritten, an alarm deleted; the running day remembered and hours later; a robot come today."""

import random
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, or_, select, update

from cleanfleet.incidents.models import Incident
from cleanfleet.repairs.models import HANDLED, PROCESSING, Repair
from cleanfleet.sites.availability import answers, figures, kept
from cleanfleet.sites.availability.models import SiteAvailabilityDay, SiteDowntimeChange, SiteRobotOffline
from cleanfleet.sites.models import Site, SiteRobot
from cleanfleet.sites.plans import actual
from cleanfleet.versions.models import DeviceUpdate
from cleanfleet.warn.models import Alarm
from tests.permission_matrix import fresh_name
from tests.sites.conftest import a_site, ok, stays_since

MONTH = (date(2025, 3, 1), date(2025, 3, 31))  # Paris changes its clock on the 30th
NOW = datetime(2025, 3, 20, 10, 30, tzinfo=UTC)  # the 20th still running: 11:30 in Paris
PERIODS = (MONTH, (date(2025, 3, 5), date(2025, 3, 20)), (date(2025, 3, 24), date(2025, 3, 30)))


def at(day: int, hour: float) -> datetime:
    return datetime(2025, 3, 1, tzinfo=UTC) + timedelta(days=day - 1, hours=hour)


def _downtime(robot: int, rng: random.Random, customer: Any, site_id: int) -> list[Any]:
    """A month of every kind of downtime at random, some of it still open."""
    rows: list[Any] = []
    for _ in range(12):
        began = at(rng.randrange(1, 31), rng.uniform(0, 24))
        rows.append(SiteRobotOffline(device_id=robot, started_at=began,
                                     ended_at=began + timedelta(minutes=rng.randrange(20, 1500))))
    rows.append(SiteRobotOffline(device_id=robot, started_at=at(19, 23.5), ended_at=None))  # still offline
    for n in range(10):
        raised = at(rng.randrange(1, 21), rng.uniform(0, 24))
        cleared = raised + timedelta(minutes=rng.randrange(5, 600)) if n % 4 else None  # some never cleared
        rows.append(Alarm(device_id=robot, msg_id=fresh_name("fault"), robot_alarm_id=fresh_name("a"),
                          key="stuck", code="E7", kind="fault" if n % 3 else "message", level=3 if n % 3 else 2,
                          raised_at=raised, cleared_at=cleared))
    for n in range(5):
        opened = at(rng.randrange(1, 21), rng.uniform(0, 24))
        ended = opened + timedelta(minutes=rng.randrange(10, 900)) if n % 2 else None
        rows.append(Incident(device_id=robot, owner_id=customer.id, owner_path=customer.path, site_id=site_id,
                             key=fresh_name("stuck"), urgency=("high", "medium", "low")[n % 3],
                             state="resolved" if ended else "acknowledged", opened_at=opened, last_alarm_at=opened,
                             ended_at=ended, ack_seconds=60 * n, resolve_seconds=600 * n if ended else None))
    for state, day in (("UPDATED", 6), ("FAILED", 11), ("DOWNLOADING", 18)):
        created = at(day, rng.uniform(0, 20))
        rows.append(DeviceUpdate(device_id=robot, cmd_id=fresh_name("cmd"), token=fresh_name("tok")[:32],
                                 state=state, created_at=created, updated_at=created + timedelta(hours=2)))
    rows.append(Repair(device_id=robot, type="brush", repair_at=at(8, 9), process_at=at(9, 15), state=HANDLED))
    rows.append(Repair(device_id=robot, type="wheel", repair_at=at(17, 12), state=PROCESSING))
    return rows


async def seeded_month(branch: Any, db: Any) -> dict[str, Any]:
    """A Paris site: the Scrubber there all month, the Sweeper from the 12th 14:00; windows 06:00-09:30 and
    20:00-24:00 every day and 00:00-02:00 on weekdays from the 10th (it meets the evening's at midnight), and
    13:00-15:00 on weekends until the 25th; a month of random downtime for both."""
    made = await a_site(branch.dealer, branch, zone="Europe/Paris", robots=("Scrubber", "Sweeper"))
    await stays_since(db, made["siteId"], datetime(2025, 1, 1, tzinfo=UTC))
    scrubber, sweeper = branch.robots["Scrubber"], branch.robots["Sweeper"]
    await db.execute(update(SiteRobot).where(SiteRobot.device_id == sweeper).values(started_at=at(12, 13)))
    await db.commit()
    items = []
    for weekdays, opens, closes, since, until in (([1, 2, 3, 4, 5, 6, 7], "06:00", "09:30", "2025-02-01", None),
                                                  ([1, 2, 3, 4, 5, 6, 7], "20:00", "24:00", "2025-02-01", None),
                                                  ([1, 2, 3, 4, 5], "00:00", "02:00", "2025-03-10", None),
                                                  ([6, 7], "13:00", "15:00", "2025-02-01", "2025-03-25")):
        items.append(await ok(branch.dealer, "/site/plan/insert", {
            "siteId": made["siteId"], "floorId": made["floorId"], "weekdays": weekdays, "windowStart": opens,
            "windowEnd": closes, "validFrom": since, "validUntil": until}))
    rng = random.Random(53)
    for robot in (scrubber, sweeper):
        db.add_all(_downtime(robot, rng, branch.customer_user, made["siteId"]))
    await db.commit()
    return {**made, "items": items}


def _shown(found: figures.Figures) -> dict[str, Any]:
    """Every figure of a period as the API shows it, and the exact seconds."""
    return {"period": answers.period_answer(found),
            "robots": {device: answers.hours_answer(hours) for device, hours in found.robots.items()},
            "days": {day: (hours.scheduled, hours.available) for day, hours in found.days.items()},
            "exact": (found.hours.scheduled, found.hours.available, sorted((k, v) for k, v in found.hours.lost.items()
                                                                            if v))}


async def _both(app: Any, site_ids: list[int], first: date, last: date, now: datetime,
                by_day: bool) -> tuple[dict[int, Any], dict[int, Any]]:
    found = []
    for live in (False, True):
        async with app.state.db.sessions() as db:
            sites = {site.id: site for site in await db.scalars(select(Site).where(Site.id.in_(site_ids)))}
            plans = await actual.load(db, {site_id: (site, first, last) for site_id, site in sites.items()})
            computed = await figures.period_figures(db, plans, now, by_day=by_day, live=live)
            found.append({site_id: _shown(figure) for site_id, figure in computed.items()})
    return found[0], found[1]


async def _same(app: Any, site_ids: list[int], now: datetime = NOW) -> dict[int, Any]:
    """Every period, per day and not, twice (computed, then from the kept rows): the kept days answer the
    definition. Answers the month's figures."""
    for first, last in PERIODS:
        for by_day in (True, False):
            for _ in range(2):
                fast, slow = await _both(app, site_ids, first, last, now, by_day)
                assert fast == slow, (first, last, by_day)
    return (await _both(app, site_ids, *MONTH, now, True))[1]


async def _kept(db: Any, site_id: int) -> int:
    return await db.scalar(select(func.count()).select_from(SiteAvailabilityDay)
                           .where(SiteAvailabilityDay.site_id == site_id)) or 0


async def test_the_kept_days_answer_what_the_whole_period_computed_answers(app, branch, db):
    made = await seeded_month(branch, db)
    site = made["siteId"]
    scrubber, sweeper = branch.robots["Scrubber"], branch.robots["Sweeper"]
    month = (await _same(app, [site]))[site]
    current = month["period"]
    assert current["scheduledSeconds"] > 0 and 0 < current["availability"] < 1000
    assert all(current["lost"][cause] > 0 for cause in ("offline", "fault", "waiting"))
    assert current["excluded"]["update"] > 0 and current["excluded"]["maintenance"] > 0
    assert month["robots"][sweeper]["scheduledSeconds"] < month["robots"][scrubber]["scheduledSeconds"]
    assert await _kept(db, site) >= 2 * 19  # both robots' closed days (from the first of the month)

    # a fault the robot reports late, on a day already kept: the day follows it
    before = current["lost"]["fault"]
    late = Alarm(device_id=scrubber, msg_id=fresh_name("late"), robot_alarm_id="late", key="stuck", code="E7",
                 kind="fault", level=3, raised_at=at(3, 6.5), cleared_at=at(3, 8))  # 07:30-09:00 in Paris
    db.add(late)
    await db.commit()
    after = (await _same(app, [site]))[site]["period"]
    assert after["lost"]["fault"] > before and after["availableSeconds"] < current["availableSeconds"]

    # an incident resolved, a repair entered by hand, an offline span closed, the late alarm deleted
    await db.execute(update(Incident).where(Incident.device_id == sweeper, Incident.ended_at.is_(None))
                     .values(ended_at=at(19, 12)))
    db.add(Repair(device_id=sweeper, type="lidar", repair_at=at(14, 5), process_at=at(14, 20), state=HANDLED))
    await db.commit()
    await _same(app, [site])
    await db.execute(update(SiteRobotOffline).where(SiteRobotOffline.device_id == scrubber,
                                                    SiteRobotOffline.ended_at.is_(None)).values(ended_at=at(20, 8)))
    await db.execute(delete(Alarm).where(Alarm.id == late.id))
    await db.commit()
    assert (await _same(app, [site]))[site]["period"]["lost"]["fault"] == before

    # the site's own records: a plan item's window, a stay rewritten by hand
    await ok(branch.dealer, "/site/plan/update", {"planItemId": made["items"][0]["planItemId"],
                                                  "windowEnd": "10:00"})
    await _same(app, [site])
    await db.execute(update(SiteRobot).where(SiteRobot.device_id == sweeper).values(started_at=at(4, 0)))
    await db.commit()
    assert (await _same(app, [site]))[site]["robots"][sweeper]["scheduledSeconds"] > \
        month["robots"][sweeper]["scheduledSeconds"]


async def test_many_sites_months_agree_and_the_changes_are_folded(app, branch, db):
    """The dealer's table reads one row per robot (a whole month's closed days): the same figures for two sites,
    in the month still running and after it; each robot's change rows end folded into one."""
    made = await seeded_month(branch, db)
    other = await a_site(branch.dealer, branch, zone="Asia/Shanghai", robots=())
    await ok(branch.dealer, "/site/plan/insert", {"siteId": other["siteId"], "floorId": other["floorId"],
                                                  "weekdays": [1, 3, 5], "windowStart": "10:00", "windowEnd": "18:00",
                                                  "validFrom": "2025-02-01"})
    sites = [made["siteId"], other["siteId"]]
    for now in (NOW, datetime(2025, 4, 2, tzinfo=UTC)):
        for _ in range(2):
            fast, slow = await _both(app, sites, *MONTH, now, False)
            assert fast == slow
    scrubber = branch.robots["Scrubber"]
    rows = await db.scalar(select(func.count()).select_from(SiteDowntimeChange)
                           .where(SiteDowntimeChange.device_id == scrubber))
    assert rows == 1  # folded as read; its weight counts every change
    assert (await db.scalar(select(SiteDowntimeChange.weight).where(SiteDowntimeChange.device_id == scrubber))) > 20


async def test_a_robot_come_today_is_not_computed_again_at_each_call(app, branch, db, monkeypatch):
    """A robot whose stay began today has no closed day: the second call reads the kept days (computes nothing)."""
    made = await seeded_month(branch, db)
    await db.execute(update(SiteRobot).where(SiteRobot.device_id == branch.robots["Sweeper"])
                     .values(started_at=at(20, 9)))  # 10:00 in Paris, the 20th still running
    await db.commit()
    fast, slow = await _both(app, [made["siteId"]], *MONTH, NOW, False)
    assert fast == slow
    computed: list[Any] = []
    original = kept._compute

    async def spy(*args: Any, **kwargs: Any) -> None:
        computed.append(args[2])
        await original(*args, **kwargs)

    monkeypatch.setattr(kept, "_compute", spy)
    for by_day in (False, True):
        fast, slow = await _both(app, [made["siteId"]], *MONTH, NOW, by_day)
        assert fast == slow and computed == []


async def test_the_running_day_remembered_adds_the_schedule_since(app, branch, db, monkeypatch):
    """With nothing ongoing, the running day is remembered (``figures._RUNNING``); hours later, the same stamp and
    change count, it is the remembered hours plus the schedule since: what computing the day now answers."""
    monkeypatch.setattr(figures, "_RUNNING", {})  # (another test's sites may have had this one's id)
    made = await seeded_month(branch, db)
    await nothing_ongoing(db, list(branch.robots.values()), at(20, 9))
    for now in (NOW, NOW + timedelta(hours=3), NOW + timedelta(hours=9)):  # 11:30, 14:30, 20:30 in Paris
        fast, slow = await _both(app, [made["siteId"]], *MONTH, now, False)
        assert fast == slow, now
        assert sum(key[1] == made["siteId"] for key in figures._RUNNING) == 2  # both robots remembered


async def nothing_ongoing(db: Any, robots: list[int], done: datetime) -> None:
    """The robots' downtime as if everything ended at ``done`` and nothing began after."""
    for model, began, ended in ((SiteRobotOffline, "started_at", "ended_at"), (Alarm, "raised_at", "cleared_at"),
                                (Incident, "opened_at", "ended_at"), (DeviceUpdate, "created_at", "updated_at"),
                                (Repair, "repair_at", "process_at")):
        begin, end = getattr(model, began), getattr(model, ended)
        await db.execute(delete(model).where(model.device_id.in_(robots), begin >= done))
        await db.execute(update(model).where(model.device_id.in_(robots), or_(end.is_(None), end > done))
                         .values({ended: done}))
    await db.execute(update(DeviceUpdate).where(DeviceUpdate.device_id.in_(robots)).values(state="UPDATED"))
    await db.execute(update(Repair).where(Repair.device_id.in_(robots)).values(state=HANDLED))
    await db.commit()
