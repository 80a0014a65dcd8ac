"""The site report (issue 33 item 5): a site's week or month gathered once (``gather``), then drawn as a PDF
(``pdf.py``) or written as an xlsx (``xlsx.py``) in a reader's language.

What it holds, all on the site's clock:

- **plan against actual**: the period's planned runs matched and judged by ``actual_detail.judge_period``, the one
  computation ``/site/actual/detail`` answers from (the same runs, alarms and online quarters: ``heard``), their
  counts, per day and per plan item, and the missed, short and failed ones with their reasons
  (``actual_detail.slot_reasons``, rendered per language when drawn): the screen and the report cannot disagree
  (``tests/sites/test_report_agrees.py``);
- **the figures of the site's robots while they were at the site** (``figures``): the runs that started during a
  stay (any map), their cleaned area, working time, mean coverage, efficiency (cleaned m² per working hour), and
  the alarms raised during a stay; one aggregate query each, a condition per stay;
- **availability** (``sites/availability``): the one ``SiteAvailability`` the API answers from, on its own page,
  sheet and mail section;
- **the heat map per floor** (``heatmap.floor_layers``, the same layers as ``/site/coverage/floor``) for every
  floor tied to maps, at most ``MAX_FLOORS`` floors (a site's first ones by building and level).
"""

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.branding.service import ReportBrand, report_brand
from cleanfleet.devices.models import Device
from cleanfleet.reports.models import TaskReport
from cleanfleet.sites import days
from cleanfleet.sites.availability.service import SiteAvailability, site_availability
from cleanfleet.sites.coverage import heatmap
from cleanfleet.sites.models import Site, SiteBuilding, SiteFloor, SiteFloorMap
from cleanfleet.sites.plans import actual, actual_detail
from cleanfleet.users.models import User
from cleanfleet.warn.models import Alarm

MAX_FLOORS = 40  # heat map pages in one report
PROBLEM_STATES = ("missed", "short", "failed")


@dataclass
class Figures:
    """The site's robots' runs and alarms while at the site in the period."""

    runs: int = 0
    seconds: int = 0
    area: float = 0.0  # m² cleaned
    coverage: float = 0.0  # mean of the runs' coverage, percent
    alarms: int = 0

    @property
    def efficiency(self) -> float:
        """Cleaned m² per working hour."""
        return self.area / (self.seconds / 3600) if self.seconds else 0.0


@dataclass
class FloorHeat:
    floor_id: int
    building: str
    name: str
    level: int
    layers: list[dict[str, Any]] = field(default_factory=list)  # heatmap.floor_layers' answers


@dataclass
class Report:
    site: Site
    customer: str
    period: str  # "week" | "month"
    first: date
    last: date
    generated: datetime
    judged: actual_detail.Judged
    robot_names: dict[int, str]
    figures: Figures
    floors: list[FloorHeat]
    availability: SiteAvailability  # its own page, sheet and mail section: the API's figures
    brand: ReportBrand = ReportBrand()  # the owner's brand: the PDF's product name and footer, the mails' sender

    @property
    def plan(self) -> actual.SitePlan:
        return self.judged.plan

    @property
    def slots(self) -> list[actual.Slot]:
        return self.judged.slots

    @property
    def zone(self) -> ZoneInfo:
        return self.plan.zone

    @property
    def counts(self) -> dict[str, int]:
        return actual.counts(self.slots)

    def per_day(self) -> list[tuple[date, Counter[str]]]:
        tally: dict[date, Counter[str]] = {day: Counter() for day in days.days_between(self.first, self.last)}
        for slot in self.slots:
            tally[slot.day][slot.state] += 1
        return sorted(tally.items())

    def items(self) -> list[tuple[Any, str, str, dict[str, int]]]:
        """(item, floor name, building name, counts) of the plan items with planned runs in the period."""
        by_item: dict[int, list[actual.Slot]] = defaultdict(list)
        for slot in self.slots:
            by_item[slot.item.id].append(slot)
        return [(item, floor, building, actual.counts(by_item[item.id]))
                for item, floor, building in self.plan.items if by_item.get(item.id)]

    def problems(self) -> list[actual.Slot]:
        return [slot for slot in self.slots if slot.state in PROBLEM_STATES]

    def reasons(self, slot: actual.Slot, language: str) -> list[str]:
        found = actual_detail.slot_reasons(self.judged, slot, language)
        return [f"{r['text']} ×{r['count']}" if r.get("count") and r["count"] > 1 else r["text"] for r in found]

    def floor_of(self, item: Any) -> tuple[str, str]:
        for row, floor, building in self.plan.items:
            if row.id == item.id:
                return building, floor
        return "", ""


