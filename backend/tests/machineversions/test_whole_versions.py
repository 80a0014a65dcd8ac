"""Whole-machine versions (/wmWholeVersion/*, /wmWholeVersionWhiteBlack/*): the records and their refusals, white
and black lists scoped to the caller, the range, publishing (the firmware reaches the robots in range through the
OTA path) and cancelling it, what a robot should run, and the versions to choose from."""

from sqlalchemy import update

from cleanfleet.core.codes import Code
from cleanfleet.devices.models import Device
from tests.permission_matrix import fresh_name
from tests.versions.conftest import add_app, add_firmware, add_soft


def version_body(**fields) -> dict:
    return {"name": fresh_name("Whole "), "versionNumber": "V2.1.0", "appVersion": "pad-1.4.0",
            "firmwareVersion": "FW-3.5.0", "softVersion": "soft-2.1.0", **fields}


async def add_version(api, **fields) -> dict:
    answer = await api.call("/wmWholeVersion/add", version_body(**fields))
    assert answer.code == 0, answer.body
    return answer.data


async def test_a_version_is_added_listed_edited_and_deleted(fleet):
    made = await add_version(fleet.dealer, description="spring release")
    assert (made["published"], made["publishTime"], made["whiteCount"], made["blackCount"]) == (False, "", 0, 0)
    assert made["softVersion"] == "soft-2.1.0" and made["description"] == "spring release"
    page = (await fleet.dealer.call("/wmWholeVersion/queryByPage", {"name": made["name"]})).data
    assert page["total"] == 1 and page["list"][0]["id"] == made["id"]
    published_only = (await fleet.dealer.call("/wmWholeVersion/queryByPage",
                                              {"name": made["name"], "published": True})).data
    assert published_only["total"] == 0
    edited = await fleet.dealer.call("/wmWholeVersion/edit", {"id": made["id"], "versionNumber": "V2.1.1"})
    assert edited.code == 0 and edited.data["versionNumber"] == "V2.1.1" and edited.data["name"] == made["name"]
    assert (await fleet.dealer.call("/wmWholeVersion/deleteById", {"id": made["id"]})).code == 0
    gone = await fleet.dealer.call("/wmWholeVersion/deleteById", {"id": made["id"]})
    assert (gone.code, gone.field) == (Code.NOT_FOUND, "id")


async def test_refusals_name_the_field_and_change_nothing(fleet):
    taken = await add_version(fleet.dealer)
    cases = [({"name": taken["name"]}, Code.ALREADY_EXISTS, "name"),
             ({"softVersion": "  "}, Code.BAD_PARAMETER, "softVersion"),
             ({"versionNumber": ""}, Code.BAD_PARAMETER, "versionNumber"),
             ({"firmwareVersion": ""}, Code.BAD_PARAMETER, "firmwareVersion"),
             ({"name": "x" * 65}, Code.BAD_PARAMETER, "name"),
             ({"firmwareId": 2**31}, Code.BAD_PARAMETER, "firmwareId"),
             ({"firmwareId": 2**31 - 1}, Code.NOT_FOUND, "firmwareId")]
    for fields, code, field in cases:
        answer = await fleet.dealer.call("/wmWholeVersion/add", version_body(**fields))
        assert (answer.code, answer.field) == (code, field), (fields, answer.body)
    other = await add_version(fleet.dealer)
    renamed = await fleet.dealer.call("/wmWholeVersion/edit", {"id": other["id"], "name": taken["name"]})
    assert (renamed.code, renamed.field) == (Code.ALREADY_EXISTS, "name")
    page = (await fleet.dealer.call("/wmWholeVersion/queryByPage", {"name": "Whole ", "pageSize": 1000})).data
    assert sum(1 for v in page["list"] if v["name"] == taken["name"]) == 1


