"""Permission-matrix entries for the field kit (/api/field/*) and the windows cleaned by hand
(/api/site/plan/byHand/*).

The world gets two plan items on the site world's floor (``s.site``, ``s.floor``) that applied only three days ago
(the by-hand rules take the last 31 days; a window closed before its item was made is never judged by the plan
watch), a mark on the second one (what the delete call removes), and the incident world's incident for the queued
acknowledgement. The site world's own items lie in January 2025, too long ago to mark."""

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from tests.incidents import permission_entries as _incident_world  # noqa: F401  - the world has incidents
from tests.permission_matrix import Entry, World, register, register_world_builder
from tests.sites import permission_entries as _site_world  # noqa: F401  - the world has sites

OWN = "answers only the caller's own subtree; another branch gets its own (empty) share"


def three_days_ago() -> str:
    """A day of the site world's site (Asia/Shanghai) three days back."""
    return (datetime.now(UTC).astimezone(ZoneInfo("Asia/Shanghai")) - timedelta(days=3)).date().isoformat()


async def _ok(world: World, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = await world.callers["dealer"].call(path, body)
    assert answer.code == 0, (path, answer.body)
    return answer.data  # type: ignore[no-any-return]


async def build_field_world(world: World, app: Any) -> None:
    day = three_days_ago()
    plan = {"siteId": world.ids["s.site"], "floorId": world.ids["s.floor"], "weekdays": [1, 2, 3, 4, 5, 6, 7],
            "windowStart": "06:00", "windowEnd": "08:00", "validFrom": day, "validUntil": day}
    item = await _ok(world, "/site/plan/insert", plan)
    spare = await _ok(world, "/site/plan/insert", plan)
    mark = await _ok(world, "/site/plan/byHand/mark", {"planItemId": spare["planItemId"], "day": day})
    world.ids.update({"f.item": item["planItemId"], "f.day": day, "f.mark": mark["mark"]["markId"]})


register_world_builder(build_field_world)


register(
    Entry("/api/field/snapshot", not_applicable={"other_branch": OWN, "lower_level": OWN}),
    Entry("/api/field/act", lambda w: {"actionId": str(uuid.uuid4()), "kind": "acknowledge",
                                       "incidentId": w.ids["i.incident"]}),
    Entry("/api/site/plan/byHand/mark", lambda w: {"planItemId": w.ids["f.item"], "day": w.ids["f.day"]}),
    Entry("/api/site/plan/byHand/delete", lambda w: {"markId": w.ids["f.mark"]}, last=1),
)
