"""Every date or time range a list, chart or summary filters by: product-spec 5's rule, "start not after end, start
within 7 days, start not after today", in one place.

Two parts of the rule hold for every range filter: the start is not after the end, and not after today (for days,
today in the caller's time zone; for times, now). The span is the part that differs, and this table is the one
place that says where and why (the spec's 7 days where its screens use them; longer where a user needs it):
"""

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

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
FLEET_CHARTS = Span(366, "the summary pages chart a fleet's growth and online days over months: up to a year")
ALARM_HISTORY = Span(None, "the alarm centre looks back over a robot's whole history (30 days by default): an "
                           "after-sales engineer tracing a recurring fault needs months, and the counts keep it cheap")


def today() -> date:
    """Today in the caller's time zone (UTC outside a request or without the console's ``timezone`` header)."""
    return utcnow().astimezone(caller_zone() or UTC).date()


def check_days(start: date, end: date, span: Span, *, field: str = "startDate") -> tuple[date, date]:
    """Refuses, naming ``field``, a day range that runs backwards, starts after today or is longer than ``span``."""
    if start > end:
        raise bad_parameter(field, START_AFTER_END)
    if start > today():
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
