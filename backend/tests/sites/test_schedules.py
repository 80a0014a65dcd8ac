"""How the robots' own schedules serve a site's plan, read from a simulated robot through the relay: the plan items
a schedule serves, those it does not, and a robot that is offline reported as unknown, never as an error."""

from sqlalchemy import select

from cleanfleet.devices.models import Device
from cleanfleet.maps.models import RobotMap
from tests.gateway.helpers import robot_device, unique_prefix
from tests.sites.conftest import ok
from tests.tasks.conftest import draft, site  # noqa: F401  - the simulated robot (Monday 2026-11-23 07:00)

MONDAY = "2026-11-23"


def item(made, floor, **fields):
    return {"siteId": made["siteId"], "floorId": floor, "weekdays": [1], "windowStart": "08:00",
            "windowEnd": "09:00", "validFrom": "2026-11-01", "validUntil": "2026-11-30", **fields}


async def test_schedules_serve_plan_items_and_an_offline_robot_is_unknown(site, db):  # noqa: F811
    customer = site.customer
    assert (await customer.call("/task/add", draft(site))).code == 0
    await ok(customer, "/task/scheduleSave", {"deviceId": site.device_id, "name": "Weekday sweep",
                                              "mapName": "office-3F", "taskList": ["Corridor"], "startTime": "08:30",
                                              "endTime": "10:00", "repeat": [1, 3], "isActive": True})
    offline = await robot_device(db, site.customer_user, f"{unique_prefix()}OFF", online=False)
    db.add_all([RobotMap(device_id=site.device_id, name="office-3F"), RobotMap(device_id=offline.id,
                                                                               name="office-2F")])
    await db.commit()
    made = await ok(customer, "/site/insert", {"siteName": "Office", "timeZone": "Asia/Shanghai"})
    building = await ok(customer, "/site/building/insert", {"siteId": made["siteId"], "buildingName": "HQ"})
    third = await ok(customer, "/site/floor/insert", {"buildingId": building["buildingId"], "floorName": "3F",
                                                      "maps": [{"deviceId": site.device_id, "mapName": "office-3F"}]})
    second = await ok(customer, "/site/floor/insert", {"buildingId": building["buildingId"], "floorName": "2F",
                                                       "maps": [{"deviceId": offline.id, "mapName": "office-2F"}]})
    await ok(customer, "/site/robot/assign", {"siteId": made["siteId"], "deviceIds": [site.device_id, offline.id]})
    served = await ok(customer, "/site/plan/insert", item(made, third["floorId"], taskName="Corridor"))
    idle = await ok(customer, "/site/plan/insert", item(made, third["floorId"], windowStart="10:00",
                                                        windowEnd="11:00"))
    unknown = await ok(customer, "/site/plan/insert", item(made, second["floorId"]))
    partly = await ok(customer, "/site/plan/insert", item(made, third["floorId"], runsPerDay=2))
    await ok(customer, "/site/plan/insert", item(made, third["floorId"], weekdays=[2]))  # not on Mondays

    coverage = await ok(customer, "/site/plan/coverage", {"siteId": made["siteId"], "day": MONDAY},
                        headers={"language": "en"})
    states = {i["planItem"]["planItemId"]: i["state"] for i in coverage["items"]}
    assert states == {served["planItemId"]: "served", idle["planItemId"]: "unserved",
                      unknown["planItemId"]: "unknown", partly["planItemId"]: "partly"}
    serving = next(i for i in coverage["items"] if i["planItem"]["planItemId"] == served["planItemId"])["schedules"]
    assert [(s["deviceId"], s["scheduleName"], s["startTime"], s["floorId"]) for s in serving] == [
        (site.device_id, "Weekday sweep", "08:30", third["floorId"])]
    robots = {r["deviceId"]: (r["state"], r["reason"]) for r in coverage["robots"]}
    serial = await db.scalar(select(Device.serial_number).where(Device.id == offline.id))
    assert robots[site.device_id] == ("ok", None)
    assert robots[offline.id][0] == "unknown" and serial in robots[offline.id][1]

    week = await ok(customer, "/site/plan/calendar", {"siteId": made["siteId"], "day": "2026-11-25",
                                                      "period": "week"})
    assert (week["start"], week["end"]) == (MONDAY, "2026-11-29")
    by_day = {d["day"]: d for d in week["days"]}
    assert [s["scheduleName"] for s in by_day[MONDAY]["scheduled"]] == ["Weekday sweep"]
    assert [s["scheduleName"] for s in by_day["2026-11-25"]["scheduled"]] == ["Weekday sweep"]
    assert by_day["2026-11-24"]["scheduled"] == [] and len(by_day["2026-11-24"]["planned"]) == 1
    assert len(by_day[MONDAY]["planned"]) == 4 and by_day[MONDAY]["planned"][0]["windowStart"] == "08:00"
    assert {r["deviceId"]: r["state"] for r in week["robots"]} == {site.device_id: "ok", offline.id: "unknown"}

    other = await site.other_dealer.call("/site/plan/coverage", {"siteId": made["siteId"]})
    assert (other.code, other.field) == (10005, "siteId")
