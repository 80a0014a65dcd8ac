"""The simulated fleet `python -m cleanfleet run` starts: the robot simulator as a child process.

``python -m cleanfleet_sim --robots N --speed S --seed 0 --cloud <this server> --mqtt <broker>``
with the same interpreter (the simulator is a dependency of the backend). It stops with the server.
"""

import asyncio
import contextlib
import logging
import signal
import sys

log = logging.getLogger("cleanfleet.fleet")
STOP_SECONDS = 10.0


class SimulatedFleet:
    def __init__(self, robots: int, speed: float, base_port: int, cloud: str, mqtt: str,
                 alarm_rate: float = 0.5) -> None:
        self.command = [
            sys.executable, "-m", "cleanfleet_sim", "--robots", str(robots), "--speed", f"{speed:g}",
            "--seed", "0", "--cloud", cloud, "--mqtt", mqtt, "--base-port", str(base_port), "--log-level", "WARNING",
            "--alarm-rate", f"{alarm_rate:g}",
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
