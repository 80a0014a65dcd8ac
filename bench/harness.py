"""What the HTTP benchmarks of one domain share: a migrated, seeded database served by a real server, timed calls
with the server's CPU per call, and the Markdown table of the figures (bench_sites, bench_incidents,
bench_site_report); ``--beside``: the device-list bench's load runs meanwhile (device_load.py)."""

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from bench_devices import _empty_postgres
from bench_reports import _stats
from bench_users import cpu_seconds
from server import ADMIN_PASSWORD, running_server

from cleanfleet.bootstrap import prepare
from cleanfleet.settings import Settings

Figures = dict[str, dict[str, float]]


@contextmanager
def device_list_beside(database_url: str | None) -> Iterator[None]:
    """``device_load.py`` running (the device-list bench's load on a server of its own) until the block ends; None:
    nothing beside. SQLite in its own temporary folder, or the PostgreSQL database given (emptied first)."""
    if database_url is None:
        yield
        return
    command = [sys.executable, str(Path(__file__).with_name("device_load.py"))]
    if database_url.startswith("postgresql"):
        command += ["--database-url", database_url]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "loading", "device_load failed"
        print("the device-list load runs beside (device_load.py)", file=sys.stderr)
        yield
    finally:
        process.terminate()
        process.wait(timeout=60)


@contextmanager
def seeded_server(database_url: str | None,
                  *seeds: Callable[[str, dict[str, Any]], Coroutine[Any, Any, dict[str, Any]]],
                  env: dict[str, str] | None = None, beside: str | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    """An empty database (SQLite in a temporary folder, or the PostgreSQL one given, emptied first) migrated, seeded
    by each of ``seeds(db_url, seeded so far)`` in turn, then served: yields the URL and what the seeds answered.
    The load average before and after the timed part goes to stderr; ``env``: the server's extra settings;
    ``beside``: the device-list load runs meanwhile ("sqlite", or a PostgreSQL database of its own)."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        settings = Settings(data_dir=data, database_url=database_url, admin_password=ADMIN_PASSWORD, demo=False,
                            admin_second_factor=False)
        if settings.db_url.startswith("postgresql"):
            asyncio.run(_empty_postgres(settings.db_url))
        asyncio.run(prepare(settings))
        seeded: dict[str, Any] = {}
        for seed in seeds:
            seeded.update(asyncio.run(seed(settings.db_url, seeded)))
        print("seeded", json.dumps(seeded), file=sys.stderr)
        with device_list_beside(beside), running_server(data, database_url, **(env or {})) as url:
            load_before = os.getloadavg()
            yield url, seeded
        print("load average (1, 5, 15 min) before the timed calls", load_before, "after", os.getloadavg(),
              file=sys.stderr)


def timed(calls: int, pid: int, call: Callable[[int], Any]) -> tuple[dict[str, float], Any]:
    """``call(n)`` for n in range(calls), one at a time: its p50/p95/max ms and the server's CPU ms per call, and
    the last answer."""
    spent = []
    answer = None
    cpu_before = cpu_seconds(pid)
    for n in range(calls):
        started = time.perf_counter()
        answer = call(n)
        spent.append((time.perf_counter() - started) * 1000)
    return {**_stats(spent), "cpu_ms": round((cpu_seconds(pid) - cpu_before) * 1000 / calls, 1)}, answer


REFERENCE_LABEL = "reference: no-op /api/health, same run"


def reference_noop(url: str, calls: int) -> dict[str, float]:
    """The machine's reference figure, timed like the bench's calls in the same run (issue 52 items 0 and 10): a
    budget reads as a ratio to it on a machine of another speed."""
    from bench_users import server_pid

    with httpx.Client(base_url=url, timeout=60) as client:
        figures, _ = timed(max(calls, 30), server_pid(), lambda _n: client.get("/api/health").raise_for_status())
    return figures


def answered(response: Any) -> Any:
    """An envelope's data, once its code says the call succeeded."""
    answer = response.json()
    assert answer["message"]["code"] == 0, answer
    return answer["data"]


def print_table(first_column: str, times: Figures, extra: tuple[tuple[str, str], ...] = ()) -> None:
    """The figures as a Markdown table: p50, p95 (bold), max, server CPU per call, then ``extra`` (heading, key)."""
    headings = ["p50 ms", "p95 ms", "max ms", "server CPU ms / call", *(heading for heading, _ in extra)]
    print(f"| {first_column} | " + " | ".join(headings) + " |")
    print("|---" * (len(headings) + 1) + "|")
    for label, t in times.items():
        cells = [t["p50_ms"], f"**{t['p95_ms']}**", t["max_ms"], t["cpu_ms"], *(t[key] for _, key in extra)]
        print(f"| {label} | " + " | ".join(str(cell) for cell in cells) + " |")


def seeded_bench(doc: str, seed: Callable[[str], Coroutine[Any, Any, dict[str, Any]]],
                 measure: Callable[[str, int, dict[str, Any]], Figures], first_column: str) -> dict[str, Any]:
    """The command line of a seeded bench (``--calls``, ``--database-url``): seeds a fresh database, serves it,
    times ``measure(url, calls, seeded)`` and prints the table; answers what the seed answered."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--calls", type=int, default=30)
    parser.add_argument("--database-url", default=None, help="PostgreSQL (emptied first)")
    parser.add_argument("--beside", default=None, metavar="sqlite|POSTGRESQL-URL",
                        help="the device-list bench's load meanwhile (device_load.py), on SQLite or that database")
    args = parser.parse_args()
    with seeded_server(args.database_url, lambda url, _seeded: seed(url), beside=args.beside) as (url, seeded):
        times = measure(url, args.calls, seeded)
        times[REFERENCE_LABEL] = reference_noop(url, args.calls)
    print_table(first_column, times)
    return seeded
