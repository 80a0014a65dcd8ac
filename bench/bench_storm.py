"""A reconnect storm: 10,000 robots signing in at once (issue 52 item 8; docs/budgets.md ``reconnect-storm``).

    backend/.venv/bin/python bench/bench_storm.py [--robots 10000] [--processes 4] [--kinds plain,tls,mosquitto]
                                                  [--heartbeat 0] [--reference /tmp/head] [--mosquitto-port 0]

Per kind, a fresh real server (one worker, SQLite in a temporary folder, ``--robots`` device records whose secret is
``bench``) and ``--processes`` client processes (each raises its open-file limit with ``resource.setrlimit`` and runs
its share of the robots on uvloop, one TCP or TLS connection per robot, at most ``--in-flight`` of them trying to get in
at once: 10,000 robots' TLS handshakes at once on the bench's own two cores collapsed the load generator, each of
its handshakes outlasting its robot's 10 s, whatever the broker did). Two phases, each timed from its start to
the last robot's CONNACK (and to the last robot "ready": its SUBSCRIBE and retained status answered):
- ``cold``: every robot connects at the same instant (the worst case: no jitter on the first try);
- ``reconnect``: once all are in, every connection is cut at the same instant (no DISCONNECT: the wills fire) and
  each robot connects again after a wait drawn as the robots do (full jitter, docs/robot-contract.md).
A robot signs in as a real one does (client id = user name = serial number, the secret, a persistent session, a
retained will), subscribes to ``cf/<sn>/down/cmd`` and publishes its retained online status at QoS 1; an attempt that
is not answered within 10 s, refused or cut is tried again after a full-jitter wait (1 s doubling up to 30 s).
With ``--heartbeat S`` each robot also publishes a QoS 1 heartbeat every S seconds once in (keep-alive 3 S).
Meanwhile one process calls ``/api/health`` every 50 ms: its p95 before the storm (the machine's reference, same
run) and during each phase. Kinds, in one run:
- ``plain`` and ``tls``: this checkout's embedded broker, on its plain or its TLS listener;
- ``mosquitto`` and ``mosquitto-tls``: the reference: a Mosquitto of the bench's own (``--mosquitto-port 1883``: the
  machine's, plain only) with the server's gateway on it; its TLS listener has the certificate the embedded broker's
  would have (from the product CA);
- ``reference`` / ``reference-tls``: ``--reference``'s embedded broker (a copy of another commit, bench/copies.py).
Also printed: the server's CPU (and the broker thread's, or Mosquitto's) during each phase, the attempts the robots
needed, why attempts failed, the load average before and after.
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import ssl
import struct
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_heartbeats import cpu_seconds, server_pid  # noqa: E402
from bench_puback import broker_thread_cpu, percentiles  # noqa: E402
from copies import REPO, code_env, load_average, mosquitto, note, seed_with  # noqa: E402
from server import free_port, running_server  # noqa: E402

from cleanfleet.gateway import wire  # noqa: E402

SECRET = "bench"
ATTEMPT_S = 10.0  # a robot waits this long for its CONNACK (aiomqtt's timeout in the simulator)
BACKOFF_FIRST_S, BACKOFF_CAP_S = 1.0, 30.0
PHASE_LIMIT_S = 180.0
HEALTH_EVERY_S = 0.05


def full_jitter(attempt: int) -> float:
    """The robots' wait before attempt ``attempt + 1`` (sim/cleanfleet_sim/link.py ``Backoff``)."""
    return random.uniform(0, min(BACKOFF_CAP_S, BACKOFF_FIRST_S * 2 ** attempt))


def connect_with_will(sn: str, keepalive: int) -> bytes:
    """A robot's CONNECT: persistent session, its serial and secret, a retained QoS 1 will (online false)."""
    will = b'{"online":false,"reason":"lost"}'
    body = (wire.string("MQTT") + bytes([4, 0x80 | 0x40 | 0x20 | 0x08 | 0x04]) + struct.pack("!H", keepalive)
            + wire.string(sn) + wire.string(f"cf/{sn}/up/status") + struct.pack("!H", len(will)) + will
            + wire.string(sn) + wire.string(SECRET))
    return wire.packet(wire.CONNECT, 0, body)


def status_online(sn: str) -> bytes:
    payload = f'{{"v":2,"msgId":"{sn}-{uuid.uuid4().hex[:8]}","sn":"{sn}","ts":"{_stamp()}","online":true,' \
              f'"reason":"connected","protocol":3,"frpPort":20000}}'
    return wire.publish(wire.Publish(f"cf/{sn}/up/status", payload.encode(), 1, True, False, 2))


