"""Embedded broker against Mosquitto: CPU per robot message on the same load (issue 37 item 1).

    backend/.venv/bin/python bench/bench_broker.py --mosquitto-port 28283 --mosquitto-pid <pid>
                                      [--robots 1000] [--rate 1] [--seconds 30] [--embedded-port 28284]

``--robots`` device records and as many robots, each its own MQTT connection signed in as a robot does (client id =
user name = serial number, password = its secret), publishing QoS 1 heartbeats at ``--rate`` a second each, from
one load process. The same load twice, each time against a fresh real server (one worker):
- external: the server's gateway on a Mosquitto you started (``mosquitto -c <conf>`` on ``--mosquitto-port``; its
  pid for its CPU time);
- embedded: the server's own broker (CLEANFLEET_MQTT_URL unset) on ``--embedded-port``.
The embedded broker's CPU per message is the embedded server's CPU per message minus the external server's (the
gateway and the ingest are the same code in both); Mosquitto's is its own process's.
"""

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path

from bench_heartbeats import cpu_seconds, seed_robots, server_pid
from server import running_server

from cleanfleet.gateway.wire import PUBLISH, connect_packet, packet, string

SECRET = "bench"  # seed_robots stores sha256("bench") as every robot's secret


def heartbeat(sn: str, n: int) -> bytes:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return (f'{{"v":1,"msgId":"{sn}-{n}","sn":"{sn}","ts":"{stamp}","online":true,"intervalS":1,"protocol":3,'
            f'"battery":77.5,"charging":false,"state":"working","mode":"cleaning","map":"office-3F","task":"Bench",'
            f'"progress":50.0,"pose":{{"x":{n % 1000 / 10:.1f},"y":2.0,"yaw":0.5}},"localized":true,"alarms":[]}}'
            ).encode()


async def robots_publishing(port: int, serials: list[str], rate: float, seconds: float) -> dict[str, int]:
    """Every robot signs in, then each publishes ``rate`` QoS 1 heartbeats a second (in turn, evenly spread);
    answers how many were published and acknowledged."""
    writers, acked = [], [0]

    async def count_acks(reader: asyncio.StreamReader) -> None:
        while data := await reader.read(65536):
            acked[0] += len(data) // 4  # PUBACKs only after the CONNACK: 4 bytes each

    readers = []
    for sn in serials:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(connect_packet(sn, clean_session=True, keepalive=60, username=sn, password=SECRET))
        answer = await reader.readexactly(4)
        if answer[3] != 0:
            raise RuntimeError(f"{sn} refused: CONNACK {answer[3]}")
        writers.append(writer)
        readers.append(asyncio.create_task(count_acks(reader)))
    sent, total, begin = 0, rate * len(serials), time.time()
    while (elapsed := time.time() - begin) < seconds:
        due = int(elapsed * total)
        while sent < due:
            index = sent % len(serials)
            packet_id = sent // len(serials) % 0xFFFF + 1
            writers[index].write(packet(PUBLISH, 0x02, string(f"cf/{serials[index]}/up/heartbeat")
                                        + packet_id.to_bytes(2, "big") + heartbeat(serials[index], sent)))
            sent += 1
        await asyncio.sleep(0.005)
    await asyncio.sleep(2.0)
    for writer in writers:
        writer.close()
    for task in readers:
        task.cancel()
    return {"published": sent, "acknowledged": acked[0]}


def one_run(kind: str, args: argparse.Namespace) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        database_url = f"sqlite:///{tmp}/bench.db"
        serials = [f"BR{uuid.uuid4().hex[:4].upper()}-{i:05d}" for i in range(args.robots)]
        asyncio.run(seed_robots(database_url, Path(tmp), serials))
        if kind == "external":
            env = {"CLEANFLEET_MQTT_URL": f"mqtt://127.0.0.1:{args.mosquitto_port}",
                   "CLEANFLEET_MQTT_CLIENT_ID": f"bench-gateway-{uuid.uuid4().hex[:8]}"}
            port = args.mosquitto_port
        else:
            env = {"CLEANFLEET_MQTT_URL": "", "CLEANFLEET_MQTT_BIND": f"127.0.0.1:{args.embedded_port}"}
            port = args.embedded_port
        with running_server(Path(tmp), database_url, CLEANFLEET_OFFLINE_AFTER="600", **env) as url:
            time.sleep(1.0)
            pid = server_pid(url)
            load_before = os.getloadavg()[0]
            server_before = cpu_seconds(pid)
            broker_before = cpu_seconds(args.mosquitto_pid)
            counts = asyncio.run(robots_publishing(port, serials, args.rate, args.seconds))
            server = cpu_seconds(pid) - server_before
            broker = cpu_seconds(args.mosquitto_pid) - broker_before if kind == "external" else 0.0
    published = max(1, counts["published"])
    return {"broker": kind, **counts, "server_cpu_us_per_message": round(server * 1e6 / published, 1),
            "mosquitto_cpu_us_per_message": round(broker * 1e6 / published, 1) if kind == "external" else None,
            "load_average": [load_before, round(os.getloadavg()[0], 2)]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--robots", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=1.0, help="heartbeats a second per robot")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--mosquitto-port", type=int, required=True)
    parser.add_argument("--mosquitto-pid", type=int, required=True)
    parser.add_argument("--embedded-port", type=int, default=28284)
    parser.add_argument("--runs", default="external,embedded")
    args = parser.parse_args()
    results = [one_run(kind, args) for kind in args.runs.split(",")]
    by_kind = {str(r["broker"]): r for r in results}
    if {"external", "embedded"} <= set(by_kind):
        embedded = float(by_kind["embedded"]["server_cpu_us_per_message"])  # type: ignore[arg-type]
        external = float(by_kind["external"]["server_cpu_us_per_message"])  # type: ignore[arg-type]
        mosquitto = float(by_kind["external"]["mosquitto_cpu_us_per_message"])  # type: ignore[arg-type]
        results.append({"embedded_broker_cpu_us_per_message": round(embedded - external, 1),
                        "mosquitto_cpu_us_per_message": mosquitto,
                        "ratio": round((embedded - external) / mosquitto, 2) if mosquitto else None})
    print(json.dumps(results, indent=2), file=sys.stdout)


if __name__ == "__main__":
    main()
