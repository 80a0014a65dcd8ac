"""Status monitoring (/monitor/*): the /index page's counts and robot cards.

The index page is always shown (product-spec 2), so these calls need no permission key, only a signed-in
caller; what they count is still the caller's subtree (``userId`` and ``groupId`` narrow it, both checked).
"""

from datetime import UTC, datetime, time, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller, CallerDep
from cleanfleet.core.db import DbSession, utcnow
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import bad_parameter
from cleanfleet.core.paging import Page
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import scope_path
from cleanfleet.devices.groups.service import get_group
from cleanfleet.monitor import service, texts
from cleanfleet.monitor.schemas import MonitorFilter, RobotCard, RobotsIn, StatusIn, StatusOut

router = ApiRouter(prefix="/monitor", tags=["monitor"])
DAY_START_WINDOW = timedelta(hours=36)


async def _scope(db: AsyncSession, caller: Caller, body: MonitorFilter) -> tuple[str, int | None]:
    path = await scope_path(db, caller, body.userId)
    if body.groupId is not None:
        await get_group(db, caller, body.groupId, field="groupId")  # NOT_FOUND when it is not in the caller's subtree
    return path, body.groupId


def _day_start(value: datetime | None) -> datetime:
    now = utcnow()
    if value is None:
        return datetime.combine(now.date(), time(), tzinfo=UTC)
    if not now - DAY_START_WINDOW <= value <= now:
        raise bad_parameter("dayStart", texts.DAY_START_WINDOW)
    return value.astimezone(UTC)


@router.call("/status", answer=StatusOut)
async def status(body: StatusIn, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Online/offline, working/charging/idle, today's cleaned area and task runs, open alarms."""
    day_start = _day_start(body.dayStart)
    path, group_id = await _scope(db, caller, body)
    return ok(await service.status(db, path, group_id, day_start))


@router.call("/robots", answer=Page[RobotCard])
async def robots(body: RobotsIn, db: DbSession, caller: CallerDep) -> JsonResponse:
    """A card per robot (live state, task, progress, map, mode, heartbeat, open alarms), online first (paged)."""
    path, group_id = await _scope(db, caller, body)
    return ok(await service.robots(db, path, group_id, body))
