"""Many sites' months remembered between calls (sites/availability/month.py, issue 52 item 2): each answer is what
computing the whole month from the records answers (``period_figures(live=True)``, the definition); a site is not
computed again while nothing it reads changed, its running robots' hours growing by their schedules as time passes;
each kind of change makes it computed again (its own records through the database's triggers: a plan item, a window
cleaned by hand, an incident, a run, a stay, a map tie, the time zone; a robot's downtime), and so does a pending
window closing; a robot with a downtime ongoing has its running days computed at each call."""

from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import delete, func, select, update

from cleanfleet.incidents.models import Incident
from cleanfleet.sites.availability import answers, figures, month
from cleanfleet.sites.availability.models import SiteFigureChange, SiteRobotOffline
from cleanfleet.sites.models import Site, SiteFloorMap, SitePlanByHand, SiteRobot
from cleanfleet.sites.plans import actual
from tests.permission_matrix import fresh_name
from tests.sites.conftest import ok, report
from tests.sites.test_availability_kept import MONTH, NOW, at, nothing_ongoing, seeded_month


@pytest.fixture
def computed(monkeypatch: pytest.MonkeyPatch) -> list[set[int]]:
    """The sites each call computed (not answered from what it kept)."""
    calls: list[set[int]] = []
    original = month._computed

    async def spy(db: Any, periods: Any, *args: Any) -> Any:
        calls.append(set(periods))
        return await original(db, periods, *args)

    monkeypatch.setattr(month, "_computed", spy)
    return calls


def _shown(found: figures.Figures) -> dict[str, Any]:
    return {"period": answers.period_answer(found),
            "robots": {device: answers.hours_answer(hours) for device, hours in found.robots.items()}}


async def _month(app: Any, site_id: int, now: datetime) -> dict[str, Any]:
    """The site's month remembered, asserted equal to the month computed from the records; answers it."""
    found = []
    for remembered in (True, False):
        async with app.state.db.sessions() as db:
            site = await db.get(Site, site_id)
            assert site is not None
            if remembered:
                answer = (await month.figures(db, {site_id: (site, *MONTH)}, now))[site_id]
            else:
                plans = await actual.load(db, {site_id: (site, *MONTH)})
                answer = (await figures.period_figures(db, plans, now, live=True))[site_id]
            found.append(_shown(answer))
    assert found[0] == found[1]
    return found[0]


async def test_a_month_remembered_answers_what_computing_it_afresh_answers(app, branch, db, computed):
    made = await seeded_month(branch, db)
    site = made["siteId"]
    scrubber, sweeper = branch.robots["Scrubber"], branch.robots["Sweeper"]
    await nothing_ongoing(db, [scrubber, sweeper], at(20, 9))

    first = await _month(app, site, NOW)
    assert computed == [{site}]
    for later in (NOW, NOW + timedelta(hours=3), NOW + timedelta(hours=9)):  # 11:30, 14:30, 20:30 in Paris
        grown = await _month(app, site, later)
        assert computed == [{site}], later  # kept: the robots' hours grew by their schedules alone
    assert grown["period"]["scheduledSeconds"] > first["period"]["scheduledSeconds"]
    assert grown["period"]["runs"] == first["period"]["runs"]

    # the evening window closes at midnight in Paris: its planned run turns missed, the site is computed again
    closed = await _month(app, site, NOW + timedelta(hours=13))  # 00:30 on the 21st
    assert computed[-1] == {site} and len(computed) == 2
    assert closed["period"]["runs"]["missed"] > grown["period"]["runs"]["missed"]
    later = NOW + timedelta(hours=14)
    before = await _month(app, site, later)
    assert len(computed) == 2

    async def changed(what: str) -> dict[str, Any]:
        await db.commit()
        found = await _month(app, site, later)
        assert computed[-1] == {site} and len(computed) == changes + 1, what
        return found

    changes = 2
    # a run reported (the runs' kept days' versions): a missed window done
    await report(db, scrubber, "2025-03-19T05:10Z", "2025-03-19T06:00Z")  # the 19th 06:10-07:00 in Paris
    after = await changed("a run")
    assert after["period"]["runs"]["done"] == before["period"]["runs"]["done"] + 1
    changes += 1
    # a window cleaned by hand
    db.add(SitePlanByHand(site_id=site, plan_item_id=made["items"][1]["planItemId"], day=at(18, 0).date(),
                          user_id=branch.dealer_user.id, marked_at=at(18, 23), note="by hand"))
    marked = await changed("a mark")
    assert marked["period"]["runs"]["done"] == after["period"]["runs"]["done"] + 1
    changes += 1
    # an incident opened at the site
    db.add(Incident(device_id=scrubber, owner_id=branch.customer_user.id, owner_path=branch.customer_user.path,
                    site_id=site, key=fresh_name("stuck"), urgency="high", state="resolved", opened_at=at(10, 3),
                    last_alarm_at=at(10, 3), ended_at=at(10, 4), ack_seconds=30, resolve_seconds=60))
    counted = await changed("an incident")
    assert counted["period"]["incidents"][-1]["count"] == marked["period"]["incidents"][-1]["count"] + 1
    changes += 1
    # a robot's downtime: an offline span on a kept day
    db.add(SiteRobotOffline(device_id=sweeper, started_at=at(15, 7), ended_at=at(15, 8)))
    offline = await changed("an offline span")
    assert offline["period"]["lost"]["offline"] > counted["period"]["lost"]["offline"]
    changes += 1
    # a plan item's window, through the API
    await ok(branch.dealer, "/site/plan/update", {"planItemId": made["items"][0]["planItemId"], "windowEnd": "10:00"})
    widened = await changed("a plan item")
    assert widened["period"]["scheduledSeconds"] > offline["period"]["scheduledSeconds"]
    changes += 1
    # a stay rewritten by hand, a map untied, the time zone
    await db.execute(update(SiteRobot).where(SiteRobot.device_id == sweeper).values(started_at=at(14, 0)))
    stayed = await changed("a stay")
    assert stayed["robots"][sweeper]["scheduledSeconds"] < widened["robots"][sweeper]["scheduledSeconds"]
    changes += 1
    await db.execute(delete(SiteFloorMap).where(SiteFloorMap.device_id == sweeper))
    untied = await changed("a map tie")
    assert sweeper not in untied["robots"]
    changes += 1
    await db.execute(update(Site).where(Site.id == site).values(time_zone="Asia/Shanghai"))
    moved = await changed("the time zone")
    assert moved["period"]["scheduledSeconds"] != untied["period"]["scheduledSeconds"]

    # the site's change rows are folded as read: one row, every change counted
    rows, weight = (await db.execute(select(func.count(), func.sum(SiteFigureChange.weight))
                                     .where(SiteFigureChange.site_id == site))).one()
    assert rows <= 8 < weight


