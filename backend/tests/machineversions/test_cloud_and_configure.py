"""Cloud versions (/wmCloudVersion/*) and configuration parameters (/configure/*): the records, their bounds and
refusals naming the field, and the edit key for a parameter's change."""

from cleanfleet.core.codes import Code
from tests.permission_matrix import fresh_name


async def test_a_cloud_version_is_recorded_found_edited_and_deleted(fleet):
    name = fresh_name("Cloud ")
    body = {"name": name, "versionNumber": "1.20.0", "notes": "alarm centre", "releaseTime": "2026-11-01T08:00:00Z"}
    made = await fleet.dealer.call("/wmCloudVersion/add", body)
    assert made.code == 0, made.body
    assert (made.data["versionNumber"], made.data["notes"]) == ("1.20.0", "alarm centre")
    assert made.data["releaseTime"].startswith("2026-11-01T08:00:00")
    found = await fleet.dealer.call("/wmCloudVersion/queryById", {"id": made.data["id"]})
    assert found.data["name"] == name and found.data["userName"]
    page = (await fleet.dealer.call("/wmCloudVersion/queryByPage", {"name": name})).data
    assert page["total"] == 1 and page["list"][0]["id"] == made.data["id"]
    edited = await fleet.dealer.call("/wmCloudVersion/edit", {"id": made.data["id"], "notes": "alarm centre, OTA"})
    assert edited.code == 0 and edited.data["notes"] == "alarm centre, OTA" and edited.data["versionNumber"] == "1.20.0"
    assert (await fleet.dealer.call("/wmCloudVersion/deleteById", {"id": made.data["id"]})).code == 0
    gone = await fleet.dealer.call("/wmCloudVersion/queryById", {"id": made.data["id"]})
    assert (gone.code, gone.field) == (Code.NOT_FOUND, "id")


async def test_cloud_version_refusals_name_the_field(fleet):
    name = fresh_name("Cloud ")
    assert (await fleet.dealer.call("/wmCloudVersion/add", {"name": name, "versionNumber": "1.0"})).code == 0
    cases = [({"name": name, "versionNumber": "1.1"}, Code.ALREADY_EXISTS, "name"),
             ({"name": fresh_name("C"), "versionNumber": ""}, Code.BAD_PARAMETER, "versionNumber"),
             ({"name": "", "versionNumber": "1"}, Code.BAD_PARAMETER, "name"),
             ({"name": fresh_name("C"), "versionNumber": "1", "notes": "n" * 4001}, Code.BAD_PARAMETER, "notes"),
             ({"name": fresh_name("C"), "versionNumber": "1", "releaseTime": "1999-01-01T00:00:00Z"},
              Code.BAD_PARAMETER, "releaseTime")]
    for body, code, field in cases:
        answer = await fleet.dealer.call("/wmCloudVersion/add", body)
        assert (answer.code, answer.field) == (code, field), (body, answer.body)
    assert (await fleet.dealer.call("/wmCloudVersion/queryByPage", {"name": name})).data["total"] == 1
    missing = await fleet.dealer.call("/wmCloudVersion/edit", {"id": 2**31 - 1, "notes": "x"})
    assert (missing.code, missing.field) == (Code.NOT_FOUND, "id")


async def test_a_parameter_is_added_changed_and_deleted(fleet):
    key = fresh_name("ota.max_parallel_").replace(" ", "")
    made = await fleet.dealer.call("/configure/add", {"key": key, "value": "50", "remark": "downloads at once"})
    assert made.code == 0, made.body
    listed = (await fleet.dealer.call("/configure/findAll", {"key": key})).data
    assert [(p["key"], p["value"], p["remark"]) for p in listed] == [(key, "50", "downloads at once")]
    changed = await fleet.dealer.call("/configure/add", {"id": made.data["id"], "key": key, "value": "80"})
    assert changed.code == 0 and changed.data["value"] == "80"
    assert (await fleet.dealer.call("/configure/del", {"id": made.data["id"]})).code == 0
    assert (await fleet.dealer.call("/configure/findAll", {"key": key})).data == []
    gone = await fleet.dealer.call("/configure/del", {"id": made.data["id"]})
    assert (gone.code, gone.field) == (Code.NOT_FOUND, "id")


async def test_parameter_refusals_name_the_field(fleet):
    key = fresh_name("mail.host_").replace(" ", "")
    assert (await fleet.dealer.call("/configure/add", {"key": key, "value": "smtp"})).code == 0
    cases = [({"key": key}, Code.ALREADY_EXISTS, "key"),
             ({"key": "has space"}, Code.BAD_PARAMETER, "key"),
             ({"key": ""}, Code.BAD_PARAMETER, "key"),
             ({"key": "k" * 65}, Code.BAD_PARAMETER, "key"),
             ({"key": "ok.key", "value": "v" * 1025}, Code.BAD_PARAMETER, "value"),
             ({"key": "ok.key", "remark": "r" * 256}, Code.BAD_PARAMETER, "remark"),
             ({"id": 2**31 - 1, "key": "ok.key"}, Code.NOT_FOUND, "id")]
    for body, code, field in cases:
        answer = await fleet.dealer.call("/configure/add", body)
        assert (answer.code, answer.field) == (code, field), (body, answer.body)
    assert [p["value"] for p in (await fleet.dealer.call("/configure/findAll", {"key": key})).data] == ["smtp"]


async def test_changing_a_parameter_needs_the_edit_key(fleet, admin, make_user, signed_in):
    made = (await fleet.dealer.call("/configure/add", {"key": fresh_name("k.").replace(" ", ""), "value": "1"})).data
    role = await admin.call("/user/role/insert", {"name": fresh_name("adder"), "keys": [
        "version/configure", "version/configure/add"]})
    user, password = await make_user(2, roles=[role.data["id"]])
    adder = await signed_in(user, password)
    refused = await adder.call("/configure/add", {"id": made["id"], "key": made["key"], "value": "2"})
    assert refused.code == Code.NO_PERMISSION and "version/configure/edit" in refused.message
    assert (await adder.call("/configure/findAll", {"key": made["key"]})).data[0]["value"] == "1"
