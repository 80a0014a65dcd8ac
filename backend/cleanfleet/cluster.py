"""`python -m cleanfleet cluster` (`make run-cluster`): N workers and the load balancer on one machine.

1. The database is created when missing and migrated and seeded once (``migrate``), before any worker starts.
2. N workers (``python -m cleanfleet run``) on 127.0.0.1, ports ``worker_port``, ``worker_port + 1`` ...,
   with the same settings: PostgreSQL, Redis and the MQTT broker by URL (defaults: this machine's own on
   127.0.0.1), one shared-subscription group, a client id each, the balancer trusted as proxy. The simulated robots
   (CLEANFLEET_SIM_ROBOTS) run once: started here with the cluster's own Mosquitto (6. below), else by the first
   worker.
3. The balancer (cleanfleet/balancer.py) on CLEANFLEET_HOST:CLEANFLEET_PORT, as `make run` serves it.
4. The workers share one PROMETHEUS_MULTIPROC_DIR (a fresh temporary folder unless given; emptied at the start), so
   any worker's /metrics sums them all (metrics/series.py).

5. The broker: with CLEANFLEET_MQTT_URL unset and Mosquitto installed, a Mosquitto of the cluster's own, started
   with deploy/mosquitto.conf (no anonymous client, the dynamic security plugin, TLS only) on 127.0.0.1: the
   password listener on OWN_BROKER_PORT (the gateways, the admin client, password robots) and the certificate
   listener on OWN_BROKER_CERT_PORT, its files in data_dir/cluster-mosquitto (the plugin's clients, the admin's and
   the gateway's passwords, drawn once; the broker's certificate from the product CA, made at each start; the CRL
   is the CA's own crl.pem; its pid in mosquitto.pid); the workers keep its clients (CLEANFLEET_MQTT_DYNSEC_*),
   connect over TLS (mqtts://), and SIGHUP it after each CRL rewrite (CLEANFLEET_BROKER_RELOAD_PID_FILE: it reads
   the CRL again). Without Mosquitto: CLEANFLEET_MQTT_URL's default, this machine's broker on 1883, as before (and
   as open as that broker is), and the first worker starts the simulated robots by password as `make run` does.
6. The simulated robots, with the cluster's own Mosquitto: started here (not by a worker), as certificate robots
   (``simulated_fleet``): each enrols with its device secret and a CSR of a key it makes (the simulator's
   ``--enrol``; key, certificate and credentials kept in data_dir/cluster-robots, so a restart reuses them and
   the robots renew them), verifies the broker against the product CA and signs in on the certificate listener.
   Their device records are added before the workers start.

Ctrl-C stops the balancer, then the simulated robots, then the workers (SIGTERM: each stops its parts in order), then
the cluster's Mosquitto.
"""

import asyncio
import getpass
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy.engine import make_url

if TYPE_CHECKING:
    from cleanfleet.settings import Settings

DEFAULTS = {
    "CLEANFLEET_DATABASE_URL": "postgresql://postgres@127.0.0.1:5432/cleanfleet",
    "CLEANFLEET_REDIS_URL": "redis://127.0.0.1:6379/0",
    "CLEANFLEET_MQTT_URL": "mqtt://127.0.0.1:1883",
    "CLEANFLEET_MQTT_SHARE_GROUP": "cleanfleet",
}
STOP_SECONDS = 20.0
OWN_BROKER_PORT = 1885  # the password listener (TLS); the embedded broker's plain default is 1884
OWN_BROKER_CERT_PORT = 8885  # the certificate listener (TLS); the embedded broker's is 8883
BROKER_ADMIN, BROKER_GATEWAY = "cleanfleet-admin", "cleanfleet-gateway"
PID_FILE = "mosquitto.pid"
ROBOTS_FOLDER = "cluster-robots"  # the simulated robots' keys, certificates and credentials (data_dir)


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


def _kept_password(path: Path) -> str:
    if not path.exists():
        path.write_text(secrets.token_urlsafe(24))
        path.chmod(0o600)
    return path.read_text().strip()


