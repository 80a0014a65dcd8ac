"""The outbox's sender (issue 49 items 2-4): one loop (one worker of a cluster runs it: core/leader.py) that takes the
due sends of every registered channel (core/outbox.py), fair to every tenant, and stops without sending twice.

**Fair.** A pick takes at most ``PER_LANE_PICK`` due sends per lane (a webhook subscription, a user's channel), the
oldest first, then interleaves them tenant by tenant (a tenant: the user who owns the lane), so one tenant's storm
of thousands of deliveries waits behind nobody's single event: the other tenants' sends come first in the next
pick. At most ``SLOTS`` sends go at a time, and at most the sender's ``per_lane`` of one lane: a receiver that
hangs holds its own lane's slot until the send's timeout, never another lane's. A lane whose send failed waits
alone until that send's retry is due (its other sends too), and a lane the sender holds (a paused subscription)
is not picked.

**Woken.** The loop waits for new work (``outbox.wake``: after an ``enqueue``'s commit, a finished send) or for the
next retry due, at most ``IDLE`` seconds (work another worker queued without a bus).

**Stopping.** ``stop_outbox`` stops picking, lets the sends in flight finish and be recorded within the shutdown
grace (``shutdown_grace``), and only then stops the loop: a clean stop does not cut a send from its record.
"""

import asyncio
import contextlib
import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial

from sqlalchemy import func, select

from cleanfleet.core import outbox
from cleanfleet.core.bus import OUTBOX_WORK, Bus
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import lead
from cleanfleet.core.outbox_models import PENDING, OutboxSend
from cleanfleet.settings import Settings

log = logging.getLogger("cleanfleet.outbox")
JOB = "outbox"
SLOTS = 32  # sends at a time
PER_LANE_PICK = 4  # due sends per lane a pick looks at
PICK = 400  # sends per pick at most
IDLE = 5.0  # seconds the loop waits at most without being woken
PRUNE_EVERY = 3600.0


@dataclass
class Runner:
    database: Database
    settings: Settings
    kinds: tuple[str, ...] | None = None  # None: every registered one
    clock: datetime | None = None  # the tests' clock (the attempts' times and the retries follow it)
    wakeup: asyncio.Event = field(default_factory=asyncio.Event)
    flying: dict[asyncio.Task[None], outbox.Item] = field(default_factory=dict)
    busy: Counter[str] = field(default_factory=Counter)
    blocked: dict[str, datetime] = field(default_factory=dict)  # lane → when its failed send's retry is due
    outcomes: Counter[str] = field(default_factory=Counter)
    stopping: bool = False
    pruned_at: float = 0.0

    def now(self) -> datetime:
        return self.clock or utcnow()

    def _kinds(self) -> list[str]:
        return [k for k in (self.kinds or tuple(outbox.SENDERS)) if k in outbox.SENDERS]

    async def _held(self) -> set[str]:
        held: set[str] = set()
        async with self.database.sessions() as db:
            for kind in self._kinds():
                if (hook := outbox.SENDERS[kind].held) is not None:
                    held |= await hook(db)
        return held

    def _skipped(self, now: datetime) -> set[str]:
        self.blocked = {lane: until for lane, until in self.blocked.items() if until > now}
        return set(self.blocked) | {lane for lane, n in self.busy.items() if n > 0 and self._full(lane)}

    def _full(self, lane: str) -> bool:
        kind = next((item.kind for item in self.flying.values() if item.lane == lane), None)
        return kind is None or self.busy[lane] >= outbox.SENDERS[kind].per_lane

    async def pick(self, now: datetime, room: int) -> list[int]:
        """Up to ``room`` due send ids, fair: a few per lane, tenant after tenant."""
        kinds = self._kinds()
        if not kinds or room <= 0:
            return []
        skip = self._skipped(now) | await self._held()
        order = func.row_number().over(partition_by=OutboxSend.lane, order_by=(OutboxSend.next_at, OutboxSend.id))
        query = select(OutboxSend.id, OutboxSend.lane, OutboxSend.tenant, OutboxSend.kind, order.label("n")).where(
            OutboxSend.state == PENDING, OutboxSend.next_at <= now, OutboxSend.kind.in_(kinds))
        if skip:
            query = query.where(OutboxSend.lane.not_in(skip))
        due = query.subquery()
        async with self.database.sessions() as db:
            rows = (await db.execute(select(due.c.id, due.c.lane, due.c.tenant, due.c.kind).where(
                due.c.n <= PER_LANE_PICK).order_by(due.c.n, due.c.id).limit(PICK))).all()
        return interleave([(r.id, r.lane, r.tenant, outbox.SENDERS[r.kind].per_lane) for r in rows],
                          dict(self.busy), room)

    async def fill(self) -> int:
        """Claims and starts as many due sends as there are free slots; answers how many started."""
        now = self.now()
        started = 0
        for send_id in await self.pick(now, SLOTS - len(self.flying)):
            async with self.database.sessions() as db:
                item = await outbox.claim(db, send_id, now)
            if item is None:
                continue  # another worker has it
            self.busy[item.lane] += 1
            task = asyncio.create_task(self._one(item), name=f"outbox-{item.kind}-{item.id}")
            self.flying[task] = item
            task.add_done_callback(self._landed)
            started += 1
        return started

    def _landed(self, task: asyncio.Task[None]) -> None:
        item = self.flying.pop(task)
        self.busy[item.lane] -= 1
        self.wakeup.set()

    async def _one(self, item: outbox.Item) -> None:
        sender = outbox.SENDERS[item.kind]
        started = time.monotonic()
        try:
            result = await asyncio.wait_for(sender.send(self.database, self.settings, item),
                                            sender.timeout(self.settings))
        except TimeoutError:
            result = outbox.Result(False, error="timeout")
        except Exception:
            log.exception("outbox send %s %s failed", item.kind, item.id)
            result = outbox.Result(False, error="failed")
        ms = int((time.monotonic() - started) * 1000)
        now = self.now() if self.clock else utcnow()
        async with self.database.sessions() as db:
            outcome = await outbox.record(db, self.settings, item, result, ms, now)
            retry_at = await db.scalar(select(OutboxSend.next_at).where(OutboxSend.id == item.id))
            await db.commit()
        if outcome:
            self.outcomes[outcome] += 1
        if outcome == "retried" and retry_at is not None:
            self.blocked[item.lane] = retry_at  # the receiver backed off alone
        elif outcome == "sent":
            self.blocked.pop(item.lane, None)

    async def _next_due(self) -> float:
        """Seconds until the next send is due (at most IDLE; a lane in flight wakes the loop when it lands)."""
        skip = self._skipped(self.now())
        query = select(func.min(OutboxSend.next_at)).where(OutboxSend.state == PENDING)
        if skip:
            query = query.where(OutboxSend.lane.not_in(skip))
        async with self.database.sessions() as db:
            soonest = await db.scalar(query)
        waits = [IDLE] + [(until - self.now()).total_seconds() for until in self.blocked.values()]
        if soonest is not None:
            waits.append(max((soonest - self.now()).total_seconds(), 0.2))
        return max(min(waits), 0.05)

    async def run(self) -> None:
        """The loop (until ``stopping``)."""
        outbox.WAKERS.add(self.wakeup.set)
        try:
            while not self.stopping:
                self.wakeup.clear()
                try:
                    await self._prune()
                    await self.fill()
                    wait = await self._next_due()
                except Exception:
                    log.exception("outbox round failed")
                    wait = IDLE
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wakeup.wait(), wait)
        finally:
            outbox.WAKERS.discard(self.wakeup.set)

    async def _prune(self) -> None:
        if time.monotonic() - self.pruned_at < PRUNE_EVERY:
            return
        self.pruned_at = time.monotonic()
        for kind in self._kinds():
            if (prune := outbox.SENDERS[kind].prune) is not None:
                await prune(self.database, self.settings)
        await outbox.drop_orphans(self.database)

    async def drain(self, grace: float) -> None:
        """Stops picking; waits up to ``grace`` seconds for the sends in flight to finish and be recorded."""
        self.stopping = True
        self.wakeup.set()
        if self.flying:
            _, late = await asyncio.wait(list(self.flying), timeout=grace)
            for task in late:  # past the grace: cut; tried again when its claim runs out (at least once)
                task.cancel()
            if late:
                await asyncio.wait(late)


