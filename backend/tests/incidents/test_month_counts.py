"""The incidents' month counts (incidents/rollup.py): kept by every writer, and the chart, the figures and the list's
total read from them answer exactly what counting the incidents answers, in any reader's time zone."""

import random
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import delete, func, insert, select

import cleanfleet.core.ranges as ranges
from cleanfleet.core.db import utcnow
from cleanfleet.incidents import metrics, rollup, service
from cleanfleet.incidents.models import Incident, IncidentMonth
from cleanfleet.incidents.policy import PRESET_KEYS
from cleanfleet.sites.models import Site
from tests.gateway.helpers import robot_device, unique_prefix
from tests.incidents.helpers import STUCK, incidents_of, robot_alarm

COLUMNS = rollup.SUMMED + rollup.LONGEST


async def _table(db: Any, path: str) -> dict[tuple[Any, ...], tuple[Any, ...]]:
    rows = await db.execute(select(IncidentMonth).where(IncidentMonth.owner_path.startswith(path)))
    return {(r.owner_path, str(r.month)[:10], r.site_id, r.key): tuple(getattr(r, c) for c in COLUMNS)
            for r in rows.scalars() if r.incidents}


async def _expected(db: Any, path: str) -> dict[tuple[Any, ...], tuple[Any, ...]]:
    """The month rows counted from the incidents, independently of rollup.py."""
    cells: dict[tuple[Any, ...], list[Any]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0, None, None])
    for i in (await db.execute(select(Incident).where(Incident.owner_path.startswith(path)))).scalars():
        c = cells[(i.owner_path, i.opened_at.astimezone(UTC).strftime("%Y-%m-01"), i.site_id or 0, i.key)]
        c[0] += 1
        if i.ack_seconds is not None:
            c[1] += 1
            c[4] += i.ack_seconds
            c[6] = max(c[6] or 0, i.ack_seconds)
        if i.resolve_seconds is not None:
            c[2] += 1
            c[5] += i.resolve_seconds
            c[7] = max(c[7] or 0, i.resolve_seconds)
        c[3] += i.state == "closed"
    for (path, month, site_id, _key), c in list(cells.items()):  # the rows of every alarm name
        every = cells[(path, month, site_id, rollup.ALL)]
        every[:6] = [a + b for a, b in zip(every[:6], c[:6], strict=True)]
        every[6:] = [max(x for x in (a, b) if x is not None) if (a, b) != (None, None) else None
                     for a, b in zip(every[6:], c[6:], strict=True)]
    return {key: (c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]) for key, c in cells.items()}


async def _same(app: Any, path: str) -> None:
    async with app.state.db.sessions() as db:
        assert await _table(db, path) == await _expected(db, path)


async def test_every_writer_keeps_the_month_counts(app, branch, db):
    api, robot, customer = branch["api"], branch["robot"], branch["customer"]
    path = robot.owner_path
    other = await robot_device(db, customer, f"{unique_prefix()}M")
    await db.commit()
    site = await api.call("/site/insert", {"siteName": f"Depot {robot.id}", "timeZone": "UTC",
                                           "userId": customer.id})
    await api.call("/site/robot/assign", {"siteId": site.data["siteId"], "deviceIds": [robot.id]})
    now = utcnow()
    await robot_alarm(app, robot, at=now - timedelta(days=40))  # last month or the one before
    await robot_alarm(app, robot, at=now - timedelta(days=40, seconds=-5))  # joins it: counts nothing more
    await robot_alarm(app, robot, key="emergency_stop", code="", at=now)
    await robot_alarm(app, other, at=now)
    await robot_alarm(app, other, key="emergency_stop", code="", at=now)
    await _same(app, path)
    first, second = await incidents_of(app, robot)
    other_first, other_second = await incidents_of(app, other)
    assert (await api.call("/incident/acknowledge", {"incidentId": first.id})).code == 0
    await _same(app, path)
    assert (await api.call("/incident/resolve", {"incidentId": first.id, "cause": "stuck"})).code == 0
    assert (await api.call("/incident/close", {"incidentId": second.id})).code == 0  # acknowledged with it
    assert (await api.call("/incident/resolve", {"incidentId": other_first.id, "cause": "other"})).code == 0
    await _same(app, path)
    refused = await api.call("/incident/resolve", {"incidentId": first.id, "cause": "stuck"})
    assert refused.code != 0
    await _same(app, path)
    async with app.state.db.sessions() as session:
        assert await session.scalar(select(func.count()).select_from(IncidentMonth).where(
            IncidentMonth.owner_path == path, IncidentMonth.resolved > 0)) >= 1
    assert (await api.call("/site/delete", {"siteId": site.data["siteId"]})).code == 0  # its incidents: no site
    await _same(app, path)
    assert (await api.call("/device/deleteDevice", {"deviceId": other.id})).code == 0
    await _same(app, path)
    assert other_second.id  # went with its robot
    async with app.state.db.sessions() as session:
        before = await _table(session, path)
        await rollup.rebuild(session)
        assert await _table(session, path) == before


ZONES = ("UTC", "Asia/Shanghai", "America/New_York", "Asia/Kolkata", "Australia/Adelaide")


