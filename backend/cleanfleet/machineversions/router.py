"""Whole-machine versions (/wmWholeVersion/*, /wmWholeVersionWhiteBlack/*), cloud versions (/wmCloudVersion/*) and
configuration parameters (/configure/*).

Reading needs the page key (``version/index/whole_version``, ``version/index/cloud_version``,
``version/configure``); changes the page's buttons: ``add``, ``edit``, ``delete``, and for whole-machine versions
``publish`` (publish and cancel publish) and ``range`` (white and black lists).
"""

from fastapi import Request

from cleanfleet.core.auth import Caller, require, require_any
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import no_permission
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.core.texts import LACKS_KEYS
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.machineversions import cloud, configure, whole
from cleanfleet.machineversions.models import BLACK, WHITE
from cleanfleet.machineversions.schemas import (
    AppVersionOption,
    CloudPageIn,
    CloudVersionEdit,
    CloudVersionId,
    CloudVersionIn,
    CloudVersionOut,
    CloudVersionPage,
    DeviceWholeVersion,
    FindAllIn,
    ListIn,
    ParameterId,
    ParameterIn,
    ParameterOut,
    RangeIn,
    RangePage,
    SerialIn,
    SoftVersionOption,
    WholePageIn,
    WholeVersionEdit,
    WholeVersionId,
    WholeVersionIn,
    WholeVersionOut,
    WholeVersionPage,
)

WHOLE = "version/index/whole_version"
CLOUD = "version/index/cloud_version"
CONFIGURE = "version/configure"

router = ApiRouter(prefix="/wmWholeVersion", tags=["whole-machine versions"])
lists_router = ApiRouter(prefix="/wmWholeVersionWhiteBlack", tags=["whole-machine versions"])
cloud_router = ApiRouter(prefix="/wmCloudVersion", tags=["cloud versions"])
configure_router = ApiRouter(prefix="/configure", tags=["configuration parameters"])


def _commands(request: Request) -> CommandSender | None:
    return getattr(request.app.state, "robot_commands", None)


# --- whole-machine versions --------------------------------------------------------------------------------------


@router.call("/queryByPage", answer=WholeVersionPage)
async def query_by_page(body: WholePageIn, db: DbSession, caller: Caller = require(WHOLE)) -> JsonResponse:
    """Whole-machine versions, newest first, by part of the name or version number and by state; the list
    counts are of the caller's robots."""
    return ok(await paginate(db, whole.versions_query(caller, body), body, row=whole.version_answer, scalars=False))


@router.call("/add", answer=WholeVersionOut)
async def add(body: WholeVersionIn, db: DbSession, caller: Caller = require(f"{WHOLE}/add")) -> JsonResponse:
    """Add a whole-machine version (unpublished). Name unique; version number, firmware and software versions
    required."""
    version = await whole.create(db, caller, body)
    return ok(await whole.version_out(db, caller, version.id))


@router.call("/edit", answer=WholeVersionOut)
async def edit(request: Request, body: WholeVersionEdit, db: DbSession,
               caller: Caller = require_any(f"{WHOLE}/edit", f"{WHOLE}/publish")) -> JsonResponse:
    """Edit an unpublished version (only the fields sent change; ``edit`` key), or publish it / cancel its publish
    with ``published`` (``publish`` key): publishing sends its firmware to the caller's robots in range."""
    whole.check_edit_keys(caller, body, WHOLE)
    await whole.edit(db, _commands(request), caller, body)
    return ok(await whole.version_out(db, caller, body.id))


@router.call("/deleteById", answer=WholeVersionId)
async def delete_by_id(body: WholeVersionId, db: DbSession,
                       _caller: Caller = require(f"{WHOLE}/delete")) -> JsonResponse:
    """Delete an unpublished version with its white and black lists."""
    await whole.delete_version(db, body.id)
    return ok({"id": body.id})


@router.call("/querySoftVersionList", answer=list[SoftVersionOption])
async def soft_versions(_body: Empty, db: DbSession, caller: Caller = require(WHOLE)) -> JsonResponse:
    """The software versions to choose from (software versions, firmware records, what the caller's robots report)."""
    return ok(await whole.soft_version_options(db, caller))


@router.call("/selectWholeVersionAppByPadPgyerHistory", answer=list[AppVersionOption])
async def app_versions(_body: Empty, db: DbSession, caller: Caller = require(WHOLE)) -> JsonResponse:
    """The app versions to choose from: the published app versions, then the pad app versions the caller's robots
    reported, newest first."""
    return ok(await whole.app_version_options(db, caller))


@router.call("/selectDeviceRange", answer=RangePage)
async def device_range(body: RangeIn, db: DbSession, caller: Caller = require(WHOLE)) -> JsonResponse:
    """The caller's robots in the version's range (what would run it), paged."""
    await whole.get_version(db, body.id)
    query = whole.range_query(caller, body, only_in_range=True)
    return ok(await paginate(db, query, body, row=whole.range_answer, scalars=False))


