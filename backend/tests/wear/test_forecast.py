"""A robot's forecast from a known history, on a controlled clock: the date each consumable reaches its life, its
earliest..latest range and how sure; a maintenance reminder's exact date; too little history gives no date; the
fleet list sorts by date, groups by week, filters and stays in the caller's branch; bad input is refused naming
its field."""

from typing import Any

from sqlalchemy import delete

from cleanfleet.core.codes import Code
from cleanfleet.wear import forecast, service
from cleanfleet.wear.models import WearForecast
from tests.wear.conftest import NOW, daily_runs, ok

STEADY = [2.0] * 28  # two hours a day, every day of the window
UNEVEN = [4.0, 0.0] * 14  # the same mean, one day in two (from the window's first day)


async def _set_up(api: Any, serial: str, *, filter_used: float = 100.0) -> None:
    await ok(api, "/deviceConsumable/consumableEdit", {"deviceSerialNumber": serial, "consumables": [
        {"kind": "filter", "lifeHours": 200, "usedHours": filter_used},
        {"kind": "dust_bag", "lifeHours": 50, "usedHours": 60}]})
    await ok(api, "/maintain/updateMaintainBySn", {"deviceSerialNumber": serial, "maintains": [
        {"name": "Wheel check", "periodHours": 240, "maintainDate": "2026-03-01T00:00:00Z"}]})


