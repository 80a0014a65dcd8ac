"""Hostile and broken robot messages: each is dropped and counted for its robot alone, and ingest goes on for
everyone (the probe's cases of issue 10 item 2, and what a database refusal or outage does to a batch)."""

import asyncio
import uuid
from datetime import UTC, datetime, timedelta

import aiomqtt
import orjson
import pytest
from sqlalchemy import delete, select

from cleanfleet.core.db import Database
from cleanfleet.devices.models import Device
from cleanfleet.gateway.ingest import Ingest
from cleanfleet.gateway.link import BrokerAddress, GatewayLink
from cleanfleet.reports.models import TaskReport
from cleanfleet.warn.models import Alarm
from tests.gateway.helpers import MOSQUITTO, alarm, heartbeat, mosquitto_up, report, topic, wait_until
from tests.gateway.test_ingest import fleet, state_of  # noqa: F401  (the same three robots and their reader)

needs_mosquitto = pytest.mark.skipif(not mosquitto_up(), reason="needs Mosquitto on 127.0.0.1:1883")


def with_fields(payload: bytes, **fields: object) -> bytes:
    return orjson.dumps({**orjson.loads(payload), **fields})


async def alarms_of(db, device: Device) -> list[Alarm]:
    device_id = device.id
    db.expire_all()
    return list(await db.scalars(select(Alarm).where(Alarm.device_id == device_id).order_by(Alarm.id)))


async def test_an_alarm_dated_year_1_is_stored_at_its_arrival_and_the_next_alarms_follow(fleet, db):  # noqa: F811
    ingest, devices = fleet
    sn = devices[0].serial_number
    before = datetime.now(UTC)
    for stamp in ("0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00", "1970-01-01T00:00:00Z"):
        await ingest.receive(topic(sn, "alarm"), with_fields(alarm(sn, "raise", stamp, f"{sn}-{stamp}"), ts=stamp))
    await ingest.receive(topic(sn, "alarm"), alarm(sn, "raise", "after", f"{sn}-after"))
    await ingest.flush()
    rows = await alarms_of(db, devices[0])
    assert [r.robot_alarm_id for r in rows] == ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00",
                                                "1970-01-01T00:00:00Z", "after"]
    # a clock not set (or running fast) is no reason to lose an alarm: it is dated when it arrived
    assert all(before - timedelta(seconds=1) <= r.raised_at <= datetime.now(UTC) for r in rows)
    assert ingest.counters.dropped == 0


async def test_a_heartbeat_with_battery_1e308_is_dropped_for_its_robot_alone(fleet, db):  # noqa: F811
    ingest, devices = fleet
    bad, good = devices[0].serial_number, devices[1].serial_number
    await ingest.receive(topic(bad, "heartbeat"), heartbeat(bad, battery=1e308))
    await ingest.receive(topic(good, "heartbeat"), heartbeat(good, battery=61))
    await ingest.receive(topic(good, "alarm"), alarm(good, "raise", "G1", f"{good}-g1"))
    await ingest.flush()
    assert (await state_of(db, devices[0])).online is False
    assert (await state_of(db, devices[1])).battery == 61
    assert [a.robot_alarm_id for a in await alarms_of(db, devices[1])] == ["G1"]
    drops = ingest.drops_of(bad)
    assert drops.count == 1 and drops.reason.startswith("battery: outside 0..100")
    assert ingest.drops_of(good).count == 0
    await ingest.receive(topic(bad, "heartbeat"), heartbeat(bad, battery=44))  # its next good one counts again
    await ingest.flush()
    assert (await state_of(db, devices[0])).battery == 44


async def test_a_row_the_database_refuses_costs_only_its_own_message(fleet, db):  # noqa: F811
    """A robot deleted between its alarm's arrival and the write: its alarm breaks the foreign key."""
    ingest, devices = fleet
    gone, other = devices[0], devices[1]
    acked: list[str] = []
    await ingest.receive(topic(gone.serial_number, "alarm"), alarm(gone.serial_number, "raise", "X", "gone-x"),
                         lambda: acked.append("gone"))
    await ingest.receive(topic(other.serial_number, "heartbeat"), heartbeat(other.serial_number, battery=57))
    await ingest.receive(topic(other.serial_number, "alarm"),
                         alarm(other.serial_number, "raise", "O1", f"{other.serial_number}-o1"),
                         lambda: acked.append("other alarm"))
    await ingest.receive(topic(other.serial_number, "report"), report(other.serial_number, f"{other.serial_number}-r"),
                         lambda: acked.append("other report"))
    await db.execute(delete(Device).where(Device.id == gone.id))
    await db.commit()
    await ingest.flush()
    assert (await state_of(db, other)).battery == 57
    assert [a.robot_alarm_id for a in await alarms_of(db, other)] == ["O1"]
    assert await db.scalar(select(TaskReport.task_name).where(TaskReport.device_id == other.id)) == "Morning sweep"
    assert sorted(acked) == ["gone", "other alarm", "other report"]  # the refused one is not sent again forever
    assert ingest.drops_of(gone.serial_number).reason.startswith("could not be stored")
    flushes = ingest.counters.flushes
    await ingest.flush()  # nothing was put back
    assert ingest.counters.flushes == flushes


