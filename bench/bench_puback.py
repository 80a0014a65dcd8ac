"""Robots' PUBACK while the API is loaded (issue 52 item 6; docs/budgets.md ``puback``: p95 ≤ 50 ms at 2,000 msg/s).

    backend/.venv/bin/python bench/bench_puback.py [--rate 2000] [--robots 200] [--seconds 20] [--connections 16]
                                                   [--reference /tmp/head] [--kinds mosquitto,embedded,reference]

Per kind, a fresh real server (one worker, SQLite in a temporary folder, ``--devices`` device records) whose API is
loaded by the device list (``/api/device/selectDevicePc``, 30 rows, as admin: the device-list bench's call) on
``--connections`` closed-loop connections, while ``--robots`` robots (one load process, each its own MQTT
connection signed in as a robot) publish QoS 1 heartbeats, ``--rate`` a second in all; the time from each PUBLISH
written to its PUBACK read is the latency (after a 3 s warm-up). The kinds, in one run:
- ``mosquitto``: the reference: the robots on a Mosquitto the bench starts, the server's gateway on it;
- ``embedded``: this checkout's embedded broker (its own loop and thread);
- ``reference``: ``--reference``'s embedded broker (a copy of another commit: bench/copies.py), e.g. HEAD's.
Also printed: the device list's rate and p95 meanwhile, the broker's own CPU per message (Mosquitto's process; the
embedded broker's thread, ``cleanfleet-brok``, which also runs the gateway's ingest; none for a broker on the API's
loop), and the load average before and after each kind.
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from bench_broker import SECRET, heartbeat
from bench_heartbeats import cpu_seconds, server_pid
from cleanfleet.gateway.wire import PUBLISH, connect_packet, packet, string
from copies import REPO, code_env, load_average, mosquitto, note, seed_with
from loadgen import run as http_load
from server import free_port, login, running_server, signed_headers

WARMUP = 3.0
DEVICE_LIST = "/api/device/selectDevicePc"


async def robots(port: int, serials: list[str], rate: float, seconds: float) -> dict[str, Any]:
    """Every robot signs in, then they publish ``rate`` QoS 1 heartbeats a second in all (in turn); answers the
    PUBACK latencies (ms) of the messages sent after the warm-up."""
    sent_at: list[dict[int, float]] = [{} for _ in serials]
    latencies: list[float] = []
    begin = time.monotonic() + 3600.0

    async def acks(index: int, reader: asyncio.StreamReader) -> None:
        while True:
            answer = await reader.readexactly(4)
            at = sent_at[index].pop(int.from_bytes(answer[2:4], "big"), None)
            if at is not None and at >= begin + WARMUP:
                latencies.append((time.monotonic() - at) * 1000)

    writers, readers = [], []
    for index, sn in enumerate(serials):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(connect_packet(sn, clean_session=True, keepalive=60, username=sn, password=SECRET))
        if (answer := await reader.readexactly(4))[3] != 0:
            raise RuntimeError(f"{sn} refused: CONNACK {answer[3]}")
        writers.append(writer)
        readers.append(asyncio.create_task(acks(index, reader)))
    sent, begin = 0, time.monotonic()
    while (elapsed := time.monotonic() - begin) < WARMUP + seconds:
        while sent < int(elapsed * rate):
            index, packet_id = sent % len(serials), sent // len(serials) % 0xFFFF + 1
            sent_at[index][packet_id] = time.monotonic()
            writers[index].write(packet(PUBLISH, 0x02, string(f"cf/{serials[index]}/up/heartbeat")
                                        + packet_id.to_bytes(2, "big") + heartbeat(serials[index], sent)))
            sent += 1
        await asyncio.sleep(0.002)
    await asyncio.sleep(2.0)
    unanswered = sum(len(pending) for pending in sent_at)
    for writer in writers:
        writer.close()
    for task in readers:
        task.cancel()
    return {"sent": sent, "unanswered": unanswered, **percentiles(latencies)}


def percentiles(values: list[float]) -> dict[str, Any]:
    ordered = sorted(values) or [0.0]

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {"measured": len(values), "p50_ms": at(0.5), "p95_ms": at(0.95), "p99_ms": at(0.99),
            "max_ms": round(ordered[-1], 2)}


def robots_process(port: int, serials: list[str], rate: float, seconds: float, out: Any) -> None:
    out.put(("robots", asyncio.run(robots(port, serials, rate, seconds))))


def api_process(url: str, token: str, connections: int, seconds: float, out: Any) -> None:
    body = json.dumps({"pageSize": 30, "currentPage": 1, "isPc": 1}).encode()
    result = asyncio.run(http_load(url + DEVICE_LIST, seconds=seconds, connections=connections, body=body,
                                   headers=signed_headers(token), warmup=WARMUP))
    out.put(("api", result.summary()))


def broker_thread_cpu(pid: int | None) -> float:
    """CPU seconds of the embedded broker's thread (the first named ``cleanfleet-brok``: the database driver's threads
    it starts inherit the name)."""
    if pid is None:
        return 0.0
    named = sorted(int(task.name) for task in Path(f"/proc/{pid}/task").iterdir()
                   if (task / "comm").read_text().strip() == "cleanfleet-brok")
    if not named:
        return 0.0
    fields = Path(f"/proc/{pid}/task/{named[0]}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_kind(kind: str, root: Path, args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        serials = [f"PB{uuid.uuid4().hex[:4].upper()}-{i:05d}" for i in range(args.devices)]
        database_url = f"sqlite:///{folder}/puback.db"
        seed_with(root, database_url, folder, serials)
        port = free_port()
        broker: subprocess.Popen[bytes] | None = mosquitto(port, folder) if kind == "mosquitto" else None
        env = {**code_env(root), "CLEANFLEET_OFFLINE_AFTER": "600", "CLEANFLEET_MQTT_TLS_BIND": "none",
               **({"CLEANFLEET_MQTT_URL": f"mqtt://127.0.0.1:{port}", "CLEANFLEET_MQTT_CLIENT_ID": "bench-gateway"}
                  if broker else {"CLEANFLEET_MQTT_URL": "", "CLEANFLEET_MQTT_BIND": f"127.0.0.1:{port}"})}
        try:
            with running_server(folder, database_url, **env) as url:
                return measure(kind, url, port, serials[:args.robots], broker, args)
        finally:
            if broker is not None:
                broker.terminate()
                broker.wait(10)


def measure(kind: str, url: str, port: int, serials: list[str], broker: subprocess.Popen[bytes] | None,
            args: argparse.Namespace) -> dict[str, Any]:
    token = login(url)
    time.sleep(5.0)  # the server's first scans after its start
    pid = server_pid(url)
    load_before = load_average()
    cpu_before = cpu_seconds(broker.pid) if broker else broker_thread_cpu(pid)
    out: Any = multiprocessing.Queue()
    jobs = [multiprocessing.Process(target=robots_process, args=(port, serials, args.rate, args.seconds, out)),
            multiprocessing.Process(target=api_process, args=(url, token, args.connections, args.seconds + 2, out))]
    for job in jobs:
        job.start()
    found = dict(out.get(timeout=args.seconds + 120) for _ in jobs)
    for job in jobs:
        job.join(30)
    cpu = (cpu_seconds(broker.pid) if broker else broker_thread_cpu(pid)) - cpu_before
    sent = max(1, found["robots"]["sent"])
    return {"kind": kind, "puback": found["robots"], "device_list_while": found["api"],
            "broker_cpu_us_per_message": round(cpu * 1e6 / sent, 1) if cpu else None,
            "load_average": {"before": load_before, "after": load_average()}}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rate", type=float, default=2000.0, help="heartbeats a second, all robots together")
    parser.add_argument("--robots", type=int, default=200)
    parser.add_argument("--devices", type=int, default=2000, help="device records (the device list's rows)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--connections", type=int, default=16, help="the device list's concurrent calls")
    parser.add_argument("--reference", type=Path, help="a copy of another commit's code (bench/copies.py)")
    parser.add_argument("--kinds", default="mosquitto,embedded,reference")
    args = parser.parse_args()
    roots = {"mosquitto": REPO, "embedded": REPO, "reference": args.reference}
    kinds = [kind for kind in args.kinds.split(",") if roots.get(kind) is not None]
    results = []
    for kind in kinds:
        results.append(one_kind(kind, Path(roots[kind] or REPO).resolve(), args))
        note(json.dumps(results[-1]))
    print(json.dumps({"rate": args.rate, "robots": args.robots, "budget_p95_ms": 50.0, "results": results},
                     indent=2))


if __name__ == "__main__":
    sys.exit(main())