async def _seeded(app: Any, branch: Any, db: Any) -> dict[str, Any]:
    """About 1,500 incidents over the last 14 months for two robots (one at a site), random states and times (all
    with an end time, so that the one-active-per-robot-and-problem index lets them in)."""
    customer, robot = branch["customer"], branch["robot"]
    other = await robot_device(db, customer, f"{unique_prefix()}S")
    site = Site(user_id=customer.id, name=f"Seeded {robot.id}", address="", time_zone="UTC")
    db.add(site)
    await db.commit()
    rng = random.Random(34)
    now = utcnow()
    rows = []
    for n in range(1500):
        device = robot if n % 3 else other
        opened = now - timedelta(seconds=rng.uniform(60, 425 * 86400))
        state = rng.choice(("open", "acknowledged", "resolved", "resolved", "closed"))
        ack = None if state == "open" else rng.randrange(0, 7200)
        resolved = rng.randrange(ack or 0, 20000) if state == "resolved" else None
        rows.append({"device_id": device.id, "owner_id": customer.id, "owner_path": robot.owner_path,
                     "site_id": site.id if device is robot else None, "key": list(PRESET_KEYS)[n % 4], "code": "",
                     "urgency": "high", "state": state, "opened_at": opened, "last_alarm_at": opened,
                     "alarm_count": 1, "note": "", "ack_seconds": ack, "resolve_seconds": resolved, "policy": {},
                     "level": 0, "reminders": 0,
                     "ended_at": opened + timedelta(hours=1)})  # (the partial unique index: none active)
    async with app.state.db.sessions() as session:
        await session.execute(delete(Incident).where(Incident.owner_path.startswith(robot.owner_path)))
        await session.execute(insert(Incident), rows)
        await rollup.rebuild(session)
        await session.commit()
    return {"site": site.id, "path": robot.owner_path, "dealer_path": branch["dealer"].path, "robot": robot.id}


@pytest.mark.parametrize("zone", ZONES)
async def test_chart_figures_and_total_from_the_months_match_the_incidents(app, branch, db, zone, monkeypatch):
    seeded = await _seeded(app, branch, db)
    await _same(app, seeded["path"])
    monkeypatch.setattr(ranges, "zone", lambda: ZoneInfo(zone))
    today = ranges.today()
    ends = [None, today - timedelta(days=today.day - 1), today - timedelta(days=45),
            (today.replace(day=1) - timedelta(days=1))]
    filters = [{}, {"siteId": seeded["site"]}, {"code": list(PRESET_KEYS)[1]}, {"deviceId": seeded["robot"]}]
    # every zone checks every range and end (what its calendar changes); the filters rotate from zone to zone, so
    # each combination is checked in some zone (all 64 in every zone took 9-10 s a zone late in a run)
    pairs = [(kind, end) for kind in ("week", "month", "quarter", "year") for end in ends]
    turn = ZONES.index(zone)
    async with app.state.db.sessions() as session:
        for path in (seeded["path"], seeded["dealer_path"]):
            for number, (kind, end) in enumerate(pairs):
                extra = filters[(number + turn) % len(filters)]
                body = SimpleNamespace(siteId=None, deviceId=None, code=None, range=kind, endDate=end,
                                       by="site")
                for name, value in extra.items():
                    setattr(body, name, value)
                read = await metrics.chart(session, path, body)
                assert read == await metrics.chart(session, path, body, direct=True), (kind, end, extra)
                for by in ("site", "code", "branch", "device"):
                    body.by = by
                    read = await metrics.figures(session, path, body, "en")
                    assert read == await metrics.figures(session, path, body, "en", direct=True), \
                        (kind, end, extra, by)
                assert sum(p["incidents"] for p in read["rows"]) == read["total"]["incidents"]
            for extra in filters[:3]:
                scope = metrics.Scope(path, site_id=extra.get("siteId"), code=extra.get("code"))
                listing = {"path": path, "site_id": extra.get("siteId"), "code": extra.get("code")}
                counted = await service.page(session, 20, 1, counted=scope, **listing)
                plain = await service.page(session, 20, 1, **listing)
                assert counted == plain and counted["total"] > 0


async def test_a_large_branch_pages_newest_first(app, branch, db):
    seeded = await _seeded(app, branch, db)
    async with app.state.db.sessions() as session:
        ids = [row.id for row in await session.execute(select(Incident.id).where(
            Incident.owner_path == seeded["path"]).order_by(Incident.opened_at.desc(), Incident.id.desc()))]
        for number in (1, 2, 7):
            page = await service.page(session, 20, number, counted=metrics.Scope(seeded["path"]), path=seeded["path"])
            assert [i["incidentId"] for i in page["list"]] == ids[(number - 1) * 20:number * 20]
            assert page["total"] == len(ids) == 1500


def test_near_month_and_pieces():
    start = datetime(2025, 11, 30, 16, tzinfo=UTC)
    assert metrics._near_month(start) == datetime(2025, 12, 1, tzinfo=UTC)
    assert metrics._near_month(datetime(2025, 11, 20, tzinfo=UTC)) == datetime(2025, 11, 20, tzinfo=UTC)
    assert STUCK[0] in PRESET_KEYS
