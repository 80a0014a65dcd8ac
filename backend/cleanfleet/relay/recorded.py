"""What the relay tells the audit trail (issue 51 item 1): every command sent to a robot (a POST that is not a
reading call), with the robot's answer as its outcome, and driving as drive sessions.

The joystick sends several drive commands a second (``cmdvel_ctrl``): one row each would bury everything else,
so driving is one ``drive_session`` row per person and robot, written at the first drive command after
``DRIVE_GAP`` seconds without one (per worker: a session continued on another worker is recorded there too).
The control lease taken and given back brackets it (``control_taken``, ``control_released``: relay/service.py)."""

import time

import orjson

from cleanfleet.audit.service import caller_fields, record_apart
from cleanfleet.core.auth import Caller

DRIVE_CALLS = frozenset({"cmdvel_ctrl"})
DRIVE_GAP = 120.0
MAX_DRIVERS = 10_000  # people driving at once, per worker, before the stale ones are forgotten
_driving: dict[tuple[int, int], float] = {}


def _starts_drive(user_id: int, device_id: int, now: float) -> bool:
    last = _driving.get((user_id, device_id))
    _driving[(user_id, device_id)] = now
    if len(_driving) > MAX_DRIVERS:
        for key in [k for k, seen in _driving.items() if now - seen > DRIVE_GAP]:
            del _driving[key]
    return last is None or now - last > DRIVE_GAP


def outcome_of(status: int, content: bytes) -> str:
    """``ok`` unless the robot answered an HTTP error or a JSON refusal (``code`` not 0)."""
    if status >= 400:
        return "failed"
    if content[:1] == b"{" and len(content) <= 64 * 1024:
        try:
            code = orjson.loads(content).get("code", 0)
        except (ValueError, AttributeError):
            return "ok"
        return "ok" if code in (0, None) else "failed"
    return "ok"


async def record_command(request: object, caller: Caller, device_id: int, serial: str, call: str, outcome: str,
                         now: float | None = None) -> None:
    """Records a command the relay sent (a drive command only when it starts a drive session)."""
    if call in DRIVE_CALLS:
        if not _starts_drive(caller.user_id, device_id, time.monotonic() if now is None else now):
            return
        kind = "drive_session"
    else:
        kind = "robot_command"
    app = request.app  # type: ignore[attr-defined]
    await record_apart(app.state.db, kind, **caller_fields(caller, request), target=f"device#{device_id}",
                       outcome=outcome, detail={"sn": serial, "call": call, "via": "relay"})
