"""Start-up (issue 52 item 9; docs/budgets.md ``start``): seconds from a server process's start to its embedded broker
accepting a robot (CONNECT answered by CONNACK 0) and to ``/api/health`` answering 200, on a database already
migrated (the migrations' own time is not counted: the server still checks them). Budget: both ≤ 5 s. Beside each
wall time, the CPU time the server process had used by then (``*_cpu``): on a loaded machine the wall times stretch
with the load, the CPU times much less; a quiet machine's wall time is about the CPU time plus the waits. The first
``/api/health`` answer includes what a first call costs after a start (FastAPI builds each included router's routes
at its first request). Where the CPU goes: bench/history/robots.md "The server's start (issue 52 item 9)".

    backend/.venv/bin/python bench/bench_start.py [--runs 3] [--reference /tmp/head]

``--reference``: a copy of another commit's code (bench/copies.py) started the same way in the same run, alternately
with this checkout's; Mosquitto's own start to accepting a robot is printed beside them (a broker alone). The robot
polls every 20 ms, the health call every 50 ms. The load average is printed (other work on the machine moves every
figure). Each copy starts once before the timed runs (its compiled modules written), on SQLite in a temporary folder.
"""

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
from bench_heartbeats import cpu_seconds
from copies import PYTHON, REPO, code_env, load_average, mosquitto, note, seed_with
from server import ADMIN_PASSWORD, free_port, stop_within_grace

sys.path.insert(0, str(REPO / "backend"))
from cleanfleet.gateway.wire import connect_packet

SECRET = "bench"
LIMIT = 120.0  # seconds: a start that takes longer fails the bench


def robot_accepted(port: int, sn: str) -> bool:
    """One robot's sign-in: CONNACK 0."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1.0) as sock:
            sock.sendall(connect_packet(sn, clean_session=True, keepalive=30, username=sn, password=SECRET))
            answer = sock.recv(4)
            return len(answer) == 4 and answer[0] == 0x20 and answer[3] == 0
    except OSError:
        return False


def health_answers(url: str) -> bool:
    try:
        return httpx.get(url + "/api/health", timeout=1.0).status_code == 200
    except httpx.HTTPError:
        return False


def one_start(root: Path, data: Path, database_url: str, sn: str) -> dict[str, float]:
    """Starts ``root``'s server and times both; stops it within its grace."""
    port, mqtt_port = free_port(), free_port()
    env = {**os.environ, **code_env(root), "CLEANFLEET_DATA_DIR": str(data), "CLEANFLEET_PORT": str(port),
           "CLEANFLEET_DATABASE_URL": database_url, "CLEANFLEET_ADMIN_PASSWORD": ADMIN_PASSWORD,
           "CLEANFLEET_LOG_LEVEL": "WARNING", "CLEANFLEET_DEMO": "false", "CLEANFLEET_SIM_ROBOTS": "0",
           "CLEANFLEET_MQTT_URL": "", "CLEANFLEET_MQTT_BIND": f"127.0.0.1:{mqtt_port}"}
    url, times = f"http://127.0.0.1:{port}", {}
    with (data / "server.log").open("ab") as log:
        started = time.monotonic()
        process = subprocess.Popen([str(PYTHON), "-m", "cleanfleet", "run"], env=env, cwd=root,
                                   stdout=subprocess.DEVNULL, stderr=log)
        try:
            while len(times) < 4 and time.monotonic() - started < LIMIT and process.poll() is None:
                if "robots" not in times and robot_accepted(mqtt_port, sn):
                    times["robots"] = round(time.monotonic() - started, 2)
                    times["robots_cpu"] = round(cpu_seconds(process.pid), 2)
                if "health" not in times and health_answers(url):
                    times["health"] = round(time.monotonic() - started, 2)
                    times["health_cpu"] = round(cpu_seconds(process.pid), 2)
                time.sleep(0.02)
        finally:
            stop_within_grace(process)
    if len(times) < 4:
        raise RuntimeError(f"{root}: not started within {LIMIT:.0f} s ({times}); see {data / 'server.log'}")
    return times


def mosquitto_start(folder: Path, sn: str) -> float:
    port = free_port()
    started = time.monotonic()
    process = mosquitto(port, folder)
    try:
        while not robot_accepted(port, sn):
            time.sleep(0.005)
        return round(time.monotonic() - started, 3)
    finally:
        process.terminate()
        process.wait(10)


def summary(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 2), "max": round(max(values), 2)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reference", type=Path, help="a copy of another commit's code (bench/copies.py)")
    args = parser.parse_args()
    roots = {"this checkout": REPO, **({"reference": args.reference.resolve()} if args.reference else {})}
    sn = f"ST{uuid.uuid4().hex[:6].upper()}"
    starts: dict[str, dict[str, list[float]]] = {name: {"robots": [], "health": [], "robots_cpu": [], "health_cpu": []}
                                                 for name in roots}
    load_before = load_average()
    with tempfile.TemporaryDirectory() as tmp:
        folders = {}
        for name, root in roots.items():
            folder = folders[name] = Path(tmp) / name.replace(" ", "-")
            folder.mkdir()
            seed_with(root, f"sqlite:///{folder}/start.db", folder, [sn])
            note(f"warm-up {name}: {one_start(root, folder, f'sqlite:///{folder}/start.db', sn)}")
        for run in range(args.runs):
            for name, root in roots.items():
                times = one_start(root, folders[name], f"sqlite:///{folders[name]}/start.db", sn)
                note(f"run {run + 1} {name}: {times}")
                for key, value in times.items():
                    starts[name][key].append(value)
        broker_alone = [mosquitto_start(Path(tmp), sn) for _ in range(args.runs)]
    print(json.dumps({"budget_seconds": 5.0, "load_average_before": load_before, "load_average_after": load_average(),
                      **{name: {"accepting_robots_s": summary(found["robots"]), "api_health_s": summary(found["health"]),
                                "cpu_to_robots_s": summary(found["robots_cpu"]),
                                "cpu_to_health_s": summary(found["health_cpu"]), "runs": found}
                         for name, found in starts.items()},
                      "mosquitto_accepting_robots_s": summary(broker_alone)}, indent=2))


if __name__ == "__main__":
    main()
