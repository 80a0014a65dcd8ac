"""Every date or time range a list, chart or summary filters by: product-spec 5's rule, "start not after end, start
within 7 days, start not after today", in one place; and whose days they are.

**Days are the reader's** (issue 30 item 8). Every day boundary the console shows is midnight in the reader's time
zone, and the server counts in that zone too, so the task report's "last week" and the alarm chart beside it count
the same days. The console says its zone once, on every call: the ``timezone`` header (the browser's IANA name,
``api/client.ts``); an offset alone would be wrong across a daylight-saving change inside the range. Without it (a
script, a robot) days are UTC days. What the console sends for a range:

- a **day** (``YYYY-MM-DD``: ``startDate``/``endDate`` of the task reports, the charts' ``endDate``) is that day in
  the reader's zone: from ``day_start(day)`` up to ``day_start(day + 1)``;
- a **time** (``startTime``/``endTime`` of the alarm centre) is an instant the console already took at the reader's
  local midnight (``web/src/lib/day-range.ts``), used as given;
- "today" is today in the reader's zone (``today()``).

A stored run or alarm counts on the reader's day it started (a run at 23:30 in Shanghai is on that Shanghai day,
though it is 15:30 UTC). The pre-counted day rows (task report roll-ups, alarm day counts) are kept per UTC day, so
they answer readers whose days are UTC days (``utc_days``); for others a day-by-day read counts the rows themselves
(the alarm chart, the task report list, summary and the week and month report charts). The quarter and year
report charts read the roll-ups and move only the runs between a UTC and the reader's midnight at each bucket's
edge to the reader's bucket (``reports.charts.shifted_periods``). A schedule's runs group per reader's day too.

The online days (``device_online_days``: a robot heard on a UTC day) keep the first and the last quarter hour of
that UTC day the robot was heard in. A reader's day covers the end of one UTC day and the start of the next
(``day_parts``: which quarters of which UTC days), so a robot counts online on the reader's day when its heard span
on either UTC day reaches into that day's part: exact, because a part is always a day's start or its end (every
zone's offset is a whole number of quarter hours). UTC readers keep the per-day and per-month roll-ups; other
readers count the day rows (``devices.presence.online_per_reader_day``): the online rate and the online chart.

Two parts of the rule hold for every range filter: the start is not after the end, and not after today (for days,
today in the caller's time zone; for times, now). The span is the part that differs, and this table is the one
place that says where and why (the spec's 7 days where its screens use them; longer where a user needs it):
"""

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import bad_parameter
from cleanfleet.core.language import caller_zone
from cleanfleet.core.texts import RANGE_TOO_LONG, START_AFTER_END, START_IN_FUTURE


@dataclass(frozen=True)
class Span:
    days: int | None  # the longest range in days (end - start < days); None: no limit
    why: str


TASK_REPORTS = Span(7, "the task report list: product-spec 5's 7 days")
VIDEO_CLIPS = Span(7, "a robot's recorded clips: the spec's 7 days (api-spec 9)")
OPERATION_LOG = Span(7, "the operation log (search and export): product-spec 5's 7 days; without a range it lists "
                        "the newest changes first, so nothing older is out of reach")
FLEET_CHARTS = Span(366, "the summary pages chart a fleet's growth and online days over months: up to a year")
ALARM_HISTORY = Span(366, "the alarm centre and the incident list (30 days by default): an after-sales engineer "
                          "tracing a recurring fault needs months, the counts keep it cheap, and alarms older than a "
                          "year are cleared anyway (api-spec 9, clear data)")
INCIDENT_FIGURES = Span(366, "incident times (issue 34) chart as the task reports do: up to a year ending endDate")
RECORDS = Span(366, "leases and repairs are looked up over a contract's or a warranty's year, not a week")
AUDIT_TRAIL = Span(366, "the audit trail (issue 51): a security review asks for a quarter or a year at once")
AVAILABILITY = Span(366, "a site's availability is read over a month, a quarter or a contract's year (issue 53)")
HEAT_MAP = Span(92, "a floor's or map's heat map sums a season's cleaning: up to a quarter (sites/coverage/heatmap.py)")

# Every operation that filters by a start/end pair, with its span: the exceptions to the spec's 7 days and why
# stand above. The console shows each as its range picker's limit (web/src/lib/range-limits.ts mirrors this table;
# tests/core/test_ranges_schema.py checks both, and every operation of the API schema that has such a pair).
LIST_SPANS: dict[str, Span] = {
    "/api/taskReport/list": TASK_REPORTS,
    "/api/qiniuQvs/recordList": VIDEO_CLIPS,
    "/api/log/list": OPERATION_LOG,
    "/api/log/export": OPERATION_LOG,
    "/api/audit/list": AUDIT_TRAIL,
    "/api/audit/export": AUDIT_TRAIL,
    "/api/warn/list": ALARM_HISTORY,
    "/api/warn/warnSummary": ALARM_HISTORY,
    "/api/incident/list": ALARM_HISTORY,
    "/api/summary/chart": FLEET_CHARTS,
    "/api/summary/chartOnLineNum": FLEET_CHARTS,
    "/api/hire/list": RECORDS,
    "/api/repair/list": RECORDS,
    "/api/site/coverage/floor": HEAT_MAP,
    "/api/site/coverage/map": HEAT_MAP,
    "/api/site/availability/get": AVAILABILITY,
}

