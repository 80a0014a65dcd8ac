"""Parts and categories, a device's parts with their history, production batches and their rack ranges."""

from sqlalchemy import func, select

from cleanfleet.batches import texts
from cleanfleet.batches.models import ProductionBatch
from cleanfleet.core.codes import Code
from cleanfleet.hardware.models import DeviceHardChange
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.devices.conftest import serial


async def _category(admin, name=None):
    answer = await admin.call("/deviceHardSupport/insertCate", {"cateName": name or serial("Cat")})
    assert answer.code == 0, answer.body
    return answer.data["cateId"]


async def _part(admin, cate_id, name="Lidar", version="v1"):
    answer = await admin.call("/deviceHardSupport/insert", {"name": name, "cateId": cate_id, "version": version,
                                                            "hardSupportText": "2D"})
    assert answer.code == 0, answer.body
    return answer.data["id"]


async def test_categories_and_parts(admin, db):
    lidar = await _category(admin)
    first = await _part(admin, lidar, version="v1")
    await _part(admin, lidar, version="v2")
    twin = await admin.call("/deviceHardSupport/insert", {"name": "Lidar", "cateId": lidar, "version": "v1"})
    assert twin.code == Code.ALREADY_EXISTS
    no_category = await admin.call("/deviceHardSupport/insert", {"name": "X", "cateId": 999999})
    assert no_category.code == Code.NOT_FOUND
    listed = await admin.call("/deviceHardSupport/list", {"type": lidar})
    assert [p["version"] for p in listed.data] == ["v1", "v2"] and listed.data[0]["hardSupportText"] == "2D"
    grouped = await admin.call("/deviceHardSupport/listCateGroup")
    assert len(next(g for g in grouped.data if g["cateId"] == lidar)["list"]) == 2
    assert (await admin.call("/deviceHardSupport/deleteCate", {"cateId": lidar})).code == Code.CONFLICT
    renamed = await admin.call("/deviceHardSupport/update", {"id": first, "version": "v1.1"})
    assert renamed.code == 0 and renamed.data["version"] == "v1.1"
    assert (await admin.call("/deviceHardSupport/updateCate", {"cateId": lidar, "cateName": "Lidars " + serial()})
            ).code == 0
    assert any(c["cateId"] == lidar for c in (await admin.call("/deviceHardSupport/listCate")).data)


async def test_a_devices_parts_and_their_history(admin, new_device, db):
    device = await new_device()
    lidar, battery = await _category(admin), await _category(admin)
    old, new, cell = await _part(admin, lidar, version="v1"), await _part(admin, lidar, version="v2"), \
        await _part(admin, battery, "Cell", "48V")
    fitted = await admin.call("/deviceHard/addDeviceHard", {"deviceId": device["deviceId"],
                                                            "hardBeansJson": f'[{{"hardSupportId": {old}}}, '
                                                                             f'{{"hardSupportId": {cell}}}]'},
                              form=True)
    assert fitted.code == 0 and fitted.data["changed"] == 2
    two_in_one = await admin.call("/deviceHard/addDeviceHard", {"deviceId": device["deviceId"],
                                                                "hardBeansJson": [{"hardSupportId": old},
                                                                                  {"hardSupportId": new}]})
    assert (two_in_one.code, two_in_one.field) == (Code.BAD_PARAMETER, "hardBeansJson")
    swapped = await admin.call("/deviceHard/updateDeviceHard", {"deviceId": device["deviceId"], "cateId": lidar,
                                                                "hardSupportId": new})
    assert swapped.code == 0 and swapped.data["changed"] == 1
    wrong = await admin.call("/deviceHard/updateDeviceHard", {"deviceId": device["deviceId"], "cateId": battery,
                                                              "hardSupportId": new})
    assert (wrong.code, wrong.field) == (Code.BAD_PARAMETER, "hardSupportId")
    parts = await admin.call("/deviceHard/getDeviceHardByDeviceId", {"deviceId": device["deviceId"],
                                                                     "showCateList": True})
    assert sorted(p["version"] for p in parts.data["list"]) == ["48V", "v2"] and parts.data["cateList"]
    history = await admin.call("/deviceHard/getDeviceHardHistoryListBean", {"deviceId": device["deviceId"]})
    assert history.data["total"] == 3
    latest = history.data["list"][0]
    assert (latest["oldPart"], latest["newPart"], latest["source"]) == ("Lidar v1", "Lidar v2", "manual")
    in_use = await admin.call("/deviceHardSupport/delete", {"id": new})
    assert (in_use.code, in_use.field) == (Code.CONFLICT, "id") and "Lidar v2" in in_use.message
    by_user = await admin.call("/deviceHard/getDeviceHardByUserId", {"deviceSerialNumber":
                                                                     device["deviceSerialNumber"]})
    assert by_user.data["total"] == 1 and len(by_user.data["list"][0]["list"]) == 2


