"""Cluster soak (issue 19): the same offered load on one worker, then on two, side by side.

    backend/.venv/bin/python bench/bench_cluster.py [--robots 1000] [--seconds 600] [--workers 1,2]
        [--pg-url postgresql://postgres@127.0.0.1:5432/postgres] [--redis-url redis://127.0.0.1:6379/0]
        [--mosquitto-conf deploy/mosquitto.conf] [--sim-processes 4]

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

With ``--sim-processes N`` the heartbeats come from the robot simulator instead of the light publishers: N processes
(``python -m cleanfleet_sim --no-web``), each running its share of the robots with their real heartbeats (every
``--sim-heartbeat`` s), alarms, reports and events. A subscriber of the bench's own (``Observer``) takes what the broker
passes on: each heartbeat's send time (the robot's ``ts``), against which a console update's lag is measured, and
the msgIds of every alarm and report, which must all be stored. Reported besides: the RSS and CPU seconds of each
process (workers, broker, simulators, this bench, the database's backends, Redis) and of the whole machine.
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
from bisect import bisect_right
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from bench_heartbeats import console, cpu_seconds, mqtt_port, pct, pose_lag, publisher, seed_robots  # noqa: E402
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
    """The event publisher's alarms and reports stored (its msgIds, ``<sn>-ev-<n>``)."""
    from sqlalchemy import func, select

    from cleanfleet.core.db import create_engine
    from cleanfleet.reports.models import TaskReport
    from cleanfleet.settings import async_driver
    from cleanfleet.warn.models import Alarm

    engine = create_engine(async_driver(database_url))
    async with engine.connect() as conn:
        alarms = (await conn.execute(select(func.count()).select_from(Alarm)
                                     .where(Alarm.msg_id.like("%-ev-%")))).scalar() or 0
        reports = (await conn.execute(select(func.count()).select_from(TaskReport)
                                      .where(TaskReport.msg_id.like("%-ev-%")))).scalar() or 0
    await engine.dispose()
    return alarms, reports


async def stored_of(database_url: str, observer: "Observer") -> dict[str, int]:
    """Of the alarms raised, alarms cleared and reports the observer saw, how many are stored."""
    from sqlalchemy import func, select

    from cleanfleet.core.db import create_engine
    from cleanfleet.reports.models import TaskReport
    from cleanfleet.settings import async_driver
    from cleanfleet.warn.models import Alarm

    engine = create_engine(async_driver(database_url))
    found = {}
    async with engine.connect() as conn:
        for name, column, ids in (("raised", Alarm.msg_id, observer.raised), ("cleared", Alarm.clear_msg_id,
                                  observer.cleared), ("reports", TaskReport.msg_id, observer.reports)):
            ordered, found[name] = sorted(ids), 0
            for chunk in range(0, len(ordered), 1000):
                found[name] += (await conn.execute(select(func.count()).where(
                    column.in_(ordered[chunk:chunk + 1000])))).scalar() or 0
    await engine.dispose()
    return found


def sent_at(payload: bytes) -> float:
    """A robot message's ``ts`` (its wall time of sending) as epoch seconds, without parsing the whole payload."""
    start = payload.index(b'"ts":"') + 6
    return datetime.fromisoformat(payload[start:payload.index(b'"', start)].decode()).timestamp()


