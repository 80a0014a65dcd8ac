"""`python -m cleanfleet cluster` (`make run-cluster`): N workers and the load balancer on one machine.

1. The database is created when missing and migrated and seeded once (``migrate``), before any worker starts.
2. N workers (``python -m cleanfleet run``) on 127.0.0.1, ports ``worker_port``, ``worker_port + 1`` ...,
   with the same settings: PostgreSQL, Redis and the MQTT broker by URL (defaults: this machine's own on
   127.0.0.1), one shared-subscription group, a client id each, the balancer trusted as proxy. Only the first
   worker starts the simulated robots (CLEANFLEET_SIM_ROBOTS), so they exist once.
3. The balancer (cleanfleet/balancer.py) on CLEANFLEET_HOST:CLEANFLEET_PORT, as `make run` serves it.
4. The workers share one PROMETHEUS_MULTIPROC_DIR (a fresh temporary folder unless given; emptied at the start), so
   any worker's /metrics sums them all (metrics/series.py).

Ctrl-C stops the balancer, then the workers (SIGTERM: each stops its parts in order).
"""

import asyncio
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

from sqlalchemy.engine import make_url

DEFAULTS = {
    "CLEANFLEET_DATABASE_URL": "postgresql://postgres@127.0.0.1:5432/cleanfleet",
    "CLEANFLEET_REDIS_URL": "redis://127.0.0.1:6379/0",
    "CLEANFLEET_MQTT_URL": "mqtt://127.0.0.1:1883",
    "CLEANFLEET_MQTT_SHARE_GROUP": "cleanfleet",
}
STOP_SECONDS = 20.0


def cluster_env(environ: Mapping[str, str]) -> dict[str, str]:
    """The settings every worker shares: the caller's, with the cluster's defaults where unset."""
    env = dict(environ)
    for name, value in DEFAULTS.items():
        env.setdefault(name, value)
    return env


def worker_env(shared: Mapping[str, str], index: int, port: int) -> dict[str, str]:
    """One worker's settings: its port and MQTT client id; the simulated robots only on the first."""
    env = dict(shared)
    client_id = shared.get("CLEANFLEET_MQTT_CLIENT_ID", "cleanfleet-gateway")
    env.update({"CLEANFLEET_HOST": "127.0.0.1", "CLEANFLEET_PORT": str(port),
                "CLEANFLEET_MQTT_CLIENT_ID": f"{client_id}-w{index}",
                "CLEANFLEET_TRUSTED_PROXIES": shared.get("CLEANFLEET_TRUSTED_PROXIES") or "127.0.0.1"})
    if index > 0:
        env["CLEANFLEET_SIM_ROBOTS"] = "0"
    return env


async def ensure_database(url: str) -> None:
    """Creates the PostgreSQL database of ``url`` when it does not exist (the server's own account may)."""
    import asyncpg

    target = make_url(url)
    if not target.drivername.startswith("postgres") or not target.database:
        return
    admin = await asyncpg.connect(host=target.host or "127.0.0.1", port=target.port or 5432,
                                  user=target.username, password=target.password, database="postgres")
    try:
        if not await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", target.database):
            await admin.execute(f'CREATE DATABASE "{target.database}"')
    finally:
        await admin.close()


def metrics_folder(shared: dict[str, str]) -> Path:
    """The workers' shared Prometheus folder, emptied (a previous run's values would be summed in)."""
    given = shared.get("PROMETHEUS_MULTIPROC_DIR")
    folder = Path(given) if given else Path(tempfile.mkdtemp(prefix="cleanfleet-metrics-"))
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.db"):
        stale.unlink()
    shared["PROMETHEUS_MULTIPROC_DIR"] = str(folder)
    return folder


def start_workers(shared: Mapping[str, str], count: int, first_port: int) -> list[subprocess.Popen[bytes]]:
    return [subprocess.Popen([sys.executable, "-m", "cleanfleet", "run"], env=worker_env(shared, i, first_port + i))
            for i in range(count)]


def stop_workers(workers: list[subprocess.Popen[bytes]]) -> None:
    for worker in workers:
        if worker.poll() is None:
            worker.send_signal(signal.SIGTERM)
    for worker in workers:
        try:
            worker.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
        if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            from prometheus_client import multiprocess

            multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def run_cluster(workers: int, worker_port: int | None) -> None:
    from cleanfleet import balancer
    from cleanfleet.settings import Settings

    shared = cluster_env(os.environ)
    settings = Settings.model_validate({k[len("CLEANFLEET_"):].lower(): v for k, v in shared.items()
                                        if k.startswith("CLEANFLEET_")})
    metrics = metrics_folder(shared)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(metrics)  # for stop_workers' mark_process_dead
    asyncio.run(ensure_database(shared["CLEANFLEET_DATABASE_URL"]))
    subprocess.run([sys.executable, "-m", "cleanfleet", "migrate"], env=shared, check=True)
    first = worker_port or settings.port + 1
    processes = start_workers(shared, workers, first)
    urls = [f"http://127.0.0.1:{first + i}" for i in range(workers)]
    print(f"cleanfleet cluster http://{settings.host}:{settings.port}  ({workers} workers: {', '.join(urls)})",
          flush=True)
    try:
        balancer.serve(settings.host, settings.port, urls, settings.max_body_bytes)
    finally:
        stop_workers(processes)