def heartbeat(sn: str, n: int) -> bytes:
    payload = f'{{"v":2,"msgId":"{sn}-hb{n}","sn":"{sn}","ts":"{_stamp()}","online":true,"intervalS":5,' \
              f'"protocol":3,"battery":80.0,"charging":false,"state":"idle","mode":"idle","alarms":[]}}'
    return wire.publish(wire.Publish(f"cf/{sn}/up/heartbeat", payload.encode(), 1, False, False, 3 + n % 60000))


def _stamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Robot:
    """One robot's connection attempts in a phase."""

    def __init__(self, sn: str) -> None:
        self.sn = sn
        self.attempts = 0
        self.connacked: float | None = None
        self.ready: float | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.beating: asyncio.Task[None] | None = None
        self.draining: asyncio.Task[None] | None = None  # reads what the broker sends once in (kept: not collected)

    async def sign_in(self, port: int, context: ssl.SSLContext | None, begin: float, first_wait: float,
                      failures: dict[str, int], heartbeat_s: float, gate: asyncio.Semaphore) -> None:
        self.connacked = self.ready = None
        await asyncio.sleep(first_wait)
        while True:
            try:
                async with gate:  # this process's robots trying at once (the load generator must not collapse)
                    self.attempts += 1
                    async with asyncio.timeout(ATTEMPT_S):
                        await self._attempt(port, context, begin, heartbeat_s)
                break
            except (OSError, asyncio.IncompleteReadError, TimeoutError, ssl.SSLError, RuntimeError) as exc:
                why = type(exc).__name__ if not isinstance(exc, RuntimeError) else str(exc)
                failures[why] = failures.get(why, 0) + 1
                self.cut()
                self.connacked = None
                await asyncio.sleep(full_jitter(self.attempts - 1))
        if heartbeat_s:
            self.beating = asyncio.create_task(self._beat(heartbeat_s))

    async def _attempt(self, port: int, context: ssl.SSLContext | None, begin: float, heartbeat_s: float) -> None:
        reader, self.writer = await asyncio.open_connection(
            "127.0.0.1", port, ssl=context, server_hostname="127.0.0.1" if context else None)
        self.writer.write(connect_with_will(self.sn, int(heartbeat_s * 3) or 120))
        connack = await reader.readexactly(4)
        if connack[3] != wire.ACCEPTED:
            raise RuntimeError(f"CONNACK {connack[3]}")
        self.connacked = time.monotonic() - begin
        self.writer.write(wire.subscribe_packet(1, [(f"cf/{self.sn}/down/cmd", 1)]) + status_online(self.sn))
        buffer, answered = bytearray(), set()
        while not {wire.SUBACK, wire.PUBACK} <= answered:
            data = await reader.read(4096)
            if not data:
                raise ConnectionResetError("closed after the CONNACK")
            buffer += data
            packets, used = wire.split_packets(buffer)
            del buffer[:used]
            answered.update(first >> 4 for first, _ in packets)
        self.ready = time.monotonic() - begin
        self.draining = asyncio.get_running_loop().create_task(_drain(reader))

    async def _beat(self, every: float) -> None:
        await asyncio.sleep(random.uniform(0, every))
        n = 0
        while self.writer is not None:
            self.writer.write(heartbeat(self.sn, n))
            n += 1
            await asyncio.sleep(every)

    def cut(self) -> None:
        """The line goes dead: no DISCONNECT (the broker sends the will)."""
        for task in (self.beating, self.draining):
            if task is not None:
                task.cancel()
        self.beating = self.draining = None
        if self.writer is not None:
            self.writer.transport.abort()
            self.writer = None


async def _drain(reader: asyncio.StreamReader) -> None:
    try:
        while await reader.read(65536):
            pass
    except (OSError, asyncio.CancelledError):
        pass


