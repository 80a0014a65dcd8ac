"""One site's availability over a period, computed once from the plan, the stays and the downtime histories
(``history.read``; ``figures.period_figures`` puts it together with the kept days of ``kept.py``); the API, the
console, the site report's PDF and xlsx and its e-mail all read the objects made here (``answers.py`` turns them
into the API's shape, the report draws them).

- **Scheduled time** of a robot: the windows of the plan items that apply each site day on a floor the robot cleans
  (a map of it tied to the floor, as plan against actual matches runs), while it stayed at the site, up to now;
  less the time it was being updated or in maintenance (``history.EXCLUDED``: not counted as unavailable).
- **Lost** within it: offline, then in fault, then waiting for a person (a moment counts once, for the first cause
  that holds); **available** is the rest. Availability is available over scheduled (thousandths), per robot, per
  site day and for the site.
- **Incidents** opened at the site in the period (their ``site_id``), by urgency, with the mean times to
  acknowledge and to resolve (the incidents domain's own ``ack_seconds`` and ``resolve_seconds``).
- **Planned runs** by state (plan against actual's kept days, ``actual_days.counts_by_day``, the summary's path).

Moments are whole seconds (``history.py``): sums are exact in any order, so a period computed whole and the sum of
its days (``kept.py``) agree to the second.
"""

import bisect
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo

from cleanfleet.sites import days
from cleanfleet.sites.availability import history, spans
from cleanfleet.sites.plans import actual

SEVERITIES = ("high", "medium", "low")  # incidents' urgency


def share(part: float, whole: float) -> int | None:
    """Thousandths of ``whole`` (None when there is nothing to share)."""
    return round(1000 * part / whole) if whole > 0 else None


@dataclass
class Hours:
    """Seconds of scheduled, available, lost (by cause) and excluded (by cause) time."""

    scheduled: float = 0.0
    available: float = 0.0
    lost: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    excluded: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))

    @property
    def availability(self) -> int | None:
        return share(self.available, self.scheduled)

    def add(self, other: "Hours") -> None:
        self.scheduled += other.scheduled
        self.available += other.available
        if other.lost:  # most robot days lost nothing (a table call adds about 3,000 of them)
            lost = self.lost
            for cause, seconds in other.lost.items():
                lost[cause] += seconds
        if other.excluded:
            excluded = self.excluded
            for cause, seconds in other.excluded.items():
                excluded[cause] += seconds


@dataclass
class Severity:
    severity: str
    count: int = 0
    acknowledged: int = 0
    ack_sum: int = 0
    resolved: int = 0
    resolve_sum: int = 0

    @property
    def mtta(self) -> int | None:
        """Mean seconds to acknowledge (None: none acknowledged)."""
        return round(self.ack_sum / self.acknowledged) if self.acknowledged else None

    @property
    def mttr(self) -> int | None:
        return round(self.resolve_sum / self.resolved) if self.resolved else None


@dataclass
class Figures:
    """A site's period: the site's hours, per robot and per day, its incidents and its planned runs by state."""

    first: date
    last: date
    hours: Hours
    robots: dict[int, Hours]
    days: dict[date, Hours]
    incidents: list[Severity]  # ``SEVERITIES`` order, then the total ("all")
    runs: dict[str, int]  # actual.counts_of
    problem_days: dict[date, int] = field(default_factory=dict)  # the missed and short planned runs per day

    @property
    def all_incidents(self) -> Severity:
        return self.incidents[-1]


@lru_cache(maxsize=8192)
def _midnight(zone: str, day: date) -> tuple[float, bool]:
    """The epoch seconds of ``day``'s midnight in ``zone``, and whether the day keeps one offset (no clock change):
    then a window's moments are midnight plus its minutes; else they are found on the wall clock (``days.moment``)."""
    tz = ZoneInfo(zone)
    first, following = days.day_start(day, tz), days.day_start(day + timedelta(days=1), tz)
    return first.timestamp(), following - first == timedelta(days=1)


def _moment(day: date, minute: int, zone: ZoneInfo) -> float:
    midnight, uniform = _midnight(zone.key, day)
    return midnight + minute * 60 if uniform else days.moment(day, minute, zone).timestamp()


