"""Several robots starting their tasks in one batch (a fleet starting at once): each start is told once, with its
own task, however the starts are split among the claiming statements; the beats after it tell nothing."""

from typing import Any

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError

from cleanfleet.devices.models import DeviceState
from cleanfleet.gateway import service
from cleanfleet.gateway.ingest import Ingest
from tests.gateway.helpers import heartbeat, robot_device, robots_in_directory, topic, unique_prefix


async def test_a_batch_of_starts_tells_each_robot_its_own_start_once(app, db, make_user, monkeypatch):
    devices, directory = await robots_in_directory(app, db, make_user, 5)
    ingest = Ingest(app.state.db, app.state.bus, directory)
    told: list[Any] = []
    real_tell = service.tell

    async def recorded(db, facts):  # noqa: ANN001, ANN202
        told.extend(fact for fact in facts if fact.type == "run.started")
        await real_tell(db, facts)

    monkeypatch.setattr(service, "tell", recorded)
    monkeypatch.setattr(service, "STARTS_PER_CLAIM", 2)  # three claiming statements for the five starts
    tasks = {device.serial_number: ("Morning sweep" if i % 2 else f"Hall {i}") for i, device in enumerate(devices)}
    for sn, task in tasks.items():
        await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn, task=task))
    await ingest.flush()
    assert sorted((fact.data["serialNumber"], fact.data["taskName"]) for fact in told) == sorted(tasks.items())

    for sn, task in tasks.items():  # the same runs go on
        await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn, task=task))
    await ingest.flush()
    assert len(told) == len(devices)
    db.expire_all()
    stored = dict((await db.execute(select(DeviceState.device_id, DeviceState.task_name)
                                    .where(DeviceState.device_id.in_([d.id for d in devices])))).all())
    assert stored == {device.id: tasks[device.serial_number] for device in devices}


async def test_a_batch_locks_its_robots_state_rows_first_on_postgresql(app, db, make_user):
    """Two workers' batches sharing robots take their rows in one order (device id) before any write: while one
    holds them, another's write waits (here: gives up at its lock timeout) instead of crossing it into a deadlock."""
    if app.state.db.engine.dialect.name != "postgresql":
        return  # SQLite has one writer: nothing to order
    owner, _ = await make_user(3)
    prefix = unique_prefix()
    devices = [await robot_device(db, owner, f"{prefix}{i}") for i in range(3)]
    ids = [device.id for device in devices]
    await db.commit()
    async with app.state.db.sessions() as first, app.state.db.sessions() as second:
        await service.lock_states(first, [ids[2], ids[0], ids[2]])
        await second.execute(text("SET LOCAL lock_timeout = '200ms'"))
        with pytest.raises(DBAPIError, match="lock timeout"):
            await second.execute(text("UPDATE device_states SET task_name = 'x' WHERE device_id = :id"),
                                 {"id": ids[0]})
        await second.rollback()
        # a row the batch did not name stays free
        await second.execute(text("UPDATE device_states SET task_name = '' WHERE device_id = :id"), {"id": ids[1]})
        await second.commit()
        await first.rollback()
