"""Robot health against peers (/robothealth/*, page ``device/health``; issue 36 item 3).

``/api/health`` is the liveness probe, hence the prefix. Key: the page key ``device/health`` for both reads. Both
stay inside the caller's subtree: a ``userId`` outside it is refused naming ``userId``, another branch's robot
answers NOT_FOUND naming ``deviceId``.
"""

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import get_device, scope_path
from cleanfleet.health import service
from cleanfleet.health.schemas import HealthDeviceIn, HealthDeviceOut, HealthListIn, HealthPage

router = ApiRouter(prefix="/robothealth", tags=["robot health"])
PAGE = "device/health"


@router.call("/list", answer=HealthPage)
async def health_list(body: HealthListIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The branch's robots with their health grade and reasons, drifting first (paged), the robots per grade, and
    the window measured. Key: ``device/health``."""
    path = await scope_path(db, caller, body.userId)
    return ok(await service.page(db, path, list(body.grade or []), body))


@router.call("/device", answer=HealthDeviceOut)
async def health_device(body: HealthDeviceIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """One robot's indicators against its peers' band, its grade, the reasons and the links to their evidence.
    Key: ``device/health``."""
    robot = await get_device(db, caller, body.deviceId)
    return ok(await service.device(db, robot))
