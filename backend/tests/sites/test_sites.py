"""Sites, buildings, floors and the robots at them, from the users' side: what is kept and shown, the refusals
(each naming the field, nothing stored), and the branch scope."""

import pytest
from sqlalchemy import func, select

from cleanfleet.core.codes import Code
from cleanfleet.sites.models import Site, SiteFloor, SiteFloorMap
from tests.permission_matrix import fresh_name
from tests.sites.conftest import a_site, ok


async def test_a_site_holds_buildings_floors_and_robots_and_lists_in_its_branch(branch):
    made = await a_site(branch.dealer, branch, robots=("Scrubber", "Sweeper"))
    lift = await ok(branch.dealer, "/elevator/insertElevator", {"elevatorName": fresh_name("Lift "),
                                                               "buildingName": "Tower A",
                                                               "userId": branch.customer_user.id})
    second = await ok(branch.dealer, "/site/floor/insert", {
        "buildingId": made["buildingId"], "floorName": "First", "level": 2,
        "maps": [{"deviceId": branch.robots["Scrubber"], "mapName": "lobby"}], "elevatorIds": [lift["elevatorId"]]})
    assert second["maps"][0]["deviceSerialNumber"] == branch.serials["Scrubber"]
    assert second["elevators"] == [{"elevatorId": lift["elevatorId"], "elevatorName": lift["elevatorName"]}]

    detail = await ok(branch.customer, "/site/detail", {"siteId": made["siteId"]})
    assert detail["timeZone"] == "Asia/Shanghai" and detail["userId"] == branch.customer_user.id
    assert (detail["buildingCount"], detail["floorCount"], detail["robotCount"]) == (1, 2, 2)
    floors = detail["buildings"][0]["floors"]
    assert [f["floorName"] for f in floors] == ["Ground", "First"]
    assert {m["deviceId"] for m in floors[0]["maps"]} == {branch.robots["Scrubber"], branch.robots["Sweeper"]}
    assert {r["deviceId"] for r in detail["robots"]} == {branch.robots["Scrubber"], branch.robots["Sweeper"]}

    listed = await ok(branch.dealer, "/site/list", {"siteName": "harbour"})
    assert [s["siteId"] for s in listed["list"]] == [made["siteId"]]
    assert [s["siteId"] for s in await ok(branch.customer, "/site/options", {})] == [made["siteId"]]
    assert (await ok(branch.other, "/site/list", {}))["total"] == 0


async def test_another_branch_gets_not_found_and_changes_nothing(branch, db):
    made = await a_site(branch.dealer, branch)
    before = await db.scalar(select(Site.name).where(Site.id == made["siteId"]))
    for path, body, field in (
        ("/site/detail", {"siteId": made["siteId"]}, "siteId"),
        ("/site/update", {"siteId": made["siteId"], "siteName": "Taken over"}, "siteId"),
        ("/site/delete", {"siteId": made["siteId"]}, "siteId"),
        ("/site/building/insert", {"siteId": made["siteId"], "buildingName": "Annex"}, "siteId"),
        ("/site/building/update", {"buildingId": made["buildingId"], "buildingName": "Annex"}, "buildingId"),
        ("/site/floor/update", {"floorId": made["floorId"], "level": 9}, "floorId"),
        ("/site/floor/delete", {"floorId": made["floorId"]}, "floorId"),
        ("/site/robot/unassign", {"siteId": made["siteId"], "deviceIds": [branch.robots["Scrubber"]]}, "siteId"),
        ("/site/robot/history", {"siteId": made["siteId"]}, "siteId"),
    ):
        answer = await branch.other.call(path, body)
        assert (answer.code, answer.field) == (Code.NOT_FOUND, field), (path, answer.body)
    assert await db.scalar(select(Site.name).where(Site.id == made["siteId"])) == before
    assert (await ok(branch.dealer, "/site/detail", {"siteId": made["siteId"]}))["robotCount"] == 1


async def test_a_customer_outside_the_subtree_is_refused_naming_it(branch, db):
    count = await db.scalar(select(func.count(Site.id)))
    answer = await branch.other.call("/site/insert", {"siteName": "Mine", "timeZone": "UTC",
                                                      "userId": branch.customer_user.id})
    assert (answer.code, answer.field) == (Code.NOT_FOUND, "userId")
    above = await branch.customer.call("/site/insert", {"siteName": "Mine", "timeZone": "UTC",
                                                        "userId": branch.dealer_user.id})
    assert (above.code, above.field) == (Code.NO_PERMISSION, "userId")
    assert await db.scalar(select(func.count(Site.id))) == count


