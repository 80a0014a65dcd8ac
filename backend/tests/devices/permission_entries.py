"""Permission-matrix entries for every device-side call (devices, groups, hardware, batches, consumables,
maintenance, summaries, transfer nodes and servers, repairs, leases, the device side of /user/).

Calls that delete run last (``last``), so one world serves every rightful call. The world gets, from
``build_device_world``: a device type, two devices of ``user`` (the dealer's child)
with a group, parts, a batch, consumables, a reminder, a repair and an active lease; a transfer node and a
server. Global catalogues (types, parts, batches, nodes) are managed by the admin; device records by the
dealer. The robot's registration call is unsigned by design: its one-time code is the credential.
"""

from typing import Any

from tests.conftest import Answer, Api
from tests.permission_matrix import Entry, World, fresh_name, png_bytes, register, register_world_builder

SHARED = "a catalogue shared by every branch and read by every signed-in user; no branch's record in it"
SHARED_EDIT = "device types are one catalogue shared by every branch (the dealer preset may edit it)"
NODES = "transfer nodes are shared infrastructure: any device editor of any branch draws ports on them"
BATCHES = "the batch catalogue is shared; a dealer fitting parts (device/index/hardware) picks a batch from it"
OWN = "answers or changes only the caller's own subtree; another branch gets its own (empty) share"
ROBOT = "a robot's call: unsigned by design, its one-time auth code is the credential (test_access_codes)"
# world.ids keys of this module start with "d." (the world is shared with other domains' builders)
DEVICE_PREFIXES = ("/api/device/", "/api/deviceGroup/", "/api/deviceHard/", "/api/deviceHardSupport/",
                   "/api/deviceProductBatch/", "/api/deviceConsumable/", "/api/maintain/", "/api/summary/",
                   "/api/wmDeviceHostInfo/", "/api/host/", "/api/repair/", "/api/hire/", "/api/robot/")
# the packages whose calls this module registers (/api/device/control/* is the relay's)
DEVICE_SIDE = tuple(f"cleanfleet.{name}." for name in (
    "devices", "batches", "consumables", "hardware", "hires", "hosts", "repairs"))
USER_DEVICE_CALLS = ("/api/user/updateDeviceList", "/api/user/selectUserDeviceList")


def device_calls() -> set[str]:
    """Every call whose handler lives in a device-side package (DEVICE_SIDE), as /api/... paths."""
    from cleanfleet.app import ROUTERS

    return {"/api" + route.path for router in ROUTERS for route in router.routes
            if "POST" in (getattr(route, "methods", None) or ())
            and getattr(route, "endpoint", None).__module__.startswith(DEVICE_SIDE)}


async def _ok(api: Api, path: str, body: dict[str, Any]) -> Any:
    answer = await api.call(path, body)
    assert answer.code == 0, (path, answer.body)
    return answer.data


