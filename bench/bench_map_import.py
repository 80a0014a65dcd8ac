"""Hostile map imports (issue 28 item 1): does the server keep answering, and keep storing heartbeats?

    backend/.venv/bin/python bench/bench_map_import.py [--imports 20] [--users 1] [--robots 20] [--seconds 6]
                                                       [--database-url postgresql://...] [--backend /path/to/backend]

A real server (uvicorn, one worker) with the demo accounts and ``--robots`` simulated robots on its embedded
MQTT broker (their heartbeats are what the gateway stores). The hostile file is the issue's: an 8000 x 8000 PNG
of zeros and 100 MB of highly compressible JSON in one zip of about 100 KB. ``--imports`` of them are sent at
once (spread over ``--users`` demo customers, each to a robot it owns) while ``/api/health`` is called every
20 ms over its own connection; reported: health p50 / p95 / max before and during the burst, the import
answers by code, and the heartbeats stored in ``device_states`` meanwhile (each change of a robot's
``heartbeat_at``, polled every 0.25 s) against the same time before the burst, and the robots online after.

``--backend`` serves another copy of the backend (e.g. ``git archive HEAD backend | tar -x -C /tmp/before``) to
measure the same load on the code before a change.
"""

import argparse
import asyncio
import io
import json
import statistics
import struct
import sys
import tempfile
import time
import zipfile
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from server import SIGNER, free_port, running_server  # noqa: E402

DEMO_PASSWORD = "Bench-demo-45"  # the server is given it (CLEANFLEET_DEMO_PASSWORD): an install makes its own
OLD_DEMO_PASSWORD = "Demo12345"  # a --backend from before issue 45 seeds every install with this one
CUSTOMERS = ["userA1", "userB1", "subA1", "subB1"]  # demo accounts owning simulated robots, with the import key


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def hostile_zip(side: int = 8000, json_mb: int = 100) -> bytes:
    packer, row = zlib.compressobj(9), b"\0" * (side + 1)
    idat = b"".join(packer.compress(row * 500) for _ in range(side // 500)) + packer.flush()
    png = (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0))
           + _chunk(b"IDAT", idat) + _chunk(b"IEND", b""))
    meta = {"format": "cleanfleet-map", "version": 1, "map_name": "hostile", "resolution": 0.05, "origin": [0, 0],
            "width": side, "height": side, "flags": [], "building": " " * (json_mb * 1024 * 1024)}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("map.png", png)
        archive.writestr("map.json", json.dumps(meta))
    return out.getvalue()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


def summary(values: list[float]) -> str:
    return (f"p50 {statistics.median(values):.1f} / p95 {percentile(values, 0.95):.1f} / max {max(values):.1f} ms "
            f"({len(values)} calls)") if values else "no calls"


async def robots_of(database_url: str) -> tuple[dict[str, list[int]], Any]:
    from sqlalchemy import select

    from cleanfleet.core.db import create_engine
    from cleanfleet.devices.models import Device
    from cleanfleet.settings import async_driver
    from cleanfleet.users.models import User

    engine = create_engine(async_driver(database_url))
    async with engine.connect() as connection:
        rows = await connection.execute(select(User.account, Device.id).join(Device, Device.user_id == User.id)
                                        .where(Device.frp_host == "127.0.0.1"))  # the simulated robots
        owned: dict[str, list[int]] = {}
        for account, device_id in rows:
            owned.setdefault(account, []).append(device_id)
    return owned, engine


async def heartbeat_marks(engine: Any) -> dict[int, Any]:
    from sqlalchemy import select

    from cleanfleet.devices.models import DeviceState

    async with engine.connect() as connection:
        return dict((await connection.execute(select(DeviceState.device_id, DeviceState.heartbeat_at))).all())


async def count_heartbeats(engine: Any, seconds: float) -> int:
    """Changes of the robots' stored heartbeat time over ``seconds`` (polled every 0.25 s)."""
    seen, stored, end = await heartbeat_marks(engine), 0, time.monotonic() + seconds
    while time.monotonic() < end:
        await asyncio.sleep(0.25)
        now = await heartbeat_marks(engine)
        stored += sum(1 for device, at in now.items() if at is not None and seen.get(device) != at)
        seen = now
    return stored


async def online_count(engine: Any) -> int:
    from sqlalchemy import func, select

    from cleanfleet.devices.models import DeviceState

    async with engine.connect() as connection:
        return int(await connection.scalar(select(func.count()).where(DeviceState.online.is_(True))) or 0)


