"""Issue 19: two workers as real processes on PostgreSQL, Redis and Mosquitto (a shared-subscription group),
behind the project's balancer. One journey (the workers start once; starting them is the costly part):

1. every background job is led by exactly one worker;
2. a sign-out, a password change and a role change on one worker are refused on the other at once (session cache
   evicted);
3. heartbeats, whichever worker ingested them, reach the consoles' WebSockets on both workers;
4. a control lease taken through one worker holds on the other; the relay reaches a robot from both;
5. a worker killed (SIGKILL) while robots send alarms and reports: its jobs move to the other worker, the
   console whose WebSocket it held reconnects through the balancer and gets live states again, and once
   the killed worker is back (its MQTT session holds what it had not acknowledged) every alarm and report
   is stored exactly once.

Skipped, with the reason, without CLEANFLEET_TEST_PG_URL or when Redis or Mosquitto is not reachable.
"""

import asyncio
import contextlib
import uuid
from typing import Any

import aiomqtt
import httpx
import orjson
import pytest
import websockets
from cleanfleet_sim.clock import SimClock
from cleanfleet_sim.fleet import Fleet, FleetOptions, default_fleet
from cleanfleet_sim.link import Broker
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import func, select

from cleanfleet.core.codes import Code
from cleanfleet.core.db import Database
from cleanfleet.reports.models import TaskReport
from cleanfleet.roles.catalogue import ROLE_DEALER
from cleanfleet.users import service as users
from cleanfleet.warn.models import Alarm
from tests.cluster.kit import JOBS, Cluster, missing_services, worker_jobs
from tests.conftest import ADMIN_PASSWORD
from tests.gateway.helpers import MOSQUITTO, alarm, free_ports, report, robot_device, topic, unique_prefix, wait_until
from tests.relay.conftest import relay

pytestmark = pytest.mark.skipif(missing_services() is not None, reason=missing_services() or "")
ALARMS, REPORTS = 40, 20
PASSWORD = "Secret123"


async def receive(ws: Any, kind: str, seconds: float = 20) -> dict[str, Any]:
    async def next_of_kind() -> dict[str, Any]:
        while True:
            message = orjson.loads(await ws.recv())
            if message["type"] == kind:
                return message

    return await asyncio.wait_for(next_of_kind(), seconds)


async def serials_seen(ws: Any, wanted: set[str]) -> None:
    seen: set[str] = set()
    while not wanted <= seen:
        seen |= {d["deviceSerialNumber"] for d in (await receive(ws, "devices"))["data"]}


async def make_user(database: Database, parent_account: str, level: int, role_ids: list[int] | None = None) -> Any:
    async with database.sessions() as db:
        parent = await users.get_by_account(db, parent_account)
        user = await users.create(db, account=f"c{uuid.uuid4().hex[:10]}", name="Cluster user", password=PASSWORD,
                                  level_depth=level, parent=parent, role_ids=role_ids or [ROLE_DEALER])
        await db.commit()
        return user


async def stored(database: Database, model: Any, device_id: int) -> tuple[int, int]:
    """How many rows the device has, and how many distinct robot message ids among them."""
    async with database.sessions() as db:
        return (await db.scalar(select(func.count()).where(model.device_id == device_id)) or 0,
                await db.scalar(select(func.count(func.distinct(model.msg_id))).where(model.device_id == device_id))
                or 0)


