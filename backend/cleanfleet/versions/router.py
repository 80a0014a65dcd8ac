"""Firmware and over-the-air updates (/version/*, page version/fireware): firmware packages, publishing one to a
white list of robots, staged rollouts, and the robots' update records.

Reading needs the page key ``version/fireware``; changes its buttons ``add``, ``edit``, ``delete``, ``enable``
(switching a firmware on or off), ``publish`` (a white list) and ``rollout`` (staged rollouts).
"""

from fastapi import File, Form, Request, UploadFile

from cleanfleet.core.auth import Caller, require, require_any
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter, Empty, upload_body_bytes
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.versions import attachments, publications, rollouts, service, signing
from cleanfleet.versions.schemas import (
    DeviceFirmware,
    FirmwareEdit,
    FirmwareId,
    FirmwareOut,
    PublicationOut,
    PublicId,
    PublicIn,
    RolloutId,
    RolloutIn,
    RolloutOut,
    RolloutPage,
    SerialIn,
    TufStatusOut,
    UpdatePage,
    UpdatesIn,
    VersionId,
)

router = ApiRouter(prefix="/version", tags=["versions"])
PAGE = "version/fireware"


def _commands(request: Request) -> CommandSender | None:
    return getattr(request.app.state, "robot_commands", None)


@router.call("/selectVersionFireware", answer=list[FirmwareOut])
async def select_firmware(_body: Empty, db: DbSession, _caller: Caller = require(PAGE)) -> JsonResponse:
    """Every firmware, newest first, with how many robots are updating to it and how many it updated."""
    return ok(await service.list_firmware(db))


