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
                   "CLEANFLEET_ADMIN_SECOND_FACTOR": "false",  # the benchmarks sign in as admin again and again
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
        wait_for_health(url, process, log_path)
        yield url
    finally:
        stop_within_grace(process)
        log_file.close()
        if os.environ.get("BENCH_SERVER_LOG"):
            print(log_path.read_text(errors="replace")[-4000:], file=sys.stderr)


def wait_for_health(url: str, process: subprocess.Popen[bytes], log_path: Path) -> None:
    """Until ``/api/health`` answers 200; a server that exits, or does not answer within BENCH_START_TIMEOUT seconds
    (default 180: migrations and start-up on a loaded machine), fails the bench with its log's tail."""
    limit = float(os.environ.get("BENCH_START_TIMEOUT", "180"))
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/api/health", timeout=2).status_code == 200:
                return
        if process.poll() is not None:
            raise RuntimeError("the server exited before it answered /api/health:\n"
                               + (log_path.read_text(errors="replace")[-4000:] or "(no log)"))
        time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"the server did not answer {url}/api/health within {limit:.0f} s (BENCH_START_TIMEOUT); "
                       "its log:\n" + log_path.read_text(errors="replace")[-4000:])


def stop_within_grace(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then the server's own grace (CLEANFLEET_SHUTDOWN_GRACE, 10 s) and 10 s more; a server still running
    then is killed and the bench says so: a server must stop within its grace (issue 52 item 10)."""
    process.terminate()
    grace = float(os.environ.get("CLEANFLEET_SHUTDOWN_GRACE", "10")) + 10
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
        print(f"WARNING: the server did not stop within {grace:.0f} s of SIGTERM and was killed", file=sys.stderr)


def login(url: str, account: str = "admin", password: str = ADMIN_PASSWORD) -> str:
    """A session token; the password hash takes long on a loaded machine, so the wait is BENCH_LOGIN_TIMEOUT
    seconds (default 120), not httpx's 5."""
    timeout = float(os.environ.get("BENCH_LOGIN_TIMEOUT", "120"))
    answer = httpx.post(url + "/api/login", json={"account": account, "password": password, "type": "user"},
                        headers={"sign": SIGNER.sign(), "platform": "web", "username": "-"}, timeout=timeout).json()
    assert answer["message"]["code"] == 0, answer
    return answer["data"]["token"]


def signed_headers(token: str, account: str = "admin") -> dict[str, str]:
    """Valid for about 50 s (20 s lead plus the 30 s skew): enough for one measured run."""
    return {"Authorization": f"Bearer {token}", "sign": SIGNER.sign(), "platform": "web", "username": account}