# Operations whose start/end pair is not a filter but a thing's own times (the rule above does not apply; each
# refuses an end before its start itself).
NOT_FILTERS: dict[str, str] = {
    "/api/hire/insertHire": "a lease's start and planned end (it may start or end in the future)",
    "/api/incident/duty/insert": "a duty shift's hours of the day",
    "/api/task/scheduleSave": "a schedule's start and forced end times of day",
    "/api/task/elevatorScheduleSave": "an elevator schedule's times of day",
    "/api/taskReport/insertTaskReport": "a run's own start and end, as the robot reports them",
}


def zone() -> tzinfo:
    """The reader's time zone: the console's ``timezone`` header, else UTC (outside a request, or none sent)."""
    return caller_zone() or UTC


def today() -> date:
    """Today in the caller's time zone (UTC outside a request or without the console's ``timezone`` header)."""
    return utcnow().astimezone(zone()).date()


def day_start(day: date, in_zone: tzinfo | None = None) -> datetime:
    """The instant (UTC) the reader's ``day`` begins: its local midnight."""
    return datetime.combine(day, time.min, tzinfo=in_zone or zone()).astimezone(UTC)


def day_of(moment: datetime, in_zone: tzinfo | None = None) -> date:
    """The reader's day an instant falls on."""
    return moment.astimezone(in_zone or zone()).date()


def utc_days(first: date, last: date, in_zone: tzinfo | None = None) -> bool:
    """Whether the reader's days ``first``..``last`` are UTC days (each begins at a UTC midnight), so what is
    counted per UTC day answers them."""
    return all(day_start(first + timedelta(days=n), in_zone).time() == time.min
               for n in range((last - first).days + 2))


QUARTER = timedelta(minutes=15)
QUARTERS = 96  # quarter hours in a UTC day


@dataclass(frozen=True)
class DayPart:
    """The quarters ``first`` up to ``end`` (exclusive) of UTC day ``reader day - back``."""

    back: int
    first: int
    end: int


def day_parts(day: date, in_zone: tzinfo | None = None) -> tuple[DayPart, ...]:
    """The parts of UTC days the reader's ``day`` covers: for Shanghai, the last 32 quarters of the UTC day
    before and the first 64 of the same UTC day."""
    start, end = day_start(day, in_zone), day_start(day + timedelta(days=1), in_zone)
    parts = []
    utc_day = start.date()
    while (utc_start := datetime.combine(utc_day, time.min, tzinfo=UTC)) < end:
        first = max(start, utc_start) - utc_start
        last = min(end, utc_start + timedelta(days=1)) - utc_start
        parts.append(DayPart((day - utc_day).days, first // QUARTER, -(-last // QUARTER)))
        utc_day += timedelta(days=1)
    return tuple(parts)


def quarter_of(moment: datetime) -> int:
    """The quarter hour of its UTC day an instant falls in (0-95)."""
    utc = moment.astimezone(UTC)
    return (utc.hour * 60 + utc.minute) // 15


def as_date(value: object) -> date:
    """A date column's value as a date (SQLite may answer an aggregate's or a function's date as text)."""
    return value if isinstance(value, date) else date.fromisoformat(str(value)[:10])


def check_days(start: date, end: date, span: Span, *, field: str = "startDate",
               today_is: date | None = None) -> tuple[date, date]:
    """Refuses, naming ``field``, a day range that runs backwards, starts after today (the reader's, or
    ``today_is``: a site's) or is longer than ``span``."""
    if start > end:
        raise bad_parameter(field, START_AFTER_END)
    if start > (today_is or today()):
        raise bad_parameter(field, START_IN_FUTURE)
    if span.days is not None and (end - start).days >= span.days:
        raise bad_parameter(field, RANGE_TOO_LONG, days=span.days)
    return start, end


def check_times(start: datetime, end: datetime | None, span: Span, *,
                field: str = "startTime") -> tuple[datetime, datetime | None]:
    """The same rule for a time range (no end: up to now and after, a robot's clock may run a little ahead)."""
    if end is not None and start > end:
        raise bad_parameter(field, START_AFTER_END)
    if start > utcnow():
        raise bad_parameter(field, START_IN_FUTURE)
    if span.days is not None and (end or utcnow()) - start >= timedelta(days=span.days):
        raise bad_parameter(field, RANGE_TOO_LONG, days=span.days)
    return start, end


def chart_buckets(kind: str, end: date) -> tuple[str, list[tuple[date, date]]]:
    """The range's buckets, oldest first (the task report and incident charts): week 7 days, month 30 days,
    quarter 13 weeks, year 12 months."""
    if kind in ("week", "month"):
        days = 7 if kind == "week" else 30
        return "day", [(end - timedelta(days=n), end - timedelta(days=n)) for n in range(days - 1, -1, -1)]
    if kind == "quarter":
        return "week", [(end - timedelta(days=7 * n + 6), end - timedelta(days=7 * n)) for n in range(12, -1, -1)]
    months = []
    first = end.replace(day=1)
    for _ in range(12):
        last = (first + timedelta(days=32)).replace(day=1) - timedelta(days=1)
        months.append((first, min(last, end)))
        first = (first - timedelta(days=1)).replace(day=1)
    return "month", months[::-1]
