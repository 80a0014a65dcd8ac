"""Issue 5 benchmark: the device list (/api/device/selectDevicePc, 30 rows) at 100,000 devices and about
20,000 users, through a real server over HTTP with signed calls, against the no-op call on the same server.

    backend/.venv/bin/python bench/bench_devices.py [--seconds 8] [--database-url postgresql://.../bench] [--only 3,6]

Prints the load average before and after (other work on the machine moves every figure), and per call the
server's CPU time, of which the event loop's thread (the rest: the database driver's threads), and on PostgreSQL the
database's own CPU per call (its server processes for this database); the no-op's CPU per call is taken during its
16-connection run, and the list's again during its own (``server_cpu_ms_16``, ``event_loop_ms_16``: what calls in
flight together cost, the database driver's threads contending for the GIL among them). ``of_noop_ceiling``: the
highest share of the no-op's rate the list's CPU allows on this machine, every core the server's and none the
client's: a ratio budget above it cannot be met by this call as it is.

A PostgreSQL database given here is emptied first (its public schema is dropped): give it one of its own.

Budget (docs/budgets.md `device-list`): p95 ≤ 10 ms for 30 rows with subtree scope and filters; throughput at
least 40% of the no-op call's. Latency is measured with one connection (one call at a time, so p95 is the call's own
time, not queueing); throughput with 16 connections.
"""

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import orjson
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from bench_users import cpu_seconds, server_pid  # noqa: E402
from loadgen import run  # noqa: E402
from seed_devices import BENCH_PASSWORD, seed  # noqa: E402
from server import ADMIN_PASSWORD, login, running_server, signed_headers  # noqa: E402

from cleanfleet.bootstrap import prepare  # noqa: E402
from cleanfleet.settings import Settings  # noqa: E402

# (caller, what it sees, body)
SCENARIOS = (
    ("admin", "all 100,000", {}),
    ("admin", "all 100,000, text 'lobby' (1 in 10)", {"deviceCode": "lobby"}),
    ("bdealer7", "dealer subtree (5,000), text 'lobby'", {"deviceCode": "lobby"}),
    ("bdealer7", "dealer subtree, owner filter (a user's 100), text 'gate'", {"deviceCode": "gate", "userId": None}),
    ("bdealer7", "dealer subtree, one serial number", {"deviceCode": "BN0031000"}),
    ("buser7x3", "user subtree (100), no filter", {}),
)