async def probe_health(url: str, stop: asyncio.Event, into: list[float]) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        while not stop.is_set():
            started = time.perf_counter()
            await client.get("/api/health")
            into.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(0.02)


async def sign_in(client: httpx.AsyncClient, account: str) -> dict[str, str]:
    for password in (DEMO_PASSWORD, OLD_DEMO_PASSWORD):
        answer = (await client.post("/api/login", json={"account": account, "password": password, "type": "user"},
                                    headers={"sign": SIGNER.sign(), "platform": "web", "username": "-"})).json()
        if answer["message"]["code"] == 0:
            break
    assert answer["message"]["code"] == 0, answer
    return {"Authorization": f"Bearer {answer['data']['token']}", "platform": "web", "username": account}


async def run(url: str, database_url: str, imports: int, users: int, seconds: float) -> None:
    data = hostile_zip()
    print(f"hostile file: {len(data) / 1024:.0f} KB zip (8000 x 8000 PNG of zeros + 100 MB JSON)")
    owned, engine = await robots_of(database_url)
    accounts = [a for a in CUSTOMERS if owned.get(a)][:users]
    assert accounts, f"no demo customer owns a robot: {owned}"
    for _ in range(120):  # at most a minute for the robots to sign in
        if await online_count(engine) >= sum(len(owned[a]) for a in accounts):
            break
        await asyncio.sleep(0.5)
    print(f"robots online before: {await online_count(engine)}; importing as {', '.join(accounts)}")
    limits = httpx.Limits(max_connections=imports + 4)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        headers = {account: await sign_in(client, account) for account in accounts}

        quiet: list[float] = []
        stop = asyncio.Event()
        probe = asyncio.create_task(probe_health(url, stop, quiet))
        before = await count_heartbeats(engine, seconds)
        stop.set()
        await probe

        async def one(i: int) -> tuple[str, float]:
            account = accounts[i % len(accounts)]
            started = time.perf_counter()
            response = await client.post("/api/map/import", headers={**headers[account], "sign": SIGNER.sign()},
                                         data={"deviceId": str(owned[account][0]), "mapName": f"hostile {i}"},
                                         files={"file": ("hostile.zip", data, "application/zip")})
            try:
                message = response.json()["message"]
                outcome = f"{message['code']} {message.get('field')}"
            except ValueError:
                outcome = f"HTTP {response.status_code}"
            return outcome, time.perf_counter() - started

        busy: list[float] = []
        stop = asyncio.Event()
        probe = asyncio.create_task(probe_health(url, stop, busy))
        counting = asyncio.create_task(count_heartbeats(engine, seconds))
        started = time.perf_counter()
        answers = await asyncio.gather(*(one(i) for i in range(imports)))
        burst = time.perf_counter() - started
        during = await counting
        stop.set()
        await probe
    print(f"health, quiet {seconds:g} s:   {summary(quiet)}")
    print(f"health, during the burst: {summary(busy)}")
    print(f"{imports} imports answered in {burst:.2f} s (slowest {max(s for _, s in answers):.2f} s): "
          f"{dict(Counter(outcome for outcome, _ in answers))}")
    print(f"heartbeats stored in {seconds:g} s: {before} quiet, {during} from the burst's start; "
          f"robots online after: {await online_count(engine)}")
    await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--imports", type=int, default=20)
    parser.add_argument("--users", type=int, default=1)
    parser.add_argument("--robots", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--backend", default=None, help="serve this backend folder instead of this checkout's")
    args = parser.parse_args()
    env = {"CLEANFLEET_DEMO": "true", "CLEANFLEET_DEMO_PASSWORD": DEMO_PASSWORD,
           "CLEANFLEET_SIM_ROBOTS": str(args.robots), "CLEANFLEET_MQTT_URL": "",
           "CLEANFLEET_MQTT_BIND": f"127.0.0.1:{free_port()}", "CLEANFLEET_SIM_BASE_PORT": str(free_port()),
           "CLEANFLEET_SIM_ALARM_RATE": "0", "CLEANFLEET_SIM_BUSY_RATE": "0"}
    if args.backend:
        env["PYTHONPATH"] = args.backend
    with tempfile.TemporaryDirectory(prefix="bench-map-import-") as tmp:
        data = Path(tmp)
        database_url = args.database_url or f"sqlite:///{data / 'cleanfleet.db'}"
        with running_server(data, database_url, **env) as url:
            asyncio.run(run(url, database_url, args.imports, args.users, args.seconds))


if __name__ == "__main__":
    main()
