"""Firmware SBOMs, OSV advisories and "which of my robots run an affected version" (/api/advisory/*), and starting
the update to a fixed firmware through the firmware page's own publish."""

from typing import Any

from sqlalchemy import func, select, update

from cleanfleet.advisories.models import FirmwareSbom
from cleanfleet.core.codes import Code
from cleanfleet.devices.models import Device
from cleanfleet.versions.models import DeviceUpdate, Firmware
from tests.advisories.helpers import add_with_sbom, import_osv, osv, sbom, upload_sbom
from tests.gateway.helpers import robot_device, unique_prefix
from tests.permission_matrix import fresh_name


def libfoo(version: str, name: str) -> tuple[str, str, str]:
    return (name, version, f"pkg:generic/{name}@{version}")


def advisory_for(name: str) -> bytes:
    """``name`` affected from 1.0.0 until 1.2.4 (fixed)."""
    return osv(fresh_name("CF-").replace(" ", "-"), affected=[
        {"package": {"ecosystem": "Debian", "name": name, "purl": f"pkg:generic/{name}"},
         "ranges": [{"type": "SEMVER", "events": [{"introduced": "1.0.0"}, {"fixed": "1.2.4"}]}]}])


async def two_firmware(fleet, component: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The robots' FW-3.4.1 with the component at 1.2.0 (affected) and FW-3.5.0 with it at 1.2.4 (fixed)."""
    old = await add_with_sbom(fleet.dealer, fresh_name("FW "), "FW-3.4.1",
                              sbom(libfoo("1.2.0", component), ("zlib", "1.3", "pkg:generic/zlib@1.3")))
    new = await add_with_sbom(fleet.dealer, fresh_name("FW "), "FW-3.5.0", sbom(libfoo("1.2.4", component)))
    assert old.code == 0 and new.code == 0, (old.body, new.body)
    return old.data, new.data


async def test_a_firmware_carries_its_sbom_and_the_console_lists_its_components(fleet):
    made = await add_with_sbom(fleet.dealer, fresh_name("FW "), "FW-7.0.0",
                               sbom(libfoo("1.1.0", "libbar"), ("zlib", "1.3", "pkg:generic/zlib@1.3")))
    assert made.code == 0, made.body
    shown = await fleet.dealer.call("/advisory/sbom/get", {"versionId": made.data["id"]})
    assert shown.code == 0 and shown.data["hasSbom"] and shown.data["specVersion"] == "1.6"
    assert [(c["name"], c["version"], c["purl"]) for c in shown.data["components"]] == [
        libfoo("1.1.0", "libbar"), ("zlib", "1.3", "pkg:generic/zlib@1.3")]
    listed = (await fleet.dealer.call("/advisory/sbom/list")).data
    assert next(f for f in listed if f["versionId"] == made.data["id"])["componentCount"] == 2
    replaced = await upload_sbom(fleet.dealer, made.data["id"], sbom(libfoo("1.2.9", "libbar")))
    assert replaced.code == 0 and [c["version"] for c in replaced.data["components"]] == ["1.2.9"]


async def test_a_wrong_sbom_on_the_firmware_form_stores_nothing(fleet, db):
    before = await db.scalar(select(func.count(Firmware.id)))
    refused = await add_with_sbom(fleet.dealer, fresh_name("FW "), "FW-7.0.1",
                                  sbom(("libbar", "1.0", "pkg:generic/libbar@1.0"), ("zlib", "1.3", "")))
    assert (refused.code, refused.field) == (Code.BAD_PARAMETER, "components.1.purl"), refused.body
    assert await db.scalar(select(func.count(Firmware.id))) == before
    not_json = await upload_sbom(fleet.dealer, 1, b"{")
    assert (not_json.code, not_json.field) == (Code.BAD_FILE, "sbom")
    missing = await upload_sbom(fleet.dealer, 2**31 - 1, sbom(("a", "1", "pkg:generic/a@1")))
    assert (missing.code, missing.field) == (Code.NOT_FOUND, "versionId")


async def test_an_advisory_answers_which_robots_of_the_callers_run_an_affected_version(fleet, db):
    component = fresh_name("libfoo").replace(" ", "")
    old, new = await two_firmware(fleet, component)
    imported = await import_osv(fleet.dealer, advisory_for(component))
    assert imported.code == 0, imported.body
    answer = await fleet.dealer.call("/advisory/affected", {"id": imported.data["id"]})
    assert answer.code == 0, answer.body
    detail = answer.data
    assert [(v["versionId"], v["robots"]) for v in detail["versions"]] == [(old["id"], 4)]
    assert [c["name"] for c in detail["versions"][0]["components"]] == [component]
    assert new["id"] in detail["versions"][0]["fixedBy"]  # (any newer firmware whose SBOM it does not affect)
    assert new["id"] in {f["versionId"] for f in detail["fixedFirmware"]}
    assert sorted(r["deviceSerialNumber"] for r in detail["robots"]) == sorted(fleet.serials)
    assert detail["robotCount"] == 4 and detail["fixedVersions"] == ["1.2.4"]
    row = next(a for a in (await fleet.dealer.call("/advisory/list")).data if a["id"] == imported.data["id"])
    assert (row["affectedVersions"], row["affectedRobots"]) == (1, 4)


async def test_a_robot_outside_the_callers_subtree_never_appears(fleet, db, make_user):
    component = fresh_name("libfoo").replace(" ", "")
    _old, new = await two_firmware(fleet, component)
    outsider, _ = await make_user(2)
    stranger = await robot_device(db, outsider, f"{unique_prefix()}X-0001")
    await db.execute(update(Device).where(Device.id == stranger.id).values(firmware_version="FW-3.4.1"))
    await db.commit()
    imported = (await import_osv(fleet.dealer, advisory_for(component))).data
    mine = (await fleet.dealer.call("/advisory/affected", {"id": imported["id"]})).data
    assert stranger.serial_number not in {r["deviceSerialNumber"] for r in mine["robots"]}
    assert mine["robotCount"] == 4
    theirs = (await fleet.other_dealer.call("/advisory/affected", {"id": imported["id"]})).data
    assert (theirs["robotCount"], theirs["robots"]) == (0, [])
    assert len(theirs["versions"]) == 1  # the firmware is the catalogue's: the same for everyone
    customer = (await fleet.customer.call("/advisory/affected", {"id": imported["id"]}))
    assert customer.code == Code.NO_PERMISSION  # the ordinary user preset has no advisory page
    refused = await fleet.other_dealer.call("/advisory/update", {
        "id": imported["id"], "versionId": new["id"], "deviceSerialNumbers": fleet.serials[:1]})
    assert (refused.code, refused.field) == (Code.NOT_FOUND, "deviceSerialNumbers")  # not theirs: not found
    assert fleet.sent == []


def _command(sent: dict[str, Any]) -> dict[str, Any]:
    args = {k: v for k, v in sent["args"].items() if k != "url"}
    return {"cmd": sent["cmd"], "args": args}


async def test_starting_the_update_sends_what_the_firmware_page_sends(fleet, db):
    component = fresh_name("libfoo").replace(" ", "")
    old, new = await two_firmware(fleet, component)
    imported = (await import_osv(fleet.dealer, advisory_for(component))).data
    started = await fleet.dealer.call("/advisory/update", {"id": imported["id"], "versionId": new["id"],
                                                           "deviceSerialNumbers": fleet.serials[:2]})
    assert started.code == 0, started.body
    assert started.data["robots"] == 2
    by_advisory = [s for s in fleet.sent if s.get("cmd") == "ota"]
    assert sorted(s["topic"].split("/")[1] for s in by_advisory) == sorted(fleet.serials[:2])
    fleet.sent.clear()
    page = await fleet.dealer.call("/version/insertVersionPublic", {"versionId": new["id"],
                                                                   "deviceSerialNumbers": fleet.serials[2:]})
    assert page.code == 0, page.body
    by_page = [s for s in fleet.sent if s.get("cmd") == "ota"]
    assert [_command(s) for s in by_advisory] == [_command(s) for s in by_page]
    assert _command(by_advisory[0])["args"]["version"] == "FW-3.5.0"
    # the same records: a publication each, every robot's update to the fixed firmware
    records = (await db.execute(select(DeviceUpdate.device_id, DeviceUpdate.firmware_id, DeviceUpdate.public_id)
                                .where(DeviceUpdate.device_id.in_(fleet.device_ids)))).all()
    assert {r.firmware_id for r in records} == {new["id"]} and len(records) == 4
    assert started.data["publicId"] in {r.public_id for r in records}
    publications = (await fleet.dealer.call("/version/selectVersionPublic", {"versionId": new["id"]})).data
    assert started.data["publicId"] in {p["publicId"] for p in publications}


async def test_update_refusals(fleet, db):
    component = fresh_name("libfoo").replace(" ", "")
    old, new = await two_firmware(fleet, component)
    imported = (await import_osv(fleet.dealer, advisory_for(component))).data
    affected_target = await fleet.dealer.call("/advisory/update", {"id": imported["id"], "versionId": old["id"],
                                                                   "deviceSerialNumbers": fleet.serials[:1]})
    assert (affected_target.code, affected_target.field) == (Code.CONFLICT, "versionId")
    no_sbom = (await add_with_sbom(fleet.dealer, fresh_name("FW "), "FW-3.6.0", None)).data
    unknown = await fleet.dealer.call("/advisory/update", {"id": imported["id"], "versionId": no_sbom["id"],
                                                           "deviceSerialNumbers": fleet.serials[:1]})
    assert (unknown.code, unknown.field) == (Code.CONFLICT, "versionId")
    await db.execute(update(Device).where(Device.id == fleet.device_ids[3]).values(firmware_version="FW-3.5.0"))
    await db.commit()
    unaffected = await fleet.dealer.call("/advisory/update", {"id": imported["id"], "versionId": new["id"],
                                                              "deviceSerialNumbers": fleet.serials[3:]})
    assert (unaffected.code, unaffected.field) == (Code.BAD_PARAMETER, "deviceSerialNumbers")
    assert fleet.serials[3] in unaffected.message
    missing = await fleet.dealer.call("/advisory/update", {"id": 2**31 - 1, "versionId": new["id"],
                                                           "deviceSerialNumbers": fleet.serials[:1]})
    assert (missing.code, missing.field) == (Code.NOT_FOUND, "id")
    assert fleet.sent == []
    assert await db.scalar(select(func.count(DeviceUpdate.id)).where(DeviceUpdate.device_id.in_(fleet.device_ids))) == 0


async def test_reimporting_an_advisory_replaces_it_and_delete_removes_it(fleet):
    first = await import_osv(fleet.dealer, osv("CF-REPLACE-1"))
    second = await import_osv(fleet.dealer, osv("CF-REPLACE-1", summary="revised"))
    assert first.code == 0 and second.code == 0 and first.data["id"] == second.data["id"]
    assert second.data["summary"] == "revised"
    bad = await import_osv(fleet.dealer, osv("CF-REPLACE-2", affected=[{"package": {"ecosystem": "npm"},
                                                                          "versions": ["1"]}]))
    assert (bad.code, bad.field) == (Code.BAD_PARAMETER, "affected.0.package.name")
    assert "affected.0.package.name" in bad.message
    assert (await fleet.dealer.call("/advisory/delete", {"id": first.data["id"]})).code == 0
    gone = await fleet.dealer.call("/advisory/affected", {"id": first.data["id"]})
    assert (gone.code, gone.field) == (Code.NOT_FOUND, "id")


async def test_deleting_a_firmware_takes_its_sbom(fleet, db):
    made = (await add_with_sbom(fleet.dealer, fresh_name("FW "), "FW-7.1.0", sbom(libfoo("1.0.0", "libq")))).data
    assert await db.get(FirmwareSbom, made["id"]) is not None
    assert (await fleet.dealer.call("/version/delVersionFireware", {"id": made["id"]})).code == 0
    db.expire_all()
    assert await db.scalar(select(func.count()).select_from(FirmwareSbom)
                           .where(FirmwareSbom.firmware_id == made["id"])) == 0
