"""The targets a dealer agrees with its customer for a site (``site/index/targets``), and whether a period met
them. Set only by a user above the site's customer (its dealer, the admin): a customer cannot set its own targets,
even holding the key (refused NO_PERMISSION naming ``siteId``). Each target is optional; all three empty remove
the site's targets."""

from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.sites import service
from cleanfleet.sites.availability import texts
from cleanfleet.sites.availability.compute import Figures
from cleanfleet.sites.availability.models import SiteAvailabilityTarget


@dataclass(frozen=True)
class Targets:
    availability: int | None = None  # thousandths
    ack_minutes: int | None = None
    runs_done: int | None = None  # thousandths

    @property
    def any(self) -> bool:
        return any(v is not None for v in (self.availability, self.ack_minutes, self.runs_done))


@dataclass(frozen=True)
class Met:
    """Each target met (True), not met (False) or not measurable in the period or not set (None)."""

    availability: bool | None
    ack: bool | None
    runs_done: bool | None

    @property
    def missed(self) -> int:
        return sum(1 for v in (self.availability, self.ack, self.runs_done) if v is False)


def met(targets: Targets, figures: Figures) -> Met:
    availability, mtta = figures.hours.availability, figures.all_incidents.mtta
    closed = figures.runs["closed"]
    return Met(
        None if targets.availability is None or availability is None else availability >= targets.availability,
        None if targets.ack_minutes is None or mtta is None else mtta <= targets.ack_minutes * 60,
        None if targets.runs_done is None or not closed else figures.runs["doneShare"] >= targets.runs_done)


async def of_sites(db: AsyncSession, site_ids: list[int]) -> dict[int, Targets]:
    rows = await db.scalars(select(SiteAvailabilityTarget).where(SiteAvailabilityTarget.site_id.in_(site_ids)))
    return {row.site_id: Targets(row.availability, row.ack_minutes, row.runs_done) for row in rows}


async def set_targets(db: AsyncSession, caller: Caller, site_id: int, targets: Targets) -> Targets:
    """Stores the site's targets (or removes them when all are empty); the caller must be above its customer."""
    owned = await service.get_site(db, caller, site_id)
    if owned.path == caller.acting_path:
        raise ApiError(Code.NO_PERMISSION, texts.TARGETS_ABOVE_ONLY, field="siteId", values={"siteId": site_id})
    row = await db.get(SiteAvailabilityTarget, site_id)
    if not targets.any:
        if row is not None:
            await db.execute(delete(SiteAvailabilityTarget).where(SiteAvailabilityTarget.site_id == site_id))
    else:
        if row is None:
            row = SiteAvailabilityTarget(site_id=site_id)
            db.add(row)
        row.availability, row.ack_minutes, row.runs_done = targets.availability, targets.ack_minutes, targets.runs_done
        row.updated_at, row.updated_by = utcnow(), caller.user_id
    await db.commit()
    return targets
