"""Where the gateway's CPU per heartbeat goes, with no broker and no load generator sharing the cores: the ingest
in-process on a seeded database, fed the PUBLISH packets a broker would send.

    backend/.venv/bin/python bench/profile_ingest.py [--robots 10000] [--rounds 6] [--batch 2000]
                                       [--database-url postgresql://...] [--profile]

``--robots`` device records (``bench_heartbeats.seed_robots``); every robot sends ``--rounds`` heartbeats (the
first round brings every robot online, as after a restart: counted apart); each heartbeat goes through the
gateway's own reader (``wire.split_packets``, ``parse_publish``) and ``Ingest.receive``, and ``flush`` writes every
``--batch`` of them (the batch of 0.5 s at 4,000 heartbeats a second). Prints the process CPU per heartbeat (every
thread: the event loop's and the database driver's), which the machine's load does not change much, unlike the
wall time; ``--profile`` adds cProfile's table of the steady rounds (the event loop's thread only).
"""

import argparse
import asyncio
import cProfile
import json
import pstats
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_heartbeats import seed_robots  # noqa: E402

from cleanfleet.core.bus import Bus  # noqa: E402
from cleanfleet.core.db import Database  # noqa: E402
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


async def rounds(ingest: Ingest, serials: list[str], count: int, batch: int) -> float:
    """CPU seconds for ``count`` heartbeats of every robot, read from socket-sized chunks and written in batches."""
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
    return spent


async def main_async(args: argparse.Namespace) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        database_url = args.database_url or f"sqlite:///{tmp}/bench.db"
        serials = [f"PI{i:06d}" for i in range(args.robots)]
        await seed_robots(database_url, Path(tmp), serials)
        database = Database(async_driver(database_url))
        directory = Directory(database)
        await directory.load()
        ingest = Ingest(database, Bus(), directory)
        first = await rounds(ingest, serials, 1, args.batch)
        profile = cProfile.Profile() if args.profile else None
        if profile is not None:
            profile.enable()
        steady = await rounds(ingest, serials, args.rounds - 1, args.batch)
        if profile is not None:
            profile.disable()
            pstats.Stats(profile, stream=sys.stderr).sort_stats("tottime").print_stats(35)
        await database.engine.dispose()
    beats = args.robots * (args.rounds - 1)
    return {"robots": args.robots, "batch": args.batch, "database": database_url.split(":")[0],
            "first_round_cpu_us_per_heartbeat": round(first * 1e6 / args.robots, 1),
            "steady_cpu_us_per_heartbeat": round(steady * 1e6 / beats, 1), "dropped": ingest.counters.dropped}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--robots", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--batch", type=int, default=2000)
    parser.add_argument("--database-url")
    parser.add_argument("--profile", action="store_true")
    print(json.dumps(asyncio.run(main_async(parser.parse_args()))))


if __name__ == "__main__":
    main()
