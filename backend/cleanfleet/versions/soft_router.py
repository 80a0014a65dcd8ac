"""Software versions (page version/soft) and app versions (page version/app): /version/* (versions/soft.py and
versions/apps.py say what they decide).

Reading needs the page key; changes its buttons: ``version/soft/add``, ``edit``, ``delete``, ``publish`` (publish
and cancel the publish), ``range`` (the device range and its history); ``version/app/add``, ``edit``,
``delete``, ``publish``.
"""

from typing import IO

from fastapi import File, Form, Request, UploadFile

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter, upload_body_bytes
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.versions import apps, soft
from cleanfleet.versions.schemas import (
    AppId,
    AppListIn,
    AppPublishIn,
    AppVersionOut,
    DeviceRangePage,
    DeviceSoft,
    HistoryRangeIn,
    PublishSoftIn,
    RangeHistoryOut,
    RangeListIn,
    SoftListIn,
    SoftPage,
    SoftRangeIn,
    SoftSent,
    SoftVersionId,
    SoftVersionOut,
    TypeNameIn,
)
from cleanfleet.versions.service import MAX_PACKAGE_BYTES, required

router = ApiRouter(prefix="/version", tags=["versions"])
SOFT = "version/soft"
APP = "version/app"
PACKAGE_BODY = upload_body_bytes(MAX_PACKAGE_BYTES)
TYPE_ID = "1: the robot's navigation software (soft), 2: its pad"


def _commands(request: Request) -> CommandSender | None:
    return getattr(request.app.state, "robot_commands", None)


def _upload(file: UploadFile | None) -> tuple[IO[bytes] | None, str]:
    return (file.file, file.filename or "") if file is not None else (None, "")


def _named(file: UploadFile | None) -> tuple[IO[bytes], str] | None:
    return (file.file, file.filename or "file") if file is not None else None


async def _sent(db: DbSession, caller: Caller, version_id: int, counts: dict[str, int]) -> JsonResponse:
    return ok({"version": await soft.soft_out(db, caller, version_id), **counts})


# --- software versions -------------------------------------------------------------------------------------


@router.call("/selectVersion", answer=SoftPage)
async def select_versions(body: SoftListIn, db: DbSession, caller: Caller = require(SOFT)) -> JsonResponse:
    """Software versions, newest first, by name or number, type and published state, with their range and
    how many robots update to each, updated and failed."""
    return ok(await paginate(db, soft.list_query(body), body, row=soft.list_row(caller), scalars=False))


@router.call("/insertVersion", answer=SoftVersionOut, upload_bytes=PACKAGE_BODY)
async def insert_version(request: Request, db: DbSession,
                         name: str = Form(min_length=1, max_length=64),
                         typeId: int | None = Form(default=None, ge=1, le=2, description=TYPE_ID),  # noqa: N803
                         typeName: str = Form(default="", max_length=16, description="soft or pad"),  # noqa: N803
                         version: str = Form(min_length=1, max_length=64),
                         description: str = Form(default="", max_length=1024),
                         allowDowngrade: bool = Form(default=False,  # noqa: N803 - API name
                                                     description="a number lower than the newest of its type; and "
                                                                 "robots running a newer one get it"),
                         sha256: str = Form(default="", max_length=64, description="checked when given"),
                         file: UploadFile | None = File(default=None, description="the package (at most 512 MB)"),
                         caller: Caller = require(f"{SOFT}/add")) -> JsonResponse:
    """Add an unpublished software version with its package (stored with its SHA-256). Name unique; type,
    version number and file required."""
    handle, file_name = _upload(file)
    made = await soft.create_soft(db, request.app.state.store, caller, name=required(name, "name"), type_id=typeId,
                                  type_name=typeName, version=required(version, "version"),
                                  description=description.strip(), allow_downgrade=allowDowngrade, file=handle,
                                  file_name=file_name, sha256=sha256)
    return ok(await soft.soft_out(db, caller, made.id))


