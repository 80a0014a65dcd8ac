"""The summary's kept days (sites/plans/actual_days.py) answer exactly what matching every run of the period answers
(actual.summary), through everything that changes a day: runs reported late (after the plan watch judged their
window), a plan item edited, a map untied, a stay rewritten by hand, time passing over a window, a report deleted;
and a computation that read the runs before a change never keeps its stale counts."""

from datetime import UTC, date, datetime

from sqlalchemy import select, update

from cleanfleet.reports.service import delete_before
from cleanfleet.sites.models import Site, SiteActualDay, SiteRobot
from cleanfleet.sites.plans import actual, actual_days
from cleanfleet.sites.plans.watch import scan_windows
from tests.sites.conftest import a_site, created_at, ok, report, stays_since

LONG_AGO = datetime(2025, 1, 1, tzinfo=UTC)
EVERY_DAY = [1, 2, 3, 4, 5, 6, 7]
DAY = date(2025, 3, 12)  # in the month and the week asked for


async def _both(app, site_ids: list[int], period: str, now: datetime) -> tuple[dict, dict]:
    async with app.state.db.sessions() as db:
        sites = list(await db.scalars(select(Site).where(Site.id.in_(site_ids)).order_by(Site.id)))
        fast = await actual_days.summary(db, sites, period, DAY, now)
    async with app.state.db.sessions() as db:
        sites = list(await db.scalars(select(Site).where(Site.id.in_(site_ids)).order_by(Site.id)))
        full = await actual.summary(db, sites, period, DAY, now)
    return fast, full


async def _same(app, site_ids: list[int], now: datetime) -> dict:
    """Every period's fast answer equals the full one (twice: computed, then from the kept rows); the month's."""
    for period in ("day", "week", "month"):
        for _ in range(2):
            fast, full = await _both(app, site_ids, period, now)
            assert fast == full, period
    return fast


async def _kept_stamps(app, site_id: int) -> dict[str, str]:
    async with app.state.db.sessions() as db:
        rows = await db.execute(select(SiteActualDay.day, SiteActualDay.stamp).where(SiteActualDay.site_id == site_id))
        return {day.isoformat(): stamp for day, stamp in rows}


async def _seeded(branch, db) -> tuple[dict, dict, dict, int, int]:
    """Two sites (Shanghai and Paris); in Shanghai two items (06:00-08:00 once, 12:00-16:00 twice with 80 %
    coverage) and a week of runs in every state; in Paris one item and two runs."""
    shanghai = await a_site(branch.dealer, branch, robots=("Scrubber", "Sweeper"))
    paris = await a_site(branch.dealer, branch, zone="Europe/Paris", robots=())
    for made in (shanghai,):
        await stays_since(db, made["siteId"], LONG_AGO)
    scrubber, sweeper = branch.robots["Scrubber"], branch.robots["Sweeper"]
    morning = await ok(branch.dealer, "/site/plan/insert", {
        "siteId": shanghai["siteId"], "floorId": shanghai["floorId"], "weekdays": EVERY_DAY, "windowStart": "06:00",
        "windowEnd": "08:00", "minArea": 50, "validFrom": "2025-03-01"})
    await ok(branch.dealer, "/site/plan/insert", {
        "siteId": shanghai["siteId"], "floorId": shanghai["floorId"], "weekdays": [1, 3, 5], "windowStart": "12:00",
        "windowEnd": "16:00", "runsPerDay": 2, "minCoverage": 80, "validFrom": "2025-03-01"})
    await ok(branch.dealer, "/site/plan/insert", {
        "siteId": paris["siteId"], "floorId": paris["floorId"], "weekdays": EVERY_DAY, "windowStart": "09:00",
        "windowEnd": "10:00", "validFrom": "2025-03-01"})
    await report(db, scrubber, "2025-03-09T22:30Z", "2025-03-09T23:30Z")  # Mon 10th: done
    await report(db, sweeper, "2025-03-10T04:10Z", "2025-03-10T05:00Z")  # Mon 12:10: done
    await report(db, sweeper, "2025-03-10T07:30Z", "2025-03-10T08:30Z", coverage=60)  # Mon 15:30: short, late
    await report(db, scrubber, "2025-03-10T23:30Z", "2025-03-11T00:30Z")  # Tue: late
    await report(db, scrubber, "2025-03-11T22:10Z", "2025-03-11T23:00Z", area=20)  # Wed 12th: short
    await report(db, sweeper, "2025-03-12T04:00Z", "2025-03-12T05:00Z", result="aborted",  # Wed 12:00: failed
                 alarms={"emergency_stop": 1})
    await report(db, scrubber, "2025-03-13T22:05Z", "2025-03-13T22:40Z")  # Fri 14th: done (Thu 13th missed)
    return shanghai, paris, morning, scrubber, sweeper


