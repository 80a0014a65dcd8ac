"""A reconnect wave against the embedded broker and Mosquitto (issue 45 item 10).

    backend/.venv/bin/python bench/bench_broker_wave.py [--robots 1000] [--retained 8] [--runs 3]
                                                          [--mosquitto-port 1883] [--mosquitto-pid <pid>]

Each broker first holds ``--retained`` retained command topics (``cf/<sn>/down/setting<n>``) for each of ``--robots``
robots; then every robot connects at once (at most 100 connecting at a time: the listen backlog), signs in, subscribes
to ``cf/<sn>/down/#`` and reads its retained messages, each robot on its own connection, from a thread with its own
event loop. Measured: the wave's wall time (first connect to the last robot holding all its messages) and, for the
embedded broker (in this process, its start frozen as the server's is, ``app.py``), the longest time its event loop
went without running its other tasks (a task ticking every 5 ms: the loop thread's CPU between two ticks, and wall
time) and the loop thread's CPU over the wave; for Mosquitto (anonymous sign-in allowed), its process's CPU when
``--mosquitto-pid`` is given. Mosquitto's retained messages are cleared afterwards.
"""

import argparse
import asyncio
import gc
import json
import os
import sys
import time
import uuid

from cleanfleet.gateway import wire
from cleanfleet.gateway.broker import EmbeddedBroker

SECRET = "bench"


async def robot_reconnects(port: int, sn: str, retained: int, signing_in: asyncio.Semaphore,
                           writers: list[asyncio.StreamWriter]) -> None:
    async with signing_in:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writers.append(writer)
        writer.write(wire.connect_packet(sn, clean_session=True, keepalive=60, username=sn, password=SECRET))
        connack = await reader.readexactly(4)
    if connack[3] != wire.ACCEPTED:
        raise RuntimeError(f"{sn} refused: CONNACK {connack[3]}")
    writer.write(wire.subscribe_packet(1, [(f"cf/{sn}/down/#", 1)]))
    buffer, got, suback = bytearray(), 0, False
    while not suback or got < retained:
        data = await reader.read(65536)
        if not data:
            raise RuntimeError(f"{sn}: closed by the broker")
        buffer += data
        packets, used = wire.split_packets(buffer)
        del buffer[:used]
        for first, _ in packets:
            suback = suback or first >> 4 == wire.SUBACK
            got += first >> 4 == wire.PUBLISH


def wave_seconds(port: int, serials: list[str], retained: int) -> float:
    """The wave from a thread of its own (its work is not the embedded broker's loop's)."""

    async def wave() -> float:
        signing_in, writers = asyncio.Semaphore(100), list[asyncio.StreamWriter]()
        begin = time.perf_counter()
        try:
            async with asyncio.timeout(300):
                await asyncio.gather(*(robot_reconnects(port, sn, retained, signing_in, writers) for sn in serials))
            return time.perf_counter() - begin
        finally:
            for writer in writers:
                writer.close()

    return asyncio.run(wave())


async def loop_watch(longest: dict[str, float]) -> None:
    cpu, wall = time.thread_time(), time.perf_counter()
    while True:
        await asyncio.sleep(0.005)
        now_cpu, now_wall = time.thread_time(), time.perf_counter()
        longest["cpu"] = max(longest["cpu"], now_cpu - cpu)
        longest["wall"] = max(longest["wall"], now_wall - wall)
        cpu, wall = now_cpu, now_wall


async def accept_bench_secret(serial_number: str, secret: str) -> bool:
    return secret == SECRET


async def embedded_run(serials: list[str], retained: int) -> dict[str, object]:
    gc.collect()
    gc.freeze()
    broker = EmbeddedBroker("127.0.0.1:0", accept_bench_secret)
    for sn in serials:
        for n in range(retained):
            await broker.publish(f"cf/{sn}/down/setting{n}", f"{sn}:{n}".encode(), qos=1, retain=True)
    await broker.start()
    longest = {"cpu": 0.0, "wall": 0.0}
    watching = asyncio.create_task(loop_watch(longest))
    await asyncio.sleep(0.02)
    try:
        loop_cpu = time.thread_time()
        seconds = await asyncio.to_thread(wave_seconds, broker.port, serials, retained)
        loop_cpu = time.thread_time() - loop_cpu
    finally:
        watching.cancel()
        await broker.stop()
        gc.unfreeze()
    return {"broker": "embedded", "wave_s": round(seconds, 3), "loop_cpu_s": round(loop_cpu, 3),
            "longest_stall_cpu_ms": round(longest["cpu"] * 1000, 1),
            "longest_stall_wall_ms": round(longest["wall"] * 1000, 1)}


async def mosquitto_retain(port: int, serials: list[str], retained: int, clear: bool) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(wire.connect_packet(f"bench-wave-{uuid.uuid4().hex[:8]}", clean_session=True, keepalive=60,
                                     username=None, password=None))
    await reader.readexactly(4)
    for sn in serials:
        writer.write(b"".join(wire.publish(wire.Publish(f"cf/{sn}/down/setting{n}", b"" if clear else
                                                        f"{sn}:{n}".encode(), 0, True, False, 0))
                              for n in range(retained)))
        await writer.drain()
    writer.write(wire.packet(wire.PINGREQ, 0, b""))  # answered once every publish before it was read
    await reader.readexactly(2)
    writer.close()


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def mosquitto_run(port: int, pid: int | None, serials: list[str], retained: int) -> dict[str, object]:
    asyncio.run(mosquitto_retain(port, serials, retained, clear=False))
    try:
        before = cpu_seconds(pid) if pid else 0.0
        seconds = wave_seconds(port, serials, retained)
        cpu = round(cpu_seconds(pid) - before, 3) if pid else None
    finally:
        asyncio.run(mosquitto_retain(port, serials, retained, clear=True))
    return {"broker": "mosquitto", "wave_s": round(seconds, 3), "mosquitto_cpu_s": cpu}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--robots", type=int, default=1000)
    parser.add_argument("--retained", type=int, default=8, help="retained topics per robot")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--mosquitto-port", type=int, default=None)
    parser.add_argument("--mosquitto-pid", type=int, default=None)
    args = parser.parse_args()
    results = []
    for _ in range(args.runs):
        serials = [f"BW{uuid.uuid4().hex[:4].upper()}-{i:05d}" for i in range(args.robots)]
        results.append(asyncio.run(embedded_run(serials, args.retained)))
        if args.mosquitto_port:
            results.append(mosquitto_run(args.mosquitto_port, args.mosquitto_pid, serials, args.retained))
    print(json.dumps({"load_average": os.getloadavg()[0], "runs": results}, indent=2), file=sys.stdout)


if __name__ == "__main__":
    main()
