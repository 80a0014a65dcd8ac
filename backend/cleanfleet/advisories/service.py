"""SBOMs per firmware, advisories, and the answer to "which of my robots run an affected version".

Decisions (docs/domains/advisories.md):
- A firmware's SBOM and an advisory are catalogue records (like firmware itself): every holder of the page key
  sees them; the robots an advisory affects are always the caller's subtree's (``devices.access.visible``).
- A firmware is affected when its SBOM lists a component the advisory names at an affected version; a robot is
  affected when it reports (``Device.firmware_version``) the version of an affected firmware whose device types
  include its own (no types: every type). A firmware without an SBOM is never called affected (nothing is known):
  the answer counts them so the page can say so.
- Re-importing an advisory with the same OSV id replaces it (OSV documents are revised under their id).
- Starting the update goes through ``versions.publications.publish``, the version page's own call path: the same
  publication, records, update rule and command. The target must have an SBOM the advisory does not affect, and
  each robot named must be one the advisory affects in the caller's subtree.
"""

from typing import Any

from fastapi import UploadFile
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.advisories import texts
from cleanfleet.advisories.documents import (
    MAX_SBOM_BYTES,
    affects,
    fixed_versions,
    read_osv,
    read_sbom,
    version_key,
)
from cleanfleet.advisories.models import Advisory, FirmwareSbom
from cleanfleet.core.auth import Caller
from cleanfleet.core.bus import Bus
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.devices.access import get_device_by_serial, visible
from cleanfleet.devices.models import Device
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.versions import publications
from cleanfleet.versions.attachments import SbomAttachment, register_sbom
from cleanfleet.versions.models import Firmware
from cleanfleet.versions.service import get_firmware, iso

MAX_ROBOTS = 2000  # robots listed in one answer (the count is always whole)


# --- SBOM ----------------------------------------------------------------------------------------------------


def checked_sbom(data: bytes) -> tuple[str, list[dict[str, str]]]:
    return read_sbom(data)


async def read_upload(upload: UploadFile | None) -> tuple[str, list[dict[str, str]]] | None:
    """The firmware form's optional ``sbom`` file, checked before anything is stored (None: none sent)."""
    if upload is None or not upload.filename:
        return None
    return read_sbom(await upload.read(MAX_SBOM_BYTES + 1))


async def store_sbom(db: AsyncSession, caller: Caller, firmware_id: int, file_name: str,
                     sbom: tuple[str, list[dict[str, str]]]) -> None:
    """Stores (or replaces) a firmware's checked SBOM; one commit."""
    spec, components = sbom
    row = await db.get(FirmwareSbom, firmware_id)
    if row is None:
        row = FirmwareSbom(firmware_id=firmware_id)
        db.add(row)
    row.file_name, row.spec_version, row.components = (file_name or "sbom.json")[:128], spec, components
    row.user_id, row.created_at = caller.user_id, utcnow()
    await db.commit()


async def attach_sbom(db: AsyncSession, caller: Caller, firmware_id: int, file_name: str, data: bytes) -> None:
    await get_firmware(db, firmware_id, field="versionId")
    await store_sbom(db, caller, firmware_id, file_name, checked_sbom(data))


def sbom_answer(firmware: Firmware, sbom: FirmwareSbom | None, *, with_components: bool) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "versionId": firmware.id, "name": firmware.name, "version": firmware.version, "hasSbom": sbom is not None,
        "fileName": sbom.file_name if sbom else "", "specVersion": sbom.spec_version if sbom else "",
        "componentCount": len(sbom.components) if sbom else 0, "createTime": iso(sbom.created_at if sbom else None)}
    if with_components:
        answer["components"] = list(sbom.components) if sbom else []
    return answer


async def list_sboms(db: AsyncSession) -> list[dict[str, Any]]:
    """Every firmware, newest first, with whether it carries an SBOM and how many components it lists."""
    rows = await db.execute(select(Firmware, FirmwareSbom).outerjoin(FirmwareSbom, FirmwareSbom.firmware_id ==
                                                                     Firmware.id)
                            .order_by(Firmware.created_at.desc(), Firmware.id.desc()))
    return [sbom_answer(f, s, with_components=False) for f, s in rows]


