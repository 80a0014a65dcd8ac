"""Issue 2 benchmark: an authenticated, signed call (getLanguage) against the no-op call (health),
on the same server in one run. Budgets: the signed call keeps at least 50% of the no-op throughput; its p95 < 20 ms
(docs/budgets.md ``signed-call``), read one call at a time (``one at a time``: with 32 connections in a closed loop
the latency is the queue, connections / throughput, whatever the call costs).

    backend/.venv/bin/python bench/bench_session.py [--seconds 10] [--connections 32] [--warmup 3]

Both calls first run ``--warmup`` seconds untimed: the server's first seconds build its routes and start its
background jobs, which a no-op timed first paid for (28 Nov: the no-op at a quarter of the signed call's rate).
"""

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loadgen import run  # noqa: E402
from server import login, running_server, signed_headers  # noqa: E402


def measure(seconds: float, connections: int, database_url: str | None,
            warmup: float) -> dict[str, dict[str, float]]:
    with tempfile.TemporaryDirectory() as tmp, running_server(Path(tmp), database_url) as url:
        token = login(url)
        calls = {"noop /api/health": (url + "/api/health", None),
                 "signed /api/getLanguage": (url + "/api/getLanguage", signed_headers(token))}
        for address, headers in calls.values():
            asyncio.run(run(address, seconds=warmup, connections=connections, headers=headers))
        figures = {name: asyncio.run(run(address, seconds=seconds, connections=connections, headers=headers)).summary()
                   for name, (address, headers) in calls.items()}
        for name, (address, headers) in calls.items():
            figures[f"{name}, one at a time"] = asyncio.run(run(address, seconds=seconds / 2, connections=1,
                                                                headers=headers)).summary()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--warmup", type=float, default=3)
    args = parser.parse_args()
    figures = measure(args.seconds, args.connections, args.database_url, args.warmup)
    ratio = figures["signed /api/getLanguage"]["rps"] / figures["noop /api/health"]["rps"]
    print(json.dumps({**figures, "signed_over_noop": round(ratio, 3)}, indent=2))


if __name__ == "__main__":
    main()
