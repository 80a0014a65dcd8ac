"""Where the gateway's CPU per heartbeat goes, with no broker and no load generator sharing the cores: the ingest
in-process on a seeded database, fed the PUBLISH packets a broker would send.

    backend/.venv/bin/python bench/profile_ingest.py [--robots 10000] [--rounds 11] [--batch 2000]
                                       [--interval 1] [--offline-after 30]
                                       [--database-url postgresql://...] [--profile]

``--robots`` device records (``bench_heartbeats.seed_robots``); every robot sends ``--rounds`` heartbeats (the
first round brings every robot online, as after a restart: counted apart); each heartbeat goes through the
gateway's own reader (``wire.split_packets``, ``parse_publish``) and ``Ingest.receive``, and ``flush`` writes every
``--batch`` of them (the batch of 0.5 s at 4,000 heartbeats a second). Prints the process CPU per heartbeat (every
thread: the event loop's and the database driver's), which the machine's load changes less than the wall time (but
it does change it: compare runs side by side); ``--profile`` adds cProfile's table of the steady rounds (the event
loop's thread only). What the setup built is frozen out of the collector's sight first, as the server's start does
(``gc.freeze()`` in app.py); the steady rounds' collections are counted.

The ingest is the server's (``refresh_seconds=refresh_after(--offline-after)``: a steady robot's row is written at
most every 10 s) and its clock moves ``--interval`` seconds a round (the robots' heartbeat interval), so the steady
rounds should span a refresh: the default 10 steady rounds of 1 s write every robot's row once, the steady share
(``steady_rows_written``). Code from before issue 37 item 1's refresh ignores both and writes every heartbeat.
"""

import argparse
import asyncio
import cProfile
import gc
import json
import pstats
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_heartbeats import seed_robots  # noqa: E402

from cleanfleet.core.bus import Bus  # noqa: E402
from cleanfleet.core.db import Database  # noqa: E402
from cleanfleet.gateway import ingest as ingest_module  # noqa: E402
from cleanfleet.gateway.directory import Directory  # noqa: E402
from cleanfleet.gateway.ingest import Ingest  # noqa: E402
from cleanfleet.gateway.wire import PUBLISH, packet, parse_publish, split_packets, string  # noqa: E402
from cleanfleet.settings import async_driver  # noqa: E402


def heartbeat_packet(sn: str, n: int) -> bytes:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    body = (f'{{"v":1,"msgId":"{sn}-{n}","sn":"{sn}","ts":"{stamp}","online":true,"intervalS":1,"protocol":3,'
            f'"battery":77.5,"charging":false,"state":"working","mode":"cleaning","map":"office-3F","task":"Bench",'
            f'"progress":50.0,"pose":{{"x":{n % 1000 / 10:.1f},"y":2.0,"yaw":0.5}},"localized":true,"alarms":[]}}')
    return packet(PUBLISH, 0, string(f"cf/{sn}/up/heartbeat") + body.encode())


class RobotTime:
    """The ingest's clock (``gateway.ingest.utcnow``): the wall clock moved on by the rounds already sent."""

    def __init__(self) -> None:
        self.offset = timedelta()

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.offset


async def rounds(ingest: Ingest, serials: list[str], count: int, batch: int, clock: RobotTime,
                 interval: float) -> float:
    """CPU seconds for ``count`` heartbeats of every robot, read from socket-sized chunks and written in batches;
    the ingest's clock moves ``interval`` seconds after each round."""
    spent = 0.0
    for n in range(count):
        chunk = bytearray(b"".join(heartbeat_packet(sn, n) for sn in serials))  # the load's making: not counted
        began = time.process_time()
        packets, _ = split_packets(chunk)
        for index, (first, body) in enumerate(packets):
            message = parse_publish(first, body)
            await ingest.receive(message.topic, message.payload, None)
            if (index + 1) % batch == 0:
                await ingest.flush()
        await ingest.flush()
        spent += time.process_time() - began
        clock.offset += timedelta(seconds=interval)
    return spent


async def main_async(args: argparse.Namespace) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        database_url = args.database_url or f"sqlite:///{tmp}/bench.db"
        serials = [f"PI{i:06d}" for i in range(args.robots)]
        await seed_robots(database_url, Path(tmp), serials)
        database = Database(async_driver(database_url))
        directory = Directory(database)
        await directory.load()
        clock = RobotTime()
        ingest_module.utcnow = clock  # type: ignore[attr-defined]
        refresh = getattr(ingest_module, "refresh_after", None)  # absent before issue 37 item 1's refresh
        ingest = Ingest(database, Bus(), directory, **(
            {"refresh_seconds": refresh(args.offline_after)} if refresh else {}))  # type: ignore[arg-type]
        gc.collect()  # as the server does once started (app.py): full collections no longer walk what the start built
        gc.freeze()
        first = await rounds(ingest, serials, 1, args.batch, clock, args.interval)
        written_first = ingest.counters.written
        profile = cProfile.Profile() if args.profile else None
        if profile is not None:
            profile.enable()
        steady = await rounds(ingest, serials, args.rounds - 1, args.batch, clock, args.interval)
        if profile is not None:
            profile.disable()
            pstats.Stats(profile, stream=sys.stderr).sort_stats("tottime").print_stats(35)
        await database.engine.dispose()
    beats = args.robots * (args.rounds - 1)
    return {"code": str(Path(ingest_module.__file__).parents[3]),  # the checkout whose backend was measured
            "robots": args.robots, "batch": args.batch, "database": database_url.split(":")[0],
            "first_round_cpu_us_per_heartbeat": round(first * 1e6 / args.robots, 1),
            "steady_cpu_us_per_heartbeat": round(steady * 1e6 / beats, 1),
            "steady_rows_written": round((ingest.counters.written - written_first) / beats, 3),
            "dropped": ingest.counters.dropped}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--robots", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--batch", type=int, default=2000)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds of robot time between rounds")
    parser.add_argument("--offline-after", type=float, default=30.0, help="the server's CLEANFLEET_OFFLINE_AFTER")
    parser.add_argument("--database-url")
    parser.add_argument("--profile", action="store_true")
    print(json.dumps(asyncio.run(main_async(parser.parse_args()))))


if __name__ == "__main__":
    main()