async def test_white_and_black_lists_are_the_callers_share_and_make_the_range(fleet):
    version = await add_version(fleet.dealer)
    white = await fleet.dealer.call("/wmWholeVersionWhiteBlack/addWhite", {
        "wholeVersionId": version["id"], "deviceSerialNumbers": fleet.serials[:3]})
    assert white.code == 0 and white.data["whiteCount"] == 3
    black = await fleet.dealer.call("/wmWholeVersionWhiteBlack/add", {
        "wholeVersionId": version["id"], "deviceSerialNumbers": [fleet.serials[3]]})
    assert black.code == 0 and black.data["blackCount"] == 1
    clash = await fleet.dealer.call("/wmWholeVersionWhiteBlack/add", {
        "wholeVersionId": version["id"], "deviceSerialNumbers": [fleet.serials[0]]})
    assert (clash.code, clash.field) == (Code.CONFLICT, "deviceSerialNumbers") and fleet.serials[0] in clash.message
    in_range = (await fleet.dealer.call("/wmWholeVersion/selectDeviceRange", {"id": version["id"]})).data
    assert [d["deviceSerialNumber"] for d in in_range["list"]] == sorted(fleet.serials[:3])
    picker = (await fleet.dealer.call("/wmWholeVersion/selectDeviceWhiteRange", {"id": version["id"]})).data
    flags = {d["deviceSerialNumber"]: (d["white"], d["black"], d["inRange"]) for d in picker["list"]}
    assert flags[fleet.serials[0]] == (True, False, True) and flags[fleet.serials[3]] == (False, True, False)
    # another branch's robot is refused, naming the field, and the lists stay as they were
    foreign = await fleet.other_dealer.call("/wmWholeVersionWhiteBlack/addWhite", {
        "wholeVersionId": version["id"], "deviceSerialNumbers": [fleet.serials[0]]})
    assert (foreign.code, foreign.field) == (Code.NOT_FOUND, "deviceSerialNumbers")
    # the other branch sees none of these robots and clearing its (empty) share changes nothing of ours
    theirs = (await fleet.other_dealer.call("/wmWholeVersion/selectDeviceWhiteRange", {"id": version["id"]})).data
    assert theirs["total"] == 0
    cleared = await fleet.other_dealer.call("/wmWholeVersionWhiteBlack/addWhite", {
        "wholeVersionId": version["id"], "deviceSerialNumbers": []})
    assert cleared.code == 0 and cleared.data["whiteCount"] == 0
    again = (await fleet.dealer.call("/wmWholeVersion/queryByPage", {"name": version["name"]})).data["list"][0]
    assert (again["whiteCount"], again["blackCount"]) == (3, 1)
    # emptying the white list puts every robot not black-listed in range
    await fleet.dealer.call("/wmWholeVersionWhiteBlack/addWhite", {"wholeVersionId": version["id"],
                                                                   "deviceSerialNumbers": []})
    in_range = (await fleet.dealer.call("/wmWholeVersion/selectDeviceRange", {"id": version["id"]})).data
    assert in_range["total"] == 3 and fleet.serials[3] not in {d["deviceSerialNumber"] for d in in_range["list"]}
    missing = await fleet.dealer.call("/wmWholeVersion/selectDeviceRange", {"id": 2**31 - 1})
    assert (missing.code, missing.field) == (Code.NOT_FOUND, "id")
    too_many = await fleet.dealer.call("/wmWholeVersionWhiteBlack/addWhite", {
        "wholeVersionId": version["id"], "deviceSerialNumbers": ["SN"] * 1001})
    assert (too_many.code, too_many.field) == (Code.BAD_PARAMETER, "deviceSerialNumbers")


async def test_publishing_sends_the_firmware_to_the_white_list_and_cancelling_withdraws_it(fleet):
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-3.5.0")).data
    version = await add_version(fleet.dealer, firmwareId=firmware["id"], firmwareVersion="FW-3.5.0")
    two = fleet.serials[:2]
    await fleet.dealer.call("/wmWholeVersionWhiteBlack/addWhite", {"wholeVersionId": version["id"],
                                                                   "deviceSerialNumbers": two})
    before = await fleet.dealer.call("/wmWholeVersion/selectByDeviceSerialNumber", {"deviceSerialNumber": two[0]})
    assert before.data["version"] is None
    published = await fleet.dealer.call("/wmWholeVersion/edit", {"id": version["id"], "published": True})
    assert published.code == 0 and published.data["published"] and published.data["publishTime"]
    assert sorted(c["topic"] for c in fleet.sent if c["cmd"] == "ota") == sorted(f"cf/{sn}/down/cmd" for sn in two)

    async def both_updated() -> bool:
        records = (await fleet.dealer.call("/version/selectDeviceUpdates", {"versionId": firmware["id"]})).data
        return {r["deviceSerialNumber"]: r["state"] for r in records["list"]} == dict.fromkeys(two, "UPDATED")

    await fleet.until(both_updated, "both white-listed robots to report UPDATED")
    assert fleet.robots[2].versions["firmware"] == "FW-3.4.1"
    seen = await fleet.dealer.call("/wmWholeVersion/selectByDeviceSerialNumber", {"deviceSerialNumber": two[0]})
    assert seen.data["version"]["id"] == version["id"]
    outside = await fleet.dealer.call("/wmWholeVersion/selectByDeviceSerialNumber",
                                      {"deviceSerialNumber": fleet.serials[2]})
    assert outside.data["version"] is None
    # published: frozen
    frozen = await fleet.dealer.call("/wmWholeVersion/edit", {"id": version["id"], "softVersion": "soft-9"})
    assert (frozen.code, frozen.field) == (Code.CONFLICT, "id")
    undeletable = await fleet.dealer.call("/wmWholeVersion/deleteById", {"id": version["id"]})
    assert (undeletable.code, undeletable.field) == (Code.CONFLICT, "id")
    locked = await fleet.dealer.call("/wmWholeVersionWhiteBlack/add", {"wholeVersionId": version["id"],
                                                                       "deviceSerialNumbers": []})
    assert (locked.code, locked.field) == (Code.CONFLICT, "wholeVersionId")
    twice = await fleet.dealer.call("/wmWholeVersion/edit", {"id": version["id"], "published": True})
    assert (twice.code, twice.field) == (Code.CONFLICT, "published")
    cancelled = await fleet.dealer.call("/wmWholeVersion/edit", {"id": version["id"], "published": False})
    assert cancelled.code == 0 and cancelled.data["published"] is False
    publications = (await fleet.dealer.call("/version/selectVersionPublic", {"versionId": firmware["id"]})).data
    assert publications == []
    after = await fleet.dealer.call("/wmWholeVersion/selectByDeviceSerialNumber", {"deviceSerialNumber": two[0]})
    assert after.data["version"] is None


