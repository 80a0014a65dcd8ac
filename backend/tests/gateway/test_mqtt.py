"""The gateway on a real broker: nothing lost while the server is down (the embedded broker: test_broker*.py)."""

import asyncio
import uuid

import aiomqtt
import pytest
from sqlalchemy import func, select

from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest
from cleanfleet.gateway.link import BrokerAddress, GatewayLink
from cleanfleet.reports.models import TaskReport
from cleanfleet.warn.models import Alarm
from tests.gateway.helpers import (
    MOSQUITTO,
    alarm,
    heartbeat,
    report,
    robot_device,
    topic,
    unique_prefix,
    wait_until,
)

needs_mosquitto = pytest.mark.skipif(not __import__("tests.gateway.helpers", fromlist=["x"]).mosquitto_up(),
                                     reason="needs Mosquitto on 127.0.0.1:1883")


async def forget_session(address: BrokerAddress, client_id: str) -> None:
    """Ends a persistent session at the broker (a clean connect with the same id)."""
    async with aiomqtt.Client(address.host, address.port, identifier=client_id, clean_session=True,
                              username=address.username, password=address.password):
        pass


class Gateway:
    """Ingest + link as the server runs them, startable and stoppable like a server restart."""

    def __init__(self, app, address: BrokerAddress, client_id: str) -> None:
        self.app, self.address, self.client_id = app, address, client_id
        self.ingest: Ingest | None = None
        self.link: GatewayLink | None = None

    async def start(self) -> None:
        directory = Directory(self.app.state.db)
        await directory.load()
        self.ingest = Ingest(self.app.state.db, self.app.state.bus, directory, batch_seconds=0.1)
        self.ingest.start()
        self.link = GatewayLink(self.address, self.ingest, client_id=self.client_id)
        self.link.start()
        await asyncio.wait_for(self.link.connected.wait(), 10)

    async def settled(self) -> None:
        """Waits until nothing more arrives for half a second."""
        seen = -1
        for _ in range(100):
            assert self.ingest is not None
            if self.ingest.counters.received == seen:
                return
            seen = self.ingest.counters.received
            await asyncio.sleep(0.5)

    async def stop(self) -> None:
        if self.link is not None:
            await self.link.stop()
        if self.ingest is not None:
            await self.ingest.stop()


@pytest.fixture
async def robots(app, db, make_user):
    owner, _ = await make_user(3)
    prefix = unique_prefix()
    return [await robot_device(db, owner, f"{prefix}{i}", secret=f"s{i}") for i in range(2)]


@needs_mosquitto
async def test_alarms_and_reports_sent_while_the_server_is_down_arrive_once_it_is_back(app, db, robots):
    address = BrokerAddress.parse(MOSQUITTO)
    gateway = Gateway(app, address, f"test-gateway-{uuid.uuid4().hex[:8]}")
    sn = robots[0].serial_number
    try:
        await gateway.start()  # the first start makes the broker keep a session for the gateway
        await gateway.settled()  # retained messages of other tests' robots flow in on subscribe
        await gateway.stop()
        async with aiomqtt.Client("127.0.0.1", 1883, identifier=sn, username=sn, password="s0") as robot:
            for _ in range(2):  # the second copy stands for a resend after a reconnect
                await robot.publish(topic(sn, "alarm"), alarm(sn, "raise", "L1", f"{sn}-while-down"), qos=1)
                await robot.publish(topic(sn, "report"), report(sn, f"{sn}-report-down"), qos=1)
            await robot.publish(topic(sn, "heartbeat"), heartbeat(sn, battery=64), qos=1)
        await gateway.start()

        async def stored() -> bool:
            async with app.state.db.sessions() as session:
                return await session.scalar(select(func.count()).select_from(TaskReport)
                                            .where(TaskReport.msg_id == f"{sn}-report-down")) == 1

        await wait_until(stored, 20, "the report sent while the gateway was down")
        await asyncio.sleep(0.3)  # let the duplicates through too, were they to be stored
        assert await db.scalar(select(func.count()).select_from(Alarm).where(Alarm.msg_id == f"{sn}-while-down")) == 1
        assert await db.scalar(select(func.count()).select_from(TaskReport)
                               .where(TaskReport.msg_id == f"{sn}-report-down")) == 1
    finally:
        await gateway.stop()
        await forget_session(address, gateway.client_id)