@router.call("/updateVersion", answer=SoftVersionOut, upload_bytes=PACKAGE_BODY)
async def update_version(request: Request, db: DbSession,
                         versionId: int = Form(ge=1, le=2_147_483_647),  # noqa: N803
                         name: str | None = Form(default=None, min_length=1, max_length=64),
                         typeId: int | None = Form(default=None, ge=1, le=2, description=TYPE_ID),  # noqa: N803
                         typeName: str = Form(default="", max_length=16),  # noqa: N803
                         version: str | None = Form(default=None, min_length=1, max_length=64),
                         description: str | None = Form(default=None, max_length=1024),
                         allowDowngrade: bool | None = Form(default=None),  # noqa: N803
                         sha256: str = Form(default="", max_length=64),
                         file: UploadFile | None = File(default=None, description="a new package (unpublished only)"),
                         caller: Caller = require(f"{SOFT}/edit")) -> JsonResponse:
    """Edit a software version (only the fields sent change). A published one keeps its type, number and
    package."""
    handle, file_name = _upload(file)
    await soft.edit_soft(db, request.app.state.store, version_id=versionId,
                         name=required(name, "name"), type_id=typeId, type_name=typeName,
                         version=required(version, "version"),
                         description=description.strip() if description is not None else None,
                         allow_downgrade=allowDowngrade, file=handle, file_name=file_name, sha256=sha256)
    return ok(await soft.soft_out(db, caller, versionId))


@router.call("/deleteVersion", answer=SoftVersionId)
async def delete_version(request: Request, body: SoftVersionId, db: DbSession,
                         caller: Caller = require(f"{SOFT}/delete")) -> JsonResponse:
    """Delete an unpublished software version, its package, range history and update records."""
    await soft.delete_soft(db, request.app.state.store, caller, body.versionId)
    return ok({"versionId": body.versionId})


@router.call("/updateVersionTypeAndPublish", answer=SoftSent)
async def publish_version(request: Request, body: PublishSoftIn, db: DbSession,
                          caller: Caller = require(f"{SOFT}/publish")) -> JsonResponse:
    """Publish a software version to a device range (``range``, else its current one): every robot in range
    not running it is sent the update now."""
    counts = await soft.publish(db, _commands(request), caller, body.versionId, body.range)
    return await _sent(db, caller, body.versionId, counts)


@router.call("/updateVersionTypeAndPublishDel", answer=SoftVersionOut)
async def unpublish_version(request: Request, body: SoftVersionId, db: DbSession,
                            caller: Caller = require(f"{SOFT}/publish")) -> JsonResponse:
    """Cancel the publish: only the test devices still get it; other robots' open updates are cancelled."""
    await soft.unpublish(db, _commands(request), caller, body.versionId)
    return ok(await soft.soft_out(db, caller, body.versionId))


@router.call("/selectDeviceRange", answer=DeviceRangePage)
async def device_range(body: RangeListIn, db: DbSession, caller: Caller = require(SOFT)) -> JsonResponse:
    """A version's device range, and the caller's robots (paged) with their list, whether the version reaches
    them, what they run and their latest update to it."""
    version = await soft.get_soft(db, body.versionId)
    query = soft.device_range_query(caller, version, body.keyword, body.onlyInRange)
    page = await paginate(db, query, body, row=soft.device_range_row(version), scalars=False)
    return ok({"range": await soft.range_out(db, caller, version), **page})


@router.call("/selectHistoryDeviceRange", answer=list[RangeHistoryOut])
async def history_range(body: SoftVersionId, db: DbSession, caller: Caller = require(SOFT)) -> JsonResponse:
    """The ranges the version was given in the caller's branch, newest (the current one) first."""
    return ok(await soft.history(db, caller, body.versionId))


@router.call("/updateVersionSelectedRange", answer=SoftSent)
async def update_range(request: Request, body: SoftRangeIn, db: DbSession,
                       caller: Caller = require(f"{SOFT}/range")) -> JsonResponse:
    """Give a version a new device range (kept in its history); a published one is sent to robots new in
    range, and robots that left it have their open updates cancelled."""
    counts = await soft.change_range(db, _commands(request), caller, body.versionId, body)
    return await _sent(db, caller, body.versionId, counts)


