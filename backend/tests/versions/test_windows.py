"""Update windows (issue 36 item 1) with a controlled clock: the test calls the waits' round itself at the moments
it chooses (``waits.release(..., now)``, the round the leader's scan runs every 30 s), the app's own scan is held
off. A rollout waits for its window (on the robot's site clock) and each robot for its spread offset; a busy robot
is skipped and told once idle; a robot that refuses goes back to waiting; one past its maximum defer fails
(max_defer) and counts in the error threshold; bad windows are refused naming the field."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select, update

from cleanfleet.core.codes import Code
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.sites.models import Site, SiteRobot
from cleanfleet.versions import waits, windows
from cleanfleet.versions.models import DeviceUpdate, Rollout
from tests.gateway.helpers import wait_until
from tests.permission_matrix import fresh_name
from tests.versions.conftest import add_firmware

SHANGHAI = ZoneInfo("Asia/Shanghai")


@pytest.fixture(autouse=True)
async def held(app):
    """The app's periodic scan is stopped while a test drives the clock, and started again after it."""
    await waits.stop_update_waits(app.state.update_waits)
    yield
    app.state.update_waits = waits.start_update_waits(app.state, 30.0)


async def run_round(app, now: datetime) -> int:
    async with app.state.db.sessions() as session:
        return await waits.release(session, app.state.robot_commands, app.state.bus, now)


async def robots_state(db, device_ids, **values) -> None:
    await db.execute(update(DeviceState).where(DeviceState.device_id.in_(device_ids)).values(**values))
    await db.commit()


async def updates_of(fleet, rollout_id: int) -> dict[int, dict]:
    page = (await fleet.dealer.call("/version/selectDeviceUpdates", {"rolloutId": rollout_id, "pageSize": 100})).data
    return {u["deviceId"]: u for u in page["list"]}


async def start(fleet, version: str, **fields) -> dict:
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), version)).data
    body = {"name": fresh_name("Window "), "versionId": firmware["id"], "deviceIds": fleet.device_ids, **fields}
    answer = await fleet.dealer.call("/version/rollout/add", body)
    assert answer.code == 0, answer.body
    return answer.data


def told(fleet) -> set[str]:
    return {c["topic"].split("/")[1] for c in fleet.sent if c["cmd"] == "ota"}


async def at_site(db, fleet, zone: str) -> None:
    """Every robot of the fleet stays at a site of this time zone (their windows are read on its clock)."""
    user_id = await db.scalar(select(Device.user_id).where(Device.id == fleet.device_ids[0]))
    site = Site(user_id=user_id, name=fresh_name("Site "), time_zone=zone)
    db.add(site)
    await db.flush()
    db.add_all([SiteRobot(site_id=site.id, device_id=d, started_at=datetime.now(UTC)) for d in fleet.device_ids])
    await db.commit()