@pytest.mark.parametrize(("body", "field"), [
    ({"timeZone": "Mars/Olympus"}, "timeZone"),
    ({"timeZone": "Asia/Shanghai\x00"}, "timeZone"),
    ({"timeZone": ""}, "timeZone"),
    ({"siteName": " "}, "siteName"),
    ({"siteName": "x" * 65}, "siteName"),
    ({"address": "x" * 256}, "address"),
    ({"userId": 2**31}, "userId"),
])
async def test_a_bad_site_is_refused_naming_the_field(branch, db, body, field):
    count = await db.scalar(select(func.count(Site.id)))
    answer = await branch.dealer.call("/site/insert", {"siteName": fresh_name("Mall "), "timeZone": "Europe/Paris",
                                                       **body})
    assert (answer.code, answer.field) == (Code.BAD_PARAMETER, field), answer.body
    assert await db.scalar(select(func.count(Site.id))) == count


async def test_an_unknown_time_zone_is_refused_in_the_callers_language(branch):
    body = {"siteName": "Mall", "timeZone": "Mars/Olympus"}
    chinese = await branch.dealer.call("/site/insert", body, headers={"language": "zh-CN"})
    assert chinese.message == "Mars/Olympus 不是已知的时区（请使用 IANA 名称，如 Asia/Shanghai）"
    english = await branch.dealer.call("/site/insert", body, headers={"language": "en"})
    assert english.message == "Mars/Olympus is not a known time zone (use an IANA name such as Europe/Paris)"


async def test_names_are_unique_where_they_live_and_edits_change_only_what_is_sent(branch):
    made = await a_site(branch.dealer, branch)
    name = (await ok(branch.dealer, "/site/detail", {"siteId": made["siteId"]}))["siteName"]
    again = await branch.dealer.call("/site/insert", {"siteName": name, "timeZone": "UTC",
                                                      "userId": branch.customer_user.id})
    assert (again.code, again.field) == (Code.ALREADY_EXISTS, "siteName")
    mine = await branch.dealer.call("/site/insert", {"siteName": name, "timeZone": "UTC"})  # the dealer's own
    assert mine.code == 0, mine.body
    twin = await branch.dealer.call("/site/building/insert", {"siteId": made["siteId"], "buildingName": "Tower A"})
    assert (twin.code, twin.field) == (Code.ALREADY_EXISTS, "buildingName")
    floor = await branch.dealer.call("/site/floor/insert", {"buildingId": made["buildingId"], "floorName": "Ground"})
    assert (floor.code, floor.field) == (Code.ALREADY_EXISTS, "floorName")
    edited = await ok(branch.dealer, "/site/update", {"siteId": made["siteId"], "timeZone": "Europe/Paris"})
    assert edited["timeZone"] == "Europe/Paris" and edited["siteName"] == name and edited["address"] == "1 Harbour Road"


@pytest.mark.parametrize(("entry", "field"), [
    ({"robot": "Stranger", "mapName": "hall"}, "maps.0.deviceId"),  # another branch's robot: not found
    ({"robot": "Scrubber", "mapName": "attic"}, "maps.0.mapName"),  # a map the robot does not have
    ({"robot": "Scrubber", "mapName": "x" * 129}, "maps.0.mapName"),
    ({"deviceId": 2**31, "mapName": "hall"}, "maps.0.deviceId"),
])
async def test_a_floor_tied_to_a_wrong_robot_or_map_is_refused_naming_the_entry(branch, db, entry, field):
    made = await a_site(branch.dealer, branch, robots=())
    device = branch.robots[entry["robot"]] if "robot" in entry else entry["deviceId"]
    count = await db.scalar(select(func.count(SiteFloor.id)))
    answer = await branch.dealer.call("/site/floor/insert", {
        "buildingId": made["buildingId"], "floorName": "Upper", "maps": [{"deviceId": device,
                                                                         "mapName": entry["mapName"]}]})
    assert answer.code in (Code.BAD_PARAMETER, Code.NOT_FOUND) and answer.field == field, answer.body
    assert await db.scalar(select(func.count(SiteFloor.id))) == count


