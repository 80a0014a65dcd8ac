"""Firmware packages (/version/*Fireware): upload streamed into storage with its SHA-256, the refusals, edits."""

from cleanfleet.core.codes import Code
from tests.conftest import Answer
from tests.permission_matrix import fresh_name
from tests.versions.conftest import add_firmware, package, sha


async def test_a_firmware_is_stored_with_its_checksum_and_listed(fleet, app):
    data = package(300_000)
    name = fresh_name("Scrubber FW ")
    answer = await add_firmware(fleet.dealer, name, "FW-3.5.0", data, sha256=sha(data).upper(), deviceTypes="")
    assert answer.code == 0, answer.body
    made = answer.data
    assert (made["name"], made["version"], made["size"], made["sha256"], made["enabled"]) == \
        (name, "FW-3.5.0", len(data), sha(data), True)
    listed = (await fleet.dealer.call("/version/selectVersionFireware")).data
    assert any(f["id"] == made["id"] and f["fileName"] == f"{name}.bin" for f in listed)


async def test_refusals_name_the_field_and_store_nothing(fleet, app):
    name = fresh_name("FW ")
    data = package(1000)
    before = len((await fleet.dealer.call("/version/selectVersionFireware")).data)
    response = await fleet.dealer.client.post("/api/version/insertVersionFireware",
                                              data={"name": name, "version": "1.0"}, headers=fleet.dealer.headers())
    no_file = Answer(response.status_code, response.json())
    assert (no_file.code, no_file.field) == (Code.BAD_PARAMETER, "file")
    mismatch = await add_firmware(fleet.dealer, name, "1.0", data, sha256="0" * 64)
    assert (mismatch.code, mismatch.field) == (Code.BAD_PARAMETER, "sha256") and sha(data) in mismatch.message
    no_version = await add_firmware(fleet.dealer, name, "", data)
    assert (no_version.code, no_version.field) == (Code.BAD_PARAMETER, "version")
    bad_types = await add_firmware(fleet.dealer, name, "1.0", data, deviceTypes="3,x")
    assert (bad_types.code, bad_types.field) == (Code.BAD_PARAMETER, "deviceTypes")
    assert len((await fleet.dealer.call("/version/selectVersionFireware")).data) == before
    assert (await add_firmware(fleet.dealer, name, "1.0", data)).code == 0
    taken = await add_firmware(fleet.dealer, name, "1.1", data)
    assert (taken.code, taken.field) == (Code.ALREADY_EXISTS, "name") and name in taken.message



async def test_edit_switches_a_firmware_off_and_a_disabled_one_cannot_be_published(fleet):
    made = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-3.6.0")).data
    edited = await fleet.dealer.call("/version/updateVersionFireware", {"id": made["id"], "enabled": False,
                                                                       "description": "withdrawn"})
    assert edited.code == 0 and (edited.data["enabled"], edited.data["description"]) == (False, "withdrawn")
    refused = await fleet.dealer.call("/version/insertVersionPublic", {"versionId": made["id"],
                                                                      "deviceSerialNumbers": fleet.serials[:1]})
    assert (refused.code, refused.field) == (Code.CONFLICT, "versionId")
    assert fleet.sent == []


async def test_delete_removes_the_firmware_and_its_package(fleet, app):
    made = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-3.6.1")).data
    files = list(app.state.settings.files_root.rglob("*.bin"))
    assert (await fleet.dealer.call("/version/delVersionFireware", {"id": made["id"]})).code == 0
    assert len(list(app.state.settings.files_root.rglob("*.bin"))) == len(files) - 1
    missing = await fleet.dealer.call("/version/delVersionFireware", {"id": made["id"]})
    assert (missing.code, missing.field) == (Code.NOT_FOUND, "id")
