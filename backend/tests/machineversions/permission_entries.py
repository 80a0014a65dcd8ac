"""Permission-matrix entries for the whole-machine version, cloud version and configuration calls.

The world gets ``w.version`` (white list: the dealer's child's robot ``d.sn``), ``w.spare`` (deleted last),
``w.cloud`` and ``w.cloud_spare``, ``w.param`` and ``w.param_spare``. Versions and parameters are catalogue
records: the other branch holds no version key (dealer preset), so it is refused by key.
"""

from typing import Any

from tests.conftest import Answer, Api
from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has devices
from tests.permission_matrix import Entry, World, fresh_name, register, register_world_builder


async def _made(answer: Answer) -> Any:
    assert answer.code == 0, answer.body
    return answer.data["id"]


async def build_machine_versions_world(world: World, app: Any) -> None:
    dealer: Api = world.callers["dealer"]
    for key in ("w.version", "w.spare"):
        world.ids[key] = await _made(await dealer.call("/wmWholeVersion/add", {
            "name": fresh_name("Whole "), "versionNumber": "V1", "firmwareVersion": "FW-1", "softVersion": "S-1"}))
    for key in ("w.cloud", "w.cloud_spare"):
        world.ids[key] = await _made(await dealer.call("/wmCloudVersion/add", {
            "name": fresh_name("Cloud "), "versionNumber": "1.0"}))
    for key in ("w.param", "w.param_spare"):
        world.ids[key] = await _made(await dealer.call("/configure/add", {
            "key": fresh_name("k.").replace(" ", ""), "value": "1"}))


register_world_builder(build_machine_versions_world)


def _lists(w: World) -> dict[str, Any]:
    return {"wholeVersionId": w.ids["w.version"], "deviceSerialNumbers": [w.ids["d.sn"]]}


register(
    Entry("/api/wmWholeVersion/queryByPage"),
    Entry("/api/wmWholeVersion/add", lambda w: {"name": fresh_name("Whole "), "versionNumber": "V2",
                                                "firmwareVersion": "FW-2", "softVersion": "S-2"}),
    Entry("/api/wmWholeVersion/edit", lambda w: {"id": w.ids["w.version"], "description": "edited"}),
    Entry("/api/wmWholeVersion/deleteById", lambda w: {"id": w.ids["w.spare"]}, last=2),
    Entry("/api/wmWholeVersion/querySoftVersionList"),
    Entry("/api/wmWholeVersion/selectWholeVersionAppByPadPgyerHistory"),
    Entry("/api/wmWholeVersion/selectDeviceRange", lambda w: {"id": w.ids["w.version"]}),
    Entry("/api/wmWholeVersion/selectDeviceWhiteRange", lambda w: {"id": w.ids["w.version"]}),
    Entry("/api/wmWholeVersion/selectByDeviceSerialNumber", lambda w: {"deviceSerialNumber": w.ids["d.sn"]}),
    Entry("/api/wmWholeVersionWhiteBlack/addWhite", _lists),
    Entry("/api/wmWholeVersionWhiteBlack/add", lambda w: {"wholeVersionId": w.ids["w.spare"],
                                                          "deviceSerialNumbers": [w.ids["d.sn"]]}),
    Entry("/api/wmCloudVersion/queryByPage"),
    Entry("/api/wmCloudVersion/queryById", lambda w: {"id": w.ids["w.cloud"]}),
    Entry("/api/wmCloudVersion/add", lambda w: {"name": fresh_name("Cloud "), "versionNumber": "2.0"}),
    Entry("/api/wmCloudVersion/edit", lambda w: {"id": w.ids["w.cloud"], "notes": "edited"}),
    Entry("/api/wmCloudVersion/deleteById", lambda w: {"id": w.ids["w.cloud_spare"]}, last=2),
    Entry("/api/configure/findAll"),
    Entry("/api/configure/add", lambda w: {"key": fresh_name("k.").replace(" ", ""), "value": "2"}),
    Entry("/api/configure/del", lambda w: {"id": w.ids["w.param_spare"]}, last=2),
)
