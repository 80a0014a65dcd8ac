"""A site's clock: its days, weeks and months in its own time zone, plan windows as moments, weekday masks.

A window is stored as minutes after the site's local midnight; its moments are found on the wall clock of that
day in the site's zone (so a window keeps its local hours across a change of daylight saving time; a window
start that falls in the hour a spring change skips reads as the moment after it).
"""

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from cleanfleet.sites.models import Site, SitePlanItem

DAY_MINUTES = 24 * 60


def zone_of(site: Site) -> ZoneInfo:
    return ZoneInfo(site.time_zone)


def today(zone: ZoneInfo, now: datetime | None = None) -> date:
    return (now or datetime.now(UTC)).astimezone(zone).date()


def minutes(clock: str) -> int:
    """'08:30' → 510 ('24:00' → 1440)."""
    hours, mins = clock.split(":")
    return int(hours) * 60 + int(mins)


def clock(value: int) -> str:
    """510 → '08:30'."""
    return f"{value // 60:02d}:{value % 60:02d}"


def robot_clock(value: object) -> int | None:
    """A robot schedule's 'HH:MM' as minutes, or None when it is not a time of day."""
    text = str(value or "")
    parts = text.split(":")
    if len(parts) < 2 or not all(part.isdigit() for part in parts[:2]):
        return None
    found = int(parts[0]) * 60 + int(parts[1])
    return found if 0 <= found < DAY_MINUTES else None


def weekday_mask(weekdays: list[int]) -> int:
    mask = 0
    for weekday in weekdays:
        mask |= 1 << (weekday - 1)
    return mask


def weekdays_of(mask: int) -> list[int]:
    return [day for day in range(1, 8) if mask & (1 << (day - 1))]


def moment(day: date, minute: int, zone: ZoneInfo) -> datetime:
    """The UTC moment of ``minute`` minutes after midnight of ``day`` on the site's wall clock."""
    local = datetime.combine(day, time(0), tzinfo=zone) + timedelta(minutes=minute)
    return local.astimezone(UTC)


def day_start(day: date, zone: ZoneInfo) -> datetime:
    return moment(day, 0, zone)


def planned_on(item: SitePlanItem, day: date) -> bool:
    """The item applies that site day: within its validity and on one of its weekdays."""
    if day < item.valid_from or (item.valid_until is not None and day > item.valid_until):
        return False
    return bool(item.weekdays & (1 << (day.isoweekday() - 1)))


def period_days(period: str, day: date) -> tuple[date, date]:
    """The first and last day of ``day``'s day, week (Monday to Sunday) or calendar month."""
    if period == "week":
        first = day - timedelta(days=day.weekday())
        return first, first + timedelta(days=6)
    if period == "month":
        first = day.replace(day=1)
        following = (first + timedelta(days=32)).replace(day=1)
        return first, following - timedelta(days=1)
    return day, day


def days_between(first: date, last: date) -> list[date]:
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]
