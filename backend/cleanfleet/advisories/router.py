"""Advisories and bills of materials (/advisory/*, page ``version/advisory``; issue 47 item 3).

Reading needs the page key ``version/advisory``; importing an OSV advisory its ``import`` button, deleting one
``delete``, attaching a CycloneDX SBOM to a firmware ``sbom`` and starting the update of affected robots to a
fixed firmware ``update``. Which robots are affected is always the caller's subtree's.
"""

from fastapi import File, Form, Request, UploadFile

from cleanfleet.advisories import service
from cleanfleet.advisories.documents import MAX_OSV_BYTES, MAX_SBOM_BYTES
from cleanfleet.advisories.schemas import (
    AdvisoryDetail,
    AdvisoryId,
    AdvisoryOut,
    AdvisoryRow,
    SbomDetail,
    SbomOut,
    UpdateIn,
    UpdateOut,
    VersionIdIn,
)
from cleanfleet.core.auth import Caller, require
from cleanfleet.core.bounds import MAX_ID
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter, Empty, upload_body_bytes

router = ApiRouter(prefix="/advisory", tags=["advisories"])
PAGE = "version/advisory"


@router.call("/list", answer=list[AdvisoryRow])
async def list_advisories(_body: Empty, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Every imported advisory, newest first, with how many firmware versions it affects and how many of the
    caller's robots run one of them."""
    return ok(await service.list_advisories(db, caller))


@router.call("/import", answer=AdvisoryOut, upload_bytes=upload_body_bytes(MAX_OSV_BYTES))
async def import_advisory(db: DbSession, file: UploadFile = File(description="one OSV advisory (JSON, at most 1 MB)"),
                          caller: Caller = require(f"{PAGE}/import")) -> JsonResponse:
    """Import an advisory in OSV format (https://ossf.github.io/osv-schema/): ``id``, ``affected`` with each
    ``package`` (``ecosystem``, ``name``, ``purl``) and its ``versions`` and/or SEMVER/ECOSYSTEM ``ranges``. A
    wrong document is refused naming the place in it (``affected.0.package.name``); one with an id already
    imported replaces it."""
    data = await file.read(MAX_OSV_BYTES + 1)
    advisory_id = await service.import_advisory(db, caller, data)
    return ok(service.advisory_answer(await service.get_advisory(db, advisory_id)))


@router.call("/delete", answer=AdvisoryId)
async def delete_advisory(body: AdvisoryId, db: DbSession, _caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete an advisory (nothing on the robots changes)."""
    await service.delete_advisory(db, body.id)
    return ok({"id": body.id})


@router.call("/affected", answer=AdvisoryDetail)
async def affected(body: AdvisoryId, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Which of the caller's robots run an affected version: the firmware versions whose SBOM lists an affected
    component at an affected version (with those components and the firmware to update to), and the robots of the
    caller's subtree reporting one of them (at most 2,000 listed, ``robotCount`` all)."""
    return ok(await service.affected(db, caller, body.id))


@router.call("/update", answer=UpdateOut)
async def start_update(request: Request, body: UpdateIn, db: DbSession,
                       caller: Caller = require(f"{PAGE}/update")) -> JsonResponse:
    """Start the update of affected robots to a fixed firmware (one with an SBOM the advisory does not affect):
    published exactly as the firmware page's publish does (same checks, update rule and live progress)."""
    public_id = await service.start_update(db, getattr(request.app.state, "robot_commands", None),
                                           request.app.state.bus, caller, body.id, body.versionId,
                                           body.deviceSerialNumbers)
    return ok({"publicId": public_id, "robots": len(set(body.deviceSerialNumbers))})


@router.call("/sbom/list", answer=list[SbomOut])
async def list_sboms(_body: Empty, db: DbSession, _caller: Caller = require(PAGE)) -> JsonResponse:
    """Every firmware, newest first, with whether it carries a CycloneDX SBOM and how many components it lists."""
    return ok(await service.list_sboms(db))


@router.call("/sbom/get", answer=SbomDetail)
async def get_sbom(body: VersionIdIn, db: DbSession, _caller: Caller = require(PAGE)) -> JsonResponse:
    """A firmware's SBOM with its components (name, version, purl)."""
    return ok(await service.sbom_of(db, body.versionId))


@router.call("/sbom/upload", answer=SbomDetail, upload_bytes=upload_body_bytes(MAX_SBOM_BYTES))
async def upload_sbom(db: DbSession, versionId: int = Form(ge=1, le=MAX_ID),  # noqa: N803 - API name
                      file: UploadFile = File(description="the firmware's CycloneDX SBOM (JSON, at most 4 MB)"),
                      caller: Caller = require(f"{PAGE}/sbom")) -> JsonResponse:
    """Attach (or replace) a firmware's CycloneDX SBOM: JSON with ``bomFormat`` CycloneDX and ``components``, each
    with ``name``, ``version`` and ``purl`` (refused naming the place in the document)."""
    data = await file.read(MAX_SBOM_BYTES + 1)
    await service.attach_sbom(db, caller, versionId, file.filename or "", data)
    return ok(await service.sbom_of(db, versionId))
