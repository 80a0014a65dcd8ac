"""A robot that lost the broker waits before it connects again: exponential, capped, with full jitter, so a fleet
that lost the broker together does not come back in waves (issue 52 item 8; docs/robot-contract.md)."""

import asyncio
import random
import socket

from cleanfleet_sim.backoff import CAP_S, FIRST_S, REFUSED_CAP_S, REFUSED_FIRST_S, Backoff
from cleanfleet_sim.link import Broker, RobotLink


def test_the_window_doubles_from_one_second_up_to_its_cap() -> None:
    backoff = Backoff(rng=random.Random(1))
    ceilings = []
    for _ in range(10):
        ceilings.append(backoff.ceiling())
        backoff.failed()
    assert ceilings == [1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0, 30.0, 30.0, 30.0]
    assert (FIRST_S, CAP_S) == (1.0, 30.0)


def test_every_wait_is_drawn_from_the_whole_window_and_never_beyond_the_cap() -> None:
    waits = []
    for seed in range(2000):
        backoff = Backoff(rng=random.Random(seed))
        for _ in range(6):  # the sixth wait is the first at the cap
            wait = backoff.failed()
        waits.append(wait)
    assert all(0.0 <= wait <= CAP_S for wait in waits)
    # full jitter: the robots spread over [0, 30 s], the lower half too (equal jitter kept them in [15, 30])
    assert sum(wait < CAP_S / 2 for wait in waits) > len(waits) / 3
    assert sum(wait > CAP_S / 2 for wait in waits) > len(waits) / 3
    assert len({round(wait) for wait in waits}) == 31  # every second of the window is somebody's


def test_robots_that_lost_the_broker_together_do_not_come_back_together() -> None:
    first_tries = [Backoff(rng=random.Random(f"robot-{n}")).failed() for n in range(1000)]
    assert all(0.0 <= wait <= FIRST_S for wait in first_tries)
    assert len({round(wait, 2) for wait in first_tries}) > 90  # spread over the second, not one instant


def test_a_success_starts_from_the_first_window_again() -> None:
    backoff = Backoff(rng=random.Random(3))
    for _ in range(8):
        backoff.failed()
    assert backoff.ceiling() == CAP_S
    backoff.succeeded()
    assert backoff.ceiling() == FIRST_S
    assert backoff.failed() <= FIRST_S


def test_a_refused_sign_in_waits_in_the_slow_window_until_one_succeeds() -> None:
    backoff = Backoff(rng=random.Random(4))
    backoff.failed()
    backoff.failed()
    backoff.failed(refused=True)
    assert backoff.refused and backoff.ceiling() == 2 * REFUSED_FIRST_S
    for _ in range(10):
        assert backoff.failed(refused=True) <= REFUSED_CAP_S
    assert backoff.ceiling() == REFUSED_CAP_S
    backoff.succeeded()
    assert not backoff.refused and backoff.ceiling() == FIRST_S


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])  # nobody listens there once it is closed


async def test_a_link_that_cannot_reach_the_broker_waits_as_its_backoff_says(make_robot) -> None:
    link = RobotLink(make_robot(), Broker("127.0.0.1", closed_port()))
    link.backoff = Backoff(first_s=0.01, cap_s=0.04, rng=random.Random(5))
    windows: list[tuple[float, float]] = []
    six = asyncio.Event()
    failed = link.backoff.failed

    def recorded(*, refused: bool = False) -> float:
        ceiling = link.backoff.ceiling()
        wait = failed(refused=refused)
        windows.append((wait, ceiling))
        if len(windows) >= 6:
            six.set()
        return wait

    link.backoff.failed = recorded  # type: ignore[method-assign]
    task = asyncio.create_task(link.run())
    try:
        await asyncio.wait_for(six.wait(), 30)
    finally:
        await link.stop()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert [ceiling for _, ceiling in windows[:6]] == [0.01, 0.02, 0.04, 0.04, 0.04, 0.04]
    assert all(0.0 <= wait <= ceiling for wait, ceiling in windows)
    assert not link.connected.is_set()