async def test_the_kept_days_answer_what_every_run_matched_answers(app, branch, db):
    shanghai, paris, morning, scrubber, sweeper = await _seeded(branch, db)
    sites = [shanghai["siteId"], paris["siteId"]]
    now = datetime(2025, 3, 14, 5, 0, tzinfo=UTC)  # Fri 13:00 in Shanghai, 06:00 in Paris
    month = await _same(app, sites, now)
    assert month["total"]["done"] > 0 and month["total"]["pending"] > 0 and month["total"]["failed"] == 1
    assert [d["day"] for d in month["days"]] == [f"2025-03-{n:02d}" for n in range(1, 32)]
    assert sum(d["counts"]["planned"] for d in month["days"]) == month["total"]["planned"]
    twelfth = next(d["counts"] for d in month["days"] if d["day"] == "2025-03-12")
    # Shanghai's morning short, its afternoon one failed and one missed; Paris's morning missed
    assert (twelfth["short"], twelfth["failed"], twelfth["missed"], twelfth["planned"]) == (1, 1, 2, 4)
    kept = await _kept_stamps(app, shanghai["siteId"])
    assert kept["2025-03-12"] and "2025-03-14" in kept  # past days and today (until its next window closes)

    # the watch judged Thursday 13th's morning missed; then its run arrives, reported late: the summary follows it
    await created_at(db, morning["planItemId"], LONG_AGO)
    async with app.state.db.sessions() as session:
        assert await scan_windows(session, datetime(2025, 3, 13, 1, 0, tzinfo=UTC)) == 1  # Thursday 09:00
    before = await _same(app, sites, now)
    await report(db, scrubber, "2025-03-12T22:20Z", "2025-03-12T23:10Z")  # Thu 13th 06:20-07:10
    assert (await _kept_stamps(app, shanghai["siteId"]))["2025-03-13"] == ""  # made stale by the report's day
    after = await _same(app, sites, now)
    assert after["total"]["done"] == before["total"]["done"] + 1
    assert after["total"]["missed"] == before["total"]["missed"] - 1

    # an item's terms edited, a map untied from the floor, a stay rewritten by hand: each read anew
    await ok(branch.dealer, "/site/plan/update", {"planItemId": morning["planItemId"], "minArea": 10})
    await _same(app, sites, now)
    await ok(branch.dealer, "/site/floor/update", {"floorId": shanghai["floorId"],
                                                   "maps": [{"deviceId": scrubber, "mapName": "hall"}]})
    untied = await _same(app, sites, now)
    assert untied["total"]["failed"] == 0  # the sweeper's runs no longer count
    await db.execute(update(SiteRobot).where(SiteRobot.site_id == shanghai["siteId"], SiteRobot.device_id == scrubber)
                     .values(started_at=datetime(2025, 3, 12, tzinfo=UTC)))
    await db.commit()
    await _same(app, sites, now)

    # time passes over today's windows (pending turns missed), and a report is deleted
    for later in (datetime(2025, 3, 14, 8, 1, tzinfo=UTC), datetime(2025, 3, 20, tzinfo=UTC)):
        await _same(app, sites, later)
    gone = await report(db, scrubber, "2025-03-16T22:10Z", "2025-03-16T23:00Z")
    await _same(app, sites, datetime(2025, 3, 20, tzinfo=UTC))
    assert gone
    async with app.state.db.sessions() as session:  # the robot's reports before the 17th deleted
        await delete_before(session, [scrubber], datetime(2025, 3, 17, tzinfo=UTC))
    last = await _same(app, sites, datetime(2025, 3, 20, tzinfo=UTC))
    assert last["total"]["done"] == 0 and last["total"]["late"] == 0


async def test_a_computation_that_read_the_runs_before_a_change_keeps_nothing(app, branch, db):
    """The race the versions close: a summary reads the kept rows, a report for one of its days is stored (and
    commits) before the summary writes its counts; the counts it computed without that run are not kept."""
    shanghai, paris, _, scrubber, _ = await _seeded(branch, db)
    now = datetime(2025, 3, 20, tzinfo=UTC)
    async with app.state.db.sessions() as session:
        sites = list(await session.scalars(select(Site).where(Site.id == shanghai["siteId"])))
        plans = await actual.load(session, {site.id: actual.period_of(site, "week", DAY) for site in sites})
        read = actual_days._kept  # the summary reads the versions, then the report commits, then the runs are read

        async def kept_then_report(*args):
            found = await read(*args)
            await report(db, scrubber, "2025-03-12T22:20Z", "2025-03-12T23:10Z")  # Thu 13th's window
            return found

        actual_days._kept = kept_then_report
        try:
            await actual_days.counts_by_day(session, plans, now)
        finally:
            actual_days._kept = read
    kept = await _kept_stamps(app, shanghai["siteId"])
    # the report's UTC day (the 12th) touches Shanghai's 12th and 13th: those are not kept, the others are
    assert kept["2025-03-13"] == kept["2025-03-12"] == "" and kept["2025-03-11"] and kept["2025-03-14"]
    await _same(app, [shanghai["siteId"], paris["siteId"]], now)
