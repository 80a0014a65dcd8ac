"""The gateway's ingest: heartbeats in batches, online and offline, alarms and reports once each."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.gateway import service
from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest
from cleanfleet.reports.models import TaskReport
from cleanfleet.warn.models import STATE_UNKNOWN, STATE_UNRESOLVED, Alarm
from tests.gateway.helpers import alarm, heartbeat, report, robot_device, status, topic, unique_prefix


@pytest.fixture
async def fleet(app, db, make_user):
    """Three robots of a new customer, and an ingest reading the session database (no broker needed)."""
    owner, _ = await make_user(3)
    prefix = unique_prefix()
    devices = [await robot_device(db, owner, f"{prefix}{i}") for i in range(3)]
    db.expunge_all()  # plain records from here on: the tests read fresh states
    directory = Directory(app.state.db)
    await directory.load()
    return Ingest(app.state.db, app.state.bus, directory), devices


async def state_of(db, device: Device) -> DeviceState:
    device_id = device.id
    db.expire_all()
    state = await db.get(DeviceState, device_id)
    assert state is not None
    return state


async def test_heartbeats_update_the_live_state_in_one_batch(fleet, db):
    ingest, devices = fleet
    for i, device in enumerate(devices):
        await ingest.receive(topic(device.serial_number, "heartbeat"), heartbeat(device.serial_number, battery=10 + i))
    await ingest.receive(topic(devices[0].serial_number, "heartbeat"),
                         heartbeat(devices[0].serial_number, battery=55.4, pose={"x": 9.0, "y": 8.0, "yaw": 1.0}))
    assert (await state_of(db, devices[0])).online is False  # nothing written before the batch goes
    await ingest.flush()
    assert ingest.counters.flushes == 1 and ingest.counters.written == 3  # the latest heartbeat per robot wins
    first = await state_of(db, devices[0])
    assert (first.online, first.battery, first.pose_x, first.pose_y, first.map_name, first.task_name, first.mode) \
        == (True, 55, 9.0, 8.0, "office-3F", "Morning sweep", "cleaning")
    assert [(await state_of(db, d)).battery for d in devices[1:]] == [11, 12]


async def test_a_last_will_takes_a_robot_offline_and_its_next_heartbeat_brings_it_back(fleet, db):
    ingest, devices = fleet
    sn = devices[0].serial_number
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn))
    await ingest.flush()
    await ingest.receive(topic(sn, "status"), status(sn, online=False))
    await ingest.flush()
    assert (await state_of(db, devices[0])).online is False
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn, battery=33))
    await ingest.flush()
    state = await state_of(db, devices[0])
    assert state.online is True and state.battery == 33


async def test_silent_robots_go_offline_once_when_the_sweep_runs(fleet, db):
    ingest, devices = fleet
    for device in devices[:2]:
        await ingest.receive(topic(device.serial_number, "heartbeat"), heartbeat(device.serial_number))
    await ingest.flush()
    # as if CLEANFLEET_OFFLINE_AFTER passed: everything heard before "now + 1 s" is stale
    went = await service.sweep_offline(db, datetime.now(UTC) + timedelta(seconds=1))
    await db.commit()
    assert {devices[0].id, devices[1].id} <= set(went)
    assert not {devices[0].id, devices[1].id} & set(await service.sweep_offline(db, datetime.now(UTC)))
    await db.commit()
    assert (await state_of(db, devices[0])).online is False
    await ingest.receive(topic(devices[0].serial_number, "heartbeat"), heartbeat(devices[0].serial_number))
    await ingest.flush()
    assert (await state_of(db, devices[0])).online is True


async def test_alarms_are_stored_once_however_often_they_arrive(fleet, db):
    ingest, devices = fleet
    sn, device_id = devices[0].serial_number, devices[0].id
    raised = alarm(sn, "raise", "A1", f"{sn}-boot-7")
    await ingest.receive(topic(sn, "alarm"), raised)
    await ingest.receive(topic(sn, "alarm"), raised)  # QoS 1 redelivery in the same batch
    await ingest.flush()
    await ingest.receive(topic(sn, "alarm"), raised)  # and resent after a reconnect
    await ingest.receive(topic(sn, "alarm"), alarm(sn, "clear", "A1", f"{sn}-boot-8"))
    await ingest.receive(topic(sn, "alarm"), alarm(sn, "clear", "A1", f"{sn}-boot-8"))
    await ingest.receive(topic(sn, "alarm"), alarm(sn, "clear", "B9", f"{sn}-boot-9", key="imu"))  # raise lost
    await ingest.flush()
    rows = list(await db.scalars(select(Alarm).where(Alarm.device_id == device_id).order_by(Alarm.id)))
    assert [(r.robot_alarm_id, r.code, r.type, r.level, r.state) for r in rows] == [
        ("A1", "0x0610", "alarm", 3, STATE_UNRESOLVED), ("B9", "0x0610", "alarm", 3, STATE_UNKNOWN)]
    assert rows[0].cleared_at is not None and rows[0].content.startswith("upper lidar fault")
    assert ingest.counters.alarms == 6


async def test_task_reports_are_stored_once_and_count_once_in_the_work_totals(fleet, db):
    ingest, devices = fleet
    sn, device_id = devices[1].serial_number, devices[1].id
    for _ in range(2):
        await ingest.receive(topic(sn, "report"), report(sn, f"{sn}-boot-1"))
        await ingest.flush()
    rows = list(await db.scalars(select(TaskReport).where(TaskReport.device_id == device_id)))
    assert len(rows) == 1
    row = rows[0]
    assert (row.task_name, row.result, row.work_area, row.cleaned_area, row.coverage, row.efficiency,
            row.alarm_count, row.alarm_counts) == ("Morning sweep", "finished", 300.0, 270.0, 90.0, 405.0, 2,
                                                   {"replan_failed": 2})
    assert row.start_time == datetime(2026, 11, 21, 0, 0, tzinfo=UTC) and row.duration_s == 2400
    state = await state_of(db, devices[1])
    assert (state.task_count, state.work_seconds, state.work_area) == (1, 2400, 270.0)


async def test_messages_from_unknown_or_mismatched_robots_are_dropped(fleet, db):
    ingest, devices = fleet
    stranger = f"{unique_prefix()}stranger"
    sn = devices[2].serial_number
    before = await db.scalar(select(func.count()).select_from(Alarm))
    await ingest.receive(topic(stranger, "alarm"), alarm(stranger, "raise", "X", f"{stranger}-1"))
    await ingest.receive(topic(stranger, "heartbeat"), heartbeat(stranger))
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(devices[0].serial_number))  # payload sn differs
    await ingest.receive(topic(sn, "heartbeat"), b"not json")
    await ingest.receive(f"cf/{sn}/up/unknown-channel", heartbeat(sn))
    await ingest.flush()
    assert ingest.counters.dropped == 5
    assert await db.scalar(select(func.count()).select_from(Alarm)) == before
    assert (await state_of(db, devices[2])).online is False


async def test_alarms_and_reports_are_acknowledged_only_once_stored(fleet):
    ingest, devices = fleet
    sn = devices[0].serial_number
    acked: list[str] = []
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn), lambda: acked.append("heartbeat"))
    await ingest.receive(topic(sn, "alarm"), alarm(sn, "raise", "Z", f"{sn}-z"), lambda: acked.append("alarm"))
    await ingest.receive(topic(sn, "report"), report(sn, f"{sn}-r"), lambda: acked.append("report"))
    await ingest.receive(topic("nobody", "alarm"), b"{}", lambda: acked.append("dropped"))
    assert acked == ["heartbeat", "dropped"]
    await ingest.flush()
    assert acked == ["heartbeat", "dropped", "alarm", "report"]
