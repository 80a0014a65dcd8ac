"""The SIM card call (/device/getSimInfo, the device list's page key)."""

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import DEVICE_PAGE
from cleanfleet.devices.sim_cards import service
from cleanfleet.devices.sim_cards.schemas import SimIn

router = ApiRouter(prefix="/device", tags=["devices"])


@router.call("/getSimInfo", answer=dict[str, object])
async def get_sim_info(body: SimIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """A SIM card's data from its provider; with no provider configured, the stored data (fromProvider false)."""
    return ok(await service.card_info(db, caller, body.cNo))