async def test_a_map_lies_on_one_floor_and_a_robot_of_the_dealer_is_not_the_customers(branch, admin, db):
    made = await a_site(branch.dealer, branch)
    taken = await branch.dealer.call("/site/floor/insert", {
        "buildingId": made["buildingId"], "floorName": "Upper",
        "maps": [{"deviceId": branch.robots["Sweeper"], "mapName": "lobby"},
                 {"deviceId": branch.robots["Scrubber"], "mapName": "hall"}]})
    assert (taken.code, taken.field) == (Code.BAD_PARAMETER, "maps.1.mapName"), taken.body
    assert "Ground" in taken.message
    twice = await branch.dealer.call("/site/floor/update", {"floorId": made["floorId"], "maps": [
        {"deviceId": branch.robots["Sweeper"], "mapName": "lobby"},
        {"deviceId": branch.robots["Sweeper"], "mapName": "lobby"}]})
    assert (twice.code, twice.field) == (Code.BAD_PARAMETER, "maps.1.mapName")
    from tests.sites.conftest import add_robot

    dealers_own, _ = await add_robot(admin, db, branch.dealer_user.id, "Demo unit")
    outside = await branch.dealer.call("/site/floor/update", {"floorId": made["floorId"], "maps": [
        {"deviceId": dealers_own, "mapName": "hall"}]})
    assert (outside.code, outside.field) == (Code.BAD_PARAMETER, "maps.0.deviceId"), outside.body
    pairs = await db.scalar(select(func.count(SiteFloorMap.id)).where(SiteFloorMap.floor_id == made["floorId"]))
    assert pairs == 1  # the floor kept its one map
    assign = await branch.dealer.call("/site/robot/assign", {"siteId": made["siteId"], "deviceIds": [dealers_own]})
    assert (assign.code, assign.field) == (Code.BAD_PARAMETER, "deviceIds")


async def test_an_elevator_of_another_branch_is_refused_naming_it(branch, make_user):
    made = await a_site(branch.dealer, branch)
    theirs = await ok(branch.other, "/elevator/insertElevator", {"elevatorName": fresh_name("Lift "),
                                                                "buildingName": "Elsewhere"})
    answer = await branch.dealer.call("/site/floor/update", {"floorId": made["floorId"],
                                                             "elevatorIds": [theirs["elevatorId"]]})
    assert (answer.code, answer.field) == (Code.NOT_FOUND, "elevatorIds.0")
    sibling, _ = await make_user(3, parent=branch.dealer_user)  # the dealer sees it, but it is not the customer's
    beside = await ok(branch.dealer, "/elevator/insertElevator", {"elevatorName": fresh_name("Lift "),
                                                                  "buildingName": "Next door", "userId": sibling.id})
    refused = await branch.dealer.call("/site/floor/update", {"floorId": made["floorId"],
                                                              "elevatorIds": [beside["elevatorId"]]})
    assert (refused.code, refused.field) == (Code.BAD_PARAMETER, "elevatorIds.0")
    dealers = await ok(branch.dealer, "/elevator/insertElevator", {"elevatorName": fresh_name("Lift "),
                                                                   "buildingName": "Tower A"})
    served = await ok(branch.dealer, "/site/floor/update", {"floorId": made["floorId"],
                                                            "elevatorIds": [dealers["elevatorId"]]})
    assert [e["elevatorId"] for e in served["elevators"]] == [dealers["elevatorId"]]
    assert len(served["maps"]) == 1  # maps not sent: kept
    resaved = await ok(branch.customer, "/site/floor/update", {"floorId": made["floorId"], "floorName": "Lobby",
                                                               "elevatorIds": [dealers["elevatorId"]]})
    assert [e["elevatorId"] for e in resaved["elevators"]] == [dealers["elevatorId"]]  # the dealer's, kept
    unseen = await branch.customer.call("/site/floor/update", {"floorId": made["floorId"],
                                                               "elevatorIds": [beside["elevatorId"]]})
    assert (unseen.code, unseen.field) == (Code.NOT_FOUND, "elevatorIds.0")


async def test_a_robot_is_at_one_site_at_a_time_and_its_stays_are_kept(branch):
    first = await a_site(branch.dealer, branch)
    second = await a_site(branch.dealer, branch, robots=())
    scrubber = branch.robots["Scrubber"]
    moved = await ok(branch.dealer, "/site/robot/assign", {"siteId": second["siteId"], "deviceIds": [scrubber]})
    assert moved["deviceIds"] == [scrubber]
    again = await ok(branch.dealer, "/site/robot/assign", {"siteId": second["siteId"], "deviceIds": [scrubber]})
    assert again["deviceIds"] == []
    assert (await ok(branch.dealer, "/site/detail", {"siteId": first["siteId"]}))["robotCount"] == 0
    stays = await ok(branch.customer, "/site/robot/history", {"deviceId": scrubber})
    assert [(s["siteId"], s["toTime"] is None) for s in stays["list"]] == [(second["siteId"], True),
                                                                         (first["siteId"], False)]
    assert stays["list"][1]["toTime"] == stays["list"][0]["fromTime"]
    gone = await ok(branch.dealer, "/site/robot/unassign", {"siteId": second["siteId"], "deviceIds": [scrubber]})
    assert gone["deviceIds"] == [scrubber]
    stranger = await branch.dealer.call("/site/robot/assign", {"siteId": second["siteId"],
                                                               "deviceIds": [branch.robots["Stranger"]]})
    assert (stranger.code, stranger.field) == (Code.NOT_FOUND, "deviceIds")
    nothing = await branch.dealer.call("/site/robot/history", {})
    assert (nothing.code, nothing.field) == (Code.BAD_PARAMETER, "siteId")


