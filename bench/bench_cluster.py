"""Cluster soak (issue 19): the same offered load on one worker, then on two, side by side.

    backend/.venv/bin/python bench/bench_cluster.py [--robots 1000] [--seconds 600] [--workers 1,2]
        [--pg-url postgresql://postgres@127.0.0.1:5432/postgres] [--redis-url redis://127.0.0.1:6379/0]
        [--mosquitto-conf deploy/mosquitto.conf]

For each worker count: a scratch PostgreSQL database (created, seeded with ``--robots`` device records,
dropped at the end), that many workers (``python -m cleanfleet run``, as `make run-cluster` starts them) on
Redis and the local Mosquitto as one shared-subscription group, and the load for ``--seconds``:
- heartbeats: every robot one a second (``--rate`` overrides), QoS 1, from ``--publishers`` processes
  (bench_heartbeats.py's publisher: each heartbeat carries its publish time);
- alarms and reports: ``--events`` a second in all, QoS 1, each with its own msgId, acknowledged by the broker;
- one console WebSocket on each worker: every heartbeat, whichever worker ingested it, must reach all of them
  (over Redis); lag = receive time minus publish time.
Reported per run: heartbeats/s seen by the consoles (the slowest console), console lag p50/p95, the RSS of each
worker at start (ready, before the load) and at the end, and messages lost: alarms and reports published and
acknowledged by the broker minus rows stored (a msgId is unique, so nothing can be stored twice).
"""

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from bench_heartbeats import console, mqtt_port, pct, publisher, seed_robots  # noqa: E402
from server import ADMIN_PASSWORD, REPO, SIGNER  # noqa: E402

from cleanfleet.cluster import cluster_env, ensure_database, start_workers, stop_workers  # noqa: E402


def login(url: str) -> str:
    """The admin's token (a generous timeout: the password hash takes long on a loaded machine)."""
    answer = httpx.post(url + "/api/login", json={"account": "admin", "password": ADMIN_PASSWORD, "type": "user"},
                        headers={"sign": SIGNER.sign(), "platform": "web", "username": "-"}, timeout=120).json()
    return str(answer["data"]["token"])


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


class RssSampler(threading.Thread):
    """Each worker's RSS every ``every`` seconds while the load runs: growth that levels off (caches filling) and
    growth that goes on (a leak) look the same at start and end."""

    def __init__(self, pids: list[int], every: float = 60.0) -> None:
        super().__init__(daemon=True)
        self.pids, self.every, self.samples = pids, every, []
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(self.every):
            self.samples.append([rss_mb(pid) for pid in self.pids])


def event_publisher(serials: list[str], rate: float, seconds: float, started: Any, counts: Any) -> None:
    """Alarms and reports in turn, QoS 1; counts [alarms, reports] the broker acknowledged."""
    import paho.mqtt.client as mqtt

    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"bench-ev-{uuid.uuid4().hex[:8]}")
    client.max_inflight_messages_set(1000)
    client.connect("127.0.0.1", mqtt_port(), keepalive=60)
    client.loop_start()
    started.wait()
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    sent, begin, infos = 0, time.time(), []
    while time.time() - begin < seconds:
        while sent < int((time.time() - begin) * rate):
            sn = serials[sent % len(serials)]
            if sent % 2 == 0:
                body = {"action": "raise", "alarmId": f"B{sent}", "key": "lidar_dock_failed", "code": "0x0610",
                        "codeNum": 0x0610, "kind": "fault", "level": "alarm", "text": "bench"}
                kind = "alarm"
            else:
                body = {"runId": f"run-{sent}", "taskName": "Bench", "map": "office-3F", "source": "manual",
                        "scheduleName": "", "result": "finished", "reason": "",
                        "startTime": "2026-11-21T08:00:00+00:00", "endTime": "2026-11-21T08:40:00+00:00",
                        "durationS": 2400, "workArea": 300.0, "cleanedArea": 270.0, "coverage": 90.0,
                        "efficiency": 405.0, "distanceM": 612.5, "batteryStart": 95.0, "batteryEnd": 71.0,
                        "cleanMode": "clean", "pathType": "bow", "alarms": {"total": 0, "byKey": {}}}
                kind = "report"
            message = {"v": 1, "msgId": f"{sn}-ev-{sent}", "sn": sn, "ts": stamp, **body}
            infos.append((kind, client.publish(f"cf/{sn}/up/{kind}", json.dumps(message), qos=1)))
            sent += 1
        time.sleep(0.005)
    for _kind, info in infos:
        info.wait_for_publish(30)
    counts[0] = sum(1 for kind, info in infos if kind == "alarm" and info.is_published())
    counts[1] = sum(1 for kind, info in infos if kind == "report" and info.is_published())
    client.loop_stop()
    client.disconnect()


