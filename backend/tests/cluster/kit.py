"""Two workers as real processes (``python -m cleanfleet run``) on PostgreSQL, Redis and Mosquitto, a scratch
database of their own, and the project's balancer in front of them."""

import asyncio
import os
import signal
import socket
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import asyncpg
import httpx
from aiohttp import web
from sqlalchemy.engine import make_url

from cleanfleet import balancer
from cleanfleet.bootstrap import prepare
from cleanfleet.cluster import cluster_env, ensure_database, metrics_folder, worker_env
from cleanfleet.core.signature import Signer
from cleanfleet.settings import Settings
from tests.conftest import ADMIN_PASSWORD, Api
from tests.gateway.helpers import MOSQUITTO, free_ports, mosquitto_up, wait_until

PG_URL = os.environ.get("CLEANFLEET_TEST_PG_URL")
REDIS_URL = os.environ.get("CLEANFLEET_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
JOBS = {"audit-anchor", "audit-seal", "certificate-scan", "data-jobs", "due-scanner", "health-scan",
        "incident-escalation", "offline-sweep", "outbox", "ota-update-waits", "report-mailer", "retention",
        "siem-stream", "site-plan-watch", "site-report-mail", "tuf-refresh", "wear-forecast"}
READY_SECONDS = 120.0  # a deadline for a worker's start on a loaded machine, not a timing assertion


def redis_up() -> bool:
    target = urlsplit(REDIS_URL)
    try:
        with socket.create_connection((target.hostname or "127.0.0.1", target.port or 6379), timeout=1):
            return True
    except OSError:
        return False


def missing_services() -> str | None:
    """Why the cluster test cannot run here, or None."""
    if not PG_URL:
        return "CLEANFLEET_TEST_PG_URL is not set (the cluster test needs PostgreSQL, Redis and Mosquitto)"
    if not os.environ.get("CLEANFLEET_TEST_DB_URL", "").startswith("postgres"):
        return "runs once, in the PostgreSQL run of `make test-backend` (CLEANFLEET_TEST_DB_URL on PostgreSQL)"
    if not redis_up():
        return f"Redis is not reachable at {REDIS_URL}"
    if not mosquitto_up():
        return "Mosquitto is not reachable on 127.0.0.1:1883"
    return None


class Worker:
    def __init__(self, env: dict[str, str], log_path: Path) -> None:
        self.env, self.log_path = env, log_path
        self.port = int(env["CLEANFLEET_PORT"])
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "cleanfleet", "run"], env=self.env,
                                            stdout=log, stderr=subprocess.STDOUT)

    def kill(self) -> None:
        """SIGKILL: no shutdown at all, as a crashed machine."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    async def ready(self) -> dict[str, str] | None:
        try:
            async with httpx.AsyncClient(timeout=3) as client:
                answer = await client.get(self.url + "/api/ready")
        except httpx.HTTPError:
            return None
        return answer.json()["data"] if answer.status_code == 200 else None

    async def wait_ready(self) -> None:
        async def ready() -> bool:
            if self.process is not None and self.process.poll() is not None:
                raise AssertionError(f"worker {self.url} exited: {self.log_path.read_text()[-3000:]}")
            return await self.ready() is not None

        await wait_until(ready, READY_SECONDS, f"worker {self.url} ready")


class Cluster:
    """The scratch database (created, migrated and seeded once), two workers, a balancer in this process."""

    def __init__(self, tmp: Path) -> None:
        assert PG_URL
        name = f"cluster_{uuid.uuid4().hex[:10]}"
        self.database_url = str(make_url(PG_URL).set(database=name).render_as_string(hide_password=False))
        self.tmp = tmp
        ports = free_ports(3)
        self.env = cluster_env({
            **{k: v for k, v in os.environ.items() if not k.startswith("CLEANFLEET_")},
            "CLEANFLEET_DATABASE_URL": self.database_url, "CLEANFLEET_REDIS_URL": REDIS_URL,
            "CLEANFLEET_MQTT_URL": MOSQUITTO, "CLEANFLEET_MQTT_SHARE_GROUP": f"cluster-{uuid.uuid4().hex[:8]}",
            "CLEANFLEET_MQTT_CLIENT_ID": f"cluster-test-{uuid.uuid4().hex[:8]}",
            "CLEANFLEET_DATA_DIR": str(tmp), "CLEANFLEET_ADMIN_PASSWORD": ADMIN_PASSWORD,
            "CLEANFLEET_ADMIN_SECOND_FACTOR": "false",  # admin signs in on each worker
            "CLEANFLEET_DEMO": "false", "CLEANFLEET_SIM_ROBOTS": "0", "CLEANFLEET_LOG_FORMAT": "console",
            "CLEANFLEET_WEB_DIST": str(tmp / "no-dist"), "CLEANFLEET_OFFLINE_AFTER": "5",
            "CLEANFLEET_HEARTBEAT_BATCH_SECONDS": "0.2", "CLEANFLEET_CHECK_ANSWERS": "1",
            "CLEANFLEET_SIGN_KEY": "cleanfleet-sign1", "CLEANFLEET_SIGN_IV": "cleanfleet-iv-16",
            "CLEANFLEET_METRICS_EVERY": "1"})
        metrics_folder(self.env)  # the workers' shared Prometheus folder, as `cleanfleet cluster` gives them
        self.settings = Settings(database_url=self.database_url, data_dir=tmp, admin_password=ADMIN_PASSWORD,
                                 demo=False, web_dist=tmp / "no-dist", mqtt_url="none")
        self.signer = Signer(self.settings.sign_key, self.settings.sign_iv, self.settings.sign_skew)
        self.workers = [Worker(worker_env(self.env, i, ports + i), tmp / f"worker-{i}.log") for i in range(2)]
        self.balancer_port = ports + 2
        self.balancer_url = f"http://127.0.0.1:{self.balancer_port}"
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        await ensure_database(self.database_url)
        await prepare(self.settings)  # migrations and seeding once, before any worker starts
        for worker in self.workers:
            worker.start()
        runner = self._runner = web.AppRunner(balancer.make_app([w.url for w in self.workers], 1024 * 1024))
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", self.balancer_port).start()
        await asyncio.gather(*(worker.wait_ready() for worker in self.workers))

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        for worker in self.workers:
            await asyncio.to_thread(worker.stop)
        target = make_url(self.database_url)
        admin = await asyncpg.connect(host=target.host or "127.0.0.1", port=target.port or 5432,
                                      user=target.username, password=target.password, database="postgres")
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{target.database}" WITH (FORCE)')
        finally:
            await admin.close()

    def api(self, url: str) -> Api:
        """A console's client of one worker (or of the balancer)."""
        return Api(httpx.AsyncClient(base_url=url, timeout=20), self.signer)

    async def signed_in(self, url: str, account: str, password: str) -> Api:
        api = self.api(url)
        answer = await api.login(account, password)
        assert answer.code == 0, answer.body
        return api

    def ws_url(self, url: str, api: Api) -> str:
        return (url.replace("http", "ws", 1) + f"/api/ws?token={api.token}&sign={quote(api.signer.sign(), safe='')}")


async def worker_jobs(worker: Worker) -> set[str]:
    data: dict[str, Any] | None = await worker.ready()
    return {job for job in (data or {}).get("jobs", "").split(",") if job}