async def test_a_rollout_waits_for_its_window_on_the_site_clock_and_each_robot_for_its_spread(app, db, fleet):
    await at_site(db, fleet, "Asia/Shanghai")
    # a window closed now on the site's clock: it opens in three hours and lasts two
    opens_local = (datetime.now(SHANGHAI) + timedelta(hours=3)).replace(second=0, microsecond=0)
    window = {"windowStart": opens_local.strftime("%H:%M"),
              "windowEnd": (opens_local + timedelta(hours=2)).strftime("%H:%M"), "spreadMinutes": 30,
              "minBattery": 30, "maxDeferDays": 2}
    rollout = await start(fleet, "FW-4.1.0", groupBy="percent", groupSize=100, window=window)
    assert rollout["window"]["windowStart"] == window["windowStart"] and rollout["waiting"] == 4
    assert told(fleet) == set()  # nobody is told outside the window
    waiting = await updates_of(fleet, rollout["rolloutId"])
    assert {u["waitReason"] for u in waiting.values()} == {"outside_window"}
    opening = opens_local.astimezone(UTC)
    chances = {d: datetime.fromisoformat(u["notBefore"]) for d, u in waiting.items()}
    assert all(opening <= c < opening + timedelta(minutes=30) for c in chances.values())  # its own spread offset
    first = next(iter(waiting.values()))
    assert first["timeZone"] == "Asia/Shanghai"
    assert first["notBeforeLocal"] == chances[first["deviceId"]].astimezone(SHANGHAI).strftime("%Y-%m-%d %H:%M")

    assert await run_round(app, opening - timedelta(minutes=1)) == 0  # a minute before: still outside
    earliest = min(chances.values())
    assert await run_round(app, earliest) >= 1  # the robots whose offset has come are told, the others wait
    now_waiting = await updates_of(fleet, rollout["rolloutId"])
    for device_id, chance in chances.items():
        assert now_waiting[device_id]["state"] == ("SENT" if chance <= earliest else "QUEUED")
    latest = max(chances.values())  # stored outside_window; once its window opened it waits for its spread
    assert windows.shown_reason("outside_window", latest, 600, latest - timedelta(minutes=5)) == "spread"
    assert windows.shown_reason("outside_window", latest, 600, latest - timedelta(minutes=11)) == "outside_window"
    await run_round(app, opening + timedelta(minutes=30))
    assert told(fleet) == set(fleet.serials)
    command = next(c for c in fleet.sent if c["cmd"] == "ota")
    assert command["args"]["rule"] == {"minBattery": 30, "quietBeforeRunMinutes": 0}  # the robot keeps the same rule


async def test_a_busy_robot_is_skipped_and_told_once_idle(app, db, fleet):
    by_serial = dict(zip(fleet.serials, fleet.device_ids, strict=True))
    ordered = sorted(fleet.serials)
    busy, low, riding, idle = (by_serial[s] for s in ordered)
    await robots_state(db, [busy], task_name="Morning sweep", activity="working")
    await robots_state(db, [low], battery=12, charging=False)
    await robots_state(db, [riding], activity="elevator")
    rollout = await start(fleet, "FW-4.2.0", groupBy="percent", groupSize=100)  # no window: busy rules only
    assert told(fleet) == {ordered[3]}  # the idle robot at once, as before windows
    reasons = {d: u["waitReason"] for d, u in (await updates_of(fleet, rollout["rolloutId"])).items()}
    assert reasons == {busy: "running_task", low: "low_battery", riding: "in_elevator", idle: ""}
    elsewhere = await fleet.other_dealer.call("/version/selectDeviceUpdates", {"rolloutId": rollout["rolloutId"]})
    assert elsewhere.code == 0 and elsewhere.data["list"] == []  # another branch sees none of its robots

    now = datetime.now(UTC)
    assert await run_round(app, now) == 0  # still busy: nobody else is told
    await robots_state(db, [busy], task_name="", activity="idle")
    await robots_state(db, [low], charging=True)  # charging robots are exempt from the battery threshold
    assert await run_round(app, now + timedelta(seconds=30)) == 2
    assert told(fleet) == {ordered[0], ordered[1], ordered[3]}
    await robots_state(db, [riding], activity="charging")
    await run_round(app, now + timedelta(seconds=60))
    assert told(fleet) == set(fleet.serials)


async def test_a_robot_that_refuses_waits_again_and_is_asked_later(app, db, fleet):
    serial = sorted(fleet.serials)[0]
    robot = fleet.robot_of(serial)
    robot.activity = robot.activity.ELEVATOR  # the server has not heard of the ride yet: the robot refuses
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-4.3.0")).data
    published = await fleet.dealer.call("/version/insertVersionPublic", {
        "versionId": firmware["id"], "deviceSerialNumbers": [serial]})
    assert published.code == 0, published.body
    first_cmd = next(c["cmdId"] for c in fleet.sent if c["cmd"] == "ota")
    await fleet.deliver()

    async def waiting_again() -> bool:
        async with app.state.db.sessions() as session:
            public_id = published.data["publicId"]
            item = await session.scalar(select(DeviceUpdate).where(DeviceUpdate.public_id == public_id))
            return item is not None and item.state == "QUEUED"

    await wait_until(waiting_again, what="the refusal to be recorded")
    records = (await fleet.dealer.call("/version/selectVersionPublic", {"versionId": firmware["id"]})).data
    item = records[0]["updates"][0]
    assert (item["state"], item["waitReason"], item["reason"]) == ("QUEUED", "robot_refused", "in_elevator")
    now = datetime.now(UTC)
    assert await run_round(app, now) == 0  # not asked again at once
    robot.activity = robot.activity.CHARGING
    assert await run_round(app, now + timedelta(minutes=6)) == 1
    again = [c["cmdId"] for c in fleet.sent if c["cmd"] == "ota" and c["topic"].split("/")[1] == serial]
    assert len(again) == 2 and again[1] != first_cmd  # a new command: a late event of the old one changes nothing


