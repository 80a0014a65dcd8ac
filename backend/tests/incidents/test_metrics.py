"""Time to acknowledge and to resolve per site, robot, alarm name and branch, over the reports' periods (the
reader's days), and the chart per day, week or month."""

from datetime import timedelta

from sqlalchemy import update

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.incidents.models import Incident
from tests.incidents.helpers import incidents_of, robot_alarm


async def _aged(app, incident_id, **values):
    async with app.state.db.sessions() as db:
        await db.execute(update(Incident).where(Incident.id == incident_id).values(**values))
        await db.commit()


async def test_figures_per_site_robot_code_and_branch(app, branch):
    api, robot = branch["api"], branch["robot"]
    site = await api.call("/site/insert", {"siteName": f"Mall {robot.id}", "timeZone": "UTC",
                                           "userId": branch["customer"].id})
    assert site.code == 0, site.body
    assigned = await api.call("/site/robot/assign", {"siteId": site.data["siteId"], "deviceIds": [robot.id]})
    assert assigned.code == 0, assigned.body
    now = utcnow()
    await robot_alarm(app, robot, at=now)
    [stuck] = await incidents_of(app, robot)
    await api.call("/incident/resolve", {"incidentId": stuck.id, "cause": "obstacle"})
    await _aged(app, stuck.id, ack_seconds=600, resolve_seconds=1800)
    await robot_alarm(app, robot, key="emergency_stop", code="", at=now + timedelta(seconds=1))
    second = (await incidents_of(app, robot))[-1]
    await api.call("/incident/close", {"incidentId": second.id})
    await _aged(app, second.id, ack_seconds=300)
    assert stuck.site_id == site.data["siteId"]
    by_site = await api.call("/incident/figures", {"by": "site", "range": "week", "siteId": site.data["siteId"]})
    assert by_site.code == 0, by_site.body
    [row] = by_site.data["rows"]
    assert (row["id"], row["name"], row["incidents"], row["resolved"], row["noise"]) == (
        str(site.data["siteId"]), f"Mall {robot.id}", 2, 1, 1)
    assert (row["ackAvgSeconds"], row["ackMaxSeconds"], row["resolveAvgSeconds"]) == (450, 600, 1800)
    by_code = await api.call("/incident/figures", {"by": "code", "deviceId": robot.id},
                             headers={"language": "en"})
    assert {r["id"] for r in by_code.data["rows"]} == {"replan_failed", "emergency_stop"}
    by_robot = await api.call("/incident/figures", {"by": "device", "deviceId": robot.id, "range": "month"})
    assert [r["name"] for r in by_robot.data["rows"]] == [robot.name]
    assert by_robot.data["total"]["incidents"] == 2
    by_branch = await api.call("/incident/figures", {"by": "branch", "userId": branch["customer"].id})
    assert [r["id"] for r in by_branch.data["rows"]] == [str(branch["customer"].id)]
    chart = await api.call("/incident/chart", {"range": "month", "deviceId": robot.id})
    assert chart.code == 0, chart.body
    assert chart.data["bucket"] == "day" and len(chart.data["points"]) == 30
    assert sum(p["incidents"] for p in chart.data["points"]) == 2
    year = await api.call("/incident/chart", {"range": "year", "deviceId": robot.id})
    assert len(year.data["points"]) == 12 and year.data["points"][-1]["resolveAvgSeconds"] == 1800
    quarter = await api.call("/incident/chart", {"range": "quarter", "deviceId": robot.id,
                                                 "endDate": (now - timedelta(days=200)).date().isoformat()})
    assert quarter.data["bucket"] == "week" and sum(p["incidents"] for p in quarter.data["points"]) == 0


async def test_a_future_end_day_or_another_branch_is_refused(branch, make_user, signed_in):
    future = await branch["api"].call("/incident/chart", {"endDate": (utcnow() + timedelta(days=3)).date()
                                                          .isoformat()})
    assert (future.code, future.field) == (Code.BAD_PARAMETER, "endDate")
    from cleanfleet.roles.catalogue import ROLE_DEALER

    other, password = await make_user(2, roles=[ROLE_DEALER])
    stranger = await signed_in(other, password)
    answer = await stranger.call("/incident/figures", {"userId": branch["customer"].id})
    assert (answer.code, answer.field) == (Code.NOT_FOUND, "userId")