def raise_open_files(wanted: int) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def storm_process(serials: list[str], port: int, ca_file: str | None, heartbeat_s: float, in_flight: int,
                  orders: Any, results: Any) -> None:
    """A share of the robots: waits for each phase's start (a wall time), runs it, reports, until told to stop."""
    import uvloop

    raise_open_files(len(serials) + 256)
    random.seed(os.getpid())

    async def main() -> None:
        context = None
        if ca_file:
            context = ssl.create_default_context(cafile=ca_file)
            context.minimum_version = ssl.TLSVersion.TLSv1_2
        robots = [Robot(sn) for sn in serials]
        while (order := await asyncio.to_thread(orders.get)) is not None:
            name, at = order
            await asyncio.sleep(max(0.0, at - time.time()))
            for robot in robots:  # the reconnect phase: every line cut at once
                robot.cut()
            begin, failures = time.monotonic(), dict[str, int]()
            for robot in robots:
                robot.attempts = 0
            waits = [0.0 if name == "cold" else full_jitter(0) for _ in robots]
            gate = asyncio.Semaphore(in_flight)
            jobs = [robot.sign_in(port, context, begin, wait, failures, heartbeat_s, gate)
                    for robot, wait in zip(robots, waits, strict=True)]
            try:
                async with asyncio.timeout(PHASE_LIMIT_S):
                    await asyncio.gather(*jobs)
            except TimeoutError:
                failures["phase limit"] = 1
            results.put({"connacked": [r.connacked for r in robots], "ready": [r.ready for r in robots],
                         "attempts": [r.attempts for r in robots], "failures": failures})
        for robot in robots:
            robot.cut()

    uvloop.run(main())


def health_process(url: str, stop: Any, results: Any) -> None:
    """``/api/health`` every 50 ms on one keep-alive connection: (wall time sent, seconds to the answer)."""
    import http.client
    from urllib.parse import urlparse

    parts = urlparse(url)
    samples: list[tuple[float, float]] = []
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    while not stop.is_set():
        sent, begin = time.time(), time.perf_counter()
        try:
            connection.request("GET", "/api/health")
            answer = connection.getresponse()
            answer.read()
            ok = answer.status == 200
        except (OSError, http.client.HTTPException):
            ok = False
            connection.close()
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        samples.append((sent, time.perf_counter() - begin if ok else 30.0))
        time.sleep(max(0.0, HEALTH_EVERY_S - (time.perf_counter() - begin)))
    results.put(samples)


def health_in(samples: list[tuple[float, float]], start: float, end: float) -> dict[str, Any]:
    found = percentiles([seconds * 1000 for at, seconds in samples if start <= at <= end])
    return {"calls": found["measured"], "p50_ms": found["p50_ms"], "p95_ms": found["p95_ms"],
            "max_ms": found["max_ms"]}


