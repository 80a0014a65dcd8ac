"""Where the device list's server CPU goes: the real app in-process (no HTTP server), cProfile over many calls.

    backend/.venv/bin/python bench/profile_devices.py [--data-dir /tmp/cf-profile] [--calls 500]
        [--account bdealer7] [--body '{"deviceCode": "lobby"}'] [--sort tottime] [--top 40] [--dump FILE]

The first run migrates and seeds ``--data-dir`` (``seed_devices.py``: 100,000 devices, about 15 s on
SQLite); later runs reuse it. ``--database-url`` profiles another database (seeded when it is empty).
Prints the process CPU per call (every thread: the event loop and the database driver's) for the list
and for ``/api/health`` through the same in-process client, then the profile of the list calls (the
event loop's thread only).
"""

import argparse
import asyncio
import cProfile
import pstats
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from seed_devices import BENCH_PASSWORD, seed  # noqa: E402
from server import ADMIN_PASSWORD, SIGNER  # noqa: E402

from cleanfleet.app import create_app  # noqa: E402
from cleanfleet.bootstrap import prepare  # noqa: E402
from cleanfleet.settings import Settings  # noqa: E402


async def _seeded(settings: Settings) -> None:
    from sqlalchemy import func, select

    from cleanfleet.core.db import Database
    from cleanfleet.devices.models import Device

    await prepare(settings)
    database = Database(settings.db_url)
    async with database.sessions() as db:
        count = await db.scalar(select(func.count()).select_from(Device))
    await database.dispose()
    if not count:
        print("seeding", await seed(settings.db_url), file=sys.stderr)


def _headers(token: str | None, account: str) -> dict[str, str]:
    headers = {"sign": SIGNER.sign(), "platform": "web", "username": account}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return headers


async def profile(settings: Settings, account: str, body: dict[str, Any], calls: int, sort: str, top: int,
                  dump: str | None) -> None:
    await _seeded(settings)
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://profile.test") as client:
            password = ADMIN_PASSWORD if account == "admin" else BENCH_PASSWORD
            login = await client.post("/api/login", json={"account": account, "password": password, "type": "user"},
                                      headers=_headers(None, "-"))
            token = login.json()["data"]["token"]
            payload = orjson.dumps({"pageSize": 30, "currentPage": 1, "isPc": 1, **body})
            headers = {**_headers(token, account), "content-type": "application/json"}

            async def list_call() -> None:
                answer = await client.post("/api/device/selectDevicePc", content=payload, headers=headers)
                assert answer.json()["message"]["code"] == 0, answer.text

            async def noop_call() -> None:
                await client.post("/api/health")

            for name, call in (("selectDevicePc", list_call), ("health", noop_call)):
                for _ in range(50):
                    await call()
                cpu, wall = time.process_time(), time.perf_counter()
                for _ in range(calls):
                    await call()
                cpu_ms = (time.process_time() - cpu) * 1000 / calls
                wall_ms = (time.perf_counter() - wall) * 1000 / calls
                print(f"{name}: {cpu_ms:.3f} ms CPU per call (all threads), {wall_ms:.3f} ms wall", file=sys.stderr)
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(calls):
                await list_call()
            profiler.disable()
    if dump:
        profiler.dump_stats(dump)
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.strip_dirs().sort_stats(sort).print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-dir", type=Path, default=Path("/tmp/cf-profile-devices"))
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--account", default="bdealer7")
    parser.add_argument("--body", default='{"deviceCode": "lobby"}')
    parser.add_argument("--calls", type=int, default=500)
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--dump", default=None, help="also write the profile here (for pstats: callers, callees)")
    args = parser.parse_args()
    args.data_dir.mkdir(parents=True, exist_ok=True)
    settings = Settings(data_dir=args.data_dir, database_url=args.database_url, admin_password=ADMIN_PASSWORD,
                        demo=False, mqtt_url="none", log_level="WARNING", web_dist=args.data_dir / "no-dist")
    asyncio.run(profile(settings, args.account, orjson.loads(args.body), args.calls, args.sort, args.top,
                        args.dump))


if __name__ == "__main__":
    main()
