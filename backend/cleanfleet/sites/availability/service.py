"""Availability for one site and a range (``site_availability``: the API, the screen, the PDF, the xlsx and the
mail read the object it answers) and for all the caller's sites in a month (``table``)."""

from dataclasses import dataclass, replace
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import ranges
from cleanfleet.core.errors import bad_parameter
from cleanfleet.devices.models import Device
from cleanfleet.sites import days
from cleanfleet.sites import texts as site_texts
from cleanfleet.sites.availability import month
from cleanfleet.sites.availability import targets as site_targets
from cleanfleet.sites.availability.compute import Figures, previous
from cleanfleet.sites.availability.figures import period_figures
from cleanfleet.sites.models import Site
from cleanfleet.sites.plans import actual, actual_detail
from cleanfleet.users.models import User

PROBLEM_STATES = ("missed", "short")
MAX_PROBLEMS = 300  # the missed and short runs listed (the newest), with their total


@dataclass
class SiteAvailability:
    site: Site
    customer: str
    figures: Figures
    before: Figures  # the period before (the trend)
    targets: site_targets.Targets
    met: site_targets.Met
    names: dict[int, str]  # robot id → its name
    judged: actual_detail.Judged  # the period's planned runs: the missed and short ones' reasons

    def problems(self) -> list[actual.Slot]:
        found = [slot for slot in self.judged.slots if slot.state in PROBLEM_STATES]
        return found[-MAX_PROBLEMS:]

    def problem_count(self) -> int:
        return self.figures.runs["missed"] + self.figures.runs["short"]


def checked_range(site: Site, start: date | None, end: date | None) -> tuple[date, date]:
    """The range asked for (default this month on the site's clock up to today); refusals name ``startDay`` or
    ``endDay``."""
    today = days.today(days.zone_of(site))
    last = end or today
    first = start or last.replace(day=1)
    if last > today:
        raise bad_parameter("endDay", site_texts.END_IN_FUTURE)
    return ranges.check_days(first, last, ranges.AVAILABILITY, field="startDay", today_is=today)


def _newest_problems(figures: Figures) -> date:
    """The first day of the newest days that hold ``MAX_PROBLEMS`` missed and short runs (the days judged again for
    their reasons: a year's planned runs need not all be matched again for the newest 300)."""
    held = 0
    for day in sorted(figures.problem_days, reverse=True):
        held += figures.problem_days[day]
        if held >= MAX_PROBLEMS:
            return day
    return figures.first


async def site_availability(db: AsyncSession, site: Site, first: date, last: date, now: datetime, *,
                            whole: bool = False) -> SiteAvailability:
    """One site's figures for ``first``..``last`` and the period before, its targets and whether they were met.
    ``whole``: every planned run of the period judged with its reasons (the report lists them all); else only the
    newest days that hold the listed missed and short runs."""
    plans = await actual.load(db, {site.id: (site, first, last)})
    figures = (await period_figures(db, plans, now, by_day=True))[site.id]
    before = (await month.figures(db, {site.id: (site, *previous(first, last))}, now))[site.id]  # remembered
    plan = plans[site.id] if whole else replace(plans[site.id], first=_newest_problems(figures))
    judged = await actual_detail.judge_period(db, plan, now)
    found = (await site_targets.of_sites(db, [site.id])).get(site.id, site_targets.Targets())
    robots = sorted(figures.robots)
    names = dict((await db.execute(select(Device.id, Device.name).where(Device.id.in_(robots)))).all())
    customer = await db.scalar(select(User.name).where(User.id == site.user_id)) or ""
    return SiteAvailability(site, customer, figures, before, found, site_targets.met(found, figures),
                            {k: v or "" for k, v in names.items()}, judged)


@dataclass
class TableRow:
    site: Site
    customer: str
    figures: Figures
    targets: site_targets.Targets
    met: site_targets.Met


def _worst_first(row: TableRow) -> tuple[int, int, str, int]:
    availability = row.figures.hours.availability
    return (-row.met.missed, availability if availability is not None else 1001, row.site.name, row.site.id)


async def table(db: AsyncSession, sites: list[Site], day: date | None, now: datetime) -> list[TableRow]:
    """Every site's month (``day``'s, default today's, on each site's clock), worst first: the most targets not
    met, then the lowest availability (a site without scheduled time last)."""
    figures = await month.figures(db, {site.id: actual.period_of(site, "month", day) for site in sites}, now)
    found = await site_targets.of_sites(db, [site.id for site in sites])
    customers = dict((await db.execute(select(User.id, User.name)
                                       .where(User.id.in_({site.user_id for site in sites})))).all())
    rows = []
    for site in sites:
        wanted = found.get(site.id, site_targets.Targets())
        rows.append(TableRow(site, customers.get(site.user_id) or "", figures[site.id], wanted,
                             site_targets.met(wanted, figures[site.id])))
    return sorted(rows, key=_worst_first)
