"""A robot's ``device_states`` row is written at once when what a reader acts on changes, otherwise at most every
``refresh`` seconds (``service.LatestRows``), while the consoles are told every heartbeat; the offline sweep never
takes a talking robot offline, also when its messages reach two gateways; came-online and run starts are caught on the
first heartbeat that shows them, whichever gateway wrote the row before."""

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from cleanfleet.core.bus import Fact
from cleanfleet.devices.models import DeviceState
from cleanfleet.gateway import ingest as ingest_module
from cleanfleet.gateway import service
from cleanfleet.gateway.ingest import Ingest, refresh_after
from tests.gateway.helpers import heartbeat, robots_in_directory, status, topic

OFFLINE_AFTER = 30.0
REFRESH = refresh_after(OFFLINE_AFTER)


class Clock:
    """The gateways' idea of now (the batch's time, ``heartbeat_at``), moved by the test."""

    def __init__(self) -> None:
        self.now = datetime.now(UTC).replace(microsecond=0)

    def __call__(self) -> datetime:
        return self.now

    def move(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
async def link(app, db, make_user, monkeypatch):
    """Two robots, two gateways as the server makes them (each its own memory), a clock, what the consoles are told
    and the facts told."""
    devices, directory = await robots_in_directory(app, db, make_user, 2)
    clock = Clock()
    monkeypatch.setattr(ingest_module, "utcnow", clock)
    # a robot's first refresh comes a whole period after its first write here: these tests count seconds from it
    # (the spread by the robot's id, ``_phase``, has its own test below, and moved these by the ids a run gave)
    monkeypatch.setattr(service, "_phase", lambda device_id: 0.0)
    told: list[dict[str, Any]] = []
    facts: list[Fact] = []
    real_tell = service.tell

    async def recorded(db, new):  # noqa: ANN001, ANN202
        facts.extend(new)
        await real_tell(db, new)

    monkeypatch.setattr(service, "tell", recorded)
    gateways = [Ingest(app.state.db, app.state.bus, directory, refresh_seconds=REFRESH) for _ in range(2)]
    for gateway in gateways:
        real = gateway._tell_consoles

        async def consoles(stored, real=real):  # noqa: ANN001, ANN202
            told.extend(state for state in stored.states if "battery" in state)
            await real(stored)

        gateway._tell_consoles = consoles  # type: ignore[method-assign]
    return gateways, devices, clock, told, facts


async def row(db, device_id: int) -> DeviceState:
    db.expire_all()
    state = await db.get(DeviceState, device_id)
    assert state is not None
    return state


async def beat(gateway: Ingest, sn: str, **fields: Any) -> None:
    await gateway.receive(topic(sn, "heartbeat"), heartbeat(sn, **fields))
    await gateway.flush()


def test_the_refresh_is_well_under_the_sweeps_offline_after():
    assert REFRESH == 10.0 and refresh_after(5) < 2 and refresh_after(3600) == 10.0


async def test_a_change_is_written_at_once_and_a_steady_robot_at_most_every_refresh(link, db):
    (gateway, _), devices, clock, told, _ = link
    sn, device_id = devices[0].serial_number, devices[0].id
    await beat(gateway, sn, progress=9.0, battery=81.0)  # first heard: written; its refresh earlier, by its phase
    first = await row(db, device_id)
    assert (first.online, first.progress, first.heartbeat_at) == (True, 9.0, clock.now)
    clock.move(1)
    told.clear()
    await beat(gateway, sn, progress=10.0)  # a change (the battery): written at once, the refresh counted from it
    assert (await row(db, device_id)).heartbeat_at == clock.now
    written_at = clock.now
    for second in range(1, 10):  # steady: progress and pose move, nothing a reader acts on changes
        clock.move(1)
        await beat(gateway, sn, progress=10.0 + second, pose={"x": float(second), "y": 0.0, "yaw": 0.0})
        state = await row(db, device_id)
        assert (state.progress, state.heartbeat_at) == (10.0, written_at)  # the row waits ...
    assert [state["progress"] for state in told] == [10.0 + i for i in range(10)]  # ... the consoles do not
    clock.move(1)  # 10 s after the last write: written
    await beat(gateway, sn, progress=20.0)
    state = await row(db, device_id)
    assert (state.progress, state.heartbeat_at) == (20.0, clock.now)
    for change in ({"task": "Hall"}, {"mode": "pause"}, {"map": "lobby"}, {"charging": True}, {"state": "elevator"},
                   {"battery": 79.0}):  # each a reader acts on: written with the next batch
        clock.move(1)
        await beat(gateway, sn, **change)
        state = await row(db, device_id)
        assert state.heartbeat_at == clock.now, change
    assert (state.task_name, state.mode, state.map_name, state.charging, state.activity, state.battery) \
        == ("Morning sweep", "cleaning", "office-3F", False, "working", 79)
    assert gateway.counters.beats_held_back == 9


def test_robots_heard_together_refresh_spread_over_the_period():
    """A start or a reconnect storm brings a fleet in at once: their rows' refreshes are spread over the period, not
    all due in one batch every 10 s, and none waits longer than the period."""
    latest = service.LatestRows(REFRESH)
    start, key = datetime(2026, 11, 27, tzinfo=UTC), ("steady",)
    fleet = range(1, 10_001)
    latest.remember([(device_id, key) for device_id in fleet], start)
    due_at = {}
    for tenth in range(1, 101):  # batches of 0.1 s over the period
        now = start + timedelta(seconds=tenth / 10)
        for device_id in fleet:
            if device_id not in due_at and latest.due(device_id, key, now):
                due_at[device_id] = tenth
    assert len(due_at) == len(fleet)  # every row written again within the period
    per_second = [sum(1 for tenth in due_at.values() if 10 * second < tenth <= 10 * second + 10)
                  for second in range(10)]
    assert max(per_second) <= 1_100, per_second  # about a tenth of the fleet each second
    latest.remember([(1, key)], start)  # written again: the next refresh a whole period later
    assert not latest.due(1, key, start + timedelta(seconds=REFRESH - 0.1))
    assert latest.due(1, key, start + timedelta(seconds=REFRESH))


async def test_the_sweep_never_takes_a_talking_robot_offline(link, db):
    """Beats every 5 s (the robots' default) for two minutes, to one gateway and then alternately to two: the sweep
    with the server's offline_after finds nothing; silent, the robot goes offline."""
    gateways, devices, clock, _, _ = link
    sn, device_id = devices[0].serial_number, devices[0].id
    for n in range(48):
        await beat(gateways[0] if n < 24 else gateways[n % 2], sn, progress=float(n))
        for _ in range(5):
            clock.move(1)
            assert device_id not in await service.sweep_offline(db, clock.now - timedelta(seconds=OFFLINE_AFTER))
            await db.commit()
    clock.move(OFFLINE_AFTER)
    assert device_id in await service.sweep_offline(db, clock.now - timedelta(seconds=OFFLINE_AFTER))
    await db.commit()


async def test_two_gateways_keep_the_row_right_within_the_refresh(link, db):
    """A robot's messages spread over two gateways: each writes what changed against what it wrote itself, so a
    state one of them skipped is right again within the refresh."""
    (first, second), devices, clock, _, _ = link
    sn, device_id = devices[0].serial_number, devices[0].id
    await beat(first, sn, mode="cleaning")
    clock.move(1)
    await beat(second, sn, mode="pause")
    assert (await row(db, device_id)).mode == "pause"
    clock.move(1)
    await beat(first, sn, mode="cleaning")  # unchanged for the first gateway: held back
    assert (await row(db, device_id)).mode == "pause"
    for _ in range(8):
        clock.move(1)
        await beat(first, sn, mode="cleaning")
    clock.move(1)  # 10 s after the first gateway's write
    await beat(first, sn, mode="cleaning")
    assert (await row(db, device_id)).mode == "cleaning"


async def test_came_online_and_a_run_start_are_caught_whichever_gateway_wrote_before(link, db):
    (first, second), devices, clock, told, facts = link
    sn, device_id = devices[0].serial_number, devices[0].id
    await beat(first, sn, task="")
    clock.move(1)
    await second.receive(topic(sn, "status"), status(sn, online=False))  # the will reaches the other gateway
    await second.flush()
    assert (await row(db, device_id)).online is False
    clock.move(1)
    await beat(first, sn, task="", progress=5.0)  # unchanged for the first gateway, but the robot is back
    state = await row(db, device_id)
    assert (state.online, state.progress, state.heartbeat_at) == (True, 5.0, clock.now)
    assert [fact.type for fact in facts] == ["robot.online", "robot.offline", "robot.online"]
    clock.move(1)
    await beat(second, sn, task="Hall")  # a run starts on the second gateway ...
    clock.move(1)
    await beat(second, sn, task="")  # ... and ends there
    clock.move(1)
    await beat(first, sn, task="Stairs")  # a new run the first gateway hears first
    assert (await row(db, device_id)).task_name == "Stairs"
    started = [fact.data["taskName"] for fact in facts if fact.type == "run.started"]
    assert started == ["Hall", "Stairs"]
