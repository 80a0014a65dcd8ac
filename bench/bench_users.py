"""Issue 4 benchmark: listing a page (30 rows) of a dealer's subtree among 20,000 users, over real HTTP.

Seeds the tree (seed_users.py), starts the server (uvicorn, one worker, in a subprocess), signs in as
a dealer and times sequential signed calls with httpx: ``/api/user/selectUserList`` over the pages of
the dealer's subtree (1,010 accounts below it; its search offers levels 3 and 4: 110 rows in 4 pages),
and ``/api/user/selectUserInfo`` with ``showChild`` (one level of the lazy tree). On SQLite, and on
PostgreSQL when it answers at --pg-url (its own database ``bench_users`` is recreated).
Budget: p95 < 20 ms. Also answers the server process's CPU time per call, which other work on the
machine does not inflate.

    backend/.venv/bin/python bench/bench_users.py [--calls 1000] [--pg-url postgresql://postgres@127.0.0.1:5432]
"""

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from seed_users import BENCH_PASSWORD, seed  # noqa: E402
from server import ADMIN_PASSWORD, login, running_server, signed_headers  # noqa: E402

from cleanfleet.settings import Settings  # noqa: E402

DEALER = "benchd7"


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"calls": len(ordered), "p50_ms": round(statistics.median(ordered), 2),
            "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1], 2),
            "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1], 2), "max_ms": round(ordered[-1], 2)}


def server_pid() -> int | None:
    """The uvicorn child this process started (server.running_server does not hand out its process)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                # the server (``python -m cleanfleet run``), not another child (device_load.py beside a bench)
                ours = int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid() and \
                    b"cleanfleet\x00run" in (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if ours:
                return int(entry.name)
    return None


def cpu_seconds(pid: int | None) -> float:
    """User plus system CPU time of a process: its own work, whatever else the machine is doing."""
    if pid is None:
        return 0.0
    fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed_calls(url: str, token: str, path: str, bodies: list[dict[str, Any]], warmup: int = 50) -> dict[str, float]:
    samples = []
    pid = server_pid()
    with httpx.Client(base_url=url) as client:
        for index, body in enumerate(bodies[:warmup] + bodies):
            headers = signed_headers(token, DEALER)
            started = time.perf_counter()
            answer = client.post(path, json=body, headers=headers)
            elapsed = (time.perf_counter() - started) * 1000
            data = answer.json()
            assert data["message"]["code"] == 0, data
            if index == warmup - 1:
                cpu_before = cpu_seconds(pid)
            if index >= warmup:
                samples.append(elapsed)
    figures = percentiles(samples)
    figures["server_cpu_ms_per_call"] = round((cpu_seconds(pid) - cpu_before) * 1000 / len(samples), 2)
    return figures


def measure(database_url: str | None, calls: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp), database_url=database_url, admin_password=ADMIN_PASSWORD,
                            demo=False)
        started = time.perf_counter()
        added = asyncio.run(seed(settings))
        seeded_in = time.perf_counter() - started
        with running_server(Path(tmp), database_url) as url:
            token = login(url, DEALER, BENCH_PASSWORD)
            total = httpx.post(url + "/api/user/selectUserList", json={"pageSize": 30},
                               headers=signed_headers(token, DEALER)).json()["data"]["total"]
            pages = max(1, -(-total // 30))
            listing = timed_calls(url, token, "/api/user/selectUserList",
                                  [{"pageSize": 30, "currentPage": 1 + i % pages} for i in range(calls)])
            tree = timed_calls(url, token, "/api/user/selectUserInfo",
                               [{"showChild": True, "pageSize": 30} for _ in range(calls)])
    return {"accounts": added, "seed_seconds": round(seeded_in, 1), "dealer_subtree": total,
            "load_average_after": [round(value, 1) for value in os.getloadavg()],
            "selectUserList page of 30": listing, "selectUserInfo showChild": tree}


async def fresh_postgres(base: str) -> str | None:
    """Recreates the database bench_users; None when PostgreSQL does not answer."""
    import asyncpg

    try:
        connection = await asyncpg.connect(base.rstrip("/") + "/postgres", timeout=3)
    except (OSError, asyncpg.PostgresError):
        return None
    try:
        await connection.execute("DROP DATABASE IF EXISTS bench_users")
        await connection.execute("CREATE DATABASE bench_users")
    finally:
        await connection.close()
    return base.rstrip("/") + "/bench_users"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--pg-url", default="postgresql://postgres@127.0.0.1:5432")
    parser.add_argument("--nice", type=int, default=0,
                        help="run client and server at this niceness (negative needs root): on a shared machine, "
                             "keeps other work from queueing ahead of the measured calls")
    args = parser.parse_args()
    if args.nice:
        os.nice(args.nice)
    figures = {"SQLite": measure(None, args.calls)}
    pg = asyncio.run(fresh_postgres(args.pg_url))
    figures["PostgreSQL"] = measure(pg, args.calls) if pg else {"skipped": f"no PostgreSQL at {args.pg_url}"}
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
