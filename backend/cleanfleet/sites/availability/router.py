"""Availability per site (/site/availability/*, issue 53 items 1-3).

Keys: reading a site's availability or the table of the caller's sites ``site/index`` or ``site/actual``; setting
a site's targets ``site/index/targets`` (and being above the site's customer). Scoped like every site call: another
branch's site answers NOT_FOUND naming ``siteId``."""

from cleanfleet.core.auth import Caller, require, require_any
from cleanfleet.core.db import DbSession, utcnow
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.language import caller_language
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import scope_path
from cleanfleet.sites import service as sites
from cleanfleet.sites.availability import answers, service, targets
from cleanfleet.sites.availability.schemas import (
    AvailabilityIn,
    AvailabilityTableIn,
    AvailabilityTableOut,
    SiteAvailabilityOut,
    TargetsIn,
    TargetsOut,
)

router = ApiRouter(prefix="/site/availability", tags=["sites"])
PAGE, ACTUAL = "site/index", "site/actual"


@router.call("/get", answer=SiteAvailabilityOut)
async def availability_get(body: AvailabilityIn, db: DbSession,
                           caller: Caller = require_any(PAGE, ACTUAL)) -> JsonResponse:
    """One site's availability over a range of its days (default this month up to today; at most 366 days): the
    scheduled and available time per robot, per day and in all, what was lost and left out, the incidents by
    severity with their mean times to acknowledge and resolve, the planned runs by state with the missed and short
    ones' reasons, the period before, and the targets met or not. Keys: ``site/index`` or ``site/actual``."""
    site = (await sites.get_site(db, caller, body.siteId)).site
    first, last = service.checked_range(site, body.startDay, body.endDay)
    found = await service.site_availability(db, site, first, last, utcnow())
    return ok(answers.site_answer(found, caller_language()))


@router.call("/table", answer=AvailabilityTableOut)
async def availability_table(body: AvailabilityTableIn, db: DbSession,
                             caller: Caller = require_any(PAGE, ACTUAL)) -> JsonResponse:
    """Every site of the caller's subtree (or of one customer's) for a month on each site's clock, worst first,
    with its targets met or not. Keys: ``site/index`` or ``site/actual``."""
    path = await scope_path(db, caller, body.userId)
    rows = await service.table(db, await sites.sites_in(db, path, None), body.day, utcnow())
    return ok(answers.table_answer(rows))


@router.call("/targets/set", answer=TargetsOut)
async def targets_set(body: TargetsIn, db: DbSession, caller: Caller = require(f"{PAGE}/targets")) -> JsonResponse:
    """Set a site's targets (all empty: none): availability and runs done at least, in thousandths; the mean time
    to acknowledge at most, in minutes. Only a user above the site's customer (its dealer): otherwise NO_PERMISSION
    naming ``siteId``. Key: ``site/index/targets``."""
    wanted = targets.Targets(body.availability, body.ackMinutes, body.runsDone)
    await targets.set_targets(db, caller, body.siteId, wanted)
    return ok({"siteId": body.siteId, **answers.targets_answer(wanted)})
