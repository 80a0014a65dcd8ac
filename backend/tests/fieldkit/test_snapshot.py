"""The snapshot a phone keeps for the basement: the customer's site with today's windows and their states (one marked
by hand), its robots with their last state and site, its active incidents with the alarm's name in the reader's
language; nothing of another dealer's branch, nor of the site above a sub-user; each part only with its key; and a
cut list says so."""

import uuid

from cleanfleet.fieldkit import service
from cleanfleet.roles.catalogue import ROLE_USER
from tests.fieldkit.conftest import incident_of, today, utc_site
from tests.sites.conftest import add_robot, ok


async def test_the_customer_gets_its_site_robots_and_incidents(app, branch, db):
    made = await utc_site(branch, db, windowStart="00:00", windowEnd="24:00")
    day = today().date().isoformat()
    await ok(branch.customer, "/site/plan/byHand/mark", {"planItemId": made["planItemId"], "day": day})
    incident_id = await incident_of(app, db, branch.robots["Scrubber"])
    snapshot = await ok(branch.customer, "/field/snapshot", {}, headers={"language": "en"})

    assert snapshot["userId"] == branch.customer_user.id
    [site] = [s for s in snapshot["sites"] if s["siteId"] == made["siteId"]]
    assert site["day"] == day and site["timeZone"] == "UTC"
    [window] = site["windows"]
    assert (window["planItemId"], window["floorName"], window["areaName"]) == (made["planItemId"], "Ground",
                                                                               "Car park")
    assert (window["windowStart"], window["windowEnd"]) == ("00:00", "24:00")
    assert [(r["slot"], r["state"], r["byHand"]["markedBy"]) for r in window["runs"]] == [(1, "done", "Test user")]

    robots = {r["deviceId"]: r for r in snapshot["robots"]}
    assert set(robots) == {branch.robots["Scrubber"], branch.robots["Sweeper"]}
    assert robots[branch.robots["Scrubber"]]["siteId"] == made["siteId"]
    assert robots[branch.robots["Sweeper"]]["siteId"] is None and not robots[branch.robots["Sweeper"]]["online"]
    assert snapshot["robotCount"] == 2

    [incident] = snapshot["incidents"]
    assert (incident["incidentId"], incident["state"], incident["code"]) == (incident_id, "open", "replan_failed")
    assert incident["alarmText"] and incident["alarmText"] != "replan_failed"
    assert snapshot["incidentCount"] == 1
    chinese = await ok(branch.customer, "/field/snapshot", {}, headers={"language": "zh-CN"})
    assert chinese["incidents"][0]["alarmText"] != incident["alarmText"]


async def test_another_branch_and_a_sub_user_see_nothing_of_it(app, branch, db, make_user, signed_in):
    made = await utc_site(branch, db)
    await incident_of(app, db, branch.robots["Scrubber"])
    other = await ok(branch.other, "/field/snapshot", {})
    assert made["siteId"] not in {s["siteId"] for s in other["sites"]}
    assert not {branch.robots["Scrubber"], branch.robots["Sweeper"]} & {r["deviceId"] for r in other["robots"]}
    assert all(i["deviceId"] != branch.robots["Scrubber"] for i in other["incidents"])
    sub, password = await make_user(4, parent=branch.customer_user, roles=[ROLE_USER])
    below = await ok(await signed_in(sub, password), "/field/snapshot", {})
    assert (below["sites"], below["robots"], below["incidents"]) == ([], [], [])
    assert (below["siteCount"], below["robotCount"], below["incidentCount"]) == (0, 0, 0)


async def test_each_part_needs_its_key(app, admin, branch, db, make_user, signed_in):
    await utc_site(branch, db)
    await incident_of(app, db, branch.robots["Scrubber"])
    role = await ok(branch.dealer, "/user/role/insert", {"name": "Field only " + uuid.uuid4().hex[:6],
                                                         "keys": ["site/field", "incident/index"]})
    person, password = await make_user(3, parent=branch.dealer_user, roles=[role["id"]])
    robot, _serial = await add_robot(admin, db, person.id, "Own scrubber")
    incident_id = await incident_of(app, db, robot)
    snapshot = await ok(await signed_in(person, password), "/field/snapshot", {})
    assert (snapshot["sites"], snapshot["robots"], snapshot["robotCount"]) == ([], [], 0)  # no site, no robot key
    assert [i["incidentId"] for i in snapshot["incidents"]] == [incident_id]

    nothing = await ok(branch.dealer, "/user/role/insert", {"name": "No field " + uuid.uuid4().hex[:6],
                                                            "keys": ["index"]})
    viewer, viewer_password = await make_user(3, parent=branch.dealer_user, roles=[nothing["id"]])
    refused = await (await signed_in(viewer, viewer_password)).call("/field/snapshot", {})
    assert refused.code != 0


async def test_a_cut_list_says_how_many_there_are(app, branch, db, monkeypatch):
    await utc_site(branch, db)
    monkeypatch.setattr(service, "MAX_ROBOTS", 1)
    monkeypatch.setattr(service, "MAX_SITES", 0)
    snapshot = await ok(branch.customer, "/field/snapshot", {})
    assert (len(snapshot["robots"]), snapshot["robotCount"]) == (1, 2)
    assert (len(snapshot["sites"]), snapshot["siteCount"]) == (0, 1)