def _during_stays(plan: actual.SitePlan, device: Any, moment: Any) -> Any:
    """A condition: the row's robot was at the site (one of its stays) at the row's moment, within the period."""
    start, end = plan.bounds
    parts = []
    for device_id, stays in plan.stays.items():
        for began, ended in stays:
            since, until = max(began, start), end if ended is None else min(ended, end)
            if since < until:
                parts.append(and_(device == device_id, moment >= since, moment < until))
    return or_(*parts) if parts else None


async def figures(db: AsyncSession, plan: actual.SitePlan) -> Figures:
    """Runs (area, working time, mean coverage) and alarms of the site's robots while they were at the site."""
    runs_where = _during_stays(plan, TaskReport.device_id, TaskReport.start_time)
    if runs_where is None:
        return Figures()
    runs = (await db.execute(select(func.count(TaskReport.id), func.coalesce(func.sum(TaskReport.duration_s), 0),
                                    func.coalesce(func.sum(TaskReport.cleaned_area), 0.0),
                                    func.coalesce(func.avg(TaskReport.coverage), 0.0)).where(runs_where))).one()
    alarms = await db.scalar(select(func.count(Alarm.id))
                             .where(_during_stays(plan, Alarm.device_id, Alarm.raised_at)))
    return Figures(int(runs[0]), int(runs[1]), float(runs[2]), float(runs[3]), int(alarms or 0))


async def floor_heat(db: AsyncSession, site: Site, first: date, last: date) -> list[FloorHeat]:
    """The heat map layers of the site's floors tied to maps, by building, level and name."""
    rows = (await db.execute(
        select(SiteFloor.id, SiteBuilding.name, SiteFloor.name, SiteFloor.level)
        .join(SiteBuilding, SiteBuilding.id == SiteFloor.building_id)
        .where(SiteFloor.site_id == site.id, SiteFloor.id.in_(select(SiteFloorMap.floor_id)))
        .order_by(SiteBuilding.name, SiteFloor.level, SiteFloor.name, SiteFloor.id).limit(MAX_FLOORS))).all()
    return [FloorHeat(floor_id, building, name, level, await heatmap.floor_layers(db, floor_id, first, last))
            for floor_id, building, name, level in rows]


async def gather(db: AsyncSession, site: Site, period: str, day: date, now: datetime) -> Report:
    """Everything a site's report of ``day``'s week or month shows (read once; drawn per language)."""
    first, last = days.period_days(period, day)
    found = await site_availability(db, site, first, last, now, whole=True)
    judged = found.judged  # the period judged once: plan against actual and the availability's missed runs
    plan = judged.plan
    names = dict((await db.execute(select(Device.id, Device.name).where(Device.id.in_(plan.robots())))).all())
    customer = await db.scalar(select(User.name).where(User.id == site.user_id)) or ""
    return Report(site, customer, period, first, last, now, judged, names, await figures(db, plan),
                  await floor_heat(db, site, first, last), found, await report_brand(db, site.user_id))


def period_of(report: Report) -> dict[str, str]:
    return {"start": report.first.isoformat(), "end": report.last.isoformat(), "zone": report.site.time_zone}


def window_text(slot: actual.Slot) -> str:
    return f"{days.clock(slot.item.window_start)}–{days.clock(slot.item.window_end)}"


def filename(report: Report, extension: str) -> str:
    """``<site name> <first day>_<last day>.<ext>``, the characters a file name cannot hold replaced."""
    name = "".join("_" if ch in '/\\:*?"<>|' or ord(ch) < 32 else ch for ch in report.site.name).strip() or "site"
    return f"{name} {report.first.isoformat()}_{report.last.isoformat()}.{extension}"
