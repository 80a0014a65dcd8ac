"""Robot link benchmark: heartbeats ingested per second, and how far behind the console's live view is.

    backend/.venv/bin/python bench/bench_heartbeats.py [--robots 10000] [--rate 10000] [--seconds 20]
                                      [--publishers 2] [--consoles 1] [--nice -15] [--database-url postgresql://...]
                                      [--embedded]

A real server (uvicorn, one worker) with its gateway on the local Mosquitto (127.0.0.1:1883, or the port in
``BENCH_MQTT_PORT``: a Mosquitto of your own); ``--robots``
device records; ``--publishers`` load-generator processes, each one MQTT connection publishing QoS 1
heartbeats for its share of the serials, ``--rate`` heartbeats a second in all (every robot in turn). Each
heartbeat carries its publish time (in ``pose.x``, seconds within the hour), so:
- the console's view: a WebSocket console signed in as admin receives the live updates; lag = receive time
  minus publish time, over the measured window (after a 3 s warm-up);
- heartbeats ingested per second = updates the console received / window (each update is one heartbeat
  written to ``device_states``; the gateway coalesces only two heartbeats of one robot in one batch, which
  at one heartbeat per robot per second and 0.25 s batches does not happen);
- the row: at the end, the newest ``pose_x`` in ``device_states`` shows the last publish made it to the table.
``--embedded``: the server's own broker instead (the default install, one process all in): each robot its own
connection (the broker lets a robot publish only its own topics), ``--publishers`` processes holding the robots, all
signed in before the count starts; the broker thread's own CPU is printed beside the process's.
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from server import SIGNER, free_port, login, running_server  # noqa: E402

HOUR = 3600.0
TEMPLATE = ('{"v":1,"msgId":"%s-%d","sn":"%s","ts":"%s","online":true,"intervalS":1,"protocol":3,'
            '"battery":77.5,"charging":false,"state":"working","mode":"cleaning","map":"office-3F",'
            '"task":"Bench","progress":50.0,"pose":{"x":%.4f,"y":2.0,"yaw":0.5},"localized":true,"alarms":[]}')


def publish_time() -> float:
    return time.time() % HOUR


def lag_of(published: float, now: float) -> float:
    return (now % HOUR - published) % HOUR


async def seed_robots(database_url: str, data_dir: Path, serials: list[str]) -> None:
    """Migrate, then one device record (admin's) with a state row per serial, in bulk."""
    import hashlib

    from sqlalchemy import insert, select

    from cleanfleet.bootstrap import prepare
    from cleanfleet.core.db import create_engine, utcnow
    from cleanfleet.devices.models import Device, DeviceState
    from cleanfleet.devices.types.models import DeviceType
    from cleanfleet.settings import Settings, async_driver

    await prepare(Settings(data_dir=data_dir, database_url=database_url, admin_password="BenchAdmin1", demo=False))
    engine = create_engine(async_driver(database_url))
    secret_hash = hashlib.sha256(b"bench").hexdigest()
    async with engine.begin() as conn:
        type_id = (await conn.execute(insert(DeviceType).values(name="Bench model", url="", description="")
                                      .returning(DeviceType.id))).scalar_one()
        start = (await conn.execute(select(Device.id).order_by(Device.id.desc()).limit(1))).scalar() or 0
        now = utcnow()
        rows = [{"id": start + i + 1, "serial_number": sn, "name": sn, "type_id": type_id, "user_id": 1,
                 "owner_path": "/1/", "search_text": sn.lower(), "secret_hash": secret_hash, "protocol_version": 3,
                 "created_at": now, "updated_at": now} for i, sn in enumerate(serials)]
        for chunk in range(0, len(rows), 5000):
            await conn.execute(insert(Device), rows[chunk:chunk + 5000])
            await conn.execute(insert(DeviceState), [{"device_id": r["id"], "online": False, "work_seconds": 0,
                                                      "work_area": 0.0, "task_count": 0}
                                                     for r in rows[chunk:chunk + 5000]])
    await engine.dispose()


def mqtt_port() -> int:
    """The broker's port: the machine's Mosquitto, or the one bench_cluster.py starts (``BENCH_MQTT_PORT``)."""
    return int(os.environ.get("BENCH_MQTT_PORT", "1883"))


def publisher(serials: list[str], rate: float, seconds: float, started: Any, counts: Any, index: int) -> None:
    """One MQTT connection publishing QoS 1 heartbeats round-robin over ``serials`` at ``rate`` a second."""
    import paho.mqtt.client as mqtt

    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"bench-pub-{uuid.uuid4().hex[:8]}",
                         clean_session=True)
    client.max_inflight_messages_set(2000)
    client.max_queued_messages_set(0)
    client.connect("127.0.0.1", mqtt_port(), keepalive=60)
    client.loop_start()
    started.wait()
    sent, begin, n = 0, time.time(), len(serials)
    template = TEMPLATE
    while time.time() - begin < seconds:
        due = int((time.time() - begin) * rate)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())  # a robot's ts (an empty one is refused)
        while sent < due:
            sn = serials[sent % n]
            client.publish(f"cf/{sn}/up/heartbeat", template % (sn, sent, sn, stamp, publish_time()), qos=1)
            sent += 1
        time.sleep(0.002)
    counts[index] = sent
    time.sleep(1.0)
    client.loop_stop()
    client.disconnect()


