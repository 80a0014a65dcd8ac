"""The device-list bench's load, to run beside another bench (issue 52 item 2: the sites' budgets hold "while the
device-list bench runs beside it"): a migrated database with bench_devices' fleet (100,000 devices, 20,000 users),
its own server, and 16 keep-alive connections calling a dealer's list (5,000 devices, text 'lobby') without pause,
in rounds of 20 s (a signature lasts about 50 s), until SIGTERM; then prints the calls/s of each round.

    backend/.venv/bin/python bench/device_load.py [--database-url postgresql://.../other_db]

Prints "loading" on stdout once the load runs (``harness.seeded_server(..., beside=True)`` waits for it).
"""

import argparse
import asyncio
import signal
import sys
import tempfile
import threading
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from bench_devices import _empty_postgres  # noqa: E402
from loadgen import run  # noqa: E402
from seed_devices import BENCH_PASSWORD, seed  # noqa: E402
from server import ADMIN_PASSWORD, login, running_server, signed_headers  # noqa: E402

from cleanfleet.bootstrap import prepare  # noqa: E402
from cleanfleet.settings import Settings  # noqa: E402

ACCOUNT, BODY = "bdealer7", {"pageSize": 30, "currentPage": 1, "isPc": 1, "deviceCode": "lobby"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=None, help="PostgreSQL (emptied first)")
    args = parser.parse_args()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        settings = Settings(data_dir=data, database_url=args.database_url, admin_password=ADMIN_PASSWORD, demo=False)
        if settings.db_url.startswith("postgresql"):
            asyncio.run(_empty_postgres(settings.db_url))
        asyncio.run(prepare(settings))
        asyncio.run(seed(settings.db_url))
        with running_server(data, args.database_url) as url:
            token = login(url, ACCOUNT, BENCH_PASSWORD)
            rounds = []
            print("loading", flush=True)
            while not stop.is_set():
                result = asyncio.run(run(url + "/api/device/selectDevicePc", seconds=20, connections=16,
                                         body=orjson.dumps(BODY), headers=signed_headers(token, ACCOUNT), warmup=0))
                rounds.append(result.summary()["rps"])
            print("device list beside: calls/s per 20 s round", rounds, file=sys.stderr)


if __name__ == "__main__":
    main()