def phase_summary(reports: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    connacked = [t for r in reports for t in r["connacked"] if t is not None]
    ready = [t for r in reports for t in r["ready"] if t is not None]
    attempts = [a for r in reports for a in r["attempts"]]
    failures: dict[str, int] = {}
    for report in reports:
        for why, count in report["failures"].items():
            failures[why] = failures.get(why, 0) + count
    robots = len(attempts)
    return {"robots": robots, "connacked": len(connacked), "ready": len(ready),
            "all_connacked_s": round(max(connacked), 2) if len(connacked) == robots else None,
            "all_ready_s": round(max(ready), 2) if len(ready) == robots else None,
            "connack_p50_s": round(sorted(connacked)[len(connacked) // 2], 2) if connacked else None,
            "connack_p95_s": round(sorted(connacked)[int(len(connacked) * 0.95)], 2) if connacked else None,
            "attempts_max": max(attempts), "attempts_total": sum(attempts), "failures": failures,
            "phase_wall_s": round(seconds, 1)}


def one_kind(kind: str, root: Path, args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        serials = [f"ST{uuid.uuid4().hex[:4].upper()}-{i:05d}" for i in range(args.robots)]
        database_url = f"sqlite:///{folder}/storm.db"
        seed_with(root, database_url, folder, serials)
        tls = kind.endswith("tls")
        port, tls_port = free_port(), free_port()
        broker = None
        if kind.startswith("mosquitto"):
            port = args.mosquitto_port or port
            broker = None if args.mosquitto_port else mosquitto(port, folder, mosquitto_tls(folder, tls_port) if tls
                                                                 else "")
            env = {"CLEANFLEET_MQTT_URL": f"mqtt://127.0.0.1:{port}",
                   "CLEANFLEET_MQTT_CLIENT_ID": f"bench-storm-{uuid.uuid4().hex[:6]}"}
        else:
            env = {"CLEANFLEET_MQTT_URL": "", "CLEANFLEET_MQTT_BIND": f"127.0.0.1:{port}",
                   "CLEANFLEET_MQTT_TLS_BIND": f"127.0.0.1:{tls_port}" if tls else "none"}
        env.update(code_env(root), CLEANFLEET_OFFLINE_AFTER="600")
        try:
            with running_server(folder, database_url, **env) as url:
                ca_file = str(folder / "broker-tls" / "ca.pem") if tls else None
                return {"kind": kind, **storm(url, tls_port if tls else port, serials, ca_file, broker, args)}
        finally:
            if broker is not None:
                broker.terminate()
                broker.wait(10)


def mosquitto_tls(folder: Path, port: int) -> str:
    """Mosquitto's TLS listener with the certificate the embedded broker would use (made here from the product CA)."""
    from cleanfleet.gateway.broker.tls import server_files, write_ca_file
    from cleanfleet.settings import Settings

    settings = Settings(data_dir=folder)
    cert, key = server_files(settings, ["localhost", "127.0.0.1", "::1"])
    return (f"listener {port} 127.0.0.1\ncertfile {cert}\nkeyfile {key}\ncafile {write_ca_file(settings)}\n"
            "require_certificate false\nuser root\n")  # as root, Mosquitto would read the key as its own user


def storm(url: str, port: int, serials: list[str], ca_file: str | None, broker: Any,
          args: argparse.Namespace) -> dict[str, Any]:
    time.sleep(3.0)  # the server's first scans after its start
    pid = server_pid(url)
    broker_pid = broker.pid if broker is not None else None
    load_before = load_average()
    stop, health_out, out = multiprocessing.Event(), multiprocessing.Queue(), multiprocessing.Queue()
    poller = multiprocessing.Process(target=health_process, args=(url, stop, health_out))
    poller.start()
    shares = [serials[i::args.processes] for i in range(args.processes)]
    orders = [multiprocessing.Queue() for _ in shares]
    clients = [multiprocessing.Process(target=storm_process, args=(share, port, ca_file, args.heartbeat,
                                                                   args.in_flight, queue, out))
               for share, queue in zip(shares, orders, strict=True)]
    for client in clients:
        client.start()
    time.sleep(3.0)  # the clients import and start; the health poller's quiet window
    windows, phases = {"before": (time.time() - 2.5, time.time())}, {}
    for name in ("cold", "reconnect"):
        at = time.time() + 1.0
        cpu = (cpu_seconds(pid), broker_thread_cpu(pid), cpu_seconds(broker_pid) if broker_pid else 0.0)
        for queue in orders:
            queue.put((name, at))
        reports = [out.get(timeout=PHASE_LIMIT_S + 60) for _ in clients]
        end = time.time()
        windows[name] = (at, end)
        used = (cpu_seconds(pid) - cpu[0], broker_thread_cpu(pid) - cpu[1],
                (cpu_seconds(broker_pid) - cpu[2]) if broker_pid else None)
        phases[name] = {**phase_summary(reports, end - at), "server_cpu_s": round(used[0], 2),
                        "broker_thread_cpu_s": round(used[1], 2) if used[1] else None,
                        "mosquitto_cpu_s": round(used[2], 2) if used[2] is not None else None}
        note(name, json.dumps(phases[name]))
        time.sleep(3.0)  # settle: the last statuses stored
    for queue in orders:
        queue.put(None)
    for client in clients:
        client.join(60)
    stop.set()
    samples = health_out.get(timeout=60)
    poller.join(10)
    health = {name: health_in(samples, *window) for name, window in windows.items()}
    for name, phase in phases.items():
        phase["health"] = health[name]
    return {"health_before": health["before"], **phases,
            "load_average": {"before": load_before, "after": load_average()}}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--robots", type=int, default=10_000)
    parser.add_argument("--processes", type=int, default=4, help="client processes sharing the robots")
    parser.add_argument("--kinds", default="plain,mosquitto,tls,mosquitto-tls")
    parser.add_argument("--heartbeat", type=float, default=0.0, help="seconds between a robot's heartbeats (0: none)")
    parser.add_argument("--in-flight", type=int, default=100, help="a client process's robots trying at once")
    parser.add_argument("--reference", type=Path, help="a copy of another commit's code (bench/copies.py)")
    parser.add_argument("--mosquitto-port", type=int, default=0, help="a running Mosquitto (0: the bench starts one)")
    args = parser.parse_args()
    raise_open_files(args.robots + 1024)
    roots = {"plain": REPO, "tls": REPO, "mosquitto": REPO, "mosquitto-tls": REPO, "reference": args.reference,
             "reference-tls": args.reference}
    results = []
    for kind in args.kinds.split(","):
        if roots.get(kind) is None:
            continue
        results.append(one_kind(kind, Path(roots[kind] or REPO).resolve(), args))
        note(json.dumps(results[-1]))
    print(json.dumps({"robots": args.robots, "budget": "all CONNACKed <= 60 s, /api/health p95 <= 200 ms",
                      "cpu_count": os.cpu_count(), "results": results}, indent=2))


if __name__ == "__main__":
    sys.exit(main())