def robots_publisher(serials: list[str], port: int, rate: float, seconds: float, started: Any, ready: Any,
                     counts: Any, index: int) -> None:
    """``--embedded``: the robots themselves on the server's broker, one connection each (client id = user name =
    serial, secret ``bench``; the broker lets a robot publish only its own topics), signed in 100 at a time; then QoS
    1 heartbeats in turn, ``rate`` a second in all, the PUBACKs read and dropped."""
    import uvloop
    from bench_storm import raise_open_files

    from cleanfleet.gateway.wire import PUBLISH, connect_packet, packet, string

    raise_open_files(len(serials) + 256)

    async def drain(reader: asyncio.StreamReader) -> None:
        while await reader.read(65536):
            pass

    async def run() -> None:
        gate, writers, drains = asyncio.Semaphore(100), {}, []

        async def sign_in(sn: str) -> None:
            async with gate:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(connect_packet(sn, clean_session=True, keepalive=600, username=sn, password="bench"))
                if (await reader.readexactly(4))[3] != 0:
                    raise RuntimeError(f"{sn} refused")
                writers[sn] = writer
                drains.append(asyncio.create_task(drain(reader)))

        await asyncio.gather(*(sign_in(sn) for sn in serials))
        ready.put(index)
        await asyncio.to_thread(started.wait)
        sent, begin, n = 0, time.time(), len(serials)
        while time.time() - begin < seconds:
            due, stamp = int((time.time() - begin) * rate), time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
            while sent < due:
                sn = serials[sent % n]
                body = TEMPLATE % (sn, sent, sn, stamp, publish_time())
                writers[sn].write(packet(PUBLISH, 0x02, string(f"cf/{sn}/up/heartbeat")
                                         + (sent // n % 0xFFFF + 1).to_bytes(2, "big") + body.encode()))
                sent += 1
            await asyncio.sleep(0.002)
        counts[index] = sent
        await asyncio.sleep(1.0)
        for writer in writers.values():
            writer.close()

    uvloop.run(run())


async def consoles(url: str, token: str, count: int, seconds: float, warmup: float) -> dict[str, Any]:
    """``count`` consoles watching at once (ten viewers of one running task): every one gets every update; the
    lags of all of them together, and the fewest updates one of them received (it equals the most when the
    fan-out drops nothing)."""
    views = await asyncio.gather(*(console(url, token, seconds, warmup) for _ in range(count)))
    lags = sorted(lag for view in views for lag in view.pop("lags"))
    first = views[0]
    return {**first, "consoles": count, "fewest_updates": min(v["updates"] for v in views),
            "most_updates": max(v["updates"] for v in views), "lag_p50_s": pct(lags, 0.5),
            "lag_p95_s": pct(lags, 0.95), "lag_max_s": round(lags[-1], 3) if lags else None}


def pose_lag(state: dict[str, Any], now: float) -> float | None:
    """A device update's lag behind its publish, from the publish time the publisher put in ``pose.x``."""
    x = (state.get("pose") or {}).get("x")
    return None if x is None else lag_of(x, now)


async def console(url: str, token: str, seconds: float, warmup: float,
                  lag: Callable[[dict[str, Any], float], float | None] = pose_lag) -> dict[str, Any]:
    """The console's view: every device update pushed, with its lag behind the publish (``lag``: None for an
    update that is not counted)."""
    import websockets

    lags: list[float] = []  # after the warm-up
    whole: list[float] = []  # the whole run's
    worst: dict[int, float] = {}  # each second of the run: its worst lag (a stall shows as a second apart)
    updates = every = 0
    ws_url = url.replace("http", "ws") + f"/api/ws?token={token}&sign={quote(SIGNER.sign(), safe='')}"
    async with websockets.connect(ws_url, max_size=None) as ws:
        begin = time.time()
        while time.time() - begin < seconds + 3:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), 1))
            except TimeoutError:
                continue
            if message["type"] != "devices":
                continue
            now = time.time()
            counted = now - begin >= warmup
            every += len(message["data"])  # everything received, the warm-up and the drain included
            for state in message["data"]:
                late = lag(state, now)
                if late is not None and time.time() - begin < seconds:
                    whole.append(late)
                    second = int(now - begin)
                    worst[second] = max(worst.get(second, 0.0), late)
                    if counted:
                        updates += 1
                        lags.append(late)
    window = seconds - warmup
    lags.sort()
    whole.sort()
    return {"updates": updates, "all_updates": every, "ingested_per_s": round(updates / window),
            "lag_p50_s": pct(lags, 0.5), "lag_p95_s": pct(lags, 0.95),
            "lag_max_s": round(lags[-1], 3) if lags else None, "lags": lags,
            "whole_run_lag_p95_s": pct(whole, 0.95),
            "worst_lag_by_second": [round(worst.get(second, 0.0), 2) for second in range(int(seconds))]}