async def test_a_version_without_firmware_publishes_and_robots_see_it(fleet, db):
    await db.execute(update(Device).where(Device.id == fleet.device_ids[0]).values(
        soft_version="soft-2.1.0", firmware_version="FW-3.5.0", pad_version="pad-1.4.0"))
    await db.commit()
    version = await add_version(fleet.dealer)
    assert (await fleet.dealer.call("/wmWholeVersion/edit", {"id": version["id"], "published": True})).code == 0
    assert not [c for c in fleet.sent if c["cmd"] == "ota"]
    runs = (await fleet.dealer.call("/wmWholeVersion/selectByDeviceSerialNumber",
                                    {"deviceSerialNumber": fleet.serials[0]})).data
    assert runs["version"]["id"] == version["id"] and runs["upToDate"] is True
    behind = (await fleet.dealer.call("/wmWholeVersion/selectByDeviceSerialNumber",
                                      {"deviceSerialNumber": fleet.serials[1]})).data
    assert behind["version"]["id"] == version["id"] and behind["upToDate"] is False
    foreign = await fleet.other_dealer.call("/wmWholeVersion/selectByDeviceSerialNumber",
                                            {"deviceSerialNumber": fleet.serials[0]})
    assert (foreign.code, foreign.field) == (Code.NOT_FOUND, "deviceSerialNumber")
    assert (await fleet.dealer.call("/wmWholeVersion/edit", {"id": version["id"], "published": False})).code == 0


async def test_the_versions_to_choose_from(fleet, db):
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-3.7.0")).data
    await db.execute(update(Device).where(Device.id.in_(fleet.device_ids[:2])).values(
        soft_version="soft-7.7.7", pad_version="pad-7.7.7"))
    await db.commit()
    soft = (await fleet.dealer.call("/wmWholeVersion/querySoftVersionList")).data
    assert {"version": "FW-3.7.0", "name": firmware["name"], "source": "firmware", "id": firmware["id"],
            "devices": 0} in soft
    assert {"version": "soft-7.7.7", "name": "soft-7.7.7", "source": "device", "id": None, "devices": 2} in soft
    apps = (await fleet.dealer.call("/wmWholeVersion/selectWholeVersionAppByPadPgyerHistory")).data
    assert {"version": "pad-7.7.7", "devices": 2} in apps
    theirs = (await fleet.other_dealer.call("/wmWholeVersion/selectWholeVersionAppByPadPgyerHistory")).data
    assert {"version": "pad-7.7.7", "devices": 2} not in theirs


async def test_software_and_published_app_versions_come_first_among_the_choices(fleet, admin):
    soft = (await add_soft(admin, fresh_name("Nav "), "SW-9.1.0")).data
    app_version = (await add_app(admin, fresh_name("Pad "))).data
    unpublished = (await add_app(admin, fresh_name("Pad "))).data
    assert (await admin.call("/version/publishVersionApp", {"id": app_version["id"]})).code == 0
    choices = (await fleet.dealer.call("/wmWholeVersion/querySoftVersionList")).data
    assert choices[0] == {"version": "SW-9.1.0", "name": soft["name"], "source": "software", "id": soft["id"],
                          "devices": 0}
    history = await fleet.dealer.call("/wmWholeVersion/selectWholeVersionAppByPadPgyerHistory")
    apps = [a["version"] for a in history.data]
    assert apps[0] == app_version["name"] and unpublished["name"] not in apps


async def test_publish_and_edit_need_their_own_keys(fleet, admin, make_user, signed_in):
    version = await add_version(fleet.dealer)
    role = await admin.call("/user/role/insert", {"name": fresh_name("editor"), "keys": [
        "version/index/whole_version", "version/index/whole_version/edit"]})
    assert role.code == 0, role.body
    user, password = await make_user(2, roles=[role.data["id"]])
    editor = await signed_in(user, password)
    refused = await editor.call("/wmWholeVersion/edit", {"id": version["id"], "published": True})
    assert refused.code == Code.NO_PERMISSION and "version/index/whole_version/publish" in refused.message
    assert (await editor.call("/wmWholeVersion/edit", {"id": version["id"], "description": "ok"})).code == 0
