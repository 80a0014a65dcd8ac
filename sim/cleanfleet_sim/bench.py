"""How many robots one process runs: python -m cleanfleet_sim.bench --robots 200 --speed 1 --seconds 60.

Starts a fleet (web APIs on their ports, one MQTT link each to the broker, heartbeats every 5 s),
optionally sets every robot to work, and measures this process's CPU use (user + system time over
wall time, 100% = one core) and memory after a warm-up. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import resource
import time

from cleanfleet_sim.clock import SimClock
from cleanfleet_sim.errors import Refusal
from cleanfleet_sim.fleet import Fleet, FleetOptions, default_fleet
from cleanfleet_sim.link import Broker


async def measure(args: argparse.Namespace) -> dict[str, object]:
    identities = default_fleet(args.seed, args.robots, base_port=args.base_port, serial_prefix=args.serial_prefix)
    broker = None if args.mqtt == "none" else Broker.parse(args.mqtt)
    options = FleetOptions(seed=args.seed, speed=args.speed, mqtt=broker, cloud=None, heartbeat_s=args.heartbeat,
                           alarm_rate=0.5, busy_rate=0)
    fleet = Fleet(identities, options, SimClock(args.speed))
    await fleet.start()
    if args.working:
        for robot in fleet.robots:
            tasks = [t.task_name for t in robot.book.tasks.values() if t.map_name == robot.map_name]
            robot.battery.level = 100.0
            with contextlib.suppress(Refusal):
                robot.work.start_tasks([tasks[0]])
    if fleet.links:
        await asyncio.wait_for(asyncio.gather(*(link.connected.wait() for link in fleet.links.values())), 60)
    await asyncio.sleep(args.warmup)
    sent_before = sum(r.msg_seq for r in fleet.robots)
    cpu0, wall0 = time.process_time(), time.monotonic()
    await asyncio.sleep(args.seconds)
    cpu, wall = time.process_time() - cpu0, time.monotonic() - wall0
    sent = sum(r.msg_seq for r in fleet.robots) - sent_before
    working = sum(1 for r in fleet.robots if r.run is not None)
    await fleet.stop()
    return {"robots": args.robots, "speed": args.speed, "working": working, "mqtt": args.mqtt,
            "cpu_percent": round(100 * cpu / wall, 1), "messages_per_s": round(sent / wall, 1),
            "max_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            "seconds": round(wall, 1)}


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m cleanfleet_sim.bench", description=__doc__)
    p.add_argument("--robots", type=int, default=200)
    p.add_argument("--speed", type=float, default=1.0)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--warmup", type=float, default=10.0)
    p.add_argument("--heartbeat", type=float, default=5.0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--base-port", type=int, default=24000)
    p.add_argument("--serial-prefix", default="BENCH")
    p.add_argument("--mqtt", default="mqtt://127.0.0.1:1883", help="broker URL or 'none'")
    p.add_argument("--working", action="store_true", help="every robot runs a cleaning task while measured")
    print(json.dumps(asyncio.run(measure(p.parse_args()))))


if __name__ == "__main__":
    main()
