"""The forecast's arithmetic, without the database: a robot's usage rate from its daily run hours, and the date
(with its earliest..latest range and how sure it is) a part reaches its life.

- Rate: run hours per calendar day over the robot's days of history in the last ``WINDOW_DAYS`` complete UTC days
  (days without a run count as 0). Fewer than ``MIN_DAYS`` days: no rate ("not enough history").
- Its interval: mean ± (t₉₅(n-1) · s/√n + mean/n): Student's t on the daily variance, plus a share mean/n for the
  days not seen yet, so a steady robot with three days of history still gets a wide range and one with 28 days a
  narrow one.
- A consumable (run hours): remaining = life - used; forecast = now + remaining / mean days, earliest with the
  interval's high rate, latest with its low rate (none when the low rate is 0: no upper bound).
- A maintenance reminder: its period is wall-clock hours after its last maintenance, as the consumables domain
  and the message centre read it (``consumables.service.reminder_answer``): the date is exact.
- How sure: ``high`` when the interval's half-width is within 15 % of the rate and the history is a week or more,
  ``medium`` within 40 %, else ``low``; ``none`` without a date from use.
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from cleanfleet.consumables.service import usable_period
from cleanfleet.wear.models import STATE_DATED, STATE_DUE_NOW, STATE_IDLE, STATE_NO_HISTORY

WINDOW_DAYS = 28
MIN_DAYS = 3
SURE_DAYS = 7
HORIZON_DAYS = 3650  # beyond ten years: no date ("idle")
# Student's t, 95 % two-sided, by degrees of freedom (1..27)
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
       2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052)


@dataclass(frozen=True)
class Rate:
    mean: float  # run hours per day
    low: float
    high: float
    days: int  # days of history


@dataclass(frozen=True)
class Forecast:
    state: str
    due_on: date | None
    earliest: date | None
    latest: date | None
    sureness: str
    remaining: float


def window(today: date) -> tuple[date, date]:
    """The complete UTC days the rate reads: the ``WINDOW_DAYS`` days before today."""
    return today - timedelta(days=WINDOW_DAYS), today - timedelta(days=1)


def history_start(first_run: date | None, created: date, today: date) -> date:
    """The first day of history: the robot's first run in the window or its registration, whichever came first."""
    first, _ = window(today)
    start = min(first_run, created) if first_run is not None else created
    return max(first, start)


def usage_rate(seconds_by_day: Mapping[date, int], start: date, today: date) -> Rate | None:
    """The rate over the days from ``start`` to yesterday; None below MIN_DAYS days."""
    days = (today - start).days
    if days < MIN_DAYS:
        return None
    hours = [seconds_by_day.get(start + timedelta(days=i), 0) / 3600 for i in range(days)]
    mean = sum(hours) / days
    variance = sum((h - mean) ** 2 for h in hours) / (days - 1)
    half = T95[min(days - 1, len(T95)) - 1] * math.sqrt(variance / days) + mean / days
    return Rate(mean, max(0.0, mean - half), mean + half, days)


def _sureness(rate: Rate) -> str:
    share = (rate.high - rate.mean) / rate.mean
    if share <= 0.15 and rate.days >= SURE_DAYS:
        return "high"
    return "medium" if share <= 0.4 and rate.days >= SURE_DAYS else "low"


def _after(now: datetime, days: float) -> date | None:
    return (now + timedelta(days=days)).date() if days <= HORIZON_DAYS else None


def consumable(remaining: float, rate: Rate | None, now: datetime) -> Forecast:
    """When ``remaining`` run hours are used up at ``rate``."""
    today = now.date()
    if remaining <= 0:
        return Forecast(STATE_DUE_NOW, today, today, today, "high", 0.0)
    if rate is None:
        return Forecast(STATE_NO_HISTORY, None, None, None, "none", remaining)
    if rate.mean <= 0 or remaining / rate.mean > HORIZON_DAYS:
        return Forecast(STATE_IDLE, None, None, None, "none", remaining)
    due = _after(now, remaining / rate.mean)
    latest = _after(now, remaining / rate.low) if rate.low > 0 else None
    return Forecast(STATE_DATED, due, _after(now, remaining / rate.high), latest, _sureness(rate), remaining)


def maintenance(maintained_at: datetime, period_hours: float, now: datetime) -> Forecast:
    """The next maintenance: ``period_hours`` wall-clock hours after the last one (exact)."""
    try:
        due = maintained_at + timedelta(hours=usable_period(period_hours))
    except OverflowError:
        return Forecast(STATE_IDLE, None, None, None, "none", 0.0)
    if due <= now:
        today = now.date()
        return Forecast(STATE_DUE_NOW, today, today, today, "high", 0.0)
    remaining = (due.date() - now.date()).days * 24.0  # whole days: the stored row changes once a day, not every scan
    if (due - now).days > HORIZON_DAYS:
        return Forecast(STATE_IDLE, None, None, None, "none", remaining)
    day = due.date()
    return Forecast(STATE_DATED, day, day, day, "high", remaining)