async def build_device_world(world: World, app: Any) -> None:
    admin, user = world.admin, world.id("user")
    world.callers["admin"] = admin
    type_id = (await _ok(admin, "/device/insertDeviceType", {"typeName": fresh_name("Model")}))["typeId"]
    spare_type = (await _ok(admin, "/device/insertDeviceType", {"typeName": fresh_name("Spare")}))["typeId"]
    sim_no = fresh_name("8986")[:32]
    lift = (await _ok(admin, "/elevator/insertElevator", {"buildingName": "Tower",
                                                          "elevatorName": fresh_name("Lift"), "userId": user}))
    world.ids["d.elevator"] = lift["elevatorId"]
    device = await _ok(admin, "/device/insertDevice", {
        "deviceSerialNumber": fresh_name("PM"), "deviceCode": "Matrix robot", "deviceType": type_id, "userId": user,
        "maintenancePassword": "2468", "simNo": sim_no, "latitude": 31.23, "longitude": 121.47,
        "rackNumber": "SC0005", "elevatorId": lift["elevatorId"]})
    second = await _ok(admin, "/device/insertDevice", {"deviceSerialNumber": fresh_name("PM"), "deviceCode": "Second",
                                                       "deviceType": type_id, "userId": user})
    group = await _ok(admin, "/deviceGroup/insert", {"name": fresh_name("Lobby"), "userId": user,
                                                     "deviceIds": [device["deviceId"]]})
    category = (await _ok(admin, "/deviceHardSupport/insertCate", {"cateName": fresh_name("Lidar")}))["cateId"]
    empty_category = (await _ok(admin, "/deviceHardSupport/insertCate", {"cateName": fresh_name("Empty")}))["cateId"]
    part = (await _ok(admin, "/deviceHardSupport/insert", {"name": "Lidar", "cateId": category,
                                                           "version": fresh_name("v")}))["id"]
    spare_part = (await _ok(admin, "/deviceHardSupport/insert", {"name": "Spare", "cateId": category,
                                                                 "version": fresh_name("v")}))["id"]
    batch = await _ok(admin, "/deviceProductBatch/insert", {"batchName": fresh_name("B"), "deviceType": type_id,
                                                            "rackRange": "SC0001-SC0030", "hardSupportIds": [part]})
    spare_batch = await _ok(admin, "/deviceProductBatch/insert", {"batchName": fresh_name("B"), "deviceType": type_id,
                                                                  "rackRange": "SC0001-SC0002"})
    node = await _ok(admin, "/wmDeviceHostInfo/add", {"name": fresh_name("Node"), "domain": f"{fresh_name('n')}.frp"})
    spare_node = await _ok(admin, "/wmDeviceHostInfo/add", {"name": fresh_name("Node"), "domain": "spare.frp"})
    server = await _ok(admin, "/host/add", {"name": fresh_name("Srv"), "domain": "srv.example", "region": 3})
    spare_server = await _ok(admin, "/host/add", {"name": fresh_name("Srv"), "domain": "srv2.example"})
    sn = device["deviceSerialNumber"]
    await _ok(admin, "/deviceConsumable/consumableEdit", {"deviceSerialNumber": sn, "consumables": [
        {"kind": "dust_bag", "lifeHours": 100}]})
    await _ok(admin, "/maintain/updateMaintainBySn", {"deviceSerialNumber": sn, "maintains": [
        {"name": "Wheels", "periodHours": 240}]})
    repair = await _ok(admin, "/repair/insertRepair", {"deviceId": device["deviceId"], "type": "lidar",
                                                       "repairDate": "2026-11-01"})
    spare_repair = await _ok(admin, "/repair/insertRepair", {"deviceId": device["deviceId"], "type": "wheel",
                                                             "repairDate": "2026-11-02"})
    hire = await _ok(admin, "/hire/insertHire", {"deviceId": device["deviceId"], "customerName": "Harbour Mall"})
    world.ids.update({
        "d.type": type_id, "d.spareType": spare_type, "d.device": device["deviceId"], "d.sn": sn,
        "d.sim": sim_no, "d.second": second["deviceId"], "d.group": group["id"], "d.category": category,
        "d.emptyCategory": empty_category, "d.part": part, "d.sparePart": spare_part, "d.batch": batch["batchId"],
        "d.spareBatch": spare_batch["batchId"], "d.node": node["id"], "d.nodeDomain": node["domain"],
        "d.spareNode": spare_node["id"], "d.server": server["id"], "d.spareServer": spare_server["id"],
        "d.repair": repair["id"], "d.spareRepair": spare_repair["id"], "d.hire": hire["id"],
        "device": device["deviceId"],  # the world's robot, for other domains' entries (relay, ...)
    })


register_world_builder(build_device_world, first=True)


async def _upload_type_image(api: Api, _world: World) -> Answer:
    response = await api.client.post("/api/device/uploadTypeImage", files=[("file", ("t.png", png_bytes(),
                                                                                     "image/png"))],
                                     headers=api.headers())
    return Answer(response.status_code, response.json())


def _device(w: World) -> dict[str, Any]:
    return {"deviceId": w.ids["d.device"]}


def _sn(w: World) -> dict[str, Any]:
    return {"deviceSerialNumber": w.ids["d.sn"]}


def _user(w: World) -> dict[str, Any]:
    return {"userId": w.id("user")}


def _catalogue(**kwargs: Any) -> dict[str, Any]:
    return {"not_applicable": {"other_branch": SHARED, "lower_level": SHARED, "shadow_without_key": SHARED},
            **kwargs}


