"""Start a real cleanfleet server (uvicorn, one worker) in a subprocess for a benchmark, and sign calls."""

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[1]
PYTHON = REPO / "backend" / ".venv" / "bin" / "python"
ADMIN_PASSWORD = "BenchAdmin1"

sys.path.insert(0, str(REPO / "backend"))
from cleanfleet.core.signature import Signer  # noqa: E402

SIGNER = Signer(os.environ.get("CLEANFLEET_SIGN_KEY", "cleanfleet-sign1"),
                os.environ.get("CLEANFLEET_SIGN_IV", "cleanfleet-iv-16"), 30)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_server(data_dir: Path, database_url: str | None = None, **env: str) -> Iterator[str]:
    """Migrates and serves; yields the base URL. The server logs only warnings (no per-request lines)."""
    port = free_port()
    environment = {**os.environ, "CLEANFLEET_DATA_DIR": str(data_dir), "CLEANFLEET_PORT": str(port),
                   "CLEANFLEET_ADMIN_PASSWORD": ADMIN_PASSWORD, "CLEANFLEET_LOG_LEVEL": "WARNING",
                   "CLEANFLEET_DEMO": "false", "CLEANFLEET_SIM_ROBOTS": "0", "CLEANFLEET_MQTT_URL": "none", **env}
    if database_url:
        environment["CLEANFLEET_DATABASE_URL"] = database_url
    # the server's warnings go to a file (a pipe nobody reads would fill up and stall the server); it is printed
    # when the server fails to start, and BENCH_SERVER_LOG=1 prints its tail after the run
    log_path = data_dir / "server.log"
    log_file = log_path.open("wb")
    process = subprocess.Popen([str(PYTHON), "-m", "cleanfleet", "run"], env=environment, cwd=REPO,
                               stdout=subprocess.DEVNULL, stderr=log_file)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                    break
            if process.poll() is not None:
                raise RuntimeError(log_path.read_text(errors="replace") or "server exited")
            time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)
        log_file.close()
        if os.environ.get("BENCH_SERVER_LOG"):
            print(log_path.read_text(errors="replace")[-4000:], file=sys.stderr)


def login(url: str, account: str = "admin", password: str = ADMIN_PASSWORD) -> str:
    answer = httpx.post(url + "/api/login", json={"account": account, "password": password, "type": "user"},
                        headers={"sign": SIGNER.sign(), "platform": "web", "username": "-"}).json()
    assert answer["message"]["code"] == 0, answer
    return answer["data"]["token"]


def signed_headers(token: str, account: str = "admin") -> dict[str, str]:
    """Valid for about 50 s (20 s lead plus the 30 s skew): enough for one measured run."""
    return {"Authorization": f"Bearer {token}", "sign": SIGNER.sign(), "platform": "web", "username": account}