async def test_two_workers_behave_as_one_server_and_lose_nothing_when_one_dies(tmp_path):
    cluster = Cluster(tmp_path)
    await cluster.start()
    database = Database(cluster.settings.db_url)
    fleet = None
    try:
        a, b = cluster.workers
        dealer = await make_user(database, "admin", 2)
        identities = default_fleet(19, 2, base_port=free_ports(2), serial_prefix=unique_prefix())
        async with database.sessions() as db:
            devices = [await robot_device(db, dealer, r.sn, port=r.port, protocol=r.protocol, secret=r.secret)
                       for r in identities]
            sender = await robot_device(db, dealer, f"{unique_prefix()}S")  # the alarms' and reports' robot
        serials = {r.sn for r in identities}

        # 1. each job led by exactly one worker
        async def jobs_split() -> bool:
            on_a, on_b = await worker_jobs(a), await worker_jobs(b)
            return not on_a & on_b and on_a | on_b == JOBS

        await wait_until(jobs_split, 30, "every job led by exactly one worker")

        # 2. revocations reach the other worker at once (B cached the sessions first)
        admin_a = await cluster.signed_in(a.url, "admin", ADMIN_PASSWORD)
        admin_b = cluster.api(b.url)
        admin_b.token, admin_b.account = admin_a.token, "admin"
        assert (await admin_b.call("/getLanguage")).code == Code.OK
        assert (await admin_a.call("/logout")).code == Code.OK
        assert (await admin_b.call("/getLanguage")).code == Code.SESSION_INVALID
        admin_on_a = await cluster.signed_in(a.url, "admin", ADMIN_PASSWORD)
        user_b = await cluster.signed_in(b.url, dealer.account, PASSWORD)
        user_a = await cluster.signed_in(a.url, dealer.account, PASSWORD)
        assert (await user_b.call("/getLanguage")).code == Code.OK
        changed = await user_a.call("/user/updatePassword", {"password": PASSWORD, "newPassword": "Secret1234"})
        assert changed.code == Code.OK, changed.body
        assert (await user_b.call("/getLanguage")).code == Code.SESSION_INVALID
        # a role edited on A: its holder's next call on B is checked against the new keys
        role = await admin_on_a.call("/user/role/insert", {"name": f"r{uuid.uuid4().hex[:8]}",
                                                             "keys": ["device/index", "user/index"]})
        assert role.code == Code.OK, role.body
        holder = await make_user(database, "admin", 2, role_ids=[role.data["id"]])
        holder_b = await cluster.signed_in(b.url, holder.account, PASSWORD)
        assert (await holder_b.call("/device/selectDevicePc", {})).code == Code.OK
        edited = await admin_on_a.call("/user/role/update", {"id": role.data["id"], "keys": ["user/index"]})
        assert edited.code == Code.OK, edited.body
        assert (await holder_b.call("/device/selectDevicePc", {})).code == Code.NO_PERMISSION
        console_a = await cluster.signed_in(a.url, dealer.account, "Secret1234")
        console_b = await cluster.signed_in(b.url, dealer.account, "Secret1234")

        # 3. live pushes: every robot's state reaches both workers' consoles, whichever worker ingested it
        fleet = Fleet(identities, FleetOptions(seed=19, mqtt=Broker.parse(MOSQUITTO), cloud=None, heartbeat_s=0.5,
                                               alarm_rate=0, busy_rate=0), SimClock(1.0))
        async with websockets.connect(cluster.ws_url(a.url, console_a)) as ws_a, \
                websockets.connect(cluster.ws_url(b.url, console_b)) as ws_b:
            await receive(ws_a, "hello")
            await receive(ws_b, "hello")
            await fleet.start()
            await asyncio.wait_for(asyncio.gather(serials_seen(ws_a, serials), serials_seen(ws_b, serials)), 30)

        # 3b. /metrics through the balancer sums both workers: the sign-ins each answered (4 on A, 3 on B), and the
        # robots' heartbeats their gateways ingested
        async def metrics_summed() -> bool:
            async with httpx.AsyncClient(timeout=10) as client:
                text = (await client.get(cluster.balancer_url + "/metrics")).text
            return series_sum(text, "cleanfleet_http_requests", route="/api/login") == 7 and \
                series_sum(text, "cleanfleet_robot_messages", channel="heartbeat") > 0

        await wait_until(metrics_summed, 20, "both workers' series summed on /metrics")

        # 4. a lease taken through A holds on B; the relay reaches the robot from both
        taken = await console_a.call("/device/control/take", {"deviceId": devices[0].id, "minutes": 10})
        assert taken.code == Code.OK and taken.data["held"] and taken.data["mine"], taken.body
        admin_on_b = await cluster.signed_in(b.url, "admin", ADMIN_PASSWORD)  # above the holder, not the holder
        seen_on_b = await admin_on_b.call("/device/control/state", {"deviceId": devices[0].id})
        assert seen_on_b.code == Code.OK, seen_on_b.body
        assert seen_on_b.data["held"] and seen_on_b.data["holderId"] == dealer.id and not seen_on_b.data["mine"]
        for console in (console_a, console_b):
            pose = await relay(console, "api1/robot_pose", identities[0].port)
            assert pose.status_code == 200 and pose.json()["code"] == 0 and {"x", "y", "yaw"} <= set(pose.json())

        # 5. a worker killed under load
        balanced = [await cluster.signed_in(cluster.balancer_url, dealer.account, "Secret1234") for _ in range(2)]
        consoles = [await websockets.connect(cluster.ws_url(cluster.balancer_url, api)) for api in balanced]
        for ws in consoles:
            await receive(ws, "hello")
        leader = a if "outbox" in await worker_jobs(a) else b
        survivor = b if leader is a else a
        async with aiomqtt.Client("127.0.0.1", 1883, identifier=f"robot-{uuid.uuid4().hex[:8]}") as robot:
            sn = sender.serial_number
            for i in range(ALARMS):
                if i == ALARMS // 2:
                    leader.kill()
                await robot.publish(topic(sn, "alarm"), alarm(sn, "raise", f"A{i}", f"{sn}-alarm-{i}"), qos=1)
                if i < REPORTS:
                    await robot.publish(topic(sn, "report"), report(sn, f"{sn}-report-{i}", f"run-{i}"), qos=1)

        await wait_until(lambda: worker_jobs_equal(survivor), 40, "the survivor leads every job")
        readers = [asyncio.ensure_future(read_until_closed(ws)) for ws in consoles]
        done, _ = await asyncio.wait(readers, timeout=30, return_when=asyncio.FIRST_COMPLETED)
        assert len(done) == 1, "the console on the killed worker was cut, the other one kept"
        for reader in readers:
            reader.cancel()
        reconnected = await websockets.connect(cluster.ws_url(cluster.balancer_url, balanced[0]))
        await receive(reconnected, "hello")  # through the balancer, on the survivor
        await asyncio.wait_for(serials_seen(reconnected, serials), 30)
        await reconnected.close()
        for ws in consoles:
            await ws.close()

        leader.start()  # back with its client id: the broker hands it what it had not acknowledged
        await leader.wait_ready()

        async def all_stored() -> bool:
            return await stored(database, Alarm, sender.id) == (ALARMS, ALARMS) and \
                await stored(database, TaskReport, sender.id) == (REPORTS, REPORTS)

        await wait_until(all_stored, 40, f"{ALARMS} alarms and {REPORTS} reports stored, each once")
    finally:
        if fleet is not None:
            await fleet.stop(clean=True)
        await database.dispose()
        await cluster.stop()


def series_sum(text: str, family: str, **labels: str) -> float:
    """The sum of a counter family's samples whose labels include ``labels`` (Prometheus' text format)."""
    return sum(sample.value for metric in text_string_to_metric_families(text) if metric.name == family
               for sample in metric.samples if sample.name == f"{family}_total"
               and all(sample.labels.get(k) == v for k, v in labels.items()))


async def read_until_closed(ws: Any) -> None:
    with contextlib.suppress(websockets.ConnectionClosed):
        async for _message in ws:
            pass


async def worker_jobs_equal(worker: Any) -> bool:
    return await worker_jobs(worker) == JOBS
