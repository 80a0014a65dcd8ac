"""Push delivery time: from an alarm stored to the push service receiving its encrypted, VAPID-signed message.

    backend/.venv/bin/python bench/bench_push.py [--alarms 30] [--notify-every 1.0]

Starts a real server (one worker, SQLite; ``CLEANFLEET_PUSH_ALLOW_HTTP_LOOPBACK`` on) and a push service on loopback
that checks every message's VAPID signature and decrypts it (tests/warn/push_service.py, the tests' own). The admin
subscribes one browser and turns the "Mobile app" channel on for one alarm; the bench then stores ``--alarms``
alarms one at a time, as the gateway stores a batch (in this process, on the server's database), each a random
0.2-1.5 s after the last was received, and times alarm committed → message received. The notifier sends every
``--notify-every`` seconds (CLEANFLEET_NOTIFY_EVERY, default 1.0 as shipped), which bounds the wait.
"""

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "backend"))
from sqlalchemy import insert, select  # noqa: E402

from server import login, running_server, signed_headers  # noqa: E402
from cleanfleet.core.db import Database, utcnow  # noqa: E402
from cleanfleet.devices.models import Device  # noqa: E402
from cleanfleet.devices.types.models import DeviceType  # noqa: E402
from cleanfleet.users.models import User  # noqa: E402
from cleanfleet.warn.notify import NotifyPolicy  # noqa: E402
from cleanfleet.warn.service import AlarmMessage, store_alarms  # noqa: E402
from tests.warn.push_service import PushService  # noqa: E402


# one robot raises every alarm: the storm folding (3 sends a window by default) would fold all but two of them,
# and the figure is the delivery time of a send, so every alarm gets its own
UNFOLDED = NotifyPolicy(storm_window=600.0, storm_max=1000)


def call(url: str, token: str, path: str, body: dict) -> dict:
    answer = httpx.post(f"{url}/api{path}", json=body, headers=signed_headers(token)).json()
    assert answer["message"]["code"] == 0, answer
    return answer["data"]


async def a_robot(database: Database) -> tuple[int, str, str]:
    async with database.sessions() as db:
        admin = (await db.execute(select(User.id, User.path).where(User.account == "admin"))).one()
        db.add(DeviceType(name="Bench push model", url="", description="bench"))
        await db.commit()
        type_id = await db.scalar(select(DeviceType.id).where(DeviceType.name == "Bench push model"))
        now = utcnow()
        await db.execute(insert(Device), [{"serial_number": "BPUSH0001", "name": "Push bench", "search_text": "push",
                                           "secret_hash": "", "type_id": type_id, "user_id": admin.id,
                                           "owner_path": admin.path, "created_at": now, "updated_at": now}])
        await db.commit()
        device = (await db.execute(select(Device.id, Device.serial_number, Device.owner_path)
                                   .where(Device.serial_number == "BPUSH0001"))).one()
        return device.id, device.serial_number, device.owner_path


async def run(alarms: int, notify_every: float) -> None:
    with tempfile.TemporaryDirectory() as folder, running_server(
            Path(folder), CLEANFLEET_PUSH_ALLOW_HTTP_LOOPBACK="true",
            CLEANFLEET_NOTIFY_EVERY=str(notify_every)) as url:
        token = login(url)
        key = call(url, token, "/push/key", {})["publicKey"]
        service = PushService(key)
        await service.start()
        call(url, token, "/push/subscribe", service.subscription("bench", "bench browser"))
        call(url, token, "/wmWarnSet/edit", {"code": "lidar_dock_failed", "app": True, "cloud": True})
        database = Database(f"sqlite+aiosqlite:///{Path(folder) / 'cleanfleet.db'}")
        device_id, serial, path = await a_robot(database)
        rng, waits = random.Random(5), []
        for n in range(alarms):
            await asyncio.sleep(rng.uniform(0.2, 1.5))
            async with database.sessions() as db:
                await store_alarms(db, [AlarmMessage(device_id, serial, path, f"bench-push-{n}-{time.time_ns()}",
                                                     "raise", f"p{n}", "lidar_dock_failed", "0x0610", None, "fault",
                                                     "alarm", "lidar dock failed", utcnow())], UNFOLDED)
                await db.commit()
            stored = time.perf_counter()
            while len(service.received.get("bench", [])) <= n:
                await asyncio.sleep(0.005)
            waits.append((time.perf_counter() - stored) * 1000)
        await service.stop()
        await database.dispose()
    waits.sort()
    p95 = waits[max(0, round(len(waits) * 0.95) - 1)]
    print(f"| {notify_every:g} s | {alarms} | {statistics.median(waits):.0f} | {p95:.0f} | {waits[-1]:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--alarms", type=int, default=30)
    parser.add_argument("--notify-every", type=float, default=1.0)
    args = parser.parse_args()
    print("| notifier round | alarms | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|")
    asyncio.run(run(args.alarms, args.notify_every))


if __name__ == "__main__":
    main()