async def sbom_of(db: AsyncSession, firmware_id: int) -> dict[str, Any]:
    firmware = await get_firmware(db, firmware_id, field="versionId")
    return sbom_answer(firmware, await db.get(FirmwareSbom, firmware_id), with_components=True)


# --- advisories ----------------------------------------------------------------------------------------------


async def import_advisory(db: AsyncSession, caller: Caller, data: bytes) -> int:
    """Checks an OSV document and stores it (replacing the advisory of the same id); one commit."""
    doc = read_osv(data)
    row = await db.scalar(select(Advisory).where(Advisory.osv_id == doc["id"]))
    now = utcnow()
    if row is None:
        row = Advisory(osv_id=doc["id"], created_at=now)
        db.add(row)
    row.name, row.summary, row.details, row.modified = doc["id"], doc["summary"], doc["details"], doc["modified"]
    row.aliases, row.affected, row.user_id, row.updated_at = doc["aliases"], doc["affected"], caller.user_id, now
    await db.commit()
    return row.id


async def get_advisory(db: AsyncSession, advisory_id: int) -> Advisory:
    row = await db.get(Advisory, advisory_id)
    if row is None:
        raise ApiError(Code.NOT_FOUND, texts.ADVISORY_NOT_FOUND, field="id", values={"id": advisory_id})
    return row


async def delete_advisory(db: AsyncSession, advisory_id: int) -> None:
    await get_advisory(db, advisory_id)
    await db.execute(delete(Advisory).where(Advisory.id == advisory_id))
    await db.commit()


async def _firmware_sboms(db: AsyncSession) -> list[tuple[Firmware, FirmwareSbom | None]]:
    rows = await db.execute(select(Firmware, FirmwareSbom).outerjoin(FirmwareSbom, FirmwareSbom.firmware_id ==
                                                                     Firmware.id))
    return [(f, s) for f, s in rows]


def _hits(advisory: Advisory, sbom: FirmwareSbom) -> list[dict[str, str]]:
    """The SBOM's components the advisory affects (at their versions)."""
    return [c for c in sbom.components if any(affects(entry, c) for entry in advisory.affected)]


def _applies(firmware: Firmware, device: Device) -> bool:
    types = set(firmware.device_types or [])
    return not types or device.type_id in types


async def _affected_robots(db: AsyncSession, caller: Caller, firmwares: list[Firmware]) -> list[tuple[Device,
                                                                                                     Firmware]]:
    """The caller's robots running one of these firmwares (its version, a type it applies to)."""
    by_version: dict[str, list[Firmware]] = {}
    for firmware in firmwares:
        by_version.setdefault(firmware.version, []).append(firmware)
    if not by_version:
        return []
    found = []
    query = (select(Device).where(visible(caller), Device.firmware_version.in_(sorted(by_version)))
             .order_by(Device.serial_number))
    for device in await db.scalars(query):
        runs = next((f for f in by_version[device.firmware_version] if _applies(f, device)), None)
        if runs is not None:
            found.append((device, runs))
    return found


async def _judge(db: AsyncSession, advisory: Advisory) -> tuple[list[tuple[Firmware, list[dict[str, str]]]],
                                                                 list[Firmware], int]:
    """(affected firmware with the components that make it so, firmware with an SBOM it does not affect,
    how many firmware carry no SBOM)."""
    affected, clean, unknown = [], [], 0
    for firmware, sbom in await _firmware_sboms(db):
        if sbom is None:
            unknown += 1
            continue
        hits = _hits(advisory, sbom)
        if hits:
            affected.append((firmware, hits))
        else:
            clean.append(firmware)
    return affected, clean, unknown


def _fixes_for(firmware: Firmware, clean: list[Firmware]) -> list[int]:
    """The firmware an affected one can be updated to: not affected, newer, for the same device types (or all)."""
    mine = set(firmware.device_types or [])
    return [f.id for f in sorted(clean, key=lambda f: version_key(f.version), reverse=True)
            if f.enabled and version_key(f.version) > version_key(firmware.version)
            and (not f.device_types or not mine or mine <= set(f.device_types))]


