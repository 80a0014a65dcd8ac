"""Permission-matrix entries for the task report calls (/api/taskReport/*).

The world gets two manual reports on the device world's ``d.device`` (owned by the dealer's child ``user``):
``r.report`` (read and edited) and ``r.spare`` (deleted last).
"""

from datetime import UTC, datetime, timedelta
from typing import Any

from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has devices
from tests.permission_matrix import Entry, World, register, register_world_builder


def _manual(w: World) -> dict[str, Any]:
    start = datetime.now(UTC).replace(microsecond=0) - timedelta(days=1)
    return {"deviceId": w.ids["d.device"], "taskName": "Matrix run", "startTime": start.isoformat(),
            "endTime": (start + timedelta(hours=1)).isoformat(), "workArea": 100, "cleanedArea": 90}


async def build_report_world(world: World, app: Any) -> None:
    dealer = world.callers["dealer"]
    for key in ("r.report", "r.spare"):
        answer = await dealer.call("/taskReport/insertTaskReport", _manual(world))
        assert answer.code == 0, answer.body
        world.ids[key] = answer.data["taskReportId"]


register_world_builder(build_report_world)


def _report(w: World) -> dict[str, Any]:
    return {"taskReportId": w.ids["r.report"]}


register(
    Entry("/api/taskReport/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/taskReport/chart", lambda w: {"userId": w.id("user"), "range": "month"}),
    Entry("/api/taskReport/chartSummary", lambda w: {"userId": w.id("user")}),
    Entry("/api/taskReport/chartMap", lambda w: {"userId": w.id("user")}),
    Entry("/api/taskReport/detail", _report),
    Entry("/api/taskReport/listChildTask", lambda w: {"gid": w.ids["r.report"]}),
    Entry("/api/taskReport/editTaskReport", lambda w: {**_report(w), "remark": "checked"}),
    Entry("/api/taskReport/insertTaskReport", _manual),
    Entry("/api/taskReport/deleteTaskReport", lambda w: {"taskReportId": w.ids["r.spare"]}, last=2),
)