@router.call("/insertVersionFireware", answer=FirmwareOut, upload_bytes=upload_body_bytes(service.MAX_PACKAGE_BYTES))
async def insert_firmware(request: Request, db: DbSession,
                          name: str = Form(min_length=1, max_length=64),
                          version: str = Form(min_length=1, max_length=64),
                          description: str = Form(default="", max_length=1024),
                          enabled: bool = Form(default=True),
                          deviceTypes: str = Form(default="", max_length=2000,  # noqa: N803 - API name
                                                  description="device type ids, comma-joined; empty: every type"),
                          sha256: str = Form(default="", max_length=64,
                                             description="the package's SHA-256 as its maker gives it; checked"),
                          file: UploadFile | None = File(default=None, description="the package (at most 512 MB)"),
                          targets: UploadFile | None = File(default=None, description="the targets metadata "
                                                            "(targets.json) the publisher signed for this package"),
                          allowUnsigned: bool = Form(default=False,  # noqa: N803 - API name
                                                     description="the switch for older robots: accept it unsigned"),
                          sbom: UploadFile | None = File(default=None, description="the package's CycloneDX SBOM "
                                                         "(JSON, at most 4 MB; advisories/, issue 47)"),
                          caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Add a firmware with its package: stored streamed in the storage layer with its SHA-256 (a ``sha256``
    given must match). Name unique; version and file required. Signed (``targets``: checked against the
    publisher's root, it must list this package's length and SHA-256 with this version) or, with
    ``allowUnsigned``, unsigned for older robots; neither is refused naming ``targets``."""
    types = service.type_ids(deviceTypes)
    signed = await signing.read_upload(targets) if targets is not None and targets.filename else None
    bom = await attachments.sbom().read(sbom)  # checked before anything is stored
    firmware = await service.create_firmware(
        db, request.app.state.store, caller, name=name.strip(), version=version.strip(),
        description=description.strip(), enabled=enabled, device_types=types,
        file=file.file if file is not None else None, file_name=(file.filename or "") if file is not None else "",
        sha256=sha256, targets=signed, allow_unsigned=allowUnsigned, repository=signing.repository(request.app.state))
    if bom is not None and sbom is not None:
        await attachments.sbom().store(db, caller, firmware.id, sbom.filename or "", bom)
    return ok(await service.firmware_out(db, firmware.id))


@router.call("/updateVersionFireware", answer=FirmwareOut)
async def update_firmware(body: FirmwareEdit, db: DbSession,
                          caller: Caller = require_any(f"{PAGE}/edit", f"{PAGE}/enable")) -> JsonResponse:
    """Edit a firmware (only the fields sent change); switching it on or off needs ``enable`` or ``edit``,
    anything else ``edit``."""
    service.check_edit_keys(caller, body, PAGE)
    firmware = await service.edit_firmware(db, body)
    return ok(await service.firmware_out(db, firmware.id))


@router.call("/delVersionFireware", answer=FirmwareId)
async def delete_firmware(request: Request, body: FirmwareId, db: DbSession,
                          _caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a firmware, its package and its records; refused while robots are updating to it."""
    await service.delete_firmware(db, request.app.state.store, body.id)
    return ok({"id": body.id})


@router.call("/getVersionFirewareBySerialNumber", answer=DeviceFirmware)
async def firmware_by_serial(body: SerialIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """What a robot of the caller's should run: the newest enabled firmware its type may take, whether it runs
    it, and its latest update."""
    return ok(await service.firmware_for_device(db, caller, body.deviceSerialNumber))


@router.call("/insertVersionPublic", answer=PublicationOut)
async def insert_public(request: Request, body: PublicIn, db: DbSession,
                        caller: Caller = require(f"{PAGE}/publish")) -> JsonResponse:
    """Publish a firmware to a white list of the caller's robots: each is told as soon as the update rule lets it
    (inside the ``window`` if one is given, never while busy) and reports its progress live (refused whole, naming
    the robot, for another branch's robot, a type the firmware does not apply to, or a downgrade without
    ``allowDowngrade``; a bad window naming its field)."""
    public_id = await publications.publish(db, _commands(request), caller, body.versionId, body.deviceSerialNumbers,
                                  body.allowDowngrade, body.window, request.app.state.bus)
    publication = await service.get_publication(db, caller, public_id)
    return ok(await service.publication_answer(db, caller, publication, caller.name))


@router.call("/selectVersionPublic", answer=list[PublicationOut])
async def select_public(body: VersionId, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """A firmware's publications (the caller's subtree's), newest first, with each robot's update state."""
    return ok(await service.publications(db, caller, body.versionId))


@router.call("/deleteVersionPublic", answer=PublicId)
async def delete_public(request: Request, body: PublicId, db: DbSession,
                        caller: Caller = require(f"{PAGE}/publish")) -> JsonResponse:
    """Delete a publication: robots still updating are asked to stop, its records go."""
    await publications.cancel_publication(db, _commands(request), caller, body.publicId)
    return ok({"publicId": body.publicId})


@router.call("/selectDeviceUpdates", answer=UpdatePage)
async def device_updates(body: UpdatesIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The version records of the caller's robots (one robot's with ``deviceSerialNumber``, one rollout's with
    ``rolloutId``: by group and serial number), newest first, each waiting one with why it waits and its next
    chance on the robot's site clock."""
    query = service.records_query(caller, body.deviceSerialNumber, body.versionId, body.rolloutId)
    return ok(await paginate(db, query, body, row=service.update_answer, scalars=False))


@router.call("/rollout/add", answer=RolloutOut)
async def add_rollout(request: Request, body: RolloutIn, db: DbSession,
                      caller: Caller = require(f"{PAGE}/rollout")) -> JsonResponse:
    """Start a staged rollout: the targets in groups; group 1 starts at once (each robot told as soon as the update
    rule lets it: inside the ``window`` if one is given, never while busy)."""
    rollout_id = await rollouts.create(db, _commands(request), request.app.state.bus, caller, body)
    return ok(await rollouts.answer_for(db, rollout_id))


@router.call("/rollout/list", answer=RolloutPage)
async def list_rollouts(body: UpdatesIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The rollouts of the caller's subtree, newest first, each with its groups' progress."""
    page = await paginate(db, rollouts.rollouts_query(caller), body, scalars=False)
    page["list"] = [await rollouts.answer(db, row) for row in page["list"]]
    return ok(page)


@router.call("/rollout/pause", answer=RolloutOut)
async def pause_rollout(body: RolloutId, db: DbSession, caller: Caller = require(f"{PAGE}/rollout")) -> JsonResponse:
    """Pause a running rollout: no further group starts (updates already on robots go on)."""
    await rollouts.pause(db, caller, body.rolloutId)
    return ok(await rollouts.answer_for(db, body.rolloutId))


@router.call("/rollout/resume", answer=RolloutOut)
async def resume_rollout(request: Request, body: RolloutId, db: DbSession,
                         caller: Caller = require(f"{PAGE}/rollout")) -> JsonResponse:
    """Resume a paused rollout: the current group's failed updates are sent again."""
    await rollouts.resume(db, _commands(request), request.app.state.bus, caller, body.rolloutId)
    return ok(await rollouts.answer_for(db, body.rolloutId))


@router.call("/rollout/cancel", answer=RolloutOut)
async def cancel_rollout(request: Request, body: RolloutId, db: DbSession,
                         caller: Caller = require(f"{PAGE}/rollout")) -> JsonResponse:
    """Cancel a rollout: every update not ended is cancelled (robots still downloading are asked to stop)."""
    await rollouts.cancel(db, _commands(request), caller, body.rolloutId)
    return ok(await rollouts.answer_for(db, body.rolloutId))


@router.call("/tuf/status", answer=TufStatusOut)
async def tuf_status(request: Request, _body: Empty, db: DbSession, _caller: Caller = require(PAGE)) -> JsonResponse:
    """The signed-update repository: each role's newest version and expiry, the publisher's root and targets key
    ids, and this console's online snapshot and timestamp public keys (the publisher puts them in its root)."""
    return ok(await signing.status(db, request.app.state.tuf_keys))


@router.call("/tuf/root", answer=TufStatusOut, upload_bytes=signing.MAX_METADATA_BYTES + 65536)
async def tuf_root(request: Request, db: DbSession,
                   root: UploadFile = File(description="root.json as the publisher signed it"),
                   _caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Upload the publisher's root: version 1 (signed by its own root keys) or the next version, signed by the
    old root's keys and its own (a rotation). It must name this console's online keys for snapshot and
    timestamp."""
    await signing.upload_root(db, request.app.state, await signing.read_upload(root, "root"))
    return ok(await signing.status(db, request.app.state.tuf_keys))