def own_broker_config(shipped: str, folder: Path, port: int, cert_port: int = OWN_BROKER_CERT_PORT,
                      crl: Path | None = None) -> str:
    """deploy/mosquitto.conf on 127.0.0.1: the password listener on ``port``, the certificate listener on
    ``cert_port``, with its plugin's file and its certificates in ``folder`` and the CA's CRL ``crl``."""
    conf = re.sub(r"^listener 8884$", f"listener {port} 127.0.0.1", shipped, flags=re.MULTILINE)
    conf = re.sub(r"^listener 8883$", f"listener {cert_port} 127.0.0.1", conf, flags=re.MULTILINE)
    if crl is not None:
        conf = conf.replace("/etc/mosquitto/cleanfleet/crl.pem", str(crl))
    conf = conf.replace("/etc/mosquitto/cleanfleet/", f"{folder}/")
    conf = re.sub(r"^plugin_opt_config_file .*$", f"plugin_opt_config_file {folder / 'dynamic-security.json'}", conf,
                  flags=re.MULTILINE)
    return f"{conf}\nuser {getpass.getuser()}\n"  # as root it would drop to "mosquitto", who cannot write here


def start_own_broker(shared: dict[str, str], settings: "Settings", port: int = OWN_BROKER_PORT,
                     cert_port: int = OWN_BROKER_CERT_PORT) -> subprocess.Popen[bytes] | None:
    """The cluster's Mosquitto (see 5. above) when none is given and Mosquitto is installed; its settings go into
    ``shared``. None otherwise."""
    from cleanfleet.certificates.ca import load_ca
    from cleanfleet.gateway.broker.tls import write_key_pair
    from cleanfleet.gateway.brokerauth.dynsec import initial_config
    from cleanfleet.settings import REPO_ROOT

    binary = shutil.which("mosquitto") or next((p for p in ("/usr/sbin/mosquitto",) if Path(p).exists()), None)
    shipped = (REPO_ROOT / "deploy" / "mosquitto.conf").read_text()
    plugin = re.search(r"^plugin (\S+)", shipped, re.MULTILINE)
    if "CLEANFLEET_MQTT_URL" in shared or binary is None or plugin is None or not Path(plugin.group(1)).exists():
        return None
    folder = settings.data_dir / "cluster-mosquitto"
    folder.mkdir(parents=True, exist_ok=True)
    ca = load_ca(settings)  # the product CA (made on first use): the broker's certificate, the robots' CA file
    write_key_pair(folder / "broker.crt", folder / "broker.key", *ca.issue_server(["127.0.0.1", "localhost"]))
    (folder / "ca.pem").write_bytes(ca.certificate_pem)
    admin, gateway = _kept_password(folder / "admin-password"), _kept_password(folder / "gateway-password")
    if not (folder / "dynamic-security.json").exists():
        (folder / "dynamic-security.json").write_text(json.dumps(initial_config(BROKER_ADMIN, admin)))
    (folder / "mosquitto.conf").write_text(own_broker_config(shipped, folder, port, cert_port, crl=ca.crl_path))
    log = (folder / "mosquitto.log").open("ab")
    process = subprocess.Popen([binary, "-c", str(folder / "mosquitto.conf")], stdout=log, stderr=log)
    (folder / PID_FILE).write_text(f"{process.pid}\n")
    deadline = time.monotonic() + 10
    while process.poll() is None and time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        raise SystemExit(f"the cluster's Mosquitto did not start on {port}: {folder / 'mosquitto.log'}")
    shared.update({"CLEANFLEET_MQTT_URL": f"mqtts://{BROKER_GATEWAY}:{gateway}@127.0.0.1:{port}",
                   "CLEANFLEET_MQTT_DYNSEC_USER": BROKER_ADMIN, "CLEANFLEET_MQTT_DYNSEC_PASSWORD": admin,
                   "CLEANFLEET_BROKER_RELOAD_PID_FILE": str(folder / PID_FILE)})
    print(f"cleanfleet cluster: Mosquitto over TLS on 127.0.0.1:{port} (passwords) and {cert_port} "
          f"(certificates) ({folder})", flush=True)
    return process


