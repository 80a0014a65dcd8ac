"""Robot health test ground: a dealer above a customer owning a fleet of one (fresh) robot type, with 60 days of
runs, alarms and online days stored by the real writers, dated from a fixed clock (``NOW``)."""

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from cleanfleet.devices.presence import mark_present
from cleanfleet.devices.service import add_device
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.maps.models import RobotMap
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from cleanfleet.warn.service import AlarmMessage, store_alarms
from tests.reports.helpers import message, store

NOW = datetime(2026, 3, 31, 15, 0, tzinfo=UTC)  # the scan's clock; the window is 2 March to 31 March


def days_ago(n: int, hour: int = 9) -> datetime:
    return NOW.replace(hour=hour) - timedelta(days=n)


async def new_type(db: Any) -> int:
    model = DeviceType(name=f"Health model {uuid.uuid4().hex[:8]}")
    db.add(model)
    await db.flush()
    return model.id


async def robot(db: Any, owner: Any, type_id: int, name: str) -> Any:
    device, _ = await add_device(db, owner, f"H{uuid.uuid4().hex[:10].upper()}", name, type_id, {})
    device.created_at = NOW - timedelta(days=200)
    return device


async def history(db: Any, device: Any, *, cleaned: float = 900.0, alarms_before: int = 1, alarms_now: int = 1,
                  low_battery: int = 0, online_days: int = 30) -> None:
    """60 days of one one-hour run a day; ``alarms_before`` / ``alarms_now`` alarms every other day of the previous
    and of the current 30 days; ``low_battery`` low-battery alarms in the window; ``online_days`` of the window."""
    await store(db, *[message(device.id, days_ago(n), planned=1000.0, cleaned=cleaned) for n in range(60)])
    alarms = []  # a fault that opens no incident by preset: no incident left for the escalation tests' rounds
    for n in range(0, 60, 2):
        for i in range(alarms_now if n < 30 else alarms_before):
            alarms.append(_alarm(device, days_ago(n, 10 + i), "paused_costmap_invalid", "0x0534"))
    alarms += [_alarm(device, days_ago(n, 11), "low_battery", "") for n in range(low_battery)]
    await store_alarms(db, alarms)
    await online(db, [device], online_days)


async def online(db: Any, devices: list[Any], days: int) -> None:
    """``devices`` heard on each of the window's last ``days`` days (one mark a day for all of them: a fixture's
    300 single marks were 3.6 s of its 5.8)."""
    for n in range(days):
        await mark_present(db, [device.id for device in devices], days_ago(n, 8))
    await db.commit()


def _alarm(device: Any, at: datetime, key: str, code: str) -> AlarmMessage:
    return AlarmMessage(device.id, device.serial_number, device.owner_path, uuid.uuid4().hex, "raise",
                        uuid.uuid4().hex[:8], key, code, int(code, 16) if code else None,
                        "fault" if code else "message", "alarm" if code else "reminder", key, at)


@pytest.fixture
async def fleet(db, make_user, signed_in):
    """Eight robots of one type (the seventh on a large map), the eighth's alarms tripled in the window, and two
    robots of a second type (too few peers); all owned by the customer, below the dealer."""
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_pw = await make_user(3, parent=dealer, roles=[ROLE_USER])
    other, other_pw = await make_user(2, roles=[ROLE_DEALER])
    main_type, rare_type = await new_type(db), await new_type(db)
    robots = [await robot(db, customer, main_type, f"Peer {i}") for i in range(8)]
    rare = [await robot(db, customer, rare_type, f"Rare {i}") for i in range(2)]
    db.add(RobotMap(device_id=robots[6].id, name="Hall", area=3000.0))
    await db.commit()
    for i, device in enumerate(robots[:7]):
        await history(db, device, cleaned=880.0 + 10 * i, online_days=0)
    await history(db, robots[7], cleaned=900.0, alarms_now=3, online_days=0)
    for device in rare:
        await history(db, device, online_days=0)
    await online(db, robots + rare, 30)
    return {"dealer": await signed_in(dealer, dealer_pw), "customer": customer, "robots": robots, "rare": rare,
            "other": await signed_in(other, other_pw)}
