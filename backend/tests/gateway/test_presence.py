"""The gateway marks each device present once per quarter hour it is heard in (the online summary's history: the
day, and its first and last quarter)."""

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import select

from cleanfleet.devices import presence
from cleanfleet.devices.models import DeviceOnlineDay
from cleanfleet.gateway import ingest as ingest_module
from cleanfleet.gateway.ingest import Ingest
from tests.gateway.helpers import heartbeat, robots_in_directory, status, topic


class Clock:
    """The gateway's idea of now, moved by the test (UTC)."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
async def robots(app, db, make_user, monkeypatch):
    """Two robots, an ingest reading the session database, a clock, and every presence write it makes."""
    devices, directory = await robots_in_directory(app, db, make_user, 2)
    clock = Clock(datetime(2026, 3, 9, 23, 59, 58, tzinfo=UTC))
    monkeypatch.setattr(ingest_module, "utcnow", clock)
    writes: list[tuple[date, list[int]]] = []
    real_mark = presence.mark_present

    async def counted(db, device_ids, at):  # noqa: ANN001, ANN202
        if device_ids:
            writes.append((at.date(), sorted(device_ids)))
        await real_mark(db, device_ids, at)

    monkeypatch.setattr(presence, "mark_present", counted)  # robots_heard, on ROBOT_MESSAGES_ARRIVED
    return Ingest(app.state.db, app.state.bus, directory), devices, clock, writes


async def days_of(db, device_id: int) -> list[tuple[date, datetime]]:
    db.expire_all()
    rows = await db.execute(select(DeviceOnlineDay.day, DeviceOnlineDay.first_seen)
                            .where(DeviceOnlineDay.device_id == device_id).order_by(DeviceOnlineDay.day))
    return [(day, seen) for day, seen in rows.all()]


async def beat(ingest: Ingest, sn: str) -> None:
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn))
    await ingest.flush()


async def quarters_of(db, device_id: int) -> list[tuple[date, int, int]]:
    db.expire_all()
    rows = await db.execute(select(DeviceOnlineDay.day, DeviceOnlineDay.first_quarter, DeviceOnlineDay.last_quarter)
                            .where(DeviceOnlineDay.device_id == device_id).order_by(DeviceOnlineDay.day))
    return [tuple(row) for row in rows.all()]


async def test_a_device_is_marked_once_a_quarter_hour_and_its_last_quarter_moves_on(robots, db):
    ingest, devices, clock, writes = robots
    sn, device_id = devices[0].serial_number, devices[0].id
    clock.now = datetime(2026, 3, 9, 8, 1, tzinfo=UTC)  # quarter 32
    await beat(ingest, sn)
    clock.now = datetime(2026, 3, 9, 8, 14, tzinfo=UTC)
    await beat(ingest, sn)
    assert len(writes) == 1  # the same quarter: remembered
    clock.now = datetime(2026, 3, 9, 15, 40, tzinfo=UTC)  # quarter 62
    await beat(ingest, sn)
    assert len(writes) == 2
    assert await quarters_of(db, device_id) == [(date(2026, 3, 9), 32, 62)]


async def test_a_device_is_marked_once_a_utc_day_however_often_it_beats(robots, db):
    ingest, devices, clock, writes = robots
    first, second = devices
    for _ in range(3):
        await beat(ingest, first.serial_number)
    assert writes == [(date(2026, 3, 9), [first.id])]  # one write: the rest is remembered in memory
    assert await days_of(db, first.id) == [(date(2026, 3, 9), datetime(2026, 3, 9, 23, 59, 58, tzinfo=UTC))]
    assert await days_of(db, second.id) == []  # never heard from: not online that day

    clock.now = datetime(2026, 3, 10, 0, 0, 1, tzinfo=UTC)  # midnight UTC: a new day
    await beat(ingest, first.serial_number)
    await beat(ingest, first.serial_number)
    assert [day for day, _ in await days_of(db, first.id)] == [date(2026, 3, 9), date(2026, 3, 10)]
    assert writes[1:] == [(date(2026, 3, 10), [first.id])]


async def test_coming_online_after_an_offline_marks_the_day(robots, db):
    ingest, devices, clock, writes = robots
    sn, device_id = devices[1].serial_number, devices[1].id
    await ingest.receive(topic(sn, "status"), status(sn, online=False))
    await ingest.flush()
    assert writes == [] and await days_of(db, device_id) == []  # going offline is no presence
    clock.now = datetime(2026, 3, 11, 8, 0, tzinfo=UTC)
    await ingest.receive(topic(sn, "status"), status(sn, online=True))
    await ingest.flush()
    assert await days_of(db, device_id) == [(date(2026, 3, 11), datetime(2026, 3, 11, 8, 0, tzinfo=UTC))]
    await ingest.receive(topic(sn, "status"), status(sn, online=False))
    await ingest.flush()
    await beat(ingest, sn)  # back the same day: already marked
    assert writes == [(date(2026, 3, 11), [device_id])]


async def test_a_second_gateway_or_a_restart_writes_the_day_again_harmlessly(robots, app, db):
    ingest, devices, clock, _ = robots
    sn, device_id = devices[0].serial_number, devices[0].id
    await beat(ingest, sn)
    other = Ingest(app.state.db, app.state.bus, ingest.directory)  # its own memory: it marks again
    clock.now = datetime(2026, 3, 9, 23, 59, 59, tzinfo=UTC)
    await other.receive(topic(sn, "heartbeat"), heartbeat(sn))
    await other.flush()
    assert other.counters.flushes == 1
    assert await days_of(db, device_id) == [(date(2026, 3, 9), datetime(2026, 3, 9, 23, 59, 58, tzinfo=UTC))]
