"""The inventory of a customer: how many rows of every table are its own (walk.py), its files' bytes, and the
headline of the confirmation and the receipt ("3 people, 12 robots, 40 maps, 1,203 reports, 2.1 GB of files")."""

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.scope import path_prefix
from cleanfleet.customerend import steps
from cleanfleet.customerend.walk import DEVICES, FILES, Walk
from cleanfleet.devices.models import Device

# the headline's kinds and the table each counts (display only: what goes is every table's rows)
HEADLINE = {"people": "users", "robots": DEVICES, "maps": "robot_maps", "reports": "task_reports",
            "alarms": "alarms", "incidents": "incidents", "sites": "sites", "logs": "device_logs",
            "backups": "data_backups", "files": FILES}


async def table_counts(db: AsyncSession, walk: Walk) -> dict[str, int]:
    """Rows the end removes, per table (a robot kept for the dealer, and its own records, are not counted)."""
    found = {}
    for name in walk.order():
        if walk.kept_with_robots(name):
            continue
        found[name] = await steps.count(db, walk, name)
    return {name: n for name, n in found.items() if n}


def headline(tables: dict[str, int], size: int, handed: int) -> dict[str, Any]:
    """The answer's ``EndCounts`` from the table counts."""
    counts: dict[str, Any] = {kind: tables.get(name, 0) for kind, name in HEADLINE.items()}
    counts |= {"robotsHandedOver": handed, "bytes": size, "records": sum(tables.values()),
               "tables": [{"table": name, "count": n} for name, n in sorted(tables.items())]}
    return counts


async def inventory(db: AsyncSession, walk: Walk) -> dict[str, Any]:
    """The headline of what the end would remove now."""
    tables = await table_counts(db, walk)
    handed = 0
    if walk.customer.keep_robots:
        handed = await db.scalar(select(func.count()).select_from(Device)
                                 .where(path_prefix(Device.owner_path, walk.customer.path))) or 0
    return headline(tables, await steps.file_bytes(db, walk), handed)
