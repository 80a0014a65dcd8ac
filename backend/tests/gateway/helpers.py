"""Shared by the robot link tests: robot device records, robot messages, ports, and the broker check."""

import asyncio
import hashlib
import itertools
import random
import socket
import threading
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import select

from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.devices.service import add_device
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.gateway.directory import Directory
from cleanfleet.hosts.models import NODE, Host

FRP_HOST = "127.0.0.1"
MOSQUITTO = "mqtt://127.0.0.1:1883"
_seq = itertools.count(1)


def unique_prefix() -> str:
    """Serial prefix unique to this run: tests sharing one broker never see each other's robots."""
    return f"T{uuid.uuid4().hex[:6].upper()}-"


def mosquitto_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 1883), timeout=1):
            return True
    except OSError:
        return False


_handed_out: set[int] = set()


def free_ports(n: int) -> int:
    """The first of n consecutive free loopback ports, below the ephemeral range clients take, never handed out
    before in this run: a port whose test has ended is free again, but a device of that test may still hold it
    in the database (one device per node and port)."""
    rng = random.Random()
    for _ in range(100):
        base = rng.randrange(21000, 28000 - n)
        if _handed_out & set(range(base, base + n)):
            continue
        held: list[socket.socket] = []
        try:
            for port in range(base, base + n):
                sock = socket.socket()
                held.append(sock)
                sock.bind(("127.0.0.1", port))
        except OSError:
            continue
        finally:
            for sock in held:
                sock.close()
        _handed_out.update(range(base, base + n))
        return base
    raise RuntimeError("no free ports")


async def robot_device(db: Any, owner: Any, sn: str, *, port: int | None = None, protocol: int = 3,
                       secret: str = "secret", online: bool = False) -> Device:
    """A device record for a robot on the local transfer node (which is registered if it is not yet)."""
    if await db.scalar(select(Host.id).where(Host.kind == NODE, Host.domain == FRP_HOST).limit(1)) is None:
        db.add(Host(kind=NODE, name=f"local {sn}", domain=FRP_HOST))
    type_id = await db.scalar(select(DeviceType.id).where(DeviceType.name == "Link test model"))
    if type_id is None:
        model = DeviceType(name="Link test model")
        db.add(model)
        await db.flush()
        type_id = model.id
    device, _ = await add_device(db, owner, sn, f"robot {sn}", type_id,
                                 {"frpHost": FRP_HOST, "frpPort": port, "protocolVersion": protocol})
    device.secret_hash = hashlib.sha256(secret.encode()).hexdigest()
    if online:
        state = await db.get(DeviceState, device.id)
        state.online, state.heartbeat_at = True, datetime.now(UTC)
    await db.commit()
    return device


async def robots_in_directory(app: Any, db: Any, make_user: Any, count: int) -> tuple[list[Device], Directory]:
    """``count`` robots of a new user, and a gateway directory that knows them (the session's objects let go, so
    what the ingest writes is read back fresh)."""
    owner, _ = await make_user(3)
    prefix = unique_prefix()
    devices = [await robot_device(db, owner, f"{prefix}{i}") for i in range(count)]
    db.expunge_all()
    directory = Directory(app.state.db)
    await directory.load()
    return devices, directory


def stamp(sn: str, body: dict[str, Any], msg_id: str | None = None) -> dict[str, Any]:
    return {"v": 1, "msgId": msg_id or f"{sn}-test-{next(_seq)}", "sn": sn,
            "ts": datetime.now(UTC).isoformat(timespec="milliseconds"), **body}


def heartbeat(sn: str, **fields: Any) -> bytes:
    body = {"online": True, "intervalS": 5, "protocol": 3, "battery": 80.5, "charging": False, "state": "working",
            "mode": "cleaning", "map": "office-3F", "task": "Morning sweep", "progress": 42.0, "localized": True,
            "pose": {"x": 1.5, "y": 2.5, "yaw": 0.5}, "versions": {"firmware": "f1", "soft": "s1", "pad": "p1"},
            "alarms": []}
    return orjson.dumps(stamp(sn, {**body, **fields}))


def status(sn: str, online: bool) -> bytes:
    return orjson.dumps(stamp(sn, {"online": online, "reason": "connected" if online else "lost"}))


def alarm(sn: str, action: str, alarm_id: str, msg_id: str, key: str = "lidar_dock_failed") -> bytes:
    return orjson.dumps(stamp(sn, {"action": action, "alarmId": alarm_id, "key": key, "code": "0x0610",
                                   "codeNum": 0x0610, "kind": "fault", "level": "alarm",
                                   "text": "upper lidar fault: back-to-charger failed three times"}, msg_id))


def report(sn: str, msg_id: str, run_id: str = "run-1") -> bytes:
    return orjson.dumps(stamp(sn, {
        "runId": run_id, "taskName": "Morning sweep", "map": "office-3F", "source": "manual", "scheduleName": "",
        "result": "finished", "reason": "", "startTime": "2026-11-21T08:00:00+08:00",
        "endTime": "2026-11-21T08:40:00+08:00", "durationS": 2400, "workArea": 300.0, "cleanedArea": 270.0,
        "coverage": 90.0, "efficiency": 405.0, "distanceM": 612.5, "batteryStart": 95.0, "batteryEnd": 71.0,
        "cleanMode": "clean", "pathType": "bow", "alarms": {"total": 2, "byKey": {"replan_failed": 2}}}, msg_id))


def topic(sn: str, channel: str) -> str:
    return f"cf/{sn}/up/{channel}"


async def wait_until(check: Callable[[], Awaitable[bool] | bool], seconds: float = 60.0, what: str = "") -> None:
    """Polls ``check`` until it holds; fails after ``seconds`` (a deadline, not a timing assertion)."""
    for _ in range(int(seconds / 0.05)):
        result = check()
        if await result if isinstance(result, Awaitable) else result:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {what}")


def broker_threads() -> int:
    """The embedded brokers' threads alive in this process."""
    return sum(1 for thread in threading.enumerate() if thread.name == "cleanfleet-broker" and thread.is_alive())
