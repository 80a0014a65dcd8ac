"""Issue 2 benchmark: an authenticated, signed call (getLanguage) against the no-op call (health),
on the same server in one run. Budget: the signed call keeps at least 50% of the no-op throughput.

    backend/.venv/bin/python bench/bench_session.py [--seconds 10] [--connections 32]
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


def measure(seconds: float, connections: int, database_url: str | None) -> dict[str, dict[str, float]]:
    with tempfile.TemporaryDirectory() as tmp, running_server(Path(tmp), database_url) as url:
        token = login(url)
        noop = asyncio.run(run(url + "/api/health", seconds=seconds, connections=connections))
        signed = asyncio.run(run(url + "/api/getLanguage", seconds=seconds, connections=connections,
                                 headers=signed_headers(token)))
    return {"noop /api/health": noop.summary(), "signed /api/getLanguage": signed.summary()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    figures = measure(args.seconds, args.connections, args.database_url)
    ratio = figures["signed /api/getLanguage"]["rps"] / figures["noop /api/health"]["rps"]
    print(json.dumps({**figures, "signed_over_noop": round(ratio, 3)}, indent=2))


if __name__ == "__main__":
    main()