def _loop_cpu_seconds(pid: int | None) -> float:
    """CPU time of the server's main thread (the event loop); the rest of ``cpu_seconds`` is the database
    driver's threads (aiosqlite runs each connection's statements on a thread of its own)."""
    if pid is None:
        return 0.0
    fields = (Path("/proc") / str(pid) / "task" / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _body(extra: dict[str, object], owner_id: int | None) -> bytes:
    body = {"pageSize": 30, "currentPage": 1, "isPc": 1, **extra}
    if "userId" in body:
        body["userId"] = owner_id
    return orjson.dumps(body)


def measure(seconds: float, database_url: str | None,
            scenarios: tuple[tuple[str, str, dict[str, object]], ...] = SCENARIOS) -> list[dict[str, object]]:
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        settings = Settings(data_dir=data, database_url=database_url, admin_password=ADMIN_PASSWORD, demo=False)
        if settings.db_url.startswith("postgresql"):
            asyncio.run(_empty_postgres(settings.db_url))
        asyncio.run(prepare(settings))
        print("seeded", asyncio.run(seed(settings.db_url)), file=sys.stderr)
        sql_only = asyncio.run(_sql_times(settings.db_url, scenarios))
        results = []
        # no simulated fleet, no broker: only the calls measured here load the server
        with running_server(data, database_url, CLEANFLEET_SIM_ROBOTS="0", CLEANFLEET_MQTT_URL="none") as url:
            tokens = {"admin": login(url)}
            for account in ("bdealer7", "buser7x3"):
                tokens[account] = login(url, account, BENCH_PASSWORD)
            pid = server_pid()
            _wait_until_idle(pid)
            cpu_before = cpu_seconds(pid)
            noop = asyncio.run(run(url + "/api/health", seconds=seconds, connections=16))
            noop_cpu_ms = (cpu_seconds(pid) - cpu_before) * 1000 / max(noop.requests, 1)
            results.append({"call": "no-op /api/health", "rps_16": noop.summary()["rps"],
                            "server_cpu_ms": round(noop_cpu_ms, 3)})
            owner = _owner_id(url, tokens["bdealer7"])
            for account, label, extra in scenarios:
                body = _body(extra, owner)
                headers = signed_headers(tokens[account], account)
                path = url + "/api/device/selectDevicePc"
                asyncio.run(run(path, seconds=1, connections=1, body=body, headers=headers, warmup=0))
                cpu_before, loop_before = cpu_seconds(pid), _loop_cpu_seconds(pid)
                database_before = _database_cpu(settings.db_url)
                one = asyncio.run(run(path, seconds=seconds, connections=1, body=body, headers=headers, warmup=0))
                cpu_ms = (cpu_seconds(pid) - cpu_before) * 1000 / max(one.requests, 1)
                loop_ms = (_loop_cpu_seconds(pid) - loop_before) * 1000 / max(one.requests, 1)
                database_ms = (_database_cpu(settings.db_url) - database_before) * 1000 / max(one.requests, 1)
                many_cpu, many_loop = cpu_seconds(pid), _loop_cpu_seconds(pid)
                many = asyncio.run(run(path, seconds=seconds, connections=16, body=body,
                                       headers=signed_headers(tokens[account], account)))
                many_cpu = (cpu_seconds(pid) - many_cpu) * 1000 / max(many.requests, 1)
                many_loop = (_loop_cpu_seconds(pid) - many_loop) * 1000 / max(many.requests, 1)
                summary = one.summary()
                results.append({"call": label, **sql_only[label], "p50_ms": summary["p50_ms"],
                                "p95_ms": summary["p95_ms"], "server_cpu_ms": round(cpu_ms, 2),
                                "of_which_event_loop_ms": round(loop_ms, 2),
                                **({"database_cpu_ms": round(database_ms, 2)} if database_ms else {}),
                                "errors": one.errors + many.errors, "rps_16": many.summary()["rps"],
                                "of_noop": round(many.summary()["rps"] / noop.summary()["rps"], 2),
                                "of_noop_ceiling": _ceiling(cpu_ms + database_ms, noop.summary()["rps"]),
                                "server_cpu_ms_16": round(many_cpu, 2), "event_loop_ms_16": round(many_loop, 2)})
    return results


def _ceiling(call_cpu_ms: float, noop_rps: float) -> float:
    """The highest ``of_noop`` a call costing ``call_cpu_ms`` of CPU (server and database, one at a time) could reach
    on this machine: every core the server's, none the client's, no cost for calls in flight together. A budget
    above it cannot be met by the code around the call, only by a call that costs less CPU."""
    return round((os.cpu_count() or 1) * 1000 / (call_cpu_ms * noop_rps), 2)


def _database_cpu(url: str) -> float:
    """PostgreSQL: CPU seconds so far of the server processes serving this database (the server's connections; on
    SQLite the engine runs in the server and ``cpu_seconds`` has it): a call's cost there too (issue 52 item 4)."""
    if not url.startswith("postgresql"):
        return 0.0

    async def backends() -> list[int]:
        engine = create_async_engine(url)
        async with engine.connect() as conn:
            pids = list(await conn.scalars(text("SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                                                "AND pid <> pg_backend_pid()")))
        await engine.dispose()
        return pids

    total = 0.0
    for pid in asyncio.run(backends()):
        try:
            fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _wait_until_idle(pid: int | None, *, least: float = 20.0, most: float = 180.0) -> None:
    """Until the server's own start-up work is done: its first scans (health, wear: 5 s and more after the start)
    read every one of the 100,000 devices, and the first scenario measured paid for them (admin, all: 9 ms of CPU
    and p95 20 ms a call first, 0.9 ms and 0.95 ms measured after another scenario). At least ``least`` seconds,
    then until three 2-second windows in a row used almost no CPU."""
    started = time.monotonic()
    quiet = 0
    before = cpu_seconds(pid)
    while time.monotonic() - started < most:
        time.sleep(2)
        now = cpu_seconds(pid)
        quiet = quiet + 1 if now - before < 0.05 else 0
        before = now
        if quiet >= 3 and time.monotonic() - started >= least:
            return


async def _sql_times(url: str, scenarios: tuple[tuple[str, str, dict[str, object]], ...],
                     runs: int = 60) -> dict[str, dict[str, float]]:
    """The list's own time in-process (no HTTP, no server): device_page p50/p95 per scenario."""
    from sqlalchemy import select

    from cleanfleet.core.db import Database
    from cleanfleet.devices.listing import ListFilter, device_page
    from cleanfleet.users.models import User

    database = Database(url)
    times: dict[str, dict[str, float]] = {}
    async with database.sessions() as db:
        paths = {u.account: u for u in await db.scalars(select(User).where(
            User.account.in_(("admin", "bdealer7", "buser7x3"))))}
        owner = await db.scalar(select(User).where(User.parent_id == paths["bdealer7"].id).order_by(User.id)
                                .offset(2).limit(1))
        for account, label, extra in scenarios:
            path = owner.path if "userId" in extra else paths[account].path
            filters = ListFilter(path, text=str(extra["deviceCode"]) if "deviceCode" in extra else None)
            spent = []
            for _ in range(runs):
                started = time.perf_counter()
                await device_page(db, filters, 30, 1)
                spent.append((time.perf_counter() - started) * 1000)
            spent.sort()
            times[label] = {"sql_p50_ms": round(spent[runs // 2], 2), "sql_p95_ms": round(spent[int(runs * 0.95)], 2)}
    await database.dispose()
    return times


async def _empty_postgres(url: str) -> None:
    engine = create_async_engine(url)
    async with engine.begin() as conn:
        await conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        await conn.execute(text("CREATE SCHEMA public"))
    await engine.dispose()


def _owner_id(url: str, token: str) -> int:
    import httpx

    answer = httpx.post(url + "/api/device/selectOwnUser", json={},
                        headers=signed_headers(token, "bdealer7")).json()
    return int(answer["data"][0]["children"][2]["userId"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--nice", type=int, default=0, help="run client and server at this niceness (negative "
                                                           "needs root): on a shared machine, less noise")
    parser.add_argument("--only", default="", help="the scenarios to run, by number from 1 (e.g. 3,6); default all")
    args = parser.parse_args()
    if args.nice:
        os.nice(args.nice)
    chosen = tuple(SCENARIOS[int(n) - 1] for n in args.only.split(",") if n.strip()) or SCENARIOS
    print(f"load average before: {os.getloadavg()}", file=sys.stderr)
    results = measure(args.seconds, args.database_url, chosen)
    print(json.dumps(results, indent=2, ensure_ascii=False))
    print(f"load average after: {os.getloadavg()}", file=sys.stderr)


if __name__ == "__main__":
    main()