def _by_kind(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {part["kind"]: part for part in answer["list"]}


async def test_a_steady_history_gives_the_date_and_a_narrow_range(app, branch, db):
    robot, serial = branch.robots["Scrubber"], branch.serials["Scrubber"]
    await _set_up(branch.dealer, serial)
    await daily_runs(db, robot, STEADY, forecast.window(NOW.date())[1])
    device = await db.get(service.Device, robot)
    answer = await service.device_forecast(db, device, NOW)
    assert answer["historyDays"] == 28 and answer["rate"] == 2.0
    parts = _by_kind(answer)
    # 100 run hours left at 2 h a day: 50 days; the range from 2 ± (0 + 2/28) hours a day
    assert (parts["filter"]["dueDate"], parts["filter"]["earliest"], parts["filter"]["latest"]) == (
        "2026-04-21", "2026-04-19", "2026-04-23")
    assert parts["filter"]["state"] == "dated" and parts["filter"]["sureness"] == "high"
    assert parts["dust_bag"]["state"] == "due_now" and parts["dust_bag"]["dueDate"] == "2026-03-02"
    # maintenance: every 240 wall-clock hours after 1 March, exactly
    assert parts["maintenance"]["dueDate"] == parts["maintenance"]["latest"] == "2026-03-11"
    assert [p["kind"] for p in answer["list"]] == ["dust_bag", "maintenance", "filter"]  # by date


async def test_an_uneven_history_gives_a_wide_range_and_says_so(app, branch, db):
    robot, serial = branch.robots["Scrubber"], branch.serials["Scrubber"]
    await _set_up(branch.dealer, serial)
    await daily_runs(db, robot, UNEVEN, forecast.window(NOW.date())[1])
    answer = await service.device_forecast(db, await db.get(service.Device, robot), NOW)
    part = _by_kind(answer)["filter"]
    assert (part["dueDate"], part["earliest"], part["latest"]) == ("2026-04-21", "2026-04-06", "2026-05-29")
    assert part["sureness"] == "low"


async def test_two_days_of_history_is_not_enough(app, branch, db):
    robot, serial = branch.robots["Sweeper"], branch.serials["Sweeper"]
    await _set_up(branch.dealer, serial)
    await daily_runs(db, robot, [3.0, 3.0], forecast.window(NOW.date())[1])
    answer = await service.device_forecast(db, await db.get(service.Device, robot), NOW)
    part = _by_kind(answer)["filter"]
    assert answer["rate"] is None and answer["historyDays"] == 2
    assert part["state"] == "no_history" and part["dueDate"] is None and part["sureness"] == "none"


async def test_the_fleet_list_sorts_groups_filters_and_keeps_to_the_branch(app, branch, db):
    mine = [branch.robots["Scrubber"], branch.robots["Sweeper"]]
    stranger = branch.robots["Stranger"]
    for name in ("Scrubber", "Sweeper"):
        await _set_up(branch.dealer, branch.serials[name], filter_used=190 if name == "Sweeper" else 100)
    await _set_up(branch.other, branch.serials["Stranger"])
    last = forecast.window(NOW.date())[1]
    for robot in (*mine, stranger):
        await daily_runs(db, robot, STEADY, last)
    try:
        await service.refresh(db, NOW, [*mine, stranger])
        page = await service.fleet_list(db, branch.dealer_user.path, site_id=None, kind=None, within=None,
                                        page_size=30, page=1, now=NOW)
        rows = [(r["deviceName"], r["kind"], r["dueDate"]) for r in page["list"]]
        assert all(name != "Stranger" for name, _, _ in rows)
        assert [r["dueDate"] for r in page["list"]] == sorted(r["dueDate"] for r in page["list"])
        # the Sweeper's filter (10 hours left: 5 days) is due this week; the maintenance (11 March) next week
        assert ("Sweeper", "filter", "2026-03-07") in rows
        assert (page["thisWeekEnd"], page["thisWeek"], page["nextWeek"], page["later"]) == ("2026-03-08", 3, 2, 1)
        assert {(o["kind"], o["thisWeek"], o["nextWeek"]) for o in page["order"]} == {
            ("dust_bag", 2, 0), ("filter", 1, 0), ("maintenance", 0, 2)}
        only = await service.fleet_list(db, branch.dealer_user.path, site_id=None, kind="filter", within=7,
                                        page_size=30, page=1, now=NOW)
        assert [(r["deviceName"], r["dueDate"]) for r in only["list"]] == [("Sweeper", "2026-03-07")]
        # through the API: the other dealer sees only its own robot; the customer its two
        listed = await ok(branch.other, "/wear/list", {"pageSize": 100})
        assert {r["deviceId"] for r in listed["list"]} == {stranger}
        listed = await ok(branch.customer, "/wear/list", {"kind": "filter"})
        assert {r["deviceId"] for r in listed["list"]} == set(mine)
        refused = await branch.other.call("/wear/device", {"deviceSerialNumber": branch.serials["Scrubber"]})
        assert (refused.code, refused.field) == (Code.NOT_FOUND, "deviceSerialNumber")
        # a robot taken back from the customer leaves its list at once, before the next scan
        await ok(branch.dealer, "/device/updateUserDeviceStatus", {"deviceId": branch.robots["Sweeper"], "status": 0})
        listed = await ok(branch.customer, "/wear/list", {"kind": "filter"})
        assert {r["deviceId"] for r in listed["list"]} == {branch.robots["Scrubber"]}
        assert listed["total"] == 1
        listed = await ok(branch.dealer, "/wear/list", {"kind": "filter"})
        assert {r["deviceId"] for r in listed["list"]} == set(mine)
    finally:
        await db.execute(delete(WearForecast).where(WearForecast.device_id.in_([*mine, stranger])))
        await db.commit()


async def test_bad_input_is_refused_naming_the_field(app, branch):
    for body, field in (({"leadDays": -1}, "leadDays"), ({"leadDays": 61}, "leadDays"),
                        ({"leadDays": "soon"}, "leadDays"), ({"leadDays": 3, "userId": branch.other_user.id},
                                                               "userId")):
        answer = await branch.dealer.call("/wear/settings/edit", body)
        assert answer.code != 0 and answer.field == field, (body, answer.body)
    for body, field in (({"withinDays": -1}, "withinDays"), ({"kind": "tyre"}, "kind"),
                        ({"siteId": 2**31 - 2}, "siteId"), ({"userId": branch.other_user.id}, "userId")):
        answer = await branch.dealer.call("/wear/list", body)
        assert answer.code != 0 and answer.field == field, (body, answer.body)
    assert (await ok(branch.dealer, "/wear/settings", {}))["own"] is False  # nothing refused was stored