@router.call("/updateHistoryVersionSelectedRange", answer=SoftSent)
async def history_to_range(request: Request, body: HistoryRangeIn, db: DbSession,
                           caller: Caller = require(f"{SOFT}/range")) -> JsonResponse:
    """Give a version a range of its history again (as ``updateVersionSelectedRange`` would)."""
    counts = await soft.apply_history(db, _commands(request), caller, body.versionId, body.historyId)
    return await _sent(db, caller, body.versionId, counts)


@router.call("/selectVersionByTypeName", answer=DeviceSoft)
async def version_by_type(body: TypeNameIn, db: DbSession, caller: Caller = require(SOFT)) -> JsonResponse:
    """What version of this type (soft or pad) one of the caller's robots should run, and its latest update."""
    return ok(await soft.for_device(db, caller, body.typeName, body.deviceSerialNumber))


# --- app versions ------------------------------------------------------------------------------------------


@router.call("/selectVersionApp", answer=list[AppVersionOut])
async def select_apps(request: Request, body: AppListIn, db: DbSession,
                      _caller: Caller = require(APP)) -> JsonResponse:
    """App versions, newest first, with their files' download links."""
    return ok(await apps.app_answers(db, request.app.state.settings, name=body.name, published=body.published))


@router.call("/insertVersionApp", answer=AppVersionOut, upload_bytes=2 * PACKAGE_BODY)
async def insert_app(request: Request, db: DbSession,
                     name: str = Form(min_length=1, max_length=64),
                     log: str = Form(default="", max_length=2048, description="release notes"),
                     release: UploadFile | None = File(default=None, description="the release file (required)"),
                     debug: UploadFile | None = File(default=None, description="the debug file"),
                     caller: Caller = require(f"{APP}/add")) -> JsonResponse:
    """Add an unpublished app version. Name unique; release file required."""
    made = await apps.create_app(db, request.app.state.store, caller, name=required(name, "name"), log=log.strip(),
                                 release=_named(release), debug=_named(debug))
    return ok(await apps.app_out(db, request.app.state.settings, made.id))


@router.call("/updateVersionApp", answer=AppVersionOut, upload_bytes=2 * PACKAGE_BODY)
async def update_app(request: Request, db: DbSession,
                     id: int = Form(ge=1, le=2_147_483_647),  # noqa: A002 - API name
                     name: str | None = Form(default=None, min_length=1, max_length=64),
                     log: str | None = Form(default=None, max_length=2048),
                     release: UploadFile | None = File(default=None, description="a new release file"),
                     debug: UploadFile | None = File(default=None, description="a new debug file"),
                     removeDebug: bool = Form(default=False),  # noqa: N803
                     _caller: Caller = require(f"{APP}/edit")) -> JsonResponse:
    """Edit an app version (only what is sent changes); a published one keeps its files."""
    await apps.edit_app(db, request.app.state.store, app_id=id, name=required(name, "name"),
                        log=log.strip() if log is not None else None, release=_named(release), debug=_named(debug),
                        remove_debug=removeDebug)
    return ok(await apps.app_out(db, request.app.state.settings, id))


@router.call("/publishVersionApp", answer=AppVersionOut)
async def publish_app(request: Request, body: AppPublishIn, db: DbSession,
                      _caller: Caller = require(f"{APP}/publish")) -> JsonResponse:
    """Publish an app version (``published`` false: cancel its publish)."""
    await apps.publish_app(db, body.id, body.published)
    return ok(await apps.app_out(db, request.app.state.settings, body.id))


@router.call("/deleteVersionApp", answer=AppId)
async def delete_app(request: Request, body: AppId, db: DbSession,
                     _caller: Caller = require(f"{APP}/delete")) -> JsonResponse:
    """Delete an unpublished app version and its files."""
    await apps.delete_app(db, request.app.state.store, body.id)
    return ok({"id": body.id})
