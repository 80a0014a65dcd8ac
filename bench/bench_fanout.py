"""Issue 52 item 7 benchmark: a worker's live fan-out CPU as tenants are added.

    backend/.venv/bin/python bench/bench_fanout.py [--seconds 10] [--tenants 1,10,40] [--redis redis://127.0.0.1:6379/0]

One process publishes live device batches through the real bus (core/bus.py, Redis): every 0.1 s a batch of 20
states per tenant (200 states a second per tenant). A second process is a worker's live side: a bus and a hub
(realtime/hub.py) with one console, either of one tenant (a customer's; the worker then watches that tenant only) or
at the root (it watches every tenant: what every worker did for every batch before the change). Printed per number of
tenants: the worker's CPU per second of the run for each console and the states the tenant's console received
(its own, 20 per 0.1 s). The reference beside it: the same worker process idle (no console), in the same run.
Budget (docs/budgets.md `live-fanout`): the tenant console's worker CPU stays flat as tenants are added.
"""

import argparse
import asyncio
import json
import resource
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from cleanfleet.core.auth import Caller  # noqa: E402
from cleanfleet.core.bus import LIVE_DEVICES, Bus  # noqa: E402
from cleanfleet.realtime.hub import Hub  # noqa: E402

BATCH, EVERY_S = 20, 0.1
TENANT_BASE = 900_000


def _caller(path: str) -> Caller:
    return Caller(user_id=1, account="bench", name="bench", level_depth=3, acting_user_id=1, acting_path=path,
                  acting_level=3, is_shadow=False, keys=frozenset(), language=None, token_hash="bench",
                  expires_at=datetime.now(UTC))


async def receive(redis: str, console: str, seconds: float) -> dict[str, float]:
    bus = Bus(redis)
    await bus.start()
    hub = Hub(bus=bus)
    bus.subscribe(LIVE_DEVICES, lambda event: hub.publish("devices", event["states"]))
    joined = None
    if console != "none":
        joined = hub.join(_caller("/1/" if console == "root" else f"/1/{TENANT_BASE}/5/"))
    print("ready", flush=True)
    await asyncio.sleep(1.0)  # the subscription takes effect; the publisher is already running
    got = 0
    before = resource.getrusage(resource.RUSAGE_SELF)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await asyncio.sleep(0.05)
        while joined is not None and not joined.queue.empty():
            message = joined.queue.get_nowait()
            got += len(message.get("data", [])) if isinstance(message, dict) else 0
    after = resource.getrusage(resource.RUSAGE_SELF)
    await bus.stop()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"cpu_ms_per_s": round(cpu * 1000 / seconds, 1), "states_per_s": round(got / seconds)}


async def publish(redis: str, tenants: int, stop: asyncio.Event) -> None:
    bus = Bus(redis)
    await bus.start()
    device = 0
    while not stop.is_set():
        states = []
        for tenant in range(tenants):
            for _ in range(BATCH):
                device += 1
                states.append({"ownerPath": f"/1/{TENANT_BASE + tenant}/5/", "deviceId": device, "online": 1})
        await bus.publish(LIVE_DEVICES, {"states": states})
        await asyncio.sleep(EVERY_S)
    await bus.stop()


async def one_case(redis: str, tenants: int, console: str, seconds: float) -> dict[str, float]:
    stop = asyncio.Event()
    publisher = asyncio.create_task(publish(redis, tenants, stop))
    worker = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--receive", console, "--seconds", str(seconds), "--redis", redis,
        stdout=subprocess.PIPE)
    assert worker.stdout is not None
    await worker.stdout.readline()  # ready
    out, _ = await worker.communicate()
    stop.set()
    await publisher
    return json.loads(out.decode().strip().splitlines()[-1])


async def main(redis: str, counts: list[int], seconds: float) -> None:
    print("| tenants | states/s published | worker CPU ms/s, one tenant's console | states/s it got | "
          "worker CPU ms/s, a console at the root (every tenant: the fan-out before) | reference: idle worker |")
    print("|---|---|---|---|---|---|")
    for tenants in counts:
        scoped = await one_case(redis, tenants, "tenant", seconds)
        root = await one_case(redis, tenants, "root", seconds)
        idle = await one_case(redis, tenants, "none", seconds)
        offered = round(tenants * BATCH / EVERY_S)
        print(f"| {tenants} | {offered} | **{scoped['cpu_ms_per_s']}** | {scoped['states_per_s']} | "
              f"{root['cpu_ms_per_s']} | {idle['cpu_ms_per_s']} |", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--tenants", default="1,10,40")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--receive", choices=("tenant", "root", "none"))
    args = parser.parse_args()
    if args.receive:
        print(json.dumps(asyncio.run(receive(args.redis, args.receive, args.seconds))))
    else:
        asyncio.run(main(args.redis, [int(n) for n in args.tenants.split(",")], args.seconds))