def interleave(rows: list[tuple[int, str, str, int]], busy: dict[str, int], room: int) -> list[int]:
    """Send ids in a fair order: one per tenant in turn (each tenant's lanes in turn), at most ``per_lane`` of a
    lane counting those in flight, ``room`` in all."""
    lanes: dict[str, dict[str, list[int]]] = {}
    caps: dict[str, int] = {}
    for send_id, lane, tenant, per_lane in rows:
        lanes.setdefault(tenant, {}).setdefault(lane, []).append(send_id)
        caps[lane] = per_lane - busy.get(lane, 0)
    picked: list[int] = []
    while len(picked) < room and lanes:
        for tenant in list(lanes):
            queue = lanes[tenant]
            lane = next(iter(queue))
            ids = queue.pop(lane)
            if ids and caps[lane] > 0:
                picked.append(ids.pop(0))
                caps[lane] -= 1
                if ids and caps[lane] > 0:
                    queue[lane] = ids  # back of this tenant's line of lanes
            if not queue:
                del lanes[tenant]
            if len(picked) >= room:
                break
    return picked


async def run_round(database: Database, settings: Settings, kinds: tuple[str, ...] | None = None,
                    now: datetime | None = None) -> Counter[str]:
    """Sends everything due now (tests and the domains' one-round helpers), fairly; answers the outcomes."""
    runner = Runner(database, settings, kinds, clock=now)
    while True:
        started = await runner.fill()
        if not started and not runner.flying:
            return runner.outcomes
        if runner.flying:
            await asyncio.wait(list(runner.flying), return_when=asyncio.FIRST_COMPLETED)


RUNNERS: dict[asyncio.Task[None], Runner] = {}


def start_outbox(database: Database, settings: Settings) -> asyncio.Task[None]:
    runner = Runner(database, settings)
    task = asyncio.create_task(lead(database, JOB, runner.run), name=JOB)
    RUNNERS[task] = runner
    return task


async def stop_outbox(task: asyncio.Task[None]) -> None:
    runner = RUNNERS.pop(task, None)
    if runner is not None:
        await runner.drain(runner.settings.shutdown_grace)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


_BUS: list[Bus] = []  # the bus of the app that runs now (tests start many)


def wire_outbox(bus: Bus) -> None:
    """Through the bus, new work in any worker wakes the one leading the sender."""
    bus.subscribe(OUTBOX_WORK, lambda _: _wake_local())
    _BUS[:] = [bus]
    outbox.HOME[:] = [asyncio.get_running_loop()]
    outbox.WAKERS.add(_tell_others)


def _tell_others() -> None:  # one message per commit that queued sends, not per send
    for bus in _BUS:
        outbox.background(partial(bus.publish, OUTBOX_WORK, {}))


def _wake_local() -> None:
    for runner in RUNNERS.values():
        runner.wakeup.set()


def retry_waits(first: float, attempts: int) -> tuple[float, ...]:
    """The doubling waits of ``attempts`` tries: ``first``, 2 × ``first``, ..."""
    return tuple(first * 2 ** n for n in range(max(attempts - 1, 0)))