class Observer:
    """The robots' messages as the broker passes them on (a paho subscriber in its own thread): each robot's
    heartbeat send times, and the msgIds of the alarms raised and cleared and the reports it acknowledged."""

    def __init__(self) -> None:
        import paho.mqtt.client as mqtt

        self.sent: dict[str, list[float]] = {}
        self.raised: set[str] = set()
        self.cleared: set[str] = set()
        self.reports: set[str] = set()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"bench-obs-{uuid.uuid4().hex[:8]}")
        self.client.on_message = self.received

    def start(self) -> None:
        self.client.connect("127.0.0.1", mqtt_port(), keepalive=60)
        self.client.subscribe([("cf/+/up/heartbeat", 0), ("cf/+/up/alarm", 1), ("cf/+/up/report", 1)])
        self.client.loop_start()

    def stop(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()

    def received(self, _client: Any, _userdata: Any, message: Any) -> None:
        _root, sn, _up, channel = message.topic.split("/")
        if channel == "heartbeat":
            self.sent.setdefault(sn, []).append(sent_at(message.payload))
            return
        body = json.loads(message.payload)
        if channel == "report":
            self.reports.add(body["msgId"])
        else:
            (self.raised if body.get("action") == "raise" else self.cleared).add(body["msgId"])

    def heartbeats(self) -> int:
        return sum(len(times) for times in self.sent.values())

    def lag(self, state: dict[str, Any], now: float) -> float | None:
        """A console update's lag behind the heartbeat it shows: the robot's newest one sent before the server wrote
        it (``heartbeatTime``; a robot sends its next only ``--sim-heartbeat`` s later)."""
        times, written = self.sent.get(state.get("deviceSerialNumber") or ""), state.get("heartbeatTime")
        if not times or not written:
            return None
        found = bisect_right(times, datetime.fromisoformat(written).timestamp() + 0.001)
        return round(now - times[found - 1], 3) if found else None


async def drop_database(database_url: str) -> None:
    import asyncpg
    from sqlalchemy.engine import make_url

    target = make_url(database_url)
    admin = await asyncpg.connect(host=target.host, port=target.port or 5432, user=target.username,
                                  password=target.password, database="postgres")
    await admin.execute(f'DROP DATABASE IF EXISTS "{target.database}" WITH (FORCE)')
    await admin.close()


@contextlib.contextmanager
def own_broker(config: str | None, port: int) -> Iterator[int | None]:
    """With ``config`` (e.g. deploy/mosquitto.conf): a Mosquitto of our own on ``port`` with those settings, used by
    the workers and the load (``BENCH_MQTT_PORT``); yields its pid. Without: the machine's on 1883 (None)."""
    if config is None:
        yield None
        return
    with tempfile.TemporaryDirectory() as folder:
        conf = Path(folder) / "mosquitto.conf"
        conf.write_text(Path(config).read_text() + f"\nlistener {port} 127.0.0.1\nallow_anonymous true\n")
        log = Path(folder) / "mosquitto.log"  # a file, not a pipe: a full pipe nobody reads stops the broker
        broker = subprocess.Popen(["mosquitto", "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=log.open("wb"))
        os.environ["BENCH_MQTT_PORT"] = str(port)
        try:
            deadline = time.time() + 10
            while time.time() < deadline:
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
                time.sleep(0.1)
            yield broker.pid
        finally:
            broker.terminate()
            broker.wait(10)
            dropped = log.read_text(errors="replace").count("messages are being dropped")
            print(f"broker log: {dropped} lines saying outgoing messages were dropped", file=sys.stderr)


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


async def watch(urls: list[str], token: str, seconds: float, observer: Observer | None) -> list[dict[str, Any]]:
    lag = observer.lag if observer is not None else pose_lag
    return list(await asyncio.gather(*(console(url, token, seconds, warmup=3.0, lag=lag) for url in urls)))


def simulator_shares(robots: int, processes: int, prefix: str) -> list[tuple[str, list[str]]]:
    """Each simulator process's serial prefix and serials (``default_fleet``'s, so its robots are the records)."""
    from cleanfleet_sim.fleet import default_fleet

    shares = []
    for k in range(processes):
        serial_prefix = f"{prefix}{k}P"
        count = robots // processes + (1 if k < robots % processes else 0)
        shares.append((serial_prefix, [robot.sn for robot in default_fleet(0, count, serial_prefix=serial_prefix)]))
    return shares


def start_simulators(shares: list[tuple[str, list[str]]], args: argparse.Namespace, logs: Path
                     ) -> list[subprocess.Popen[bytes]]:
    """The robot simulator, one process per share: MQTT only (no web APIs, no registration)."""
    return [subprocess.Popen([sys.executable, "-m", "cleanfleet_sim", "--robots", str(len(serials)),
                              "--serial-prefix", serial_prefix, "--seed", "0", "--cloud", "none", "--no-web",
                              "--mqtt", f"mqtt://127.0.0.1:{mqtt_port()}", "--heartbeat", str(args.sim_heartbeat),
                              "--tick", str(args.sim_tick), "--log-level", "WARNING"],
                             stdout=subprocess.DEVNULL, stderr=(logs / f"sim{k}.log").open("wb"))
            for k, (serial_prefix, serials) in enumerate(shares)]


def stop_simulators(simulators: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM (each robot says goodbye), then kill what is left after 30 s."""
    for simulator in simulators:
        simulator.terminate()
    for simulator in simulators:
        try:
            simulator.wait(30)
        except subprocess.TimeoutExpired:
            simulator.kill()
            simulator.wait()


def wait_heard(observer: Observer, robots: int, seconds: float = 180) -> tuple[int, float]:
    """Until every robot's heartbeat reached the broker, or ``seconds`` (a machine too busy for the simulators: the
    load then starts with the robots heard so far, and the figures say so): how many were heard, how long it took."""
    begin = time.time()
    while len(observer.sent) < robots and time.time() - begin < seconds:
        time.sleep(1.0)
    return len(observer.sent), round(time.time() - begin, 1)


def pg_backends(database_url: str) -> list[int]:
    """The PostgreSQL server processes serving this database (the workers' pools)."""
    import asyncpg
    from sqlalchemy.engine import make_url

    target = make_url(database_url)

    async def pids() -> list[int]:
        conn = await asyncpg.connect(host=target.host, port=target.port or 5432, user=target.username,
                                     password=target.password, database="postgres")
        rows = await conn.fetch("SELECT pid FROM pg_stat_activity WHERE datname = $1", target.database)
        await conn.close()
        return [row["pid"] for row in rows]

    return asyncio.run(pids())


def named_pid(command: str) -> int | None:
    """A process of this machine by its command name (Redis: shared with others, so its figures are an upper bound)."""
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            if entry.name.isdigit() and (entry / "comm").read_text().strip() == command:
                return int(entry.name)
    return None


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine spent busy (all cores; /proc/stat)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


def cpu_of(pids: dict[str, list[int]]) -> dict[str, float]:
    return {name: sum(cpu_seconds(pid) for pid in group if Path(f"/proc/{pid}").exists())
            for name, group in pids.items()}


def rss_of(pids: dict[str, list[int]]) -> dict[str, float]:
    return {name: round(sum(rss_mb(pid) for pid in group if Path(f"/proc/{pid}").exists()), 1)
            for name, group in pids.items()}


def settled(database_url: str, observer: Observer | None, seconds: float = 180
            ) -> tuple[tuple[int, int], dict[str, int], float]:
    """The stored counts once the gateways wrote what they still held (a backlog behind a busy machine): unchanged
    for 10 s, or after ``seconds``. Answers them and how long that took."""
    begin, last, unchanged_since = time.time(), None, time.time()
    while True:
        time.sleep(3.0)
        now = (asyncio.run(stored_events(database_url)),
               asyncio.run(stored_of(database_url, observer)) if observer is not None else {})
        if now != last:
            last, unchanged_since = now, time.time()
        if time.time() - unchanged_since >= 10 or time.time() - begin >= seconds:
            return now[0], now[1], round(unchanged_since - begin, 1)


def run(workers: int, args: argparse.Namespace, broker_pid: int | None) -> dict[str, Any]:
    from sqlalchemy.engine import make_url

    name = f"{args.database_prefix}_{uuid.uuid4().hex[:8]}"
    database_url = make_url(args.pg_url).set(database=name).render_as_string(hide_password=False)
    simulated = args.sim_processes > 0
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(ensure_database(database_url))
        prefix = f"CL{uuid.uuid4().hex[:4].upper()}"
        shares = simulator_shares(args.robots, args.sim_processes, prefix) if simulated else []
        serials = ([sn for _, share in shares for sn in share] if simulated
                   else [f"{prefix}-{i:06d}" for i in range(args.robots)])
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
        simulators: list[subprocess.Popen[bytes]] = []
        observer = Observer() if simulated else None
        try:
            wait_ready(urls, processes)
            rss_start = [rss_mb(p.pid) for p in processes]
            token = login(urls[0])
            time.sleep(1.0)  # the gateways subscribe
            heard_after = None
            if observer is not None:
                observer.start()
                simulators = start_simulators(shares, args, Path(tmp))
                heard_after = wait_heard(observer, args.robots)
            pids = {**{f"worker {i + 1}": [p.pid] for i, p in enumerate(processes)},
                    **({"broker": [broker_pid]} if broker_pid else {}),
                    **{f"simulator {k + 1}": [p.pid] for k, p in enumerate(simulators)},
                    "bench (consoles, observer)": [os.getpid()], "postgresql (this database's backends)":
                        pg_backends(database_url), **({"redis": [pid]} if (pid := named_pid("redis-server")) else {})}
            rss_load = rss_of(pids)
            rate = args.rate or float(args.robots)
            started = multiprocessing.Event()
            counts = multiprocessing.Array("l", args.publishers)
            event_counts = multiprocessing.Array("l", 2)
            shares_light = [] if simulated else [serials[i::args.publishers] for i in range(args.publishers)]
            loads = [multiprocessing.Process(target=publisher, args=(share, rate / args.publishers, args.seconds,
                                                                     started, counts, i))
                     for i, share in enumerate(shares_light)]
            loads.append(multiprocessing.Process(target=event_publisher, args=(serials, args.events, args.seconds,
                                                                               started, event_counts)))
            for process in loads:
                process.start()
            time.sleep(1.0)
            cpu_before, busy_before = cpu_of(pids), machine_busy_seconds()
            heartbeats_before = observer.heartbeats() if observer is not None else 0
            load_start, window_start = os.getloadavg(), time.time()
            started.set()
            sampler = RssSampler([p.pid for p in processes])
            sampler.start()
            views = asyncio.run(watch(urls, token, args.seconds, observer))
            sampler.done.set()
            for process in loads:
                process.join()
            window = time.time() - window_start
            database = "postgresql (this database's backends)"
            pids[database] = sorted(set(pids[database]) | set(pg_backends(database_url)))  # pools grow under load
            cpu_spent = {key: round(value - cpu_before.get(key, 0.0), 1) for key, value in cpu_of(pids).items()}
            busy = machine_busy_seconds() - busy_before
            heartbeats_sent = (observer.heartbeats() - heartbeats_before) if observer is not None else sum(counts)
            load_end = os.getloadavg()
            rss_before_end = rss_of(pids)
            stop_simulators(simulators)  # what they sent is all the broker has: the counts compare like with like
            (alarms, reports), robots_stored, drained_after = settled(database_url, observer)
            rss_end = [rss_mb(p.pid) for p in processes]
        finally:
            stop_simulators(simulators)
            if observer is not None:
                observer.stop()
            stop_workers(processes)
            asyncio.run(drop_database(database_url))
        simulator_errors = [line for k in range(len(simulators))
                            for line in (Path(tmp) / f"sim{k}.log").read_text(errors="replace").splitlines()
                            if " ERROR " in line or " WARNING " in line]
    lags = sorted(lag for view in views for lag in view.pop("lags"))
    published_alarms, published_reports = event_counts[0], event_counts[1]
    result = {"workers": workers, "robots": args.robots, "seconds": args.seconds, "offered_heartbeats_per_s": rate,
              "heartbeats_published": sum(counts),
              "heartbeats_per_s_slowest_console": min(v["ingested_per_s"] for v in views),
              "lag_p50_s": pct(lags, 0.5), "lag_p95_s": pct(lags, 0.95), "lag_max_s": lags[-1] if lags else None,
              "rss_mb_start": rss_start, "rss_mb_end": rss_end, "rss_mb_each_minute": sampler.samples,
              "alarms_published": published_alarms, "alarms_stored": alarms,
              "reports_published": published_reports, "reports_stored": reports,
              "messages_lost": (published_alarms - alarms) + (published_reports - reports),
              "last_row_stored_after_s": drained_after,
              "load_average": os.getloadavg()[0], "broker": args.mosquitto_conf or "machine's Mosquitto (defaults)"}
    if observer is None:
        return result
    robot_seconds = args.robots * window
    sent = {"raised": len(observer.raised), "cleared": len(observer.cleared), "reports": len(observer.reports)}
    result.update({
        "simulator_processes": args.sim_processes, "sim_heartbeat_s": args.sim_heartbeat, "sim_tick_s": args.sim_tick,
        "robots_heard_before_load_and_after_s": heard_after, "robots_heard_by_end": len(observer.sent),
        "window_s": round(window, 1),
        "offered_heartbeats_per_s": round(heartbeats_sent / window), "heartbeats_published": heartbeats_sent,
        "consoles": [{"updates": v["updates"], "per_s": v["ingested_per_s"], "lag_p50_s": v["lag_p50_s"],
                      "lag_p95_s": v["lag_p95_s"], "lag_max_s": v["lag_max_s"]} for v in views],
        "alarms_reports_seen_by_broker": sent, "alarms_reports_stored": robots_stored,  # the publisher's and robots'
        "alarms_reports_lost": sum(sent.values()) - sum(robots_stored.values()),
        "rss_mb_at_load_start": rss_load, "rss_mb_at_load_end": rss_before_end,
        "cpu_seconds": cpu_spent, "machine_busy_cpu_seconds": round(busy, 1),
        "cpu_us_per_robot_second": {key: round(value * 1e6 / robot_seconds, 1) for key, value in cpu_spent.items()},
        "load_average_start_end": [load_start, load_end],
        "simulator_log_warnings_and_errors": len(simulator_errors), "simulator_log_first": simulator_errors[:5],
    })
    return result


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
    parser.add_argument("--sim-processes", type=int, default=0,
                        help="heartbeats from the robot simulator in this many processes (0: the light publishers)")
    parser.add_argument("--sim-heartbeat", type=float, default=5.0, help="the simulated robots' heartbeat, seconds")
    parser.add_argument("--sim-tick", type=float, default=1.0, help="the simulator's tick, wall seconds")
    parser.add_argument("--database-prefix", default="bench_cluster", help="the scratch database's name prefix")
    args = parser.parse_args()
    os.chdir(REPO)
    with own_broker(args.mosquitto_conf, args.broker_port) as broker_pid:
        results = [run(int(n), args, broker_pid) for n in args.workers.split(",")]
    print(json.dumps(results, indent=2))
    if len(results) == 2 and results[0]["heartbeats_per_s_slowest_console"]:
        ratio = results[1]["heartbeats_per_s_slowest_console"] / results[0]["heartbeats_per_s_slowest_console"]
        print(f"second worker's gain (heartbeats/s, slowest console): x{ratio:.2f}")


if __name__ == "__main__":
    main()
