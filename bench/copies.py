"""Running another copy of the code side by side with this checkout (bench_start.py, bench_puback.py): the reference
of a change measured in the same run on the same machine.

A copy is a folder with ``backend/`` and ``bench/`` of another commit, made without touching the checkout:

    mkdir -p /tmp/head && git archive HEAD backend/cleanfleet bench | tar -x -C /tmp/head

Its server runs with ``PYTHONPATH=<copy>/backend`` (its ``cleanfleet`` before the installed one), and its database is
migrated and seeded by its own code (its migrations may be fewer than this checkout's).
"""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PYTHON = REPO / "backend" / ".venv" / "bin" / "python"

SEED = """
import asyncio, sys
sys.path.insert(0, {bench!r})
from bench_heartbeats import seed_robots
from pathlib import Path
asyncio.run(seed_robots({url!r}, Path({data!r}), {serials!r}))
"""


def code_env(root: Path) -> dict[str, str]:
    """The environment that runs ``root``'s code (this checkout: nothing to add)."""
    if root.resolve() == REPO:
        return {}
    return {"PYTHONPATH": str(root / "backend")}


def seed_with(root: Path, database_url: str, data_dir: Path, serials: list[str]) -> None:
    """Migrates the database and adds the robots (sha256("bench") as their secret) with ``root``'s own code."""
    script = SEED.format(bench=str(root / "bench"), url=database_url, data=str(data_dir), serials=serials)
    subprocess.run([str(PYTHON), "-"], input=script.encode(), check=True, cwd=root,  # stdin: 10,000 serials fit
                   env={**os.environ, **code_env(root)}, stdout=subprocess.DEVNULL)


def mosquitto(port: int, folder: Path, extra: str = "") -> subprocess.Popen[bytes]:
    """A Mosquitto of the bench's own on 127.0.0.1:``port`` (anonymous: the load's robots and the server's gateway),
    once it accepts connections; ``extra``: more of its configuration (another listener)."""
    config = folder / "mosquitto.conf"
    config.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\nmax_inflight_messages 0"
                      f"\nmax_queued_messages 100000\n{extra}")
    process = subprocess.Popen(["mosquitto", "-c", str(config)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return process
        except OSError:
            time.sleep(0.01)
    process.kill()
    raise RuntimeError(f"mosquitto did not listen on {port}")


def load_average() -> list[float]:
    return [round(value, 2) for value in os.getloadavg()]


def note(*values: object) -> None:
    print(*values, file=sys.stderr, flush=True)
