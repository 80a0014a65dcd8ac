"""The simulated fleet `python -m cleanfleet run` starts: the robot simulator as a child process.

``python -m cleanfleet_sim --robots N --speed S --seed 0 --cloud <this server> --mqtt <broker>`` with the
same interpreter. The simulator is the backend's optional ``sim`` extra (``make run`` installs it); a server
installed without it serves everything but the simulated robots and says so in one log line. app.py's lifespan
calls ``prepare_simulated_fleet`` before the robot link starts (the robots' device records must exist when
the gateway loads its directory), ``start_simulated_fleet`` once the broker listens, and
``stop_simulated_fleet`` first when the server stops.
"""

import asyncio
import contextlib
import logging
import signal
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from cleanfleet.gateway.broker.tls import write_ca_file
from cleanfleet.gateway.runtime import robot_link_enabled
from cleanfleet.settings import Settings
from cleanfleet.simfleet import SIMULATOR, simulator_installed
from cleanfleet.simfleet.seed import ensure_fleet_devices

log = logging.getLogger("cleanfleet.simfleet")
STOP_SECONDS = 10.0


class SimulatedFleet:
    def __init__(self, robots: int, speed: float, base_port: int, cloud: str, mqtt: str,
                 alarm_rate: float = 0.5, busy_rate: float = 1.0, start: datetime | None = None,
                 data_fail_rate: float = 0.0, mqtt_ca: str | None = None, robots_dir: Path | None = None) -> None:
        self.command = [
            sys.executable, "-m", SIMULATOR, "--robots", str(robots), "--speed", f"{speed:g}",
            "--seed", "0", "--cloud", cloud, "--mqtt", mqtt, "--base-port", str(base_port), "--log-level", "WARNING",
            "--alarm-rate", f"{alarm_rate:g}", "--busy-rate", f"{busy_rate:g}",
            "--data-fail-rate", f"{data_fail_rate:g}",
            *(["--start", start.isoformat()] if start is not None else []),
            *(["--mqtt-ca", mqtt_ca] if mqtt_ca is not None else []),  # mqtts://: the broker verified against it
            # each robot enrols once with its own key and a CSR, keeps its certificate there and signs in with it
            *(["--state-dir", str(robots_dir), "--enrol"] if robots_dir is not None else []),
        ]
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        self.process = await asyncio.create_subprocess_exec(*self.command, stdin=asyncio.subprocess.DEVNULL)
        log.info("simulated fleet started", extra={"fields": {"pid": self.process.pid,
                                                             "command": " ".join(self.command[1:])}})

    async def stop(self) -> None:
        process = self.process
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):  # Ctrl-C reached it too and it is already gone
            process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(process.wait(), STOP_SECONDS)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


async def prepare_simulated_fleet(state: Any) -> bool:
    """Whether this server runs the simulated fleet (``run`` asks for it with ``state.start_fleet``, there are
    CLEANFLEET_SIM_ROBOTS > 0, a robot link, the simulator is installed, and the server listens on loopback or
    CLEANFLEET_DEMO=true says so, as for the demo accounts: issue 45 item 8); if so, adds its missing device
    records. Without the simulator, one log line says so and the server carries on without it."""
    settings: Settings = state.settings
    if not getattr(state, "start_fleet", False) or settings.sim_robots <= 0 or not robot_link_enabled(settings):
        return False
    if not (settings.listens_on_loopback or settings.demo):
        # their secrets come from a public seed (simfleet/seed.py): on a reachable server anyone could be them
        log.warning("the simulated fleet runs only on a server that listens on loopback, or with CLEANFLEET_DEMO="
                    "true: serving without the %d simulated robots", settings.sim_robots)
        return False
    if not simulator_installed():
        log.warning("the simulated fleet is not installed (the backend's `sim` extra): serving without the %d "
                    "simulated robots; `make run` or `uv sync --extra sim` installs it", settings.sim_robots)
        return False
    async with state.db.sessions() as db:
        await ensure_fleet_devices(db, settings.sim_robots, settings.sim_base_port)
    return True


async def start_simulated_fleet(settings: Settings, broker_url: str | None) -> SimulatedFleet | None:
    """The simulator's robots, signing in to ``broker_url`` (None: the broker does not listen, no robots); over
    TLS (``mqtts://``, the embedded broker's TLS listener) they verify it against the product CA's file."""
    if broker_url is None:
        return None
    fleet = SimulatedFleet(settings.sim_robots, settings.sim_speed, settings.sim_base_port,
                           f"http://127.0.0.1:{settings.port}", broker_url, alarm_rate=settings.sim_alarm_rate,
                           busy_rate=settings.sim_busy_rate, start=settings.sim_start,
                           data_fail_rate=settings.sim_data_fail_rate,
                           **_over_tls(settings, broker_url))
    await fleet.start()
    return fleet


async def stop_simulated_fleet(fleet: SimulatedFleet | None) -> None:
    if fleet is not None:
        await fleet.stop()


ROBOTS_FOLDER = "sim-robots"  # in the data folder: the simulated robots' keys and certificates


def _over_tls(settings: Settings, broker_url: str) -> dict[str, Any]:
    """Over TLS the robots verify the broker against the product CA's file and sign in with their own certificates
    (issue 46: enrolled at the first start, kept in the data folder, renewed by themselves)."""
    if not broker_url.startswith("mqtts://"):
        return {}
    return {"mqtt_ca": str(write_ca_file(settings)), "robots_dir": settings.data_dir / ROBOTS_FOLDER}