register(
    Entry("/api/device/selectDevicePc", _user),
    Entry("/api/device/selectDevice", lambda w: {**_user(w), "pageSize": 30, "currentPage": 1}),
    Entry("/api/device/selectDeviceByDeviceId", _device),
    Entry("/api/device/selectAllDevice", _user),
    Entry("/api/device/selectAllOnLineDevice", _user),
    Entry("/api/device/selectDeviceList", _user),
    Entry("/api/device/selectDeviceByElevatorId", lambda w: {"elevatorId": w.ids["d.elevator"]},
          not_applicable={"other_branch": OWN, "lower_level": OWN}),
    Entry("/api/device/insertDevice", lambda w: {"deviceSerialNumber": fresh_name("NEW"), "deviceCode": "New",
                                                 "deviceType": w.ids["d.type"], **_user(w)}),
    Entry("/api/device/updateDeviceInfo", lambda w: {**_device(w), "deviceCode": "Renamed", "customerName": "Quay"}),
    Entry("/api/device/deleteDevice", lambda w: {"deviceId": w.ids["d.second"]}, last=1),
    Entry("/api/device/updateDeviceUserInfo", lambda w: {**_device(w), **_user(w), "elevatorId": w.ids["d.elevator"]}),
    Entry("/api/device/updateUserDeviceStatus", lambda w: {**_device(w), **_user(w), "status": 1}),
    Entry("/api/device/selectOwnUser", not_applicable={"other_branch": OWN, "lower_level": OWN}),
    Entry("/api/device/deviceGenerateAuthCode", _user),
    Entry("/api/device/selectPasswordByDeviceId", _device),
    Entry("/api/device/selectViewPwdPageList", _user, rightful="admin"),
    Entry("/api/device/selectDeviceType", **_catalogue()),
    Entry("/api/device/uploadTypeImage", send=_upload_type_image, not_applicable={"other_branch": SHARED_EDIT}),
    Entry("/api/device/insertDeviceType", lambda w: {"typeName": fresh_name("T")},
          not_applicable={"other_branch": SHARED_EDIT}),
    Entry("/api/device/updateDeviceType", lambda w: {"typeId": w.ids["d.type"], "description": "changed"},
          not_applicable={"other_branch": SHARED_EDIT}),
    Entry("/api/device/deleteDeviceType", lambda w: {"typeId": w.ids["d.spareType"]},
          not_applicable={"other_branch": SHARED_EDIT}, last=1),
    Entry("/api/device/selectDeviceCount", _user),
    Entry("/api/device/selectDeviceCountByProvince", _user),
    Entry("/api/device/selectDeviceCountByCountry", _user),
    Entry("/api/device/updateDevicesAddressByLbs", _sn),
    Entry("/api/device/getSimInfo", lambda w: {"cNo": w.ids["d.sim"]}),
    Entry("/api/device/selectWorkInfoById", _device),
    Entry("/api/device/workInfoResetById", _device),
    Entry("/api/device/selectDeviceAdvertising", _sn),
    Entry("/api/device/generateFrpPort", lambda w: {"frpHost": w.ids["d.nodeDomain"]},
          not_applicable={"other_branch": NODES}),
    Entry("/api/deviceGroup/selectAll", _user),
    Entry("/api/deviceGroup/insert", lambda w: {"name": fresh_name("G"), **_user(w),
                                                "deviceIds": [w.ids["d.device"]]}),
    Entry("/api/deviceGroup/update", lambda w: {"id": w.ids["d.group"], "name": fresh_name("G"), "kind": 2}),
    Entry("/api/deviceGroup/delete", lambda w: {"id": w.ids["d.group"]}, last=1),
    Entry("/api/deviceHard/getDeviceHardByDeviceId", lambda w: {**_device(w), "showCateList": True}),
    Entry("/api/deviceHard/getDeviceHardHistoryListBean", _device),
    Entry("/api/deviceHard/addDeviceHard", lambda w: {**_device(w),
                                                      "hardBeansJson": [{"hardSupportId": w.ids["d.part"]}]}),
    Entry("/api/deviceHard/updateDeviceHard", lambda w: {**_device(w), "cateId": w.ids["d.category"],
                                                         "hardSupportId": w.ids["d.part"]}),
    Entry("/api/deviceHard/updateDeviceHardByBatchId", lambda w: {**_device(w), "batchId": w.ids["d.batch"]}),
    Entry("/api/deviceHard/getDeviceHardByUserId", _user),
    Entry("/api/deviceHardSupport/list", lambda w: {"type": w.ids["d.category"]}, **_catalogue()),
    Entry("/api/deviceHardSupport/listCateGroup", **_catalogue()),
    Entry("/api/deviceHardSupport/listCate", **_catalogue()),
    Entry("/api/deviceHardSupport/insert", lambda w: {"name": fresh_name("P"), "cateId": w.ids["d.category"]},
          rightful="admin"),
    Entry("/api/deviceHardSupport/update", lambda w: {"id": w.ids["d.sparePart"], "hardSupportText": "new"},
          rightful="admin"),
    Entry("/api/deviceHardSupport/delete", lambda w: {"id": w.ids["d.sparePart"]}, rightful="admin", last=1),
    Entry("/api/deviceHardSupport/insertCate", lambda w: {"cateName": fresh_name("C")}, rightful="admin"),
    Entry("/api/deviceHardSupport/updateCate", lambda w: {"cateId": w.ids["d.category"], "cateName": fresh_name("C")},
          rightful="admin"),
    Entry("/api/deviceHardSupport/deleteCate", lambda w: {"cateId": w.ids["d.emptyCategory"]}, rightful="admin",
          last=1),
    Entry("/api/deviceProductBatch/list", rightful="admin"),
    Entry("/api/deviceProductBatch/listFull", rightful="admin", not_applicable={"other_branch": BATCHES}),
    Entry("/api/deviceProductBatch/hardSupportInfo", lambda w: {"batchId": w.ids["d.batch"]}, rightful="admin"),
    Entry("/api/deviceProductBatch/insert", lambda w: {"batchName": fresh_name("B"), "deviceType": w.ids["d.type"],
                                                       "rackRange": "AB01-AB99"}, rightful="admin"),
    Entry("/api/deviceProductBatch/update", lambda w: {"batchId": w.ids["d.batch"], "remark": "checked"},
          rightful="admin"),
    Entry("/api/deviceProductBatch/delete", lambda w: {"batchId": w.ids["d.spareBatch"]}, rightful="admin",
          last=1),
    Entry("/api/deviceProductBatch/updateHardSupport", lambda w: {"batchId": w.ids["d.spareBatch"],
                                                                  "hardSupportIds": [w.ids["d.part"]]},
          rightful="admin"),
    Entry("/api/deviceProductBatch/deleteHardSupport", lambda w: {"batchId": w.ids["d.batch"],
                                                                  "hardSupportId": w.ids["d.part"]},
          rightful="admin", last=1),
    Entry("/api/deviceConsumable/consumableInfo", _sn),
    Entry("/api/deviceConsumable/consumableEdit", lambda w: {**_sn(w), "consumables": [
        {"kind": "filter", "lifeHours": 300}]}),
    Entry("/api/deviceConsumable/consumableUpdate", lambda w: {**_sn(w), "kind": "dust_bag"}),
    Entry("/api/maintain/findMaintainBySn", _sn),
    Entry("/api/maintain/updateMaintainBySn", lambda w: {"device_serial_number": w.ids["d.sn"], "maintains": [
        {"name": "Sensors", "periodHours": 72}]}),
    Entry("/api/summary/chartOnLineNum", _user),
    Entry("/api/summary/chart", _user),
    Entry("/api/summary/chartAll", _user),
    Entry("/api/wmDeviceHostInfo/queryByPage", rightful="admin"),
    Entry("/api/wmDeviceHostInfo/queryList", not_applicable={"other_branch": NODES, "lower_level": NODES}),
    Entry("/api/wmDeviceHostInfo/queryById", lambda w: {"id": w.ids["d.node"]}, rightful="admin"),
    Entry("/api/wmDeviceHostInfo/add", lambda w: {"name": fresh_name("N"), "domain": "new.frp"}, rightful="admin"),
    Entry("/api/wmDeviceHostInfo/edit", lambda w: {"id": w.ids["d.node"], "remark": "rack 4"}, rightful="admin"),
    Entry("/api/wmDeviceHostInfo/deleteById", lambda w: {"id": w.ids["d.spareNode"]}, rightful="admin",
          last=1),
    Entry("/api/host/list", rightful="admin"),
    Entry("/api/host/add", lambda w: {"name": fresh_name("S"), "domain": "new.example", "region": 2},
          rightful="admin"),
    Entry("/api/host/edit", lambda w: {"id": w.ids["d.server"], "flag": "primary"}, rightful="admin"),
    Entry("/api/host/del", lambda w: {"id": w.ids["d.spareServer"]}, rightful="admin", last=1),
    Entry("/api/repair/list", _user),
    Entry("/api/repair/insertRepair", lambda w: {**_device(w), "type": "brush", "repairDate": "2026-11-05"}),
    Entry("/api/repair/updateRepair", lambda w: {"id": w.ids["d.repair"], "state": 1, "processor": "Wang"}),
    Entry("/api/repair/deleteRepair", lambda w: {"id": w.ids["d.spareRepair"]}, last=1),
    Entry("/api/repair/deleteRepairBeforeDate", lambda w: {"time": "2030-01-01T00:00:00Z"},
          not_applicable={"other_branch": OWN}, last=2),
    Entry("/api/hire/list", _user),
    Entry("/api/hire/insertHire", lambda w: {"deviceId": w.ids["d.second"], "customerName": "Quay Hotel"}),
    Entry("/api/hire/stopHire", lambda w: {"id": w.ids["d.hire"]}, last=1),
    Entry("/api/robot/register", lambda w: {"authCode": "ABCDEFGH", "deviceSerialNumber": fresh_name("R"),
                                            "deviceType": w.ids["d.type"]},
          not_applicable={case: ROBOT for case in ("other_branch", "lower_level", "shadow_without_key",
                                                   "signed_out")}),
    Entry("/api/user/updateDeviceList", lambda w: {**_user(w), "deviceIds": [w.ids["d.device"], w.ids["d.second"]]}),
    Entry("/api/user/selectUserDeviceList", _user),
)