async def test_batch_rack_ranges_are_checked_and_named(admin, new_type, db):
    type_id = (await new_type())["typeId"]
    name = serial("Batch")
    cases = {
        "SC0001": texts.RACK_RANGE_SHAPE,
        "SC0001-SC0030-SC0040": texts.RACK_RANGE_SHAPE,
        "SC00A1-SC0030": texts.RACK_END_SHAPE,
        "SC0001-SD0030": texts.RACK_PREFIX_DIFFERS,
        "SC001-SC0030": texts.RACK_WIDTH_DIFFERS,
        "SC0030-SC0001": texts.RACK_ORDER,
        "SC0005-SC0005": texts.RACK_ORDER,
    }
    for rack_range, reason in cases.items():
        answer = await admin.call("/deviceProductBatch/insert", {"batchName": name, "deviceType": type_id,
                                                                 "rackRange": rack_range})
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, "rackRange"), (rack_range, answer.body)
        assert answer.message in reason.by_language.values(), (rack_range, answer.message)
    for missing in ("batchName", "deviceType", "rackRange"):
        body = {"batchName": name, "deviceType": type_id, "rackRange": "SC0001-SC0030"}
        del body[missing]
        answer = await admin.call("/deviceProductBatch/insert", body)
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, missing)
    assert await db.scalar(select(func.count()).select_from(ProductionBatch).where(ProductionBatch.name == name)) == 0
    created = await admin.call("/deviceProductBatch/insert", {"batchName": name, "deviceType": type_id,
                                                              "rackRange": " SC0001-SC0030 "})
    assert created.code == 0 and created.data["rackRange"] == "SC0001-SC0030"
    twin = await admin.call("/deviceProductBatch/insert", {"batchName": name, "deviceType": type_id,
                                                           "rackRange": "SC0001-SC0030"})
    assert (twin.code, twin.field) == (Code.ALREADY_EXISTS, "batchName") and name in twin.message


async def test_a_batchs_parts_fit_devices_of_its_model_and_range(admin, new_type, new_device, db):
    type_id = (await new_type())["typeId"]
    lidar, battery = await _category(admin), await _category(admin)
    lidar_v3, cell = await _part(admin, lidar, version="v3"), await _part(admin, battery, "Cell", "24V")
    batch = await admin.call("/deviceProductBatch/insert", {
        "batchName": serial("Batch"), "deviceType": type_id, "rackRange": "SC0001-SC0030",
        "hardSupportIds": f"{lidar_v3}"}, form=True)
    batch_id = batch.data["batchId"]
    added = await admin.call("/deviceProductBatch/updateHardSupport", {"batchId": batch_id, "hardSupportIds": [cell]})
    assert sorted(p["id"] for p in added.data["hardSupports"]) == sorted([cell, lidar_v3])
    info = await admin.call("/deviceProductBatch/hardSupportInfo", {"batchName": batch.data["batchName"]})
    assert info.code == 0 and len(info.data["hardSupports"]) == 2
    inside = await new_device(deviceType=type_id, rackNumber="SC0012")
    applied = await admin.call("/deviceHard/updateDeviceHardByBatchId", {"deviceId": inside["deviceId"],
                                                                         "batchId": batch_id})
    assert applied.code == 0 and applied.data["changed"] == 2
    change = await db.scalar(select(DeviceHardChange).where(DeviceHardChange.device_id == inside["deviceId"])
                             .order_by(DeviceHardChange.id))
    assert change.source == "batch" and change.batch_id == batch_id
    outside = await new_device(deviceType=type_id, rackNumber="SC0031")
    refused = await admin.call("/deviceHard/updateDeviceHardByBatchId", {"deviceId": outside["deviceId"],
                                                                         "batchId": batch_id})
    assert (refused.code, refused.field) == (Code.BAD_PARAMETER, "batchId")
    assert "SC0031" in refused.message and "SC0001-SC0030" in refused.message
    other_model = await new_device(rackNumber="SC0002")
    refused = await admin.call("/deviceHard/updateDeviceHardByBatchId", {"deviceId": other_model["deviceId"],
                                                                         "batchId": batch_id})
    assert (refused.code, refused.field) == (Code.BAD_PARAMETER, "batchId")
    assert refused.message in texts.OTHER_MODEL.by_language.values()
    removed = await admin.call("/deviceProductBatch/deleteHardSupport", {"batchId": batch_id, "hardSupportId": cell})
    assert [p["id"] for p in removed.data["hardSupports"]] == [lidar_v3]
    page = await admin.call("/deviceProductBatch/list", {"deviceType": type_id})
    assert page.data["total"] == 1 and "hardSupports" not in page.data["list"][0]
    full = await admin.call("/deviceProductBatch/listFull")
    assert any(b["batchId"] == batch_id for b in full.data)
    edited = await admin.call("/deviceProductBatch/update", {"batchId": batch_id, "rackRange": "SC1-SC9"})
    assert edited.code == 0 and edited.data["rackRange"] == "SC1-SC9"
    bad = await admin.call("/deviceProductBatch/update", {"batchId": batch_id, "rackRange": "SC9-SC1"})
    assert bad.code == Code.BAD_PARAMETER
    assert (await admin.call("/deviceProductBatch/delete", {"batchId": batch_id})).code == 0
    assert await db.get(ProductionBatch, batch_id) is None


async def test_a_device_editor_with_the_hardware_key_lists_batches_to_apply(admin, new_type, make_user, signed_in):
    device_type = await new_type()
    name = serial("Batch")
    created = await admin.call("/deviceProductBatch/insert", {"batchName": name, "deviceType": device_type["typeId"],
                                                              "rackRange": "QX001-QX010"})
    assert created.code == 0, created.body
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    listed = await (await signed_in(dealer, password)).call("/deviceProductBatch/listFull")
    assert listed.code == 0 and name in [b["batchName"] for b in listed.data]
    user, user_password = await make_user(3, parent=dealer, roles=[ROLE_USER])
    refused = await (await signed_in(user, user_password)).call("/deviceProductBatch/listFull")
    assert refused.code == Code.NO_PERMISSION
