"""Robot health against peers: a fleet with a fixed clock, the scan run as the leader runs it, the calls as the
console makes them (both databases: CLEANFLEET_TEST_DB_URL)."""

from cleanfleet.core.codes import Code
from cleanfleet.health.scan import compute
from tests.health.conftest import NOW

WINDOW = "startDate=2026-03-02&endDate=2026-03-31"


async def _scanned(app):
    async with app.state.db.sessions() as db:
        return await compute(db, NOW)


async def test_a_robot_whose_alarms_triple_is_flagged_with_that_reason(app, fleet):
    await _scanned(app)
    rising = fleet["robots"][7]
    answer = await fleet["dealer"].call("/robothealth/device", {"deviceId": rising.id})
    assert answer.code == 0, answer.body
    health = answer.data["health"]
    assert health["grade"] == "D"  # two drifts: against its peers and against itself
    by = {(r["indicator"], r["against"]): r for r in health["reasons"]}
    assert set(by) == {("alarms", "peers"), ("alarms", "self")}
    assert by[("alarms", "self")]["value"] == 1.5 and by[("alarms", "self")]["reference"] == 0.5
    assert by[("alarms", "peers")]["level"] == "drift" and by[("alarms", "peers")]["reference"] == 0.5
    assert by[("alarms", "peers")]["link"] == f"/device/warn?deviceId={rising.id}&{WINDOW}"
    alarms = next(i for i in health["indicators"] if i["indicator"] == "alarms")
    assert (alarms["value"], alarms["previous"], alarms["state"]) == (1.5, 0.5, "drift")
    assert health["peerBasis"] == "map" and health["peers"] == 6  # the large-map robot is not among them
    assert (health["windowStart"], health["windowEnd"]) == ("2026-03-02", "2026-03-31")
    # the runs' evidence is the window's last week: the task report list reads at most 7 days
    runs = {i["indicator"]: i for i in health["indicators"]}["efficiency"]
    assert runs["link"] == f"/device/report?deviceId={rising.id}&startDate=2026-03-25&endDate=2026-03-31"


async def test_a_robot_like_its_peers_is_a_and_its_figures_are_the_stored_ones(app, fleet):
    await _scanned(app)
    answer = await fleet["dealer"].call("/robothealth/device", {"deviceId": fleet["robots"][3].id})
    health = answer.data["health"]
    assert health["grade"] == "A" and health["reasons"] == []
    figures = {i["indicator"]: i for i in health["indicators"]}
    assert figures["efficiency"]["value"] == 910.0  # 910 m² cleaned in each one-hour run
    assert figures["coverage"]["value"] == 91.0
    assert figures["alarms"]["value"] == 0.5  # 15 alarms in 30 run hours
    assert figures["online"]["value"] == 100.0
    assert figures["charging"]["value"] == 0.0
    assert figures["efficiency"]["peerLow"] < 910.0 < figures["efficiency"]["peerHigh"]
    assert all(i["state"] == "ok" for i in health["indicators"])


async def test_too_few_peers_is_said(app, fleet):
    await _scanned(app)
    rare = await fleet["dealer"].call("/robothealth/device", {"deviceId": fleet["rare"][0].id})
    assert rare.data["health"]["peerBasis"] == "none" and rare.data["health"]["peers"] == 1
    assert all(i["peerMedian"] is None for i in rare.data["health"]["indicators"])
    large = await fleet["dealer"].call("/robothealth/device", {"deviceId": fleet["robots"][6].id})
    assert large.data["health"]["peerBasis"] == "type"  # alone on a large map: the robots of its type
    assert large.data["health"]["areaBucket"] == "large" and large.data["health"]["peers"] == 7


async def test_the_fleet_view_lists_the_drifting_first_with_counts_and_a_grade_filter(app, fleet):
    await _scanned(app)
    user_id = fleet["customer"].id
    page = await fleet["dealer"].call("/robothealth/list", {"userId": user_id, "pageSize": 5})
    assert page.code == 0, page.body
    assert page.data["total"] == 10 and len(page.data["list"]) == 5
    assert page.data["list"][0]["deviceId"] == fleet["robots"][7].id
    assert page.data["list"][0]["reasons"][0]["indicator"] == "alarms"
    assert page.data["counts"] == {"A": 9, "B": 0, "C": 0, "D": 1}
    only_a = await fleet["dealer"].call("/robothealth/list", {"userId": user_id, "grade": ["A"], "pageSize": 200})
    assert only_a.data["total"] == 9
    assert fleet["robots"][7].id not in {r["deviceId"] for r in only_a.data["list"]}


async def test_a_rescan_follows_the_data(app, fleet, db):
    await _scanned(app)
    from tests.health.conftest import history
    await history(db, fleet["rare"][1], alarms_now=3)  # its alarms of the window now 4 a day every other day
    await _scanned(app)
    answer = await fleet["dealer"].call("/robothealth/device", {"deviceId": fleet["rare"][1].id})
    reasons = answer.data["health"]["reasons"]
    assert [(r["indicator"], r["against"]) for r in reasons] == [("alarms", "self")]  # no peers to compare with


async def test_another_branch_is_refused(app, fleet):
    await _scanned(app)
    other = fleet["other"]
    robot = await other.call("/robothealth/device", {"deviceId": fleet["robots"][0].id})
    assert (robot.code, robot.field) == (Code.NOT_FOUND, "deviceId")
    page = await other.call("/robothealth/list", {"userId": fleet["customer"].id})
    assert page.field == "userId" and page.code != 0
    own = await other.call("/robothealth/list", {})
    assert own.code == 0 and fleet["robots"][0].id not in {r["deviceId"] for r in own.data["list"]}


async def test_bad_input_is_refused_naming_the_field(fleet):
    dealer = fleet["dealer"]
    for body, field in (({"grade": ["E"]}, "grade.0"), ({"pageSize": 201}, "pageSize"), ({"currentPage": 0},
                        "currentPage"), ({"grade": ["A", "B", "C", "D", "A"]}, "grade"), ({"userId": 0}, "userId")):
        answer = await dealer.call("/robothealth/list", body)
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, field), body
    answer = await dealer.call("/robothealth/device", {"deviceId": "x"})
    assert (answer.code, answer.field) == (Code.BAD_PARAMETER, "deviceId")


async def test_a_robot_not_scanned_yet_says_so(app, fleet, db):
    await _scanned(app)
    from tests.health.conftest import robot
    late = await robot(db, fleet["customer"], fleet["robots"][0].type_id, "Late")
    await db.commit()
    answer = await fleet["dealer"].call("/robothealth/device", {"deviceId": late.id})
    assert answer.data == {"computed": False, "health": None}
