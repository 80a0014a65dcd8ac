"""The online summary's daily history: devices online per UTC day against the fleet's size, per branch."""

from datetime import UTC, date, datetime, timedelta

from sqlalchemy import select, update

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import Device, DeviceOnlineDay
from cleanfleet.devices.presence import mark_present
from cleanfleet.roles.catalogue import ROLE_DEALER

D1, D2, D3 = date(2026, 2, 1), date(2026, 2, 2), date(2026, 2, 3)


async def _created(db, device: dict, at: datetime) -> None:
    await db.execute(update(Device).where(Device.id == device["deviceId"]).values(created_at=at))
    await db.commit()


async def _online(db, day: date, *devices: dict, at: datetime | None = None) -> None:
    await mark_present(db, [d["deviceId"] for d in devices], at or datetime.combine(day, datetime.min.time(), UTC))
    await db.commit()


def _days(answer) -> list[tuple[str, int, int, float]]:  # noqa: ANN001
    return [(d["date"], d["online"], d["total"], d["rate"]) for d in answer.data["days"]]


async def test_devices_online_per_day_for_each_branch(make_user, new_device, new_type, signed_in, admin, db):
    dealer_a, password_a = await make_user(2, roles=[ROLE_DEALER])
    user_a, _ = await make_user(3, parent=dealer_a)
    dealer_b, password_b = await make_user(2, roles=[ROLE_DEALER])
    kind = (await new_type())["typeId"]
    a1 = await new_device(dealer_a, deviceType=kind)
    a2 = await new_device(user_a)
    a3 = await new_device(user_a, deviceType=kind)
    b1 = await new_device(dealer_b)
    # a1 and b1 were there from the start, a2 came on D2 at 23:59:59 UTC, a3 on D3 at midnight UTC
    for device in (a1, b1):
        await _created(db, device, datetime(2026, 1, 20, 12, 0, tzinfo=UTC))
    await _created(db, a2, datetime(2026, 2, 2, 23, 59, 59, tzinfo=UTC))
    await _created(db, a3, datetime(2026, 2, 3, 0, 0, tzinfo=UTC))
    await _online(db, D1, a1, b1)
    await _online(db, D2, a1, a2, at=datetime(2026, 2, 2, 23, 59, 59, tzinfo=UTC))
    await _online(db, D3, a3, b1, at=datetime(2026, 2, 3, 0, 0, tzinfo=UTC))
    await _online(db, D3, a3)  # marked twice (a second gateway): counted once
    span = {"startDate": "2026-02-01", "endDate": "2026-02-03"}

    as_a = await signed_in(dealer_a, password_a)
    branch_a = await as_a.call("/summary/chartOnLineNum", span)
    assert branch_a.code == 0, branch_a.body
    assert (branch_a.data["start"], branch_a.data["end"]) == ("2026-02-01", "2026-02-03")
    assert _days(branch_a) == [("2026-02-01", 1, 1, 1.0), ("2026-02-02", 2, 2, 1.0), ("2026-02-03", 1, 3, 0.3333)]
    assert branch_a.data["total"] == 3  # the figures of now are still there

    as_b = await signed_in(dealer_b, password_b)
    assert _days(await as_b.call("/summary/chartOnLineNum", span)) == [
        ("2026-02-01", 1, 1, 1.0), ("2026-02-02", 0, 1, 0.0), ("2026-02-03", 1, 1, 1.0)]

    below = await as_a.call("/summary/chartOnLineNum", {**span, "userId": user_a.id})
    assert _days(below) == [("2026-02-01", 0, 0, 0.0), ("2026-02-02", 1, 1, 1.0), ("2026-02-03", 1, 2, 0.5)]
    of_kind = await as_a.call("/summary/chartOnLineNum", {**span, "deviceType": kind})
    assert _days(of_kind) == [("2026-02-01", 1, 1, 1.0), ("2026-02-02", 1, 1, 1.0), ("2026-02-03", 1, 2, 0.5)]
    assert of_kind.data["total"] == 3  # the type filters the days only

    refused = await as_b.call("/summary/chartOnLineNum", {**span, "userId": user_a.id})
    assert refused.code == Code.NOT_FOUND
    from_above = await admin.call("/summary/chartOnLineNum", {**span, "userId": dealer_b.id})
    assert [d["online"] for d in from_above.data["days"]] == [1, 0, 1]


async def test_the_range_defaults_to_the_last_30_days_and_is_checked(make_user, new_device, signed_in, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    device = await new_device(dealer)
    today = utcnow().date()
    await _online(db, today, device)
    api = await signed_in(dealer, password)
    answer = await api.call("/summary/chartOnLineNum")
    days = answer.data["days"]
    assert len(days) == 30 and days[0]["date"] == (today - timedelta(days=29)).isoformat()
    assert (days[-1]["date"], days[-1]["online"], days[-1]["total"]) == (today.isoformat(), 1, 1)
    assert sum(d["online"] for d in days) == 1
    backwards = await api.call("/summary/chartOnLineNum", {"startDate": "2026-02-03", "endDate": "2026-02-01"})
    assert backwards.code == Code.BAD_PARAMETER and backwards.field == "startDate"
    too_long = await api.call("/summary/chartOnLineNum", {"startDate": "2024-01-01", "endDate": "2026-02-01"})
    assert too_long.code == Code.BAD_PARAMETER


async def test_clear_data_removes_the_branch_days_older_than_a_year(make_user, new_device, signed_in, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    other, _ = await make_user(2, roles=[ROLE_DEALER])
    mine, theirs = await new_device(dealer), await new_device(other)
    today = utcnow().date()
    old = today - timedelta(days=400)
    await _online(db, old, mine, theirs)
    await _online(db, today, mine)
    api = await signed_in(dealer, password)
    answer = await api.call("/user/cleanCache")
    assert answer.code == 0, answer.body
    db.expire_all()
    kept = await db.execute(select(DeviceOnlineDay.device_id, DeviceOnlineDay.day)
                            .where(DeviceOnlineDay.device_id.in_((mine["deviceId"], theirs["deviceId"]))))
    assert sorted(kept.all()) == sorted([(mine["deviceId"], today), (theirs["deviceId"], old)])
