"""An alarm that needs a person opens one incident per robot and problem; repeats join it; the robot's clear closes
nothing; acknowledged (who, when), then resolved with a cause and a note, or closed as noise; the refusals name
their field and change nothing."""

from datetime import timedelta

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from tests.incidents.helpers import STUCK, incidents_of, robot_alarm


async def test_a_stuck_robot_opens_one_incident_and_repeats_join_it(app, branch):
    robot = branch["robot"]
    t0 = utcnow() - timedelta(minutes=5)
    first = await robot_alarm(app, robot, at=t0)
    await robot_alarm(app, robot, at=t0 + timedelta(minutes=1))
    await robot_alarm(app, robot, "clear", at=t0 + timedelta(minutes=2), robot_alarm_id=first)
    [incident] = await incidents_of(app, robot)
    assert (incident.key, incident.code, incident.state, incident.urgency) == (*STUCK, "open", "high")
    assert incident.alarm_count == 2 and incident.cleared_at is not None  # the clear is noted, closes nothing
    assert incident.owner_id == branch["customer"].id
    assert incident.level == 0 and incident.level_at is not None  # level 0 told when it opened (issue 49 item 4)
    listed = await branch["api"].call("/incident/list", {"state": ["open"], "deviceId": robot.id})
    assert listed.code == 0, listed.body
    assert [i["incidentId"] for i in listed.data["list"]] == [incident.id]
    assert listed.data["list"][0]["deviceSerialNumber"] == robot.serial_number


async def test_a_reminder_or_a_harmless_alarm_opens_no_incident(app, branch):
    await robot_alarm(app, branch["robot"], key="low_battery", code="")
    await robot_alarm(app, branch["robot"], key="network_abnormal", code="")
    assert await incidents_of(app, branch["robot"]) == []


async def test_acknowledge_once_then_resolve_with_cause_and_note(app, branch):
    await robot_alarm(app, branch["robot"])
    [incident] = await incidents_of(app, branch["robot"])
    api = branch["customer_api"]
    acked = await api.call("/incident/acknowledge", {"incidentId": incident.id})
    assert acked.code == 0, acked.body
    assert acked.data["state"] == "acknowledged" and acked.data["acknowledgedBy"] == "Test user"
    assert acked.data["acknowledgedVia"] == "console" and acked.data["nextStepAt"] is None
    again = await branch["api"].call("/incident/acknowledge", {"incidentId": incident.id})
    assert (again.code, again.field) == (Code.CONFLICT, "incidentId")
    [after] = await incidents_of(app, branch["robot"])
    assert after.acknowledged_by == branch["customer"].id  # nothing changed
    resolved = await api.call("/incident/resolve", {"incidentId": incident.id, "cause": "stuck",
                                                    "note": "moved a chair"})
    assert resolved.code == 0, resolved.body
    assert (resolved.data["state"], resolved.data["cause"], resolved.data["note"]) == ("resolved", "stuck",
                                                                                       "moved a chair")
    assert resolved.data["resolveSeconds"] is not None
    closed = await api.call("/incident/close", {"incidentId": incident.id})
    assert (closed.code, closed.field) == (Code.CONFLICT, "incidentId")
    # the same problem again: a new incident
    await robot_alarm(app, branch["robot"])
    assert [i.state for i in await incidents_of(app, branch["robot"])] == ["resolved", "open"]


async def test_closed_as_noise_acknowledges_and_is_not_measured(app, branch):
    await robot_alarm(app, branch["robot"], key="emergency_stop", code="")
    [incident] = await incidents_of(app, branch["robot"])
    closed = await branch["api"].call("/incident/close", {"incidentId": incident.id, "note": "a test press"})
    assert closed.code == 0, closed.body
    assert closed.data["state"] == "closed" and closed.data["resolveSeconds"] is None
    assert closed.data["acknowledgedAt"] is not None and closed.data["ackSeconds"] is not None


async def test_bad_input_and_another_branch_are_refused_naming_the_field(app, branch, make_user, signed_in):
    await robot_alarm(app, branch["robot"])
    [incident] = await incidents_of(app, branch["robot"])
    other, password = await make_user(2, roles=[branch_role()])
    stranger = await signed_in(other, password)
    for path in ("/incident/acknowledge", "/incident/detail"):
        answer = await stranger.call(path, {"incidentId": incident.id})
        assert (answer.code, answer.field) == (Code.NOT_FOUND, "incidentId"), path
    bad = await branch["api"].call("/incident/resolve", {"incidentId": incident.id, "cause": "gremlins"})
    assert (bad.code, bad.field) == (Code.BAD_PARAMETER, "cause")
    [after] = await incidents_of(app, branch["robot"])
    assert after.state == "open" and after.acknowledged_at is None


def branch_role() -> int:
    from cleanfleet.roles.catalogue import ROLE_DEALER

    return ROLE_DEALER


async def test_detail_tells_the_whole_story_and_the_count_follows(app, branch):
    robot = branch["robot"]
    before = (await branch["api"].call("/incident/count", {})).data
    first = await robot_alarm(app, robot)
    await robot_alarm(app, robot, "clear", robot_alarm_id=first)
    await robot_alarm(app, robot)
    [incident] = await incidents_of(app, robot)
    count = await branch["api"].call("/incident/count", {})
    assert count.data["open"] == before["open"] + 1
    await branch["api"].call("/incident/acknowledge", {"incidentId": incident.id})
    detail = await branch["api"].call("/incident/detail", {"incidentId": incident.id})
    assert detail.code == 0, detail.body
    kinds = [item["kind"] for item in detail.data["timeline"]]
    assert [kind for kind in kinds if kind != "sent"] == ["opened", "cleared", "alarm", "acknowledged"]
    assert "sent" in kinds  # level 0 was told when the incident opened (issue 49 item 4)
    assert detail.data["policy"]["levels"][0] == {"up": 0, "waitMinutes": 0}
    by_alarm = await branch["api"].call("/incident/list", {"warnId": detail.data["timeline"][0]["alarmId"]})
    assert [i["incidentId"] for i in by_alarm.data["list"]] == [incident.id]
