"""Bounded input types every request schema uses: ids, pages, counts, hours and times.

An unbounded number reaches the database (an id of 2^31 or more overflows an INTEGER bind on
PostgreSQL, a page of 1e16 an OFFSET) or date arithmetic (a year near 1 or 9999 plus a period),
and ends as a 500. Each type here states its range in the published schema and is refused with
BAD_PARAMETER naming the field.
"""

from datetime import UTC, date, datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field

from cleanfleet.core.validation import OUT_OF_TIME_RANGE, TextError

MAX_ID = 2**31 - 1  # ids are INTEGER columns: PostgreSQL refuses a larger bind (SQLite would take it)
MAX_PAGE = 1_000_000
MAX_LIST = 1000  # ids in one call
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)
TIME_RANGE = f"between {EARLIEST:%Y-%m-%d} and {LATEST:%Y-%m-%d} (UTC)"
_RANGE = {"earliest": f"{EARLIEST:%Y-%m-%d}", "latest": f"{LATEST:%Y-%m-%d}"}

Id = Annotated[int, Field(ge=1, le=MAX_ID)]
IdOrZero = Annotated[int, Field(ge=0, le=MAX_ID)]
PageNo = Annotated[int, Field(ge=1, le=MAX_PAGE)]
Hours = Annotated[float, Field(ge=0, le=1_000_000, allow_inf_nan=False)]
MIN_PERIOD_HOURS, MAX_PERIOD_HOURS = 1, 100_000
PeriodHours = Annotated[float, Field(ge=MIN_PERIOD_HOURS, le=MAX_PERIOD_HOURS, allow_inf_nan=False)]


def _in_time_range(moment: datetime) -> datetime:
    moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
    if not EARLIEST <= moment <= LATEST:
        raise TextError(OUT_OF_TIME_RANGE, _RANGE)
    return moment


def _day_in_range(day: date) -> date:
    if not EARLIEST.date() <= day <= LATEST.date():
        raise TextError(OUT_OF_TIME_RANGE, _RANGE)
    return day


def _time_text_in_range(value: Any) -> Any:
    """Refuses years outside the range before parsing: a zone offset on year 1 or 9999 overflows."""
    if isinstance(value, str) and value[:4].isdigit() and value[4:5] == "-":  # an ISO date, not a Unix time
        year = int(value[:4])
        if not EARLIEST.year <= year <= LATEST.year:
            raise TextError(OUT_OF_TIME_RANGE, _RANGE)
    return value


UtcTime = Annotated[
    datetime,
    BeforeValidator(_time_text_in_range),
    AfterValidator(_in_time_range),
    Field(description=f"ISO 8601 time, {TIME_RANGE}; without a zone it is UTC",
          json_schema_extra={"formatMinimum": EARLIEST.isoformat(), "formatMaximum": LATEST.isoformat()}),
]
Day = Annotated[
    date,
    BeforeValidator(_time_text_in_range),
    AfterValidator(_day_in_range),
    Field(description=f"a date YYYY-MM-DD, {TIME_RANGE}",
          json_schema_extra={"formatMinimum": EARLIEST.date().isoformat(), "formatMaximum": LATEST.date().isoformat()}),
]
