"""Over-the-air updates on a simulated robot: download with HTTP range requests, check, install, report.

The ``ota`` command (docs/robot-contract.md "MQTT contract") carries ``{version, target, url, sha256, size}``; a
relative ``url`` is taken on the cloud the robot registered with. The job:

1. downloads the package in ranged requests of ``CHUNK`` bytes (``Range: bytes=a-b``, expecting 206): a
   request that fails is asked again from the byte where the download stopped (up to ``RETRIES`` times in a
   row), so a broken download resumes instead of starting over; ``downloading`` events every 20 %;
2. ``downloaded``, then checks the SHA-256: ``verified``, or ``failed`` "checksum mismatch";
3. ``updating`` for ``INSTALL_SECONDS`` of robot time, then the new version is the robot's, it reboots and
   reports ``updated``.

The command may carry the server's update rule, ``rule: {minBattery, quietBeforeRunMinutes}`` (docs/robot-contract.md;
the server applies the same rule before telling, versions/windows.py): asked at a bad moment the robot refuses with
an ``ota`` event ``refused`` and its reason (``refusal``), and the server asks again later. A command without a rule
is taken at once, as before.

Failures on demand, per robot (``Robot.ota_failure``, set by ``--ota-fail SN=stage`` or the robot web API
call ``api2/sim_ota_fail {stage}``): ``download`` (the server stops answering: failed after the retries),
``checksum`` (the bytes arrive corrupted), ``install`` (the install fails); ``interrupt`` breaks the
connection once mid-download (the download resumes and succeeds). The command's own ``fail: true`` fails the
install too.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import aiohttp

from cleanfleet_sim import signed

log = logging.getLogger("cleanfleet_sim.ota")
CHUNK = 64 * 1024
RETRIES = 3
INSTALL_SECONDS = 30.0
STAGES = ("download", "checksum", "install", "interrupt")
_SHA = re.compile(r"^[0-9a-f]{64}$")
MAX_PACKAGE = 1024 * 1024 * 1024

# (url, headers) -> (HTTP status, body)
Fetch = Callable[[str, dict[str, str]], Awaitable[tuple[int, bytes]]]


class Updated(Protocol):
    """What an update job needs of its robot (robot.Robot is one): who it is, failures on demand, and where it
    tells the cloud how the job goes; ``tuf_dir``: its trusted root and metadata (signed.py; None: an older robot
    that checks the SHA-256 only)."""

    sn: str
    ota_failure: str | None
    tuf_dir: Path | None
    cloud: str | None
    versions: dict[str, str]

    @property
    def model(self) -> str: ...

    def ota_event(self, job: OtaJob, state: str, reason: str = "") -> None: ...

    def ota_end(self, job: OtaJob, state: str, reason: str = "") -> None: ...


class FetchFailed(Exception):
    pass


@dataclass
class OtaJob:
    cmd_id: str
    version: str
    target: str
    url: str
    sha256: str
    size: int
    fail_install: bool = False
    tuf: dict[str, Any] | None = None  # the command's signed target: {path, metadata}
    state: str = "downloading"
    data: bytearray = field(default_factory=bytearray)
    requests: int = 0
    resumed: int = 0
    reported: int = -1
    installed: float = 0.0
    task: asyncio.Task[None] | None = None

    @property
    def progress(self) -> int:
        if self.state == "downloading":
            return int(100 * len(self.data) / self.size) if self.size else 0
        return round(100 * self.installed / INSTALL_SECONDS) if self.state == "updating" else 100


def checked_args(args: dict[str, Any]) -> str | None:
    """What is wrong with an ``ota`` command's args (the ack's message), or None."""
    for name in ("version", "url", "sha256"):
        if not isinstance(args.get(name), str) or not args[name]:
            return f"{name}: is required"
    if not _SHA.match(args["sha256"]):
        return "sha256: must be 64 hex digits"
    size = args.get("size")
    if not isinstance(size, int) or not 0 < size <= MAX_PACKAGE:
        return f"size: must be 1..{MAX_PACKAGE}"
    if str(args.get("target", "firmware")) not in ("firmware", "soft", "pad"):
        return "target: must be firmware, soft or pad"
    return None


def checked_rule(args: dict[str, Any]) -> tuple[int, int] | None:
    """The command's rule as (minimum battery %, quiet minutes before a scheduled run); None: no rule, or one out
    of range (taken as none: the command is otherwise valid)."""
    rule = args.get("rule")
    if not isinstance(rule, dict):
        return None
    battery, quiet = rule.get("minBattery", 0), rule.get("quietBeforeRunMinutes", 0)
    if not isinstance(battery, int) or not isinstance(quiet, int) or not 0 <= battery <= 100 or not 0 <= quiet <= 720:
        return None
    return battery, quiet


def refusal(rule: tuple[int, int] | None, *, riding: bool, working: bool, battery: float, charging: bool,
            run_soon: Callable[[int], bool]) -> str | None:
    """Why the robot refuses an update now (the server's reason names), or None: in an elevator ride, running a
    task, below the battery threshold unless charging, or ``quiet`` minutes or less before a scheduled run."""
    if rule is None:
        return None
    min_battery, quiet = rule
    if riding:
        return "in_elevator"
    if working:
        return "running_task"
    if battery < min_battery and not charging:
        return "low_battery"
    if quiet and run_soon(quiet):
        return "run_soon"
    return None


def full_url(cloud: str | None, url: str) -> str:
    if url.startswith(("http://", "https://")):
        return url
    return (cloud or "http://127.0.0.1:8000").rstrip("/") + "/" + url.lstrip("/")


async def aiohttp_fetch(session: aiohttp.ClientSession, url: str, headers: dict[str, str]) -> tuple[int, bytes]:
    try:
        async with session.get(url, headers=headers, timeout=aiohttp.ClientTimeout(total=30)) as response:
            return response.status, await response.read()
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise FetchFailed(str(exc) or type(exc).__name__) from exc


async def download(robot: Updated, job: OtaJob, fetch: Fetch) -> None:
    """Fills ``job.data`` by ranged requests, resuming after a failed one; reports progress."""
    failures = 0
    interrupt = robot.ota_failure == "interrupt"
    while len(job.data) < job.size:
        first = len(job.data)
        last = min(job.size, first + CHUNK) - 1
        job.requests += 1
        try:
            if robot.ota_failure == "download":
                raise FetchFailed("connection refused")
            if interrupt and first >= job.size // 2:
                interrupt = False
                raise FetchFailed("connection reset mid-download")
            status, body = await fetch(job.url, {"Range": f"bytes={first}-{last}"})
            if status != 206 or len(body) != last - first + 1:
                raise FetchFailed(f"HTTP {status} with {len(body)} bytes for bytes {first}-{last}")
        except FetchFailed as exc:
            failures += 1
            if failures > RETRIES:
                raise
            job.resumed += 1
            log.info("%s: OTA download broke at byte %d (%s); resuming", robot.sn, first, exc)
            await asyncio.sleep(0.05 * failures)
            continue
        failures = 0
        if robot.ota_failure == "checksum" and first == 0:
            body = bytes([body[0] ^ 0xFF]) + body[1:]
        job.data.extend(body)
        step = job.progress // 20 * 20
        if step > job.reported and len(job.data) < job.size:
            job.reported = step
            robot.ota_event(job, "downloading")


async def run(robot: Updated, job: OtaJob, fetch: Fetch | None) -> None:
    """The signed check (a robot that trusts a root), the download and the check of the bytes; the install goes
    on in robot time (``Robot.ota_upkeep``)."""
    check: signed.Check | None = None
    if robot.tuf_dir is not None:
        try:
            check = await asyncio.to_thread(signed_check, robot, job, fetch, asyncio.get_running_loop())
        except signed.Refused as refused:
            log.info("%s: OTA refused: %s", robot.sn, refused)
            robot.ota_end(job, "failed", refused.code)
            return
        except asyncio.CancelledError:
            return
    try:
        if fetch is not None:
            await download(robot, job, fetch)
        else:
            async with aiohttp.ClientSession() as session:
                await download(robot, job, lambda url, headers: aiohttp_fetch(session, url, headers))
    except FetchFailed as exc:
        robot.ota_end(job, "failed", f"download failed: {exc}")
        return
    except asyncio.CancelledError:
        return
    robot.ota_event(job, "downloaded")
    if check is not None:
        try:
            await asyncio.to_thread(check.after, bytes(job.data))
        except signed.Refused as refused:
            log.info("%s: OTA refused: %s", robot.sn, refused)
            robot.ota_end(job, "failed", refused.code)
            return
    elif hashlib.sha256(job.data).hexdigest() != job.sha256:
        robot.ota_end(job, "failed", "checksum mismatch: the package is not the one announced")
        return
    job.data = bytearray()  # "written to the update partition"
    robot.ota_event(job, "verified")
    job.state = "updating"
    robot.ota_event(job, "updating")


def signed_check(robot: Updated, job: OtaJob, fetch: Fetch | None, loop: asyncio.AbstractEventLoop) -> signed.Check:
    """The TUF check before the download (in a worker thread: TUF's client is synchronous)."""
    assert robot.tuf_dir is not None
    tuf = job.tuf or {}
    metadata = full_url(robot.cloud, str(tuf.get("metadata") or "/api/tuf/metadata/"))
    fetcher = signed.LoopFetcher(fetch, loop) if fetch is not None else None
    try:
        check = signed.Check(robot.tuf_dir, metadata.rstrip("/") + "/", fetcher)
    except Exception as exc:  # no trusted root on the robot, or a broken one
        raise signed.Refused("tuf_untrusted", str(exc)) from exc
    path = tuf.get("path")
    check.before(str(path) if isinstance(path, str) and path else None, version=job.version, size=job.size,
                 sha256=job.sha256, model=robot.model, running=robot.versions.get(job.target, ""))
    return check