Terms = tuple[str, date, date, date, date | None, int, int, int, float]
Seen = dict[Terms, list[tuple[float, float]]]


def _item_windows(terms: Terms) -> list[tuple[float, float]]:
    """One plan item's windows over a period, from its terms (sites with the same terms share them)."""
    zone, first, last, since, until_day, mask, opens, closes, until = terms
    tz, found = ZoneInfo(zone), []
    for day in days.days_between(max(first, since), last if until_day is None else min(last, until_day)):
        if mask & (1 << (day.isoweekday() - 1)):
            start = _moment(day, opens, tz)
            if start < until:
                found.append((start, min(_moment(day, closes, tz), until)))
    return found


def floor_terms(plan: actual.SitePlan, until: float, seen: Seen) -> dict[int, set[Terms]]:
    """Floor id → the terms of its plan items (their windows kept in ``seen``: every site whose items have the same
    terms shares them)."""
    found: dict[int, set[Terms]] = defaultdict(set)
    for item, _, _ in plan.items:
        terms = (plan.zone.key, plan.first, plan.last, item.valid_from, item.valid_until, item.weekdays,
                 item.window_start, item.window_end, until)
        if terms not in seen:
            seen[terms] = _item_windows(terms)
        found[item.floor_id].add(terms)
    return found


@dataclass
class Schedule:
    """Scheduled spans (merged, cut at the site's midnights) that robots share (the same floors, the same stays), with
    their starts."""

    spans: spans.Spans
    starts: list[float]
    length: float

    def by_day(self, day_starts: list[float]) -> list[float]:
        per_day = [0.0] * len(day_starts)
        _per_day(day_starts, self.spans, per_day, 1.0)
        return per_day


def _schedule(scheduled: spans.Spans) -> Schedule:
    return Schedule(scheduled, [s for s, _ in scheduled], spans.length(scheduled))


def up_to(schedule: Schedule, moment: float) -> Schedule:
    """``schedule`` up to ``moment`` (what ``schedules`` answers with ``now`` at that moment)."""
    return _schedule(spans.clip(schedule.spans, float("-inf"), moment))


Pieces = dict[str, spans.Spans]  # cause → the parts of the schedule it took


def robot_hours(schedule: Schedule, down: history.Downtime) -> tuple[Hours, Pieces]:
    """One robot's hours within its schedule, and the pieces of it each cause left out or took (for the days)."""
    hours = Hours()
    before: spans.Spans = []
    pieces: Pieces = {}
    left_out = lost = 0.0
    for group, tally in ((history.EXCLUDED, hours.excluded), (history.CAUSES, hours.lost)):
        for cause in group:
            mine = down.of(cause)
            if not mine:  # most robots, most causes: nothing to cut
                continue
            taken = pieces[cause] = spans.pieces(schedule.spans, schedule.starts,
                                                 spans.cut(mine, before) if before else mine)
            seconds = tally[cause] = spans.length(taken)
            if group is history.EXCLUDED:
                left_out += seconds
            else:
                lost += seconds
            before = spans.union([*before, *mine]) if before else mine
    hours.scheduled = schedule.length - left_out
    hours.available = hours.scheduled - lost
    return hours, pieces


COLUMNS = ("scheduled", "available", *history.CAUSES, *history.EXCLUDED)  # a robot's day, as kept.py keeps it


def robot_days(schedule: Schedule, pieces: Pieces, day_starts: list[float]) -> list[list[float]]:
    """A robot's hours per site day (``COLUMNS``): its scheduled spans and its pieces lie within one day each."""
    rows = [[seconds, seconds, 0.0, 0.0, 0.0, 0.0, 0.0] for seconds in schedule.by_day(day_starts)]
    for cause, parts in pieces.items():
        column, excluded = COLUMNS.index(cause), cause in history.EXCLUDED
        for start, end in parts:
            row = rows[max(bisect.bisect_right(day_starts, start) - 1, 0)]
            row[column] += end - start
            row[1] -= end - start
            if excluded:
                row[0] -= end - start
    return rows