def advisory_answer(advisory: Advisory) -> dict[str, Any]:
    return {"id": advisory.id, "osvId": advisory.osv_id, "summary": advisory.summary, "details": advisory.details,
            "aliases": list(advisory.aliases or []), "modified": advisory.modified,
            "packages": [{"ecosystem": a["ecosystem"], "name": a["name"], "purl": a["purl"]}
                         for a in advisory.affected],
            "fixedVersions": fixed_versions(advisory.affected), "createTime": iso(advisory.created_at),
            "updateTime": iso(advisory.updated_at)}


async def list_advisories(db: AsyncSession, caller: Caller) -> list[dict[str, Any]]:
    """Every advisory, newest first, with how many firmware it affects and how many of the caller's robots."""
    answers = []
    for advisory in await db.scalars(select(Advisory).order_by(Advisory.updated_at.desc(), Advisory.id.desc())):
        affected, _clean, _unknown = await _judge(db, advisory)
        robots = await _affected_robots(db, caller, [f for f, _ in affected])
        answers.append({**advisory_answer(advisory), "affectedVersions": len(affected), "affectedRobots": len(robots)})
    return answers


async def affected(db: AsyncSession, caller: Caller, advisory_id: int) -> dict[str, Any]:
    """One advisory: the firmware it affects (with the components, the robots of the caller's running each and
    the firmware to update to) and the caller's robots running them."""
    advisory = await get_advisory(db, advisory_id)
    hit, clean, unknown = await _judge(db, advisory)
    robots = await _affected_robots(db, caller, [f for f, _ in hit])
    per_firmware: dict[int, int] = {}
    for _device, firmware in robots:
        per_firmware[firmware.id] = per_firmware.get(firmware.id, 0) + 1
    versions = [{"versionId": f.id, "name": f.name, "version": f.version, "components": components,
                 "robots": per_firmware.get(f.id, 0), "fixedBy": _fixes_for(f, clean)} for f, components in hit]
    targets = [{"versionId": f.id, "name": f.name, "version": f.version, "enabled": f.enabled}
               for f in sorted(clean, key=lambda f: version_key(f.version), reverse=True)]
    return {**advisory_answer(advisory), "versions": versions, "fixedFirmware": targets,
            "withoutSbom": unknown, "robotCount": len(robots),
            "robots": [{"deviceId": d.id, "deviceSerialNumber": d.serial_number, "deviceName": d.name,
                        "firmwareVersion": d.firmware_version, "versionId": f.id}
                       for d, f in robots[:MAX_ROBOTS]]}


async def start_update(db: AsyncSession, commands: CommandSender | None, bus: Bus | None, caller: Caller,
                       advisory_id: int, firmware_id: int, serials: list[str]) -> int:
    """Publishes a fixed firmware to affected robots of the caller's through the version page's call path
    (``versions.publications.publish``: the same checks, records, update rule and command). Answers the
    publication id."""
    advisory = await get_advisory(db, advisory_id)
    target = await get_firmware(db, firmware_id, field="versionId")
    hit, clean, _unknown = await _judge(db, advisory)
    if target.id not in {f.id for f in clean}:
        raise ApiError(Code.CONFLICT, texts.TARGET_AFFECTED, field="versionId", values={"name": target.name})
    affected_serials = {d.serial_number for d, _f in await _affected_robots(db, caller, [f for f, _ in hit])}
    for serial in serials:
        if serial not in affected_serials:
            # another branch's robot answers NOT_FOUND as a missing one does; one of the caller's is named
            await get_device_by_serial(db, caller, serial, field="deviceSerialNumbers")
            raise bad_parameter("deviceSerialNumbers", texts.ROBOT_NOT_AFFECTED, serial=serial)
    return await publications.publish(db, commands, caller, target.id, serials, False, None, bus)


register_sbom(SbomAttachment(read=read_upload, store=store_sbom))
