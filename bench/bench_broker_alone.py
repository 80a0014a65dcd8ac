"""The embedded broker alone against Mosquitto: CPU per robot message on the same load (issue 52 item 5; docs/budgets.md
``broker-cpu``: at most 1.5× Mosquitto's).

    backend/.venv/bin/python bench/bench_broker_alone.py [--robots 1000] [--rate 2000] [--seconds 20] [--runs 3]
                                                         [--qos 0] [--profile]

The same load on each broker, alternately, ``--runs`` times: ``--robots`` robots (one load process, each its own
connection, signed in as a robot: client id = user name = serial number) publish QoS 1 heartbeats, ``--rate`` a second
in all, and read their PUBACKs; one subscriber takes every heartbeat at ``--qos`` (the gateway's subscription: QoS 0
for heartbeats, payloads.SUBSCRIPTIONS).
- ``embedded``: this checkout's broker on a thread and event loop of its own, as the server runs it
  (``broker_loop.BrokerLoop``), with an in-process subscriber that counts and acknowledges (the gateway attached, minus
  the ingest: what the broker costs, not what storing costs). Its CPU: the broker thread's own, user and system, from
  /proc/self/task/<tid>/stat.
- ``mosquitto``: a Mosquitto of the bench's own (anonymous, no persistence), the subscriber a client over TCP (in the
  load process: its CPU is not Mosquitto's). Its CPU: the Mosquitto process's, user and system.
Both are read over the publishing window only (after every robot signed in), divided by the messages published.
``--profile``: cProfile's table of the embedded broker's thread over its last run.
"""

import argparse
import asyncio
import cProfile
import gc
import json
import multiprocessing
import os
import pstats
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_broker import heartbeat  # noqa: E402
from bench_heartbeats import cpu_seconds  # noqa: E402
from copies import load_average, mosquitto, note  # noqa: E402
from server import free_port  # noqa: E402

from cleanfleet.gateway import wire  # noqa: E402
from cleanfleet.gateway.broker import EmbeddedBroker  # noqa: E402
from cleanfleet.gateway.broker_loop import BrokerLoop  # noqa: E402

SECRET = "bench"


async def load(port: int, serials: list[str], rate: float, seconds: float, subscriber_qos: int | None,
               signed_in: Any, done: Any) -> dict[str, int]:
    """Signs every robot in (and, for Mosquitto, the subscriber), says so, publishes ``rate`` heartbeats a second in
    turn for ``seconds``, waits for the PUBACKs (2 s at most), says so; answers the counts."""
    acked, delivered = [0], [0]

    async def count(reader: asyncio.StreamReader, tally: list[int], size: int) -> None:
        buffer = bytearray()
        while data := await reader.read(65536):
            if size:
                tally[0] += len(data) // size  # PUBACKs: 4 bytes each
                continue
            buffer += data
            packets, used = wire.split_packets(buffer)
            del buffer[:used]
            tally[0] += sum(first >> 4 == wire.PUBLISH for first, _ in packets)

    tasks, writers = [], []
    if subscriber_qos is not None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(wire.connect_packet(f"gw-{uuid.uuid4().hex[:6]}", clean_session=True, keepalive=120,
                                         username=None, password=None)
                     + wire.subscribe_packet(1, [("cf/+/up/heartbeat", subscriber_qos)]))
        await reader.readexactly(4 + 5)  # CONNACK, SUBACK
        tasks.append(asyncio.create_task(count(reader, delivered, 0)))
        writers.append(writer)
    robots = []
    for sn in serials:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(wire.connect_packet(sn, clean_session=True, keepalive=120, username=sn, password=SECRET))
        if (await reader.readexactly(4))[3] != wire.ACCEPTED:
            raise RuntimeError(f"{sn} refused")
        robots.append(writer)
        tasks.append(asyncio.create_task(count(reader, acked, 4)))
    signed_in.set()
    sent, begin = 0, time.monotonic()
    topics = [wire.string(f"cf/{sn}/up/heartbeat") for sn in serials]
    while (elapsed := time.monotonic() - begin) < seconds:
        while sent < int(elapsed * rate):
            index, packet_id = sent % len(serials), sent // len(serials) % 0xFFFF + 1
            robots[index].write(wire.packet(wire.PUBLISH, 0x02, topics[index] + packet_id.to_bytes(2, "big")
                                            + heartbeat(serials[index], sent)))
            sent += 1
        await asyncio.sleep(0.002)
    for _ in range(200):
        if acked[0] >= sent:
            break
        await asyncio.sleep(0.01)
    done.set()
    for writer in [*robots, *writers]:
        writer.close()
    for task in tasks:
        task.cancel()
    return {"published": sent, "acknowledged": acked[0], "delivered": delivered[0] if subscriber_qos is not None
            else None}