def _per_day(day_starts: list[float], parts: spans.Spans, sums: list[float], sign: float) -> None:
    for start, end in parts:
        sums[max(bisect.bisect_right(day_starts, start) - 1, 0)] += sign * (end - start)


def _split(parts: spans.Spans, day_starts: list[float]) -> spans.Spans:
    """``parts`` cut at each midnight (two windows meeting at midnight merge into a span across it)."""
    out: spans.Spans = []
    for start, end in parts:
        n = bisect.bisect_right(day_starts, start)
        while n < len(day_starts) and day_starts[n] < end:
            out.append((start, day_starts[n]))
            start, n = day_starts[n], n + 1
        out.append((start, end))
    return out


class Shared:
    """What the sites of one computation share: the items' windows by terms, the robots' schedules by terms and
    stays (a dealer's sites often plan alike)."""

    def __init__(self) -> None:
        self.windows: Seen = {}
        self.schedules: dict[tuple[Any, ...], Schedule] = {}

    def schedule(self, terms: frozenset[Terms], stays: tuple[tuple[float, float], ...],
                 day_starts: list[float]) -> Schedule:
        key = (terms, stays, day_starts[0] if day_starts else None, len(day_starts))
        if key not in self.schedules:
            merged = spans.union(w for t in terms for w in self.windows[t])
            self.schedules[key] = _schedule(_split(spans.common(merged, list(stays)), day_starts))
        return self.schedules[key]


def day_starts(plan: actual.SitePlan) -> list[float]:
    """The epoch seconds of each day of the plan's period's midnight on the site's clock."""
    return [_moment(day, 0, plan.zone) for day in days.days_between(plan.first, plan.last)]


def schedules(plan: actual.SitePlan, now: datetime, shared: Shared, starts: list[float]) -> dict[int, Schedule]:
    """Each of the plan's robots' scheduled spans in its period up to now (whole seconds)."""
    start, end = plan.bounds
    by_floor = floor_terms(plan, round(min(end, now).timestamp()), shared.windows)
    robot_terms: dict[int, set[Terms]] = defaultdict(set)
    for (device, _), floor in plan.floor_of.items():
        robot_terms[device] |= by_floor.get(floor, set())
    whole = ((round(start.timestamp()), round(end.timestamp())),)
    found = {}
    for device in plan.robots():
        mine = plan.stays.get(device, ())
        stays = whole if any(a <= start and (b is None or b >= end) for a, b in mine) else tuple(spans.union(
            (round(max(a, start).timestamp()), round(min(b or end, end).timestamp())) for a, b in mine))
        found[device] = shared.schedule(frozenset(robot_terms[device]), stays, starts)
    return found


def hours_of(plan: actual.SitePlan, downtime: dict[int, history.Downtime], now: datetime, by_day: bool,
             shared: Shared | None = None) -> tuple[Hours, dict[int, Hours], dict[date, Hours]]:
    """The plan's period computed from its downtime: the site's hours, per robot and (``by_day``) per day."""
    starts = day_starts(plan)
    daily = [[0.0, 0.0] for _ in starts] if by_day else []
    total, robots = Hours(), {}
    for device, schedule in schedules(plan, now, shared or Shared(), starts).items():
        hours, pieces = robot_hours(schedule, downtime.get(device, history.Downtime()))
        robots[device] = hours
        total.add(hours)
        if by_day:
            for sums, row in zip(daily, robot_days(schedule, pieces, starts), strict=True):
                sums[0] += row[0]
                sums[1] += row[1]
    if not by_day:
        return total, robots, {}
    period = days.days_between(plan.first, plan.last)
    return total, robots, {day: Hours(sums[0], sums[1]) for day, sums in zip(period, daily, strict=True)}


def previous(first: date, last: date) -> tuple[date, date]:
    """The period before: the calendar month before a whole month, else as many days just before."""
    if first.day == 1 and (last + timedelta(days=1)).day == 1:
        before = (first - timedelta(days=1)).replace(day=1)
        return before, first - timedelta(days=1)
    length = (last - first).days + 1
    return first - timedelta(days=length), first - timedelta(days=1)