@router.call("/selectDeviceWhiteRange", answer=RangePage)
async def device_white_range(body: RangeIn, db: DbSession, caller: Caller = require(WHOLE)) -> JsonResponse:
    """Every robot of the caller's with whether it is on the version's white or black list (the lists' picker)."""
    await whole.get_version(db, body.id)
    query = whole.range_query(caller, body, only_in_range=False)
    return ok(await paginate(db, query, body, row=whole.range_answer, scalars=False))


@router.call("/selectByDeviceSerialNumber", answer=DeviceWholeVersion)
async def for_device(body: SerialIn, db: DbSession, caller: Caller = require(WHOLE)) -> JsonResponse:
    """What a robot of the caller's should run: the newest published version whose range holds it."""
    return ok(await whole.version_for_device(db, caller, body.deviceSerialNumber))


@lists_router.call("/add", answer=WholeVersionOut)
async def set_black_list(body: ListIn, db: DbSession, caller: Caller = require(f"{WHOLE}/range")) -> JsonResponse:
    """Set the black list (the caller's robots' share of it) of an unpublished version."""
    await whole.replace_list(db, caller, body.wholeVersionId, BLACK, body.deviceSerialNumbers)
    return ok(await whole.version_out(db, caller, body.wholeVersionId))


@lists_router.call("/addWhite", answer=WholeVersionOut)
async def set_white_list(body: ListIn, db: DbSession, caller: Caller = require(f"{WHOLE}/range")) -> JsonResponse:
    """Set the white list (the caller's robots' share of it) of an unpublished version."""
    await whole.replace_list(db, caller, body.wholeVersionId, WHITE, body.deviceSerialNumbers)
    return ok(await whole.version_out(db, caller, body.wholeVersionId))


# --- cloud versions ----------------------------------------------------------------------------------------------


@cloud_router.call("/queryByPage", answer=CloudVersionPage)
async def cloud_page(body: CloudPageIn, db: DbSession, _caller: Caller = require(CLOUD)) -> JsonResponse:
    """The cloud's releases, newest first, by part of the name or version number."""
    return ok(await paginate(db, cloud.cloud_query(body), body, row=cloud.cloud_answer, scalars=False))


@cloud_router.call("/queryById", answer=CloudVersionOut)
async def cloud_by_id(body: CloudVersionId, db: DbSession, _caller: Caller = require(CLOUD)) -> JsonResponse:
    """One release."""
    return ok(await cloud.cloud_out(db, body.id))


@cloud_router.call("/add", answer=CloudVersionOut)
async def cloud_add(body: CloudVersionIn, db: DbSession, caller: Caller = require(f"{CLOUD}/add")) -> JsonResponse:
    """Record a release: name unique, version number required, notes, release time (default now)."""
    version = await cloud.create(db, caller, body)
    return ok(await cloud.cloud_out(db, version.id))


@cloud_router.call("/edit", answer=CloudVersionOut)
async def cloud_edit(body: CloudVersionEdit, db: DbSession, _caller: Caller = require(f"{CLOUD}/edit")) -> JsonResponse:
    """Edit a release (only the fields sent change)."""
    await cloud.edit(db, body)
    return ok(await cloud.cloud_out(db, body.id))


@cloud_router.call("/deleteById", answer=CloudVersionId)
async def cloud_delete(body: CloudVersionId, db: DbSession,
                       _caller: Caller = require(f"{CLOUD}/delete")) -> JsonResponse:
    """Delete a release record."""
    await cloud.delete(db, body.id)
    return ok({"id": body.id})


# --- configuration parameters ------------------------------------------------------------------------------------


@configure_router.call("/findAll", answer=list[ParameterOut])
async def find_all(body: FindAllIn, db: DbSession, _caller: Caller = require(CONFIGURE)) -> JsonResponse:
    """Every parameter by key (``key``: part of it)."""
    return ok(await configure.find_all(db, body.key))


@configure_router.call("/add", answer=ParameterOut)
async def add_parameter(body: ParameterIn, db: DbSession,
                        caller: Caller = require_any(f"{CONFIGURE}/add", f"{CONFIGURE}/edit")) -> JsonResponse:
    """Add a parameter (``add`` key; key unique), or with ``id`` change that one (``edit`` key)."""
    needed = f"{CONFIGURE}/edit" if body.id is not None else f"{CONFIGURE}/add"
    if not caller.holds(needed):
        raise no_permission(LACKS_KEYS, keys=needed)
    return ok(configure.parameter_answer(await configure.save(db, caller, body)))


@configure_router.call("/del", answer=ParameterId)
async def delete_parameter(body: ParameterId, db: DbSession,
                           _caller: Caller = require(f"{CONFIGURE}/delete")) -> JsonResponse:
    """Delete a parameter."""
    await configure.delete(db, body.id)
    return ok({"id": body.id})