async def ensure_simulated_devices(settings: "Settings") -> bool:
    """The simulated robots' device records (added when missing), when this cluster runs them (see 6. above):
    CLEANFLEET_SIM_ROBOTS > 0, the simulator installed, and a loopback server or CLEANFLEET_DEMO (their secrets
    follow from a public seed, as for `make run`)."""
    from cleanfleet.core.db import Database
    from cleanfleet.simfleet import simulator_installed
    from cleanfleet.simfleet.seed import ensure_fleet_devices

    if settings.sim_robots <= 0 or not simulator_installed() or not (settings.listens_on_loopback or settings.demo):
        return False
    database = Database(settings.db_url, settings.db_pool_size)
    try:
        async with database.sessions() as db:
            await ensure_fleet_devices(db, settings.sim_robots, settings.sim_base_port)
    finally:
        await database.engine.dispose()
    return True


def simulated_fleet_command(settings: "Settings", cloud: str, cert_port: int, ca_file: Path) -> list[str]:
    """The simulator as `make run` starts it (simfleet/runner.py), as certificate robots of the cluster's Mosquitto:
    they enrol at ``cloud`` and sign in on its certificate listener, verifying it against ``ca_file``."""
    from cleanfleet.simfleet.runner import SimulatedFleet

    fleet = SimulatedFleet(settings.sim_robots, settings.sim_speed, settings.sim_base_port, cloud,
                           f"mqtts://127.0.0.1:{cert_port}", alarm_rate=settings.sim_alarm_rate,
                           busy_rate=settings.sim_busy_rate, start=settings.sim_start,
                           data_fail_rate=settings.sim_data_fail_rate, mqtt_ca=str(ca_file),
                           robots_dir=settings.data_dir / ROBOTS_FOLDER)
    return fleet.command


def stop_process(process: subprocess.Popen[bytes] | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _settings(shared: Mapping[str, str]) -> "Settings":
    from cleanfleet.settings import Settings

    return Settings.model_validate({k[len("CLEANFLEET_"):].lower(): v for k, v in shared.items()
                                    if k.startswith("CLEANFLEET_")})


def run_cluster(workers: int, worker_port: int | None) -> None:
    from cleanfleet import balancer

    shared = dict(os.environ)
    broker = start_own_broker(shared, _settings(cluster_env(shared)))
    shared = cluster_env(shared)
    settings = _settings(shared)
    metrics = metrics_folder(shared)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(metrics)  # for stop_workers' mark_process_dead
    asyncio.run(ensure_database(shared["CLEANFLEET_DATABASE_URL"]))
    subprocess.run([sys.executable, "-m", "cleanfleet", "migrate"], env=shared, check=True)
    robots = broker is not None and asyncio.run(ensure_simulated_devices(settings))
    first = worker_port or settings.port + 1
    # with the cluster's Mosquitto the robots are this process's (6. above), not the first worker's
    processes = start_workers({**shared, "CLEANFLEET_SIM_ROBOTS": "0"} if broker is not None else shared, workers,
                              first)
    fleet = None
    if robots:
        folder = settings.data_dir / "cluster-mosquitto"
        fleet = subprocess.Popen(simulated_fleet_command(settings, f"http://127.0.0.1:{first}", OWN_BROKER_CERT_PORT,
                                                         folder / "ca.pem"), stdin=subprocess.DEVNULL)
        print(f"cleanfleet cluster: {settings.sim_robots} simulated robots enrol and sign in with their own "
              f"certificates on 127.0.0.1:{OWN_BROKER_CERT_PORT} ({settings.data_dir / ROBOTS_FOLDER})", flush=True)
    urls = [f"http://127.0.0.1:{first + i}" for i in range(workers)]
    print(f"cleanfleet cluster http://{settings.host}:{settings.port}  ({workers} workers: {', '.join(urls)})",
          flush=True)
    try:
        balancer.serve(settings.host, settings.port, urls, settings.max_body_bytes)
    finally:
        stop_process(fleet)
        stop_workers(processes)
        if broker is not None:
            stop_process(broker)
            (settings.data_dir / "cluster-mosquitto" / PID_FILE).unlink(missing_ok=True)
