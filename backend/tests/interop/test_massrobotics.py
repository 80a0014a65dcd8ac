"""The MassRobotics AMR interoperability export: documents valid against the standard's schema, the caller's
subtree only, alarms as error codes, the robot's state as the standard's operational state, paging bounds."""

import math
import uuid

import pytest

from cleanfleet.core.codes import Code
from cleanfleet.devices.models import DeviceState
from cleanfleet.interop import massrobotics
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.interop.helpers import assert_valid, raise_alarm, robot

IDENTITY = "/integration/massrobotics/identity"
STATUS = "/integration/massrobotics/status"


@pytest.fixture
async def fleet(db, make_user, signed_in):
    """A dealer above a customer with three robots (working with an alarm, offline, never reported), and another
    dealer with a robot of its own."""
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, _ = await make_user(3, parent=dealer, roles=[ROLE_USER])
    other, other_pw = await make_user(2, roles=[ROLE_DEALER])
    working = await robot(db, customer, online=True, battery=76, charging=False, mode="cleaning",
                          map_name="lobby-1F", task_name="Morning sweep", pose_x=3.5, pose_y=-1.25,
                          pose_yaw=math.pi / 2)
    await raise_alarm(db, working, "replan_failed", "0x0205")
    offline = await robot(db, customer, online=False, battery=12, map_name="lobby-1F", pose_x=1.0, pose_y=2.0,
                          pose_yaw=0.0)
    silent = await robot(db, customer)
    elsewhere = await robot(db, other, online=True, battery=50, map_name="mall")
    return {"api": await signed_in(dealer, dealer_pw), "other_api": await signed_in(other, other_pw),
            "customer": customer, "other": other, "working": working, "offline": offline, "silent": silent,
            "elsewhere": elsewhere}


def _by_uuid(answer) -> dict[str, dict]:
    assert answer.code == 0, answer.body
    return {report["uuid"]: report for report in answer.data["list"]}


async def test_identity_reports_validate_and_cover_the_branch_only(fleet):
    answer = await fleet["api"].call(IDENTITY, {"userId": fleet["customer"].id})
    reports = _by_uuid(answer)
    assert answer.data["total"] == 3 and answer.data["pageSize"] == 100
    assert_valid("identityReport", answer.data["list"])
    working = reports[massrobotics.robot_uuid(fleet["working"].serial_number)]
    assert working["robotSerialNumber"] == fleet["working"].serial_number
    assert working["robotModel"] == "Link test model" and working["manufacturerName"] == "cleanfleet"
    assert working["baseRobotEnvelope"] == {"x": 0.8, "y": 0.8, "z": 1.2}
    assert massrobotics.robot_uuid(fleet["elsewhere"].serial_number) not in reports
    # the uuid is a UUIDv5 of the serial: stable, and computable by the building system
    assert uuid.UUID(working["uuid"]).version == 5


async def test_status_reports_validate_with_state_location_battery_and_errors(fleet):
    answer = await fleet["api"].call(STATUS, {"userId": fleet["customer"].id})
    reports = _by_uuid(answer)
    assert_valid("statusReport", answer.data["list"])
    working = reports[massrobotics.robot_uuid(fleet["working"].serial_number)]
    assert working["operationalState"] == "navigating"
    assert working["batteryPercentage"] == 76
    assert working["errorCodes"] == ["replan_failed"]
    location = working["location"]
    assert (location["x"], location["y"]) == (3.5, -1.25)
    assert location["angle"] == {"x": 0.0, "y": 0.0, "z": 0.707107, "w": 0.707107}  # a quarter turn about z
    assert location["planarDatum"] == massrobotics.datum_uuid(fleet["working"].serial_number, "lobby-1F")

    offline = reports[massrobotics.robot_uuid(fleet["offline"].serial_number)]
    assert offline["operationalState"] == "offline" and "errorCodes" not in offline
    assert (offline["location"]["x"], offline["location"]["y"]) == (1.0, 2.0)  # where it was last seen
    silent = reports[massrobotics.robot_uuid(fleet["silent"].serial_number)]
    assert silent["operationalState"] == "offline" and "batteryPercentage" not in silent


async def test_another_branch_sees_none_of_them_and_cannot_ask_for_them(fleet):
    own = _by_uuid(await fleet["other_api"].call(STATUS, {}))
    assert set(own) == {massrobotics.robot_uuid(fleet["elsewhere"].serial_number)}
    for path in (IDENTITY, STATUS):
        answer = await fleet["other_api"].call(path, {"userId": fleet["customer"].id})
        assert answer.code in (Code.NOT_FOUND, Code.NO_PERMISSION) and answer.field == "userId"


async def test_pages_are_bounded_and_walk_the_fleet(fleet):
    for size in (0, 501, "many"):
        answer = await fleet["api"].call(STATUS, {"pageSize": size})
        assert answer.code == Code.BAD_PARAMETER and answer.field == "pageSize", answer.body
    answer = await fleet["api"].call(STATUS, {"currentPage": 0})
    assert answer.code == Code.BAD_PARAMETER and answer.field == "currentPage"
    seen = []
    for page in (1, 2, 3, 4):
        answer = await fleet["api"].call(STATUS, {"userId": fleet["customer"].id, "pageSize": 1, "currentPage": page})
        assert answer.data["total"] == 3
        seen += [report["uuid"] for report in answer.data["list"]]
    assert len(seen) == len(set(seen)) == 3


@pytest.mark.parametrize(("state", "expected"), [
    (None, "offline"),
    (DeviceState(online=False, charging=True, task_name="x"), "offline"),
    (DeviceState(online=True, mode="emergency_stop", task_name="x"), "disabled"),
    (DeviceState(online=True, mode="brake"), "disabled"),
    (DeviceState(online=True, mode="manual"), "manualOverride"),
    (DeviceState(online=True, charging=True, mode="idle"), "charging"),
    (DeviceState(online=True, mode="pause", task_name="Night"), "waitingHumanEvent"),
    (DeviceState(online=True, mode="quiet", task_name="Night"), "navigating"),
    (DeviceState(online=True, mode="idle", task_name=""), "idle"),
])
def test_operational_state(state, expected):
    assert massrobotics.operational_state(state) == expected


def test_the_schema_refuses_what_the_standard_does():
    """The test schema bites: a state outside the enum, an unknown key, a null, a local time without a zone."""
    good = {"uuid": massrobotics.robot_uuid("SN1"), "timestamp": "2026-01-02T03:04:05.000Z",
            "operationalState": "idle", "location": {"x": 0.0, "y": 0.0, "angle": massrobotics.heading(0.0),
                                                      "planarDatum": massrobotics.datum_uuid("SN1", "")}}
    assert_valid("statusReport", [good])
    for bad in ({**good, "operationalState": "working"}, {**good, "mode": "cleaning"},
                {**good, "batteryPercentage": None}, {**good, "timestamp": "2026-01-02 03:04:05"},
                {**good, "uuid": good["uuid"].upper()}):
        with pytest.raises(AssertionError):
            assert_valid("statusReport", [bad])