async def stored_events(database_url: str) -> tuple[int, int]:
    from sqlalchemy import func, select

    from cleanfleet.core.db import create_engine
    from cleanfleet.reports.models import TaskReport
    from cleanfleet.settings import async_driver
    from cleanfleet.warn.models import Alarm

    engine = create_engine(async_driver(database_url))
    async with engine.connect() as conn:
        alarms = (await conn.execute(select(func.count()).select_from(Alarm))).scalar() or 0
        reports = (await conn.execute(select(func.count()).select_from(TaskReport))).scalar() or 0
    await engine.dispose()
    return alarms, reports


async def drop_database(database_url: str) -> None:
    import asyncpg
    from sqlalchemy.engine import make_url

    target = make_url(database_url)
    admin = await asyncpg.connect(host=target.host, port=target.port or 5432, user=target.username,
                                  password=target.password, database="postgres")
    await admin.execute(f'DROP DATABASE IF EXISTS "{target.database}" WITH (FORCE)')
    await admin.close()


@contextlib.contextmanager
def own_broker(config: str | None, port: int) -> Iterator[None]:
    """With ``config`` (e.g. deploy/mosquitto.conf): a Mosquitto of our own on ``port`` with those settings, used by
    the workers and the load (``BENCH_MQTT_PORT``); without: the machine's on 1883."""
    if config is None:
        yield
        return
    with tempfile.TemporaryDirectory() as folder:
        conf = Path(folder) / "mosquitto.conf"
        conf.write_text(Path(config).read_text() + f"\nlistener {port} 127.0.0.1\nallow_anonymous true\n")
        broker = subprocess.Popen(["mosquitto", "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.environ["BENCH_MQTT_PORT"] = str(port)
        try:
            deadline = time.time() + 10
            while time.time() < deadline:
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
                time.sleep(0.1)
            yield
        finally:
            broker.terminate()
            broker.wait(10)


def wait_ready(urls: list[str], processes: list[Any], seconds: float = 180) -> None:
    deadline = time.time() + seconds
    pending = set(urls)
    while pending and time.time() < deadline:
        for url in list(pending):
            try:
                if httpx.get(url + "/api/ready", timeout=3).status_code == 200:
                    pending.discard(url)
            except httpx.HTTPError:
                pass
        if any(p.poll() is not None for p in processes):
            raise SystemExit("a worker exited during its start")
        time.sleep(0.5)
    if pending:
        raise SystemExit(f"not ready: {pending}")


async def watch(urls: list[str], token: str, seconds: float) -> list[dict[str, Any]]:
    return list(await asyncio.gather(*(console(url, token, seconds, warmup=3.0) for url in urls)))


def run(workers: int, args: argparse.Namespace) -> dict[str, Any]:
    from sqlalchemy.engine import make_url

    name = f"bench_cluster_{uuid.uuid4().hex[:8]}"
    database_url = make_url(args.pg_url).set(database=name).render_as_string(hide_password=False)
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(ensure_database(database_url))
        prefix = f"CL{uuid.uuid4().hex[:4].upper()}-"
        serials = [f"{prefix}{i:06d}" for i in range(args.robots)]
        asyncio.run(seed_robots(database_url, Path(tmp), serials))
        shared = cluster_env({**os.environ, "CLEANFLEET_DATABASE_URL": database_url,
                              "CLEANFLEET_REDIS_URL": args.redis_url, "CLEANFLEET_MQTT_URL": f"mqtt://127.0.0.1:{mqtt_port()}",
                              "CLEANFLEET_MQTT_SHARE_GROUP": f"bench-{uuid.uuid4().hex[:6]}",
                              "CLEANFLEET_MQTT_CLIENT_ID": f"bench-gw-{uuid.uuid4().hex[:6]}",
                              "CLEANFLEET_DATA_DIR": tmp, "CLEANFLEET_ADMIN_PASSWORD": ADMIN_PASSWORD,
                              "CLEANFLEET_DEMO": "false", "CLEANFLEET_SIM_ROBOTS": "0",
                              "CLEANFLEET_LOG_LEVEL": "WARNING", "CLEANFLEET_OFFLINE_AFTER": "600"})
        first_port = args.port
        processes = start_workers(shared, workers, first_port)
        urls = [f"http://127.0.0.1:{first_port + i}" for i in range(workers)]
        try:
            wait_ready(urls, processes)
            rss_start = [rss_mb(p.pid) for p in processes]
            token = login(urls[0])
            time.sleep(1.0)  # the gateways subscribe
            rate = args.rate or float(args.robots)
            started = multiprocessing.Event()
            counts = multiprocessing.Array("l", args.publishers)
            event_counts = multiprocessing.Array("l", 2)
            shares = [serials[i::args.publishers] for i in range(args.publishers)]
            loads = [multiprocessing.Process(target=publisher, args=(share, rate / args.publishers, args.seconds,
                                                                     started, counts, i))
                     for i, share in enumerate(shares)]
            loads.append(multiprocessing.Process(target=event_publisher, args=(serials, args.events, args.seconds,
                                                                               started, event_counts)))
            for process in loads:
                process.start()
            time.sleep(1.0)
            started.set()
            sampler = RssSampler([p.pid for p in processes])
            sampler.start()
            views = asyncio.run(watch(urls, token, args.seconds))
            sampler.done.set()
            for process in loads:
                process.join()
            time.sleep(3.0)  # the last batches written
            rss_end = [rss_mb(p.pid) for p in processes]
            alarms, reports = asyncio.run(stored_events(database_url))
        finally:
            stop_workers(processes)
            asyncio.run(drop_database(database_url))
    lags = sorted(lag for view in views for lag in view.pop("lags"))
    published_alarms, published_reports = event_counts[0], event_counts[1]
    return {"workers": workers, "robots": args.robots, "seconds": args.seconds, "offered_heartbeats_per_s": rate,
            "heartbeats_published": sum(counts),
            "heartbeats_per_s_slowest_console": min(v["ingested_per_s"] for v in views),
            "lag_p50_s": pct(lags, 0.5), "lag_p95_s": pct(lags, 0.95), "lag_max_s": lags[-1] if lags else None,
            "rss_mb_start": rss_start, "rss_mb_end": rss_end, "rss_mb_each_minute": sampler.samples,
            "alarms_published": published_alarms, "alarms_stored": alarms,
            "reports_published": published_reports, "reports_stored": reports,
            "messages_lost": (published_alarms - alarms) + (published_reports - reports),
            "load_average": os.getloadavg()[0], "broker": args.mosquitto_conf or "machine's Mosquitto (defaults)"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--robots", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--rate", type=float, default=0, help="heartbeats a second in all (default: one per robot)")
    parser.add_argument("--events", type=float, default=20, help="alarms and reports a second in all")
    parser.add_argument("--publishers", type=int, default=2)
    parser.add_argument("--workers", default="1,2", help="the worker counts to run, one after the other")
    parser.add_argument("--port", type=int, default=28700, help="first worker's port")
    parser.add_argument("--pg-url", default="postgresql://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--mosquitto-conf", help="start our own Mosquitto with this file's settings "
                        "(deploy/mosquitto.conf) instead of using the machine's on 1883")
    parser.add_argument("--broker-port", type=int, default=28883, help="its port")
    args = parser.parse_args()
    os.chdir(REPO)
    with own_broker(args.mosquitto_conf, args.broker_port):
        results = [run(int(n), args) for n in args.workers.split(",")]
    print(json.dumps(results, indent=2))
    if len(results) == 2 and results[0]["heartbeats_per_s_slowest_console"]:
        ratio = results[1]["heartbeats_per_s_slowest_console"] / results[0]["heartbeats_per_s_slowest_console"]
        print(f"second worker's gain (heartbeats/s, slowest console): x{ratio:.2f}")


if __name__ == "__main__":
    main()