async def test_a_floor_with_plan_items_is_not_deleted_but_a_site_goes_whole(branch, db):
    made = await a_site(branch.dealer, branch)
    await ok(branch.dealer, "/site/plan/insert", {"siteId": made["siteId"], "floorId": made["floorId"],
                                                  "weekdays": [1], "windowStart": "08:00", "windowEnd": "09:00",
                                                  "validFrom": "2025-01-06", "validUntil": "2025-01-31"})
    for path, body in (("/site/floor/delete", {"floorId": made["floorId"]}),
                       ("/site/building/delete", {"buildingId": made["buildingId"]})):
        refused = await branch.dealer.call(path, body, headers={"language": "en"})
        assert (refused.code, refused.field) == (Code.CONFLICT, "floorId"), refused.body
        assert refused.message == "Floor Ground still has 1 plan items: delete them first"
    await ok(branch.dealer, "/site/delete", {"siteId": made["siteId"]})
    assert await db.scalar(select(func.count(SiteFloor.id)).where(SiteFloor.site_id == made["siteId"])) == 0
    gone = await branch.dealer.call("/site/detail", {"siteId": made["siteId"]})
    assert gone.code == Code.NOT_FOUND


async def test_a_deleted_customers_sites_go_to_the_heir(branch, admin, make_user, db):
    made = await a_site(branch.dealer, branch, robots=())
    heir, _ = await make_user(3, parent=branch.dealer_user)
    answer = await branch.dealer.call("/user/deleteUserInfo", {"userId": branch.customer_user.id,
                                                       "moveToUserId": heir.id})
    assert answer.code == 0, answer.body
    assert await db.scalar(select(Site.user_id).where(Site.id == made["siteId"])) == heir.id


async def test_a_robot_given_outside_the_sites_customer_leaves_the_site(branch, make_user):
    """The devices' DEVICE_OWNERS_CHANGED reaches sites (events.py): a robot given to a user under the site's
    customer stays; one given to another customer of the dealer leaves the site, and its stay ends."""
    made = await a_site(branch.dealer, branch, robots=("Scrubber", "Sweeper"))
    below, _ = await make_user(4, parent=branch.customer_user)
    sibling, _ = await make_user(3, parent=branch.dealer_user)
    for name, owner in (("Scrubber", below), ("Sweeper", sibling)):
        moved = await branch.dealer.call("/device/updateDeviceUserInfo", {"deviceId": branch.robots[name],
                                                                          "userId": owner.id})
        assert moved.code == 0, moved.body
    detail = await ok(branch.dealer, "/site/detail", {"siteId": made["siteId"]})
    assert [r["deviceId"] for r in detail["robots"]] == [branch.robots["Scrubber"]]
    history = await ok(branch.dealer, "/site/robot/history", {"siteId": made["siteId"]})
    ended = [stay for stay in history["list"] if stay["deviceId"] == branch.robots["Sweeper"]]
    assert len(ended) == 1 and ended[0]["toTime"] is not None


async def test_counts_and_list_sizes_are_bounded(branch, db):
    from cleanfleet.sites.service import MAX_BUILDINGS

    made = await a_site(branch.dealer, branch, robots=())
    for n in range(MAX_BUILDINGS - 1):
        await ok(branch.dealer, "/site/building/insert", {"siteId": made["siteId"], "buildingName": f"B{n}"})
    full = await branch.dealer.call("/site/building/insert", {"siteId": made["siteId"], "buildingName": "One more"},
                                    headers={"language": "en"})
    assert (full.code, full.field, full.message) == (Code.CONFLICT, "siteId", "A site holds at most 50 buildings")
    maps = [{"deviceId": branch.robots["Scrubber"], "mapName": f"m{n}"} for n in range(51)]
    many = await branch.dealer.call("/site/floor/insert", {"buildingId": made["buildingId"], "floorName": "Up",
                                                           "maps": maps})
    assert (many.code, many.field) == (Code.BAD_PARAMETER, "maps")
    lifts = await branch.dealer.call("/site/floor/update", {"floorId": made["floorId"],
                                                            "elevatorIds": list(range(1, 22))})
    assert (lifts.code, lifts.field) == (Code.BAD_PARAMETER, "elevatorIds")
    robots = await branch.dealer.call("/site/robot/assign", {"siteId": made["siteId"], "deviceIds": []})
    assert (robots.code, robots.field) == (Code.BAD_PARAMETER, "deviceIds")
    assert await db.scalar(select(func.count(SiteFloor.id)).where(SiteFloor.site_id == made["siteId"])) == 1
