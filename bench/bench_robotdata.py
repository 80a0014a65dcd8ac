"""A robot's upload streamed to storage: memory stays flat whatever the file's size, and other calls still answer.

The real app (SQLite in a temporary folder, local store) in this process; a robot's PUT of N MiB generated on the
fly (never held whole) goes through /api/robotdata/transfer, while /api/health is called in a loop. Reports the
peak resident memory above the start, the upload's throughput and the health call's p50 / p95 meanwhile.

    backend/.venv/bin/python bench/bench_robotdata.py [--mib 256]
"""

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

import httpx

from cleanfleet.app import create_app
from cleanfleet.bootstrap import prepare
from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import Device
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.robotdata.models import UPLOADING, DeviceLog
from cleanfleet.settings import Settings

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


async def main(mib: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-robotdata-"))
    settings = Settings(data_dir=folder, database_url=f"sqlite+aiosqlite:///{folder / 'b.db'}",
                        admin_password="Admin12345",
                        demo=False, mqtt_url="none", web_dist=folder / "none", log_format="console",
                        max_upload_bytes=2 << 30)
    await prepare(settings)
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        async with app.state.db.sessions() as db:
            kind = DeviceType(name="bench model")
            db.add(kind)
            await db.flush()
            device = Device(serial_number="BENCH-1", name="bench", user_id=1, owner_path="/1/", type_id=kind.id,
                            search_text="bench", secret_hash="0" * 64)
            db.add(device)
            await db.flush()
            db.add(DeviceLog(device_id=device.id, log_type="nav", file_name="bench.log", status=UPLOADING,
                             token="e" * 32, created_at=utcnow(), updated_at=utcnow()))
            await db.commit()
        client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench")
        start, peak, size = rss(), 0, mib * 1024 * 1024
        chunk = os.urandom(256 * 1024)

        async def body():
            nonlocal peak
            for _ in range(size // len(chunk)):
                peak = max(peak, rss())
                yield chunk

        latencies: list[float] = []
        done = asyncio.Event()

        async def health() -> None:
            while not done.is_set():
                t0 = time.perf_counter()
                await client.post("/api/health")
                latencies.append((time.perf_counter() - t0) * 1000)
                await asyncio.sleep(0.01)

        probe = asyncio.create_task(health())
        t0 = time.perf_counter()
        answer = await client.put("/api/robotdata/transfer", params={"t": "e" * 32}, content=body(),
                                  headers={"Content-Length": str(size)})
        seconds = time.perf_counter() - t0
        done.set()
        await probe
        assert answer.status_code == 200, answer.text
        latencies.sort()
        print(f"{mib} MiB in {seconds:.1f} s ({mib / seconds:.0f} MiB/s); peak RSS +{(peak - start) / 2**20:.1f} MiB; "
              f"health during upload p50 {statistics.median(latencies):.1f} ms, "
              f"p95 {latencies[int(len(latencies) * 0.95)]:.1f} ms ({len(latencies)} calls)")
        await client.aclose()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--mib", type=int, default=256)
    asyncio.run(main(parser.parse_args().mib))
