"""Permission-matrix entries for the site calls (/api/site/*).

The world gets the site ``s.site`` of the dealer's customer ``user`` (a building, a floor tied to the device world's
robot ``d.device`` on its map and to its elevator, the robot at the site, a plan item) and the spare records the
deleting calls take (``s.spare*``). Every plan item lies in January 2025, so the plan watch of the test session
never finds one of the world's windows closing while a matrix compares the database's contents.
"""

from typing import Any

from cleanfleet.core.codes import Code
from cleanfleet.maps.models import RobotMap
from tests.conftest import Answer, Api
from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has devices
from tests.permission_matrix import Entry, World, fresh_name, register, register_world_builder

OWN = "answers only the caller's own subtree; another branch gets its own (empty) share"
MAP = "matrix-hall"
JANUARY = {"validFrom": "2025-01-06", "validUntil": "2025-01-31"}
HEAT_PERIOD = {"startDay": "2025-01-06", "endDay": "2025-01-31"}


async def _ok(world: World, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = await world.callers["dealer"].call(path, body)
    assert answer.code == 0, (path, answer.body)
    return answer.data  # type: ignore[no-any-return]


async def build_site_world(world: World, app: Any) -> None:
    async with app.state.db.sessions() as db:
        db.add(RobotMap(device_id=world.ids["d.device"], name=MAP))
        await db.commit()
    user = world.id("user")
    site = await _ok(world, "/site/insert", {"siteName": fresh_name("Mall "), "timeZone": "Asia/Shanghai",
                                             "userId": user})
    spare_site = await _ok(world, "/site/insert", {"siteName": fresh_name("Spare "), "timeZone": "UTC",
                                                   "userId": user})
    building = await _ok(world, "/site/building/insert", {"siteId": site["siteId"], "buildingName": "Tower"})
    spare_building = await _ok(world, "/site/building/insert", {"siteId": site["siteId"], "buildingName": "Annex"})
    floor = await _ok(world, "/site/floor/insert", {
        "buildingId": building["buildingId"], "floorName": "Ground", "maps": [{"deviceId": world.ids["d.device"],
                                                                              "mapName": MAP}],
        "elevatorIds": [world.ids["d.elevator"]]})
    spare_floor = await _ok(world, "/site/floor/insert", {"buildingId": building["buildingId"], "floorName": "Roof"})
    await _ok(world, "/site/robot/assign", {"siteId": site["siteId"], "deviceIds": [world.ids["d.device"]]})
    plan = {"siteId": site["siteId"], "floorId": floor["floorId"], "weekdays": [1, 2, 3, 4, 5],
            "windowStart": "06:00", "windowEnd": "08:00", **JANUARY}
    item = await _ok(world, "/site/plan/insert", plan)
    spare_item = await _ok(world, "/site/plan/insert", plan)
    world.ids.update({"s.site": site["siteId"], "s.spareSite": spare_site["siteId"],
                      "s.building": building["buildingId"], "s.spareBuilding": spare_building["buildingId"],
                      "s.floor": floor["floorId"], "s.spareFloor": spare_floor["floorId"],
                      "s.item": item["planItemId"], "s.spareItem": spare_item["planItemId"]})


register_world_builder(build_site_world)


def _site(w: World) -> dict[str, Any]:
    return {"siteId": w.ids["s.site"]}


def _report_file(kind: str) -> Any:
    """The report's file download: a file answer reads as success, a refusal is its envelope."""

    async def send(api: Api, w: World) -> Answer:
        response = await api.client.post(f"/api/site/report/{kind}", json={**_site(w), "period": "month",
                                                                            "day": "2025-01-15"},
                                         headers=api.headers())
        if response.headers["content-type"].startswith("application/json"):
            return Answer(response.status_code, response.json())
        return Answer(response.status_code, {"message": {"code": 0, "message": "a file"}, "data": None})

    return send


async def _send_now(api: Api, w: World) -> Answer:
    """"Send now" to oneself: the matrix's server has no mail server, so the rightful caller's answer is the refusal
    naming ``to`` that comes after every permission and scope check (tests/sites/test_report_send.py sends for real
    through an SMTP server)."""
    answer = await api.call("/site/report/send", {**_site(w), "to": "me"})
    if answer.code == Code.CONFLICT and answer.field == "to":
        return Answer(200, {"message": {"code": 0, "message": "checked up to the mail server"}, "data": None})
    return answer


register(
    Entry("/api/site/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/site/options", not_applicable={"other_branch": OWN, "lower_level": OWN}),
    Entry("/api/site/detail", _site),
    Entry("/api/site/insert", lambda w: {"siteName": fresh_name("New "), "timeZone": "Europe/Paris",
                                         "userId": w.id("user")}),
    Entry("/api/site/update", lambda w: {**_site(w), "address": "2 Harbour Road"}),
    Entry("/api/site/delete", lambda w: {"siteId": w.ids["s.spareSite"]}, last=2),
    Entry("/api/site/building/insert", lambda w: {**_site(w), "buildingName": fresh_name("Wing ")}),
    Entry("/api/site/building/update", lambda w: {"buildingId": w.ids["s.building"],
                                                  "buildingName": fresh_name("Tower ")}),
    Entry("/api/site/building/delete", lambda w: {"buildingId": w.ids["s.spareBuilding"]}, last=1),
    Entry("/api/site/floor/insert", lambda w: {"buildingId": w.ids["s.building"], "floorName": fresh_name("F"),
                                               "level": 3}),
    Entry("/api/site/floor/update", lambda w: {"floorId": w.ids["s.floor"], "level": 2}),
    Entry("/api/site/floor/delete", lambda w: {"floorId": w.ids["s.spareFloor"]}, last=1),
    Entry("/api/site/robot/assign", lambda w: {**_site(w), "deviceIds": [w.ids["d.second"]]}),
    Entry("/api/site/robot/unassign", lambda w: {**_site(w), "deviceIds": [w.ids["d.second"]]}, last=1),
    Entry("/api/site/robot/history", _site),
    Entry("/api/site/plan/list", _site),
    Entry("/api/site/plan/insert", lambda w: {**_site(w), "floorId": w.ids["s.floor"], "weekdays": [6],
                                              "windowStart": "09:00", "windowEnd": "10:00", **JANUARY}),
    Entry("/api/site/plan/update", lambda w: {"planItemId": w.ids["s.item"], "runsPerDay": 2}),
    Entry("/api/site/plan/delete", lambda w: {"planItemId": w.ids["s.spareItem"]}, last=1),
    Entry("/api/site/plan/coverage", lambda w: {**_site(w), "day": "2025-01-06"}),
    Entry("/api/site/plan/calendar", lambda w: {**_site(w), "day": "2025-01-06", "period": "week"}),
    Entry("/api/site/actual/summary", lambda w: {"userId": w.id("user"), "period": "month", "day": "2025-01-15"}),
    Entry("/api/site/actual/detail", lambda w: {**_site(w), "period": "month", "day": "2025-01-15"}),
    Entry("/api/site/coverage/floor", lambda w: {"floorId": w.ids["s.floor"], **HEAT_PERIOD}),
    Entry("/api/site/coverage/map", lambda w: {"deviceId": w.ids["d.device"], "mapName": MAP, **HEAT_PERIOD}),
    Entry("/api/site/report/pdf", send=_report_file("pdf")),
    Entry("/api/site/report/xlsx", send=_report_file("xlsx")),
    Entry("/api/site/report/schedule/get", _site),
    Entry("/api/site/report/send", send=_send_now),
    Entry("/api/site/report/schedule/set", lambda w: {**_site(w), "enabled": True, "period": "month",
                                                      "recipients": [{"email": "site@example.com",
                                                                      "language": "en"}]}),
    Entry("/api/site/availability/get", lambda w: {**_site(w), **HEAT_PERIOD}),
    Entry("/api/site/availability/table", lambda w: {"userId": w.id("user"), "day": "2025-01-15"}),
    Entry("/api/site/availability/targets/set", lambda w: {**_site(w), "availability": 950, "ackMinutes": 30}),
)