async def test_a_robot_offline_now_has_its_running_days_computed_at_each_call(app, branch, db, computed):
    """A robot offline since 11:00 loses its scheduled time as the day goes on without any record changing: its
    running days are computed again from its downtime at each call (the site is not); the span closed, kept again."""
    made = await seeded_month(branch, db)
    site = made["siteId"]
    scrubber, sweeper = branch.robots["Scrubber"], branch.robots["Sweeper"]
    await nothing_ongoing(db, [scrubber, sweeper], at(20, 9))
    db.add(SiteRobotOffline(device_id=scrubber, started_at=at(20, 10), ended_at=None))
    await db.commit()
    first = await _month(app, site, NOW)
    evening = await _month(app, site, NOW + timedelta(hours=9))  # 20:30 in Paris: the evening window under way
    assert computed == [{site}]
    assert evening["period"]["lost"]["offline"] > first["period"]["lost"]["offline"]
    assert evening["robots"][scrubber]["availableSeconds"] == first["robots"][scrubber]["availableSeconds"]
    assert evening["robots"][sweeper]["availableSeconds"] > first["robots"][sweeper]["availableSeconds"]
    await db.execute(update(SiteRobotOffline).where(SiteRobotOffline.ended_at.is_(None),
                                                    SiteRobotOffline.device_id == scrubber)
                     .values(ended_at=NOW + timedelta(hours=9, minutes=10)))
    await db.commit()
    for later in (NOW + timedelta(hours=9, minutes=20), NOW + timedelta(hours=10)):
        await _month(app, site, later)
    assert computed == [{site}, {site}]  # the span closed: computed again once, then kept


async def test_the_sites_kept_are_those_nothing_changed_at(app, branch, db, computed):
    """Two sites: a change at one computes that one alone; a moment before the one a site was computed to computes
    it again."""
    first = await seeded_month(branch, db)
    await nothing_ongoing(db, list(branch.robots.values()), at(20, 9))
    other = (await ok(branch.dealer, "/site/insert", {"siteName": fresh_name("Depot "), "timeZone": "Asia/Shanghai",
                                                      "userId": branch.customer_user.id}))["siteId"]
    sites = [first["siteId"], other]

    async def both(now: datetime) -> None:
        async with app.state.db.sessions() as session:
            found = await session.scalars(select(Site).where(Site.id.in_(sites)))
            answer = await month.figures(session, {site.id: (site, *MONTH) for site in found}, now)
            assert set(answer) == set(sites)

    await both(NOW)
    await both(NOW + timedelta(hours=1))
    assert computed == [set(sites)]
    await db.execute(update(Site).where(Site.id == other).values(time_zone="Europe/Paris"))
    await db.commit()
    await both(NOW + timedelta(hours=1))
    assert computed == [set(sites), {other}]
    await both(NOW)  # the first site was computed to NOW, the other to an hour later
    assert computed[-1] == {other} and len(computed) == 3
