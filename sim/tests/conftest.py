import random
import socket
import uuid
from collections.abc import Callable
from typing import Any

import pytest

from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.identity import RobotIdentity
from cleanfleet_sim.robot import Robot
from cleanfleet_sim.webapi.dispatch import call_robot

MakeRobot = Callable[..., Robot]


def unique_prefix() -> str:
    """Serial prefix unique to this run, so tests sharing one broker never see each other's robots."""
    return f"T{uuid.uuid4().hex[:6].upper()}-"


def free_ports(n: int) -> int:
    """A first port of n consecutive free ones on loopback, below the ephemeral range that clients take."""
    rng = random.Random()
    for _ in range(100):
        base = rng.randrange(21000, 32000 - n)
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
        return base
    raise RuntimeError("no free ports")


def mosquitto_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 1883), timeout=1):
            return True
    except OSError:
        return False


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def make_robot(clock: ManualClock) -> MakeRobot:
    count = 0
    prefix = unique_prefix()

    def make(protocol: int = 3, *, home_map: str = "office-3F", battery: float = 90.0, alarm_rate: float = 0.0,
             port: int = 20000) -> Robot:
        nonlocal count
        count += 1
        identity = RobotIdentity(f"{prefix}{protocol}-{count:04d}", "secret", protocol, port, "CF-S3 scrubber")
        robot = Robot(identity, clock, seed=7, alarm_rate=alarm_rate, home_map=home_map, battery=battery)
        robot.tick()
        return robot

    return make


def api(robot: Robot, call: str, method: str = "POST", **params: Any) -> dict[str, Any]:
    """A web API call on the robot's own generation prefix (api2/ calls given in full)."""
    path = call if call.startswith("api") else f"{robot.identity.api_prefix}/{call}"
    status, answer = call_robot(robot, path, params, method=method)
    assert status == 200, (status, answer)
    assert isinstance(answer, dict)
    return answer


def run_for(robot: Robot, clock: ManualClock, seconds: float, step: float = 5.0) -> None:
    while seconds > 0:
        clock.advance(min(step, seconds))
        robot.tick()
        seconds -= step


def messages(robot: Robot, channel: str, **match: Any) -> list[dict[str, Any]]:
    return [m for c, m in robot.outbox if c == channel and all(m.get(k) == v for k, v in match.items())]