async def test_a_heartbeat_the_edge_let_through_does_not_block_the_batch(fleet, db):  # noqa: F811
    """Should a value ever pass the checks that its column cannot hold, the others are still written."""
    ingest, devices = fleet
    poisoned = ingest.directory.get(devices[0].serial_number)
    assert poisoned is not None
    unchecked = {name: None for name in ("battery", "charging", "onPile", "state", "mode", "map", "task", "progress",
                                         "cleanedArea", "localized", "pose", "alarms", "protocol", "versions")}
    ingest._take(poisoned, "heartbeat", {**unchecked, "battery": 1e308}, None)  # as a gap in the checks would
    for device in devices[1:]:
        await ingest.receive(topic(device.serial_number, "heartbeat"), heartbeat(device.serial_number, battery=38))
    await ingest.flush()
    assert [(await state_of(db, d)).battery for d in devices[1:]] == [38, 38]
    assert ingest.drops_of(devices[0].serial_number).count == 1


async def test_while_the_database_does_not_answer_nothing_is_dropped_and_shutdown_writes_it(app, fleet, db):  # noqa: F811
    ingest, devices = fleet
    sn = devices[2].serial_number
    working = ingest.database
    ingest.database = Database(f"sqlite+aiosqlite:////nonexistent-{uuid.uuid4().hex}/down.db")
    acked: list[str] = []
    try:
        await ingest.receive(topic(sn, "alarm"), alarm(sn, "raise", "D1", f"{sn}-down"), lambda: acked.append("a"))
        await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn, battery=23))
        await ingest.flush()
        await ingest.flush()
        assert acked == [] and ingest.drops_of(sn).count == 0  # kept, not acknowledged: nothing is lost
    finally:
        await ingest.database.dispose()
        ingest.database = working
    ingest.batch_seconds = 3600  # the flusher would not write it before the stop
    ingest.start()
    await ingest.stop()
    assert acked == ["a"]
    assert [a.robot_alarm_id for a in await alarms_of(db, devices[2])] == ["D1"]
    assert (await state_of(db, devices[2])).battery == 23


async def test_shutdown_writes_the_pending_batch(fleet, db):  # noqa: F811
    ingest, devices = fleet
    sn = devices[1].serial_number
    ingest.batch_seconds = 3600
    ingest.start()
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn, battery=71))
    await ingest.stop()
    assert (await state_of(db, devices[1])).battery == 71


class FailingOnce(Ingest):
    """The real ingest, but handling its first message fails as a bug would (receive itself no longer can)."""

    failed = False

    async def receive(self, topic: str, payload: bytes, ack=None) -> None:  # noqa: ANN001
        if not self.failed:
            self.failed = True
            raise RuntimeError("a bug in handling a message")
        await super().receive(topic, payload, ack)


@needs_mosquitto
async def test_the_link_restarts_after_any_error_and_the_message_comes_again(app, fleet, db):  # noqa: F811
    ingest, devices = fleet
    sn = devices[0].serial_number
    failing = FailingOnce(ingest.database, ingest.bus, ingest.directory, batch_seconds=0.1)
    address = BrokerAddress.parse(MOSQUITTO)
    link = GatewayLink(address, failing, client_id=f"test-poison-{uuid.uuid4().hex[:8]}")
    failing.start()
    link.start()
    try:
        await asyncio.wait_for(link.connected.wait(), 10)
        async with aiomqtt.Client("127.0.0.1", 1883, identifier=sn, username=sn, password="secret") as robot:
            await robot.publish(topic(sn, "alarm"), alarm(sn, "raise", "R1", f"{sn}-r1"), qos=1)

            async def stored() -> bool:
                return [a.robot_alarm_id for a in await alarms_of(db, devices[0])] == ["R1"]

            await wait_until(stored, 20, "the alarm whose first handling failed, redelivered after the restart")
        assert failing.failed
    finally:
        await link.stop()
        await failing.stop()
        async with aiomqtt.Client(address.host, address.port, identifier=link.client_id, clean_session=True):
            pass  # forget the gateway's session at the broker
