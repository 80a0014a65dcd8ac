"""Which robots are at a site, and since when (``site_robots``, one row per stay).

A robot is at one site at a time. Assigning it to a site ends its stay at any other (at the same moment) and
opens one here; unassigning ends it. Nothing is ever rewritten: a run counts for the site where its robot was
when the run started (plan against actual reads the stays), so moving a robot on never moves its past runs.

Only a robot of the site's customer (or of a user below it) that the caller sees may be assigned, refused
naming ``deviceIds`` otherwise. A robot given to an owner outside its site's customer's subtree leaves the site
at that moment (``owners_changed``, the handler for the devices' in-transaction DEVICE_OWNERS_CHANGED event).

A stay's edges are kept to the whole second (``stay_moment``): robots report their runs' times to the second, so a
run started in the second its robot was assigned belongs to the new site (a stay starting a fraction later left
such a run outside every stay, counted on its UTC day instead of the site's).
"""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import Select, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.paging import PageIn, paginate
from cleanfleet.core.scope import path_prefix
from cleanfleet.devices.access import get_device, get_devices
from cleanfleet.devices.models import Device
from cleanfleet.sites import texts
from cleanfleet.sites.models import Site, SiteRobot
from cleanfleet.sites.schemas import MAX_SITE_ROBOTS
from cleanfleet.sites.service import get_site
from cleanfleet.users.models import User


async def assign(db: AsyncSession, caller: Caller, site_id: int, device_ids: list[int]) -> list[int]:
    """Brings the robots to the site (from wherever they were); answers those that moved."""
    owned = await get_site(db, caller, site_id)
    devices = await get_devices(db, caller, device_ids)
    customer = await db.scalar(select(User.account).where(User.id == owned.site.user_id))
    for device in devices:
        if not device.owner_path.startswith(owned.path):
            raise bad_parameter("deviceIds", texts.ROBOT_OUTSIDE_CUSTOMER, robot=device.serial_number,
                                customer=customer)
    ids = [d.id for d in devices]
    here = set(await db.scalars(select(SiteRobot.device_id).where(SiteRobot.site_id == owned.site.id,
                                                                  SiteRobot.ended_at.is_(None))))
    moving = [i for i in ids if i not in here]
    if len(here) + len(moving) > MAX_SITE_ROBOTS:
        raise ApiError(Code.CONFLICT, texts.TOO_MANY_ROBOTS, field="deviceIds", values={"max": MAX_SITE_ROBOTS})
    if not moving:
        return []
    now = stay_moment()
    await db.execute(update(SiteRobot).where(SiteRobot.device_id.in_(moving), SiteRobot.ended_at.is_(None))
                     .values(ended_at=now).execution_options(synchronize_session=False))
    db.add_all(SiteRobot(site_id=owned.site.id, device_id=i, started_at=now) for i in moving)
    try:
        await db.commit()
    except IntegrityError as exc:  # another call brought one of them somewhere at the same moment
        await db.rollback()
        serials = {d.id: d.serial_number for d in devices}
        raise ApiError(Code.CONFLICT, texts.ASSIGN_RACE, field="deviceIds",
                       values={"robot": ", ".join(serials[i] for i in moving)}) from exc
    return moving


def stay_moment() -> datetime:
    """Now, to the whole second: the edge of a stay (see the module's notes)."""
    return utcnow().replace(microsecond=0)


async def unassign(db: AsyncSession, caller: Caller, site_id: int, device_ids: list[int]) -> list[int]:
    """Ends the robots' stays at the site; answers those that were there."""
    owned = await get_site(db, caller, site_id)
    devices = await get_devices(db, caller, device_ids)
    ended = list(await db.scalars(
        update(SiteRobot).where(SiteRobot.site_id == owned.site.id, SiteRobot.ended_at.is_(None),
                                SiteRobot.device_id.in_([d.id for d in devices]))
        .values(ended_at=stay_moment()).returning(SiteRobot.device_id).execution_options(synchronize_session=False)))
    await db.commit()
    return sorted(ended)


async def history(db: AsyncSession, caller: Caller, page: PageIn, site_id: int | None,
                  device_id: int | None) -> dict[str, Any]:
    """The stays at a site, or of a robot at the sites the caller sees, the latest first."""
    if site_id is None and device_id is None:
        raise bad_parameter("siteId", texts.HISTORY_TARGET)
    query: Select[*tuple[Any, ...]] = (select(SiteRobot, Site.name, Device.name, Device.serial_number)
             .join(Site, Site.id == SiteRobot.site_id).join(Device, Device.id == SiteRobot.device_id)
             .join(User, User.id == Site.user_id).where(path_prefix(User.path, caller.acting_path)))
    if site_id is not None:
        query = query.where(SiteRobot.site_id == (await get_site(db, caller, site_id)).site.id)
    if device_id is not None:
        query = query.where(SiteRobot.device_id == (await get_device(db, caller, device_id)).id)
    query = query.order_by(SiteRobot.started_at.desc(), SiteRobot.id.desc())
    return await paginate(db, query, page, row=_stay, scalars=False)


def _stay(row: Any) -> dict[str, Any]:
    stay: SiteRobot = row[0]
    return {"siteId": stay.site_id, "siteName": row[1], "deviceId": stay.device_id, "deviceCode": row[2],
            "deviceSerialNumber": row[3], "fromTime": stay.started_at.isoformat(),
            "toTime": stay.ended_at.isoformat() if stay.ended_at else None}


async def owners_changed(db: AsyncSession, moves: Iterable[tuple[int, int, int]]) -> None:
    """The devices' DEVICE_OWNERS_CHANGED (in the writer's transaction): a robot whose new owner lies outside its
    site's customer's subtree leaves the site now."""
    new_owner = {device_id: new for device_id, old, new in moves if old != new}
    if not new_owner:
        return
    paths = dict((await db.execute(select(User.id, User.path).where(User.id.in_(set(new_owner.values()))))).all())
    stays = await db.execute(select(SiteRobot.id, SiteRobot.device_id, User.path)
                             .join(Site, Site.id == SiteRobot.site_id).join(User, User.id == Site.user_id)
                             .where(SiteRobot.device_id.in_(list(new_owner)), SiteRobot.ended_at.is_(None)))
    leaving = [stay_id for stay_id, device_id, site_path in stays
               if not str(paths.get(new_owner[device_id], "")).startswith(site_path)]
    if leaving:
        await db.execute(update(SiteRobot).where(SiteRobot.id.in_(leaving)).values(ended_at=stay_moment())
                         .execution_options(synchronize_session=False))