def load_process(port: int, serials: list[str], args: argparse.Namespace, mosquitto_kind: bool, signed_in: Any,
                 done: Any, out: Any) -> None:
    import uvloop

    out.put(uvloop.run(load(port, serials, args.rate, args.seconds, args.qos if mosquitto_kind else None,
                            signed_in, done)))


def thread_cpu(native_id: int | None) -> float:
    if native_id is None:
        return 0.0
    fields = Path(f"/proc/self/task/{native_id}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measured(kind: str, port: int, serials: list[str], args: argparse.Namespace, cpu: Any) -> dict[str, Any]:
    """Runs the load against ``port``; ``cpu()`` is the broker's CPU seconds so far."""
    signed_in, done, out = multiprocessing.Event(), multiprocessing.Event(), multiprocessing.Queue()
    process = multiprocessing.Process(target=load_process, args=(port, serials, args, kind == "mosquitto",
                                                                 signed_in, done, out))
    load_before = load_average()
    process.start()
    if not signed_in.wait(120):
        raise RuntimeError("the robots did not sign in")
    before = cpu()
    done.wait(args.seconds + 60)
    used = cpu() - before
    counts = out.get(timeout=60)
    process.join(10)
    published = max(1, counts["published"])
    return {"broker": kind, **counts, "cpu_s": round(used, 3), "cpu_us_per_message": round(used * 1e6 / published, 1),
            "load_average": [load_before, load_average()]}


async def accept_all(serial_number: str, secret: str) -> bool:
    return secret == SECRET


async def start_embedded(port: int, qos: int, delivered: list[int]) -> EmbeddedBroker:
    def take(topic: str, payload: bytes, qos: int, ack: Any) -> None:
        delivered[0] += 1
        if ack is not None:
            ack()

    broker = EmbeddedBroker(f"127.0.0.1:{port}", accept_all)
    broker.attach("gateway", [("cf/+/up/heartbeat", qos)], take)
    await broker.start()
    return broker


def embedded_run(serials: list[str], args: argparse.Namespace, profile: cProfile.Profile | None) -> dict[str, Any]:
    port, delivered = free_port(), [0]
    loop = BrokerLoop("bench-broker")
    loop.start()
    broker = loop.run_here(start_embedded(port, args.qos, delivered))
    assert loop.loop is not None
    gc.collect()
    gc.freeze()  # as the server's start (app.py)
    if profile is not None:
        loop.loop.call_soon_threadsafe(profile.enable)
    try:
        result = measured("embedded", port, serials, args, lambda: thread_cpu(loop.native_id))
    finally:
        if profile is not None:
            loop.loop.call_soon_threadsafe(profile.disable)
        loop.run_here(broker.stop())
        loop.halt()
        gc.unfreeze()
    return {**result, "delivered": delivered[0]}


def mosquitto_run(serials: list[str], args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        process = mosquitto(port, Path(tmp))
        try:
            return measured("mosquitto", port, serials, args, lambda: cpu_seconds(process.pid))
        finally:
            process.terminate()
            process.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--robots", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=2000.0, help="heartbeats a second, all robots together")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--qos", type=int, default=0, help="the subscriber's QoS (the gateway's: 0 for heartbeats)")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    results = []
    for run in range(args.runs):
        serials = [f"BA{uuid.uuid4().hex[:4].upper()}-{i:05d}" for i in range(args.robots)]
        last = run == args.runs - 1
        for result in (embedded_run(serials, args, profile if last else None), mosquitto_run(serials, args)):
            results.append(result)
            note(json.dumps(result))
    embedded = sorted(r["cpu_us_per_message"] for r in results if r["broker"] == "embedded")
    reference = sorted(r["cpu_us_per_message"] for r in results if r["broker"] == "mosquitto")
    pairs = [round(e["cpu_us_per_message"] / m["cpu_us_per_message"], 2)
             for e, m in zip(results[::2], results[1::2], strict=True) if m["cpu_us_per_message"]]
    print(json.dumps({"robots": args.robots, "rate": args.rate, "budget_ratio": 1.5, "ratios": pairs,
                      "embedded_us": embedded, "mosquitto_us": reference, "runs": results}, indent=2))
    if profile is not None:
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)


if __name__ == "__main__":
    sys.exit(main())
