"""The MassRobotics AMR Interoperability Standard export (/integration/massrobotics/*; issue 35 item 5).

Both calls are paged (``pageSize`` 1 to 500, ``currentPage``) and cover the caller's subtree, or a user's inside it
(``userId``; one outside is refused naming it). Key: the device list's page key ``device/index``, the same as the
console's device list, since they show the same robots. A console session (signed) and an integration's API token
(no ``sign`` header) both call them through the one ``Caller``. Each list item validates against the standard's
JSON schema (tests/interop/amr_interop_schema.json).
"""

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import PageIn
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import DEVICE_PAGE, scope_path
from cleanfleet.interop import massrobotics
from cleanfleet.interop.schemas import IdentityPage, ReportsIn, StatusPage

router = ApiRouter(prefix="/integration/massrobotics", tags=["integrations"])


@router.call("/identity", answer=IdentityPage)
async def identity(body: ReportsIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """MassRobotics identity reports (standard section 4) of the caller's robots, oldest registered first. Key:
    ``device/index``."""
    path = await scope_path(db, caller, body.userId)
    return ok(await massrobotics.identity_page(db, path, PageIn(pageSize=body.pageSize,
                                                                 currentPage=body.currentPage)))


@router.call("/status", answer=StatusPage)
async def status(body: ReportsIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """MassRobotics status reports (standard section 5) of the caller's robots: state, location on the robot's
    map, battery and active alarms as ``errorCodes``, as of each robot's last heartbeat. Key: ``device/index``."""
    path = await scope_path(db, caller, body.userId)
    return ok(await massrobotics.status_page(db, path, PageIn(pageSize=body.pageSize,
                                                               currentPage=body.currentPage)))