def server_pid(url: str) -> int | None:
    """The server process serving ``url`` (its CLEANFLEET_PORT), to read its CPU time."""
    port = url.rsplit(":", 1)[1].encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if b"cleanfleet" in (entry / "cmdline").read_bytes() and \
                    b"CLEANFLEET_PORT=" + port + b"\0" in (entry / "environ").read_bytes():
                return int(entry.name)
        except OSError:
            continue
    return None


def cpu_seconds(pid: int | None) -> float:
    """User + system CPU time of a process, in seconds (Linux /proc)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def broker_thread_cpu(pid: int | None) -> float:
    """The embedded broker thread's CPU seconds (bench_puback.py's reading)."""
    from bench_puback import broker_thread_cpu as read

    return read(pid)


def pct(values: list[float], q: float) -> float | None:
    return round(values[min(len(values) - 1, int(q * len(values)))], 3) if values else None


async def newest_row(database_url: str) -> float | None:
    from sqlalchemy import func, select

    from cleanfleet.core.db import create_engine
    from cleanfleet.devices.models import DeviceState
    from cleanfleet.settings import async_driver

    engine = create_engine(async_driver(database_url))
    async with engine.connect() as conn:
        newest = (await conn.execute(select(func.max(DeviceState.pose_x)))).scalar()
    await engine.dispose()
    return newest


async def forget_session(client_id: str) -> None:
    """The server's gateway left a persistent session at the broker: end it."""
    import aiomqtt

    async with aiomqtt.Client("127.0.0.1", mqtt_port(), identifier=client_id, clean_session=True):
        pass


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--robots", type=int, default=10_000)
    parser.add_argument("--rate", type=float, default=10_000)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--warmup", type=float, default=3.0,
                        help="seconds at the start not counted in the lag's percentiles (the first heartbeat of every "
                             "robot is written at once: 10,000 rows in the first second); the whole run's are printed too")
    parser.add_argument("--publishers", type=int, default=2)
    parser.add_argument("--consoles", type=int, default=1, help="consoles watching at once (each gets every update)")
    parser.add_argument("--database-url")
    parser.add_argument("--embedded", action="store_true",
                        help="the server's own broker, each robot its own connection (else Mosquitto and the gateway)")
    parser.add_argument("--nice", type=int, default=0,
                        help="the server's nice value (e.g. -15: its share of a busy machine, as bench_users)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database_url = args.database_url or f"sqlite:///{tmp}/bench.db"
        prefix = f"HB{uuid.uuid4().hex[:4].upper()}-"
        serials = [f"{prefix}{i:06d}" for i in range(args.robots)]
        asyncio.run(seed_robots(database_url, Path(tmp), serials))
        client_id = f"bench-gateway-{uuid.uuid4().hex[:8]}"
        port = free_port()
        env = ({"CLEANFLEET_MQTT_URL": "", "CLEANFLEET_MQTT_BIND": f"127.0.0.1:{port}",
                "CLEANFLEET_MQTT_TLS_BIND": "none"} if args.embedded else
               {"CLEANFLEET_MQTT_URL": f"mqtt://127.0.0.1:{mqtt_port()}", "CLEANFLEET_MQTT_CLIENT_ID": client_id})
        with running_server(Path(tmp), database_url, CLEANFLEET_OFFLINE_AFTER="600", **env) as url:
            token = login(url)
            time.sleep(1.0)  # the gateway subscribes
            started, ready = multiprocessing.Event(), multiprocessing.Queue()
            counts = multiprocessing.Array("l", args.publishers)
            shares = [serials[i::args.publishers] for i in range(args.publishers)]
            rate = args.rate / args.publishers
            processes = [multiprocessing.Process(target=robots_publisher,
                                                 args=(share, port, rate, args.seconds, started, ready, counts, i))
                         if args.embedded else
                         multiprocessing.Process(target=publisher, args=(share, rate, args.seconds, started, counts, i))
                         for i, share in enumerate(shares)]
            for process in processes:
                process.start()
            if args.embedded:
                for _ in processes:  # every robot signed in
                    ready.get(timeout=300)
                time.sleep(5.0)  # their statuses stored
            time.sleep(1.0)
            started.set()
            publish_start = time.time()
            pid = server_pid(url)
            if args.nice and pid is not None:
                os.setpriority(os.PRIO_PROCESS, pid, args.nice)
            cpu_before, thread_before, load_before = cpu_seconds(pid), broker_thread_cpu(pid), os.getloadavg()[0]
            view = asyncio.run(consoles(url, token, args.consoles, args.seconds, warmup=args.warmup))
            server_cpu, thread_cpu = cpu_seconds(pid) - cpu_before, broker_thread_cpu(pid) - thread_before
            for process in processes:
                process.join()
            newest = asyncio.run(newest_row(database_url))
            published = sum(counts)
        if not args.embedded:
            asyncio.run(forget_session(client_id))
        row_lag = None
        if newest is not None:
            gap = lag_of(newest, publish_start + args.seconds)
            row_lag = min(gap, HOUR - gap)
        print(json.dumps({"robots": args.robots, "offered_per_s": args.rate, "published": published,
                          "database": database_url.split(":")[0], **view,
                          "last_publish_in_table": row_lag is not None and row_lag < 5,
                          "server_cpu_s": round(server_cpu, 2),
                          "server_cpu_us_per_heartbeat": round(server_cpu * 1e6 / max(1, view["all_updates"]), 1),
                          "broker_thread_cpu_us_per_heartbeat": round(thread_cpu * 1e6 / max(1, view["all_updates"]), 1)
                          if args.embedded else None, "broker": "embedded" if args.embedded else "mosquitto",
                          "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
                          "cpu_count": os.cpu_count()}, indent=2))


if __name__ == "__main__":
    main()
