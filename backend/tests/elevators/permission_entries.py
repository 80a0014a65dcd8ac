"""Permission-matrix entries for the elevator calls (/api/elevator/*).

The world gets ``e.lift`` (owned by the dealer's child ``user``) and ``e.spare`` (deleted last); the robots
are the device world's (``d.device`` belongs to ``user``).
"""

from typing import Any

from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has devices
from tests.permission_matrix import Entry, World, fresh_name, register, register_world_builder

OWN = "answers only the caller's own subtree; another branch gets its own (empty) share"


async def build_elevator_world(world: World, app: Any) -> None:
    dealer = world.callers["dealer"]
    for key in ("e.lift", "e.spare"):
        answer = await dealer.call("/elevator/insertElevator", {"buildingName": "Tower",
                                                                "elevatorName": fresh_name("Lift"),
                                                                "userId": world.id("user")})
        assert answer.code == 0, answer.body
        world.ids[key] = answer.data["elevatorId"]


register_world_builder(build_elevator_world)


def _lift(w: World) -> dict[str, Any]:
    return {"elevatorId": w.ids["e.lift"]}


register(
    Entry("/api/elevator/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/elevator/options", not_applicable={"other_branch": OWN, "lower_level": OWN}),
    Entry("/api/elevator/selectInfoByElevatorId", _lift),
    Entry("/api/elevator/insertElevator", lambda w: {"elevatorName": fresh_name("New lift"), "buildingName": "Tower",
                                                     "userId": w.id("user"),
                                                     "contactPhone": "13800138000"}),
    Entry("/api/elevator/updateElevator", lambda w: {**_lift(w), "position": "south lobby"}),
    Entry("/api/elevator/bindDevices", lambda w: {**_lift(w), "deviceIds": [w.ids["d.device"]]}),
    Entry("/api/elevator/unbindDevices", lambda w: {**_lift(w), "deviceIds": [w.ids["d.device"]]}, last=1),
    Entry("/api/elevator/deleteElevator", lambda w: {"elevatorId": w.ids["e.spare"]}, last=2),
)