async def test_one_past_its_maximum_defer_fails_and_counts_in_the_error_threshold(app, db, fleet):
    closed = (datetime.now(UTC) + timedelta(hours=3)).strftime("%H:%M")
    later = (datetime.now(UTC) + timedelta(hours=4)).strftime("%H:%M")
    rollout = await start(fleet, "FW-4.4.0", groupBy="count", groupSize=2, errorThreshold=0,
                          window={"windowStart": closed, "windowEnd": later, "maxDeferDays": 1})
    first_group = [u for u in (await updates_of(fleet, rollout["rolloutId"])).values() if u["groupNumber"] == 1]
    started = datetime.now(UTC)
    assert await run_round(app, started + timedelta(hours=23)) == 0  # within a day: still waiting
    assert await run_round(app, started + timedelta(days=1, minutes=1)) == 2  # past it: both fail
    after = await updates_of(fleet, rollout["rolloutId"])
    assert {(after[u["deviceId"]]["state"], after[u["deviceId"]]["reason"]) for u in first_group} == {
        ("FAILED", "max_defer")}
    page = (await fleet.dealer.call("/version/rollout/list", {"pageSize": 100})).data
    listed = next(r for r in page["list"] if r["rolloutId"] == rollout["rolloutId"])
    assert (listed["state"], listed["reason"], listed["deferred"]) == ("PAUSED", "error_threshold", 2)
    assert listed["groups"][1]["waiting"] == 2 and told(fleet) == set()  # group 2 never started


async def test_bad_windows_are_refused_naming_the_field(db, fleet):
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-4.5.0")).data
    before = await db.scalar(select(func.count(Rollout.id)))
    cases = [({"windowStart": "02:00", "windowEnd": "02:00"}, "window.windowEnd"),
             ({"windowStart": "23:00", "windowEnd": "01:00", "spreadMinutes": 121}, "window.spreadMinutes"),
             ({"windowStart": "01:00", "windowEnd": "04:00", "minBattery": 101}, "window.minBattery"),
             ({"windowStart": "01:00", "windowEnd": "04:00", "quietBeforeRunMinutes": 721},
              "window.quietBeforeRunMinutes"),
             ({"windowStart": "01:00", "windowEnd": "04:00", "maxDeferDays": 0}, "window.maxDeferDays"),
             ({"windowStart": "24:00", "windowEnd": "04:00"}, "window.windowStart")]
    for window, field in cases:
        answer = await fleet.dealer.call("/version/rollout/add", {
            "name": fresh_name("Bad "), "versionId": firmware["id"], "deviceIds": fleet.device_ids, "groupSize": 50,
            "window": window}, headers={"language": "en"})
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, field), answer.body
        published = await fleet.dealer.call("/version/insertVersionPublic", {
            "versionId": firmware["id"], "deviceSerialNumbers": fleet.serials[:1], "window": window})
        assert (published.code, published.field) == (Code.BAD_PARAMETER, field), published.body
    crossing = await fleet.dealer.call("/version/rollout/add", {
        "name": fresh_name("Bad "), "versionId": firmware["id"], "deviceIds": fleet.device_ids, "groupSize": 50,
        "window": {"windowStart": "02:00", "windowEnd": "02:00"}}, headers={"language": "en"})
    assert crossing.message == "The window 02:00–02:00 does not fit in a day: its start and end cannot be the same"
    assert await db.scalar(select(func.count(Rollout.id))) == before and fleet.sent == []
