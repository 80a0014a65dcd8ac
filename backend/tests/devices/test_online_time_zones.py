"""Online days are the reader's days (issue 30 item 8, core/ranges.py): a robot heard only late in a Shanghai
evening counts on that Shanghai day for a reader in Shanghai and on its UTC day for a reader without a time zone, in
the online chart and the task report's online rate; days stored before the quarters were kept count as whole days."""

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import text

from cleanfleet.core import ranges
from cleanfleet.core.db import utcnow
from cleanfleet.core.ranges import DayPart
from cleanfleet.devices.presence import insert_days, mark_present
from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.migration_steps import migration_database, to

SHANGHAI, LOS_ANGELES = ZoneInfo("Asia/Shanghai"), ZoneInfo("America/Los_Angeles")
IN_SHANGHAI = {"timezone": "Asia/Shanghai"}


def test_a_readers_day_is_the_end_of_one_utc_day_and_the_start_of_the_next():
    day = date(2026, 11, 20)
    assert ranges.day_parts(day, UTC) == (DayPart(0, 0, 96),)
    assert ranges.day_parts(day, SHANGHAI) == (DayPart(1, 64, 96), DayPart(0, 0, 64))  # from 16:00 UTC the day before
    assert ranges.day_parts(day, LOS_ANGELES) == (DayPart(0, 32, 96), DayPart(-1, 0, 32))  # from 08:00 UTC
    assert ranges.day_parts(day, ZoneInfo("Asia/Kolkata")) == (DayPart(1, 74, 96), DayPart(0, 0, 74))  # +05:30
    # the day the clocks go forward in Los Angeles lasts 23 hours: 08:00 UTC to 07:00 UTC
    assert ranges.day_parts(date(2026, 3, 8), LOS_ANGELES) == (DayPart(0, 32, 96), DayPart(-1, 0, 28))


def _days(answer) -> dict[str, int]:  # noqa: ANN001
    assert answer.code == 0, answer.body
    return {d["date"]: d["online"] for d in answer.data["days"]}


async def test_the_online_chart_counts_the_readers_days(make_user, new_device, signed_in, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    late, early, all_day = [await new_device(dealer) for _ in range(3)]
    day = datetime.now(SHANGHAI).date() - timedelta(days=3)
    # late: 23:30 in Shanghai (15:30 UTC the same day); early: 01:00 in Shanghai (17:00 UTC the day before)
    await mark_present(db, [late["deviceId"]], datetime(day.year, day.month, day.day, 23, 30, tzinfo=SHANGHAI))
    await mark_present(db, [early["deviceId"]], datetime(day.year, day.month, day.day, 1, 0, tzinfo=SHANGHAI))
    # a day stored before the quarters were kept: heard all that UTC day, so on two Shanghai days
    await insert_days(db, [{"device_id": all_day["deviceId"], "day": day - timedelta(days=5),
                            "first_seen": datetime.combine(day - timedelta(days=5), datetime.min.time(), UTC)}])
    await db.commit()
    api = await signed_in(dealer, password)
    span = {"startDate": str(day - timedelta(days=6)), "endDate": str(day + timedelta(days=1))}

    shanghai = _days(await api.call("/summary/chartOnLineNum", span, headers=IN_SHANGHAI))
    assert shanghai[str(day)] == 2 and shanghai[str(day - timedelta(days=1))] == 0
    assert shanghai[str(day - timedelta(days=5))] == 1 and shanghai[str(day - timedelta(days=4))] == 1
    assert sum(shanghai.values()) == 4

    in_utc = _days(await api.call("/summary/chartOnLineNum", span))
    assert in_utc[str(day)] == 1 and in_utc[str(day - timedelta(days=1))] == 1
    assert in_utc[str(day - timedelta(days=5))] == 1 and sum(in_utc.values()) == 3


async def test_a_robot_heard_the_whole_day_counts_once_on_each_day(make_user, new_device, signed_in, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    robot = await new_device(dealer)
    today = utcnow().date()
    first = today - timedelta(days=4)
    for n in range(4):  # every hour of four UTC days
        for hour in range(24):
            await mark_present(db, [robot["deviceId"]],
                               datetime.combine(first + timedelta(days=n), datetime.min.time(), UTC)
                               + timedelta(hours=hour, minutes=7))
    await db.commit()
    api = await signed_in(dealer, password)
    span = {"startDate": str(first + timedelta(days=1)), "endDate": str(first + timedelta(days=3))}
    for headers in (IN_SHANGHAI, {"timezone": "America/Los_Angeles"}, None):
        assert set(_days(await api.call("/summary/chartOnLineNum", span, headers=headers)).values()) == {1}


async def test_old_days_become_whole_days_and_the_quarters_go_back(tmp_path):
    async with migration_database(tmp_path, "onlineq") as (conn, _is_pg):
        await conn.run_sync(to("0024_c1_alarm_channel_rows"))
        await conn.execute(text("INSERT INTO device_online_days (device_id, day, first_seen) "
                                "VALUES (1, '2026-02-01', '2026-02-01 08:00:00+00:00')"))
        await conn.run_sync(to("0025_t1_online_quarters"))
        row = (await conn.execute(text("SELECT first_quarter, last_quarter FROM device_online_days"))).one()
        assert tuple(row) == (0, 95)
        await conn.run_sync(to("0024_c1_alarm_channel_rows", downgrade=True))
        columns = (await conn.execute(text("SELECT * FROM device_online_days"))).keys()
        assert "last_quarter" not in columns and "first_quarter" not in columns
