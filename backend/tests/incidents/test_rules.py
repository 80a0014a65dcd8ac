"""A branch's rules (per alarm name: opens or not, urgency, escalation policy; the nearest branch's wins, else the
preset) and its duty (people, optionally a weekly rota); a policy with a loop or a zero interval and the other bad
input refused naming the field, nothing changed."""

from datetime import UTC, datetime

import pytest

from cleanfleet.core.codes import Code
from cleanfleet.incidents.models import IncidentDuty
from cleanfleet.incidents.policy import on_duty_now, people_on_duty
from tests.incidents.helpers import incidents_of, robot_alarm

LEVELS = [{"up": 0, "waitMinutes": 0}, {"up": 1, "waitMinutes": 20}]


async def test_the_presets_cover_the_specs_codes(branch):
    rules = await branch["customer_api"].call("/incident/rule/list", {})
    assert rules.code == 0, rules.body
    opens = {r["code"]: (r["opens"], r["urgency"]) for r in rules.data}
    for code in ("replan_failed", "paused_emergency_stop", "emergency_stop", "lidar_dock_failed", "lidar",
                 "disinfectant_low_left", "disinfectant_level"):
        assert opens[code][0], code
    assert opens["disinfectant_level"][1] == "medium"
    for code in ("low_battery", "network_abnormal", "map_not_selected", "odometer"):
        assert not opens[code][0], code
    assert all(not r["custom"] and r["inheritedFrom"] is None for r in rules.data)


async def test_a_dealers_rule_applies_to_its_customers_robots_until_the_customer_has_its_own(app, branch):
    api = branch["api"]
    edited = await api.call("/incident/rule/edit", {"code": "low_battery", "opens": True, "urgency": "low",
                                                    "levels": LEVELS, "reminderMinutes": 5, "reminderLimit": 1})
    assert edited.code == 0, edited.body
    assert edited.data["custom"] and edited.data["userId"] == branch["dealer"].id
    seen = await api.call("/incident/rule/list", {"userId": branch["customer"].id})
    low = next(r for r in seen.data if r["code"] == "low_battery")
    assert (low["opens"], low["custom"], low["inheritedFrom"]) == (True, False, branch["dealer"].id)
    await robot_alarm(app, branch["robot"], key="low_battery", code="")
    [incident] = await incidents_of(app, branch["robot"])
    assert incident.urgency == "low" and incident.policy["reminderMinutes"] == 5
    own = await api.call("/incident/rule/edit", {"userId": branch["customer"].id, "code": "replan_failed",
                                                 "opens": False})
    assert own.code == 0 and own.data["opens"] is False
    await robot_alarm(app, branch["robot"])
    assert len(await incidents_of(app, branch["robot"])) == 1
    reset = await api.call("/incident/rule/reset", {"userId": branch["customer"].id, "code": "replan_failed"})
    assert reset.code == 0 and reset.data["opens"] is True and not reset.data["custom"]


@pytest.mark.parametrize(("change", "field"), [
    ({"levels": [{"up": 0, "waitMinutes": 0}, {"up": 0, "waitMinutes": 10}]}, "levels.1.up"),
    ({"levels": [{"up": 1, "waitMinutes": 0}, {"up": 2, "waitMinutes": 5}, {"up": 1, "waitMinutes": 5}]},
     "levels.2.up"),
    ({"levels": [{"up": 0, "waitMinutes": 0}, {"up": 1, "waitMinutes": 0}]}, "levels.1.waitMinutes"),
    ({"reminderMinutes": 0, "reminderLimit": 3}, "reminderMinutes"),
    ({"levels": []}, "levels"),
    ({"code": "no_such_alarm"}, "code"),
    ({"urgency": "panic"}, "urgency"),
    ({"levels": [{"up": -1, "waitMinutes": 0}]}, "levels.0.up"),
    ({"reminderLimit": 99}, "reminderLimit"),
])
async def test_a_bad_policy_is_refused_naming_the_field(branch, change, field):
    api = branch["api"]
    body = {"code": "replan_failed", "opens": True, "levels": LEVELS, "reminderMinutes": 15, "reminderLimit": 3,
            **change}
    answer = await api.call("/incident/rule/edit", body)
    assert (answer.code, answer.field) == (Code.BAD_PARAMETER, field), answer.body
    rules = await api.call("/incident/rule/list", {})
    assert not any(r["custom"] for r in rules.data)  # nothing changed


async def test_another_branch_is_refused(branch, make_user, signed_in):
    from cleanfleet.roles.catalogue import ROLE_DEALER

    other, password = await make_user(2, roles=[ROLE_DEALER])
    stranger = await signed_in(other, password)
    for path, body in (("/incident/rule/list", {}), ("/incident/rule/edit", {"code": "lidar", "opens": False}),
                       ("/incident/duty/list", {}), ("/incident/duty/insert", {"personId": other.id})):
        answer = await stranger.call(path, {**body, "userId": branch["customer"].id})
        assert (answer.code, answer.field) == (Code.NOT_FOUND, "userId"), path


async def test_duty_people_and_a_weekly_rota(app, branch, make_user):
    api = branch["api"]
    helper, _ = await make_user(4, parent=branch["customer"])
    added = await api.call("/incident/duty/insert", {"userId": branch["customer"].id, "personId": helper.id,
                                                     "weekdays": [1, 2, 3, 4, 5], "startTime": "08:00",
                                                     "endTime": "18:00", "timeZone": "Asia/Shanghai"})
    assert added.code == 0, added.body
    assert added.data["weekdays"] == [1, 2, 3, 4, 5] and added.data["startTime"] == "08:00"
    listed = await api.call("/incident/duty/list", {"userId": branch["customer"].id})
    assert [d["personId"] for d in listed.data] == [helper.id]
    for body, field in (({"personId": branch["dealer"].id}, "personId"),
                        ({"personId": helper.id, "timeZone": "Mars/Olympus"}, "timeZone"),
                        ({"personId": helper.id, "startTime": "10:00", "endTime": "09:00"}, "endTime"),
                        ({"personId": helper.id, "startTime": "25:00"}, "startTime"),
                        ({"personId": helper.id, "weekdays": []}, "weekdays"),
                        ({"personId": helper.id, "weekdays": [8]}, "weekdays.0")):
        answer = await api.call("/incident/duty/insert", {"userId": branch["customer"].id, **body})
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, field), (body, answer.body)
    # Tuesday 10:00 in Shanghai: the helper; Saturday: nobody on the rota, so the branch user itself
    tuesday = datetime(2026, 3, 3, 2, 0, tzinfo=UTC)
    saturday = datetime(2026, 3, 7, 2, 0, tzinfo=UTC)
    async with app.state.db.sessions() as db:
        customer = branch["customer"].id
        assert (await people_on_duty(db, {customer}, tuesday))[customer] == [helper.id]
        assert (await people_on_duty(db, {customer}, saturday))[customer] == [customer]
    assert on_duty_now(IncidentDuty(weekdays=0b1111111, start_minute=0, end_minute=1440, time_zone="UTC"), tuesday)
    removed = await api.call("/incident/duty/delete", {"dutyId": added.data["dutyId"]})
    assert removed.code == 0, removed.body
    gone = await api.call("/incident/duty/delete", {"dutyId": added.data["dutyId"]})
    assert (gone.code, gone.field) == (Code.NOT_FOUND, "dutyId")
