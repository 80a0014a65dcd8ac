"""A staged rollout over 10,000 device records: dispatch rate, status ingestion rate, status screen time.

    backend/.venv/bin/python bench/bench_rollout.py [--devices 10000] [--database-url postgresql://...]

In one process (no HTTP server, no broker: the figures are the server's own work): a fresh database is
migrated, ``--devices`` robots are bulk-inserted for one customer of a dealer, a firmware is uploaded
(``/version/insertVersionFireware`` through the ASGI app) and a rollout of it to every robot in one group is
started (``/version/rollout/add``), whose ``ota`` commands go to a stand-in link that only counts them:
**dispatch** is robots per second of that call. Then every robot's progress (downloading, downloaded,
verified, updating, updated: five ``cf/<sn>/up/event`` messages each) goes through the real gateway ingest
(parse, bounds, bus) to the versions handler (group commit: a batch's updates read at once, folded in
memory, written with one conditional executemany UPDATE; a message to the owner at the end): **ingestion** is events
per second until every update is UPDATED. Last, the rollout list the status
screen asks for (per-group counts over the 10,000 records) is timed 30 times while the rollout is live.
"""

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
import httpx  # noqa: E402
import orjson  # noqa: E402
from sqlalchemy import func, insert, select  # noqa: E402

from cleanfleet.app import create_app  # noqa: E402
from cleanfleet.bootstrap import prepare  # noqa: E402
from cleanfleet.core.db import utcnow  # noqa: E402
from cleanfleet.devices.models import Device, DeviceState  # noqa: E402
from cleanfleet.devices.types.models import DeviceType  # noqa: E402
from cleanfleet.gateway.commands import CommandSender  # noqa: E402
from cleanfleet.gateway.directory import Directory  # noqa: E402
from cleanfleet.gateway.ingest import Ingest  # noqa: E402
from cleanfleet.settings import Settings  # noqa: E402
from cleanfleet.users.models import User  # noqa: E402
from cleanfleet.versions.models import UPDATED, DeviceUpdate  # noqa: E402

PASSWORD = "Admin12345"
STATES = ("downloading", "downloaded", "verified", "updating", "updated")


async def seed(app, devices: int) -> None:
    async with app.state.db.sessions() as db:
        admin = await db.scalar(select(User).where(User.account == "admin"))
        model = DeviceType(name="Bench model")
        db.add(model)
        await db.flush()
        now = utcnow()
        rows = [{"serial_number": f"BENCH-{i:06d}", "name": f"robot {i}", "type_id": model.id, "user_id": admin.id,
                 "owner_path": admin.path, "search_text": f"bench-{i:06d}", "secret_hash": "0" * 64,
                 "firmware_version": "FW-3.4.1", "created_at": now, "updated_at": now} for i in range(devices)]
        for start in range(0, devices, 2000):
            await db.execute(insert(Device), rows[start:start + 2000])
        ids = list(await db.scalars(select(Device.id)))
        for start in range(0, len(ids), 2000):
            await db.execute(insert(DeviceState), [{"device_id": i, "online": True} for i in ids[start:start + 2000]])
        await db.commit()


async def run(devices: int, database_url: str | None) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bench-rollout-"))
    settings = Settings(data_dir=tmp, database_url=database_url or f"sqlite:///{tmp}/bench.db", admin_password=PASSWORD,
                        demo=False, mqtt_url="none", sim_robots=0, web_dist=tmp / "no-dist", log_level="WARNING")
    await prepare(settings)
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        started = time.perf_counter()
        await seed(app, devices)
        print(f"seeded {devices} device records in {time.perf_counter() - started:.1f} s")
        sent: list[tuple[str, str]] = []

        async def publish(topic: str, payload: bytes) -> None:
            sent.append((topic.split("/")[1], orjson.loads(payload)["cmdId"]))

        app.state.robot_commands = CommandSender(publish)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            def headers(token: str | None = None) -> dict[str, str]:
                found = {"sign": app.state.signer.sign(), "username": "admin", "platform": "web"}
                return {**found, "Authorization": f"Bearer {token}"} if token else found

            login = (await client.post("/api/login", json={"account": "admin", "password": PASSWORD, "type": "user"},
                                       headers=headers())).json()
            token = login["data"]["token"]
            made = (await client.post("/api/version/insertVersionFireware",
                                      data={"name": "bench", "version": "FW-9.0.0"},
                                      files={"file": ("fw.bin", b"\0" * 1_000_000, "application/octet-stream")},
                                      headers=headers(token))).json()
            started = time.perf_counter()
            rollout = (await client.post("/api/version/rollout/add", json={
                "name": "bench", "versionId": made["data"]["id"], "groupBy": "percent", "groupSize": 100},
                headers=headers(token))).json()
            dispatch_s = time.perf_counter() - started
            assert rollout["message"]["code"] == 0, rollout
            print(f"dispatch: {len(sent)} robots in {dispatch_s:.2f} s = {len(sent) / dispatch_s:,.0f} robots/s")

            directory = Directory(app.state.db)
            await directory.load()  # as the gateway does at its start
            ingest = Ingest(app.state.db, app.state.bus, directory)
            started = time.perf_counter()
            events = 0
            for state in STATES:
                for n, (sn, cmd_id) in enumerate(sent):
                    body = {"v": 1, "msgId": f"{sn}-b-{state}", "sn": sn, "kind": "ota", "cmdId": cmd_id,
                            "state": state,
                            "progress": 100 if state != "downloading" else 40}
                    await ingest.receive(f"cf/{sn}/up/event", orjson.dumps(body))
                    events += 1
                    if n % 500 == 0:
                        await asyncio.sleep(0)  # let the forwarded events run, as the broker's pace would
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline:
                async with app.state.db.sessions() as db:
                    done = await db.scalar(select(func.count()).select_from(DeviceUpdate)
                                           .where(DeviceUpdate.state == UPDATED))
                if done >= len(sent):
                    break
                await asyncio.sleep(0.05)
            ingest_s = time.perf_counter() - started
            print(f"ingestion: {events} events in {ingest_s:.2f} s = {events / ingest_s:,.0f} events/s")

            times = []
            for _ in range(30):
                started = time.perf_counter()
                answer = (await client.post("/api/version/rollout/list", json={}, headers=headers(token))).json()
                times.append((time.perf_counter() - started) * 1000)
            assert answer["data"]["list"][0]["groups"][0]["updated"] == len(sent)
            times.sort()
            print(f"rollout list (status screen): p50 {statistics.median(times):.1f} ms, "
                  f"p95 {times[int(len(times) * 0.95) - 1]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--devices", type=int, default=10_000)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    asyncio.run(run(args.devices, args.database_url))


if __name__ == "__main__":
    main()
