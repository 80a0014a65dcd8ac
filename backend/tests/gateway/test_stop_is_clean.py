"""A stop logs no error (issue 48 item 13): the server with its embedded broker, its gateway link connected and
simulated robots still online and sending, stopped as SIGTERM stops it (the app's lifespan ends), logs nothing at
error level, and no future of the MQTT link is left with an exception nobody read (asyncio would log "exception
was never retrieved" when it is collected)."""

import asyncio
import gc
import logging
from typing import Any

from cleanfleet_sim.clock import SimClock
from cleanfleet_sim.fleet import Fleet, FleetOptions, default_fleet
from cleanfleet_sim.link import Broker
from sqlalchemy import select

from cleanfleet.devices.models import DeviceState
from cleanfleet.gateway import runtime
from tests.gateway.helpers import broker_threads, free_ports, robot_device, unique_prefix, wait_until
from tests.gateway.test_embedded_server import serving


async def test_stopping_the_server_under_its_robots_logs_no_error(app, db, make_user, caplog):
    owner, _ = await make_user(3)
    port = free_ports(1)
    identities = default_fleet(7, 3, base_port=free_ports(3), serial_prefix=unique_prefix())
    ids = [(await robot_device(db, owner, robot.sn, port=robot.port, protocol=robot.protocol,
                               secret=robot.secret)).id for robot in identities]
    fleet = Fleet(identities, FleetOptions(seed=7, mqtt=Broker.parse(f"mqtt://127.0.0.1:{port}"), cloud=None,
                                           heartbeat_s=0.2, alarm_rate=0, busy_rate=0), SimClock(1.0))
    loop = asyncio.get_running_loop()
    unread: list[dict[str, Any]] = []
    before = loop.get_exception_handler()
    loop.set_exception_handler(lambda _loop, context: unread.append(context))
    caplog.set_level(logging.WARNING)
    try:
        async with serving(app, port) as server:
            await fleet.start()

            async def all_online() -> bool:
                async with server.state.db.sessions() as session:
                    rows = await session.execute(select(DeviceState.online).where(DeviceState.device_id.in_(ids)))
                    return len(ids) == 3 and all(online for (online,) in rows)

            await wait_until(all_online, 20, "three simulated robots online")
            caplog.clear()
        # the server stopped with its robots still connected and sending
        for _ in range(3):
            await asyncio.sleep(0)
            gc.collect()
    finally:
        await fleet.stop(clean=False)
        loop.set_exception_handler(before)
    errors = [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []
    assert [str(context.get("message")) for context in unread] == []


async def test_a_broker_stop_that_never_ends_is_cut_at_its_deadline(app, monkeypatch, capsys):
    """A stop waiting on something that never comes (a stuck peer, a held database lock) cannot hold the server's own
    stop: past ``BROKER_STOP_SECONDS`` the broker's loop is stopped, its thread ends, and the stop says so."""
    async def stuck(embedded: Any) -> None:
        await asyncio.Event().wait()

    monkeypatch.setattr(runtime, "stop_embedded", stuck)
    monkeypatch.setattr(runtime, "BROKER_STOP_SECONDS", 0.5)
    before = broker_threads()
    async with asyncio.timeout(30):  # a deadline for the test, not a timing assertion
        async with serving(app, free_ports(1)):
            assert broker_threads() == before + 1
    assert broker_threads() == before
    assert "the embedded broker did not stop within 0.5 s" in capsys.readouterr().out  # the server's log
