"""Telling an external broker that the CRL changed (issue 46 item 2): Mosquitto reads its ``crlfile`` when it starts
and again on SIGHUP (without dropping a connection), so after each CRL rewrite (``service.refresh_crl``) the
product asks the broker to read it:

- ``CLEANFLEET_BROKER_RELOAD_PID_FILE``: SIGHUP to the process of that pid file (a Mosquitto on this machine;
  `make run-cluster` sets it for the Mosquitto it starts);
- ``CLEANFLEET_BROKER_RELOAD_COMMAND``: a command run without a shell (e.g. ``docker kill -s HUP mosquitto``),
  at most ``COMMAND_SECONDS``; a failure is logged.

Neither set: nothing (the embedded broker checks the revoked set itself; EMQX asks the product; a Mosquitto in
another container reloads by its own watcher: docs/operations.md "Broker TLS"). A revoked robot's live
connection is dropped by the broker sync (gateway/brokerauth/sync.py disables its client), not by this.
"""

import asyncio
import contextlib
import logging
import os
import shlex
import signal
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from cleanfleet.certificates.ca import load_ca
from cleanfleet.settings import Settings

log = logging.getLogger("cleanfleet.certificates")
COMMAND_SECONDS = 30.0
MAX_PID_FILE_BYTES = 64
CRL_REWRITE = timedelta(days=1)  # a CRL older than this is written again (and the broker told)


def configured(settings: Settings) -> bool:
    return bool(settings.broker_reload_pid_file or settings.broker_reload_command)


async def reload_broker(settings: Settings) -> bool:
    """Asks the configured broker to read the CRL again; True when every configured way was done."""
    done = True
    if settings.broker_reload_pid_file is not None:
        done = _signal(settings) and done
    if settings.broker_reload_command:
        done = await _command(settings.broker_reload_command) and done
    return done


def _signal(settings: Settings) -> bool:
    path = settings.broker_reload_pid_file
    assert path is not None
    try:
        with path.open("rb") as handle:
            pid = int(handle.read(MAX_PID_FILE_BYTES).strip() or b"0")
        if pid <= 1:
            raise ValueError(f"no process id in {path}")
        os.kill(pid, signal.SIGHUP)
    except (OSError, ValueError) as exc:
        log.error("cannot tell the broker to read the CRL again (SIGHUP, CLEANFLEET_BROKER_RELOAD_PID_FILE %s): %s",
                  path, exc)
        return False
    log.info("the broker (pid %d) was told to read the CRL again", pid)
    return True


async def _command(command: str) -> bool:
    try:
        process = await asyncio.create_subprocess_exec(*shlex.split(command), stdin=asyncio.subprocess.DEVNULL,
                                                       stdout=asyncio.subprocess.DEVNULL,
                                                       stderr=asyncio.subprocess.PIPE)
    except (OSError, ValueError) as exc:
        log.error("cannot run CLEANFLEET_BROKER_RELOAD_COMMAND (%s): %s", command, exc)
        return False
    try:
        _, errors = await asyncio.wait_for(process.communicate(), COMMAND_SECONDS)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()
        log.error("CLEANFLEET_BROKER_RELOAD_COMMAND (%s) did not end within %.0f s", command, COMMAND_SECONDS)
        return False
    if process.returncode != 0:
        log.error("CLEANFLEET_BROKER_RELOAD_COMMAND (%s) failed with %s: %s", command, process.returncode,
                  errors.decode(errors="replace")[-500:])
        return False
    return True


def crl_outdated(settings: Settings) -> bool:
    """The CRL file is older than ``CRL_REWRITE`` (or missing)."""
    try:
        written = datetime.fromtimestamp(load_ca(settings).crl_path.stat().st_mtime, UTC)
    except OSError:
        return True
    return datetime.now(UTC) - written > CRL_REWRITE


RevokedListener = Callable[[list[str]], None]
_listeners: list[RevokedListener] = []


def on_revoked(listener: RevokedListener) -> Callable[[], None]:
    """``listener(robots)`` is called in this process after each revocation any worker made (the broker sync wakes
    with it); answers the function that removes it."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


def tell_revoked(robots: list[str]) -> None:
    """Calls every ``on_revoked`` listener of this process with the robots just revoked."""
    for listener in list(_listeners):
        listener(robots)
