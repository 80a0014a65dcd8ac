"""The one outbox (issue 49 item 1): every send the server owes (a notification, an escalation's notice, a webhook
delivery) is an ``outbox_sends`` row (core/outbox_models.py), written in the transaction of what it tells of, and
sent by one sender (core/outbox_sender.py) with one claim, one retry policy, one record of every attempt and one
metric family.

**Channels.** ``core`` imports no domain: a domain registers its ``Sender`` when it is imported (``register``): its
``kind``, the function that sends one row (``send``: answers a ``Result``, raises nothing it expects), its waits
between attempts (``retry``), and optionally a hook run in the transaction that records an attempt (``recorded``:
the webhooks' subscription health), a hook that prunes its old rows (``prune``) and its table (``table``: rows of
this kind whose domain row is gone are dropped).

**Once, at least.** A row is claimed by one conditional UPDATE (``state = pending AND next_at <= now`` →
``next_at = now + CLAIM_SECONDS``): of two senders exactly one wins it. A sender that dies between a send and its
record leaves the row to be tried again when the claim runs out: at least once (the webhook's receiver
deduplicates on ``webhook-id``); a clean stop lets the sends in flight finish and be recorded first.

**An attempt** is an ``outbox_attempts`` row. A failed one is tried again after the sender's next wait
(``retry(settings)[attempts - 1]``); after the last wait, or at once when the failure is final, the row is
``failed``.

**Wake.** ``enqueue`` wakes the sender when the transaction commits (``after_commit``), in this worker and, through
the bus (``core/bus.py`` ``OUTBOX_WORK``), in the worker that leads the sender: a new send goes at once, not at
the next round; rounds on a timer are only for retries.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, event, func, insert, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.outbox_models import DROPPED, FAILED, PENDING, SENT, SKIPPED, OutboxAttempt, OutboxSend
from cleanfleet.settings import Settings

log = logging.getLogger("cleanfleet.outbox")
CLAIM_SECONDS = 120.0  # a claimed send is tried again after this when its worker died while sending


@dataclass(frozen=True)
class Item:
    """A claimed send, as its sender gets it: ``attempt`` is this attempt's number (1 for the first)."""

    id: int
    kind: str
    ref_id: int
    channel: str
    lane: str
    attempt: int
    now: datetime


@dataclass(frozen=True)
class Result:
    """What a send did: sent (``ok``), failed (``final``: no retry), no longer wanted (``skipped``), or its domain
    row is gone (``gone``)."""

    ok: bool
    code: int | None = None
    error: str | None = None
    final: bool = False
    skipped: bool = False
    gone: bool = False


Send = Callable[[Database, Settings, Item], Awaitable[Result]]
Recorded = Callable[[AsyncSession, Item, Result, datetime], Awaitable[None]]
Prune = Callable[[Database, Settings], Awaitable[int]]
Held = Callable[[AsyncSession], Awaitable[set[str]]]


@dataclass(frozen=True)
class Sender:
    kind: str
    send: Send
    retry: Callable[[Settings], tuple[float, ...]]  # seconds before the 2nd, 3rd, ... attempt; then failed
    timeout: Callable[[Settings], float]  # the longest a send may take (then a failed attempt)
    per_lane: int = 1  # sends of one lane at a time
    recorded: Recorded | None = None
    prune: Prune | None = None
    held: Held | None = None  # lanes whose sends wait (a paused webhook subscription)
    table: str | None = None


SENDERS: dict[str, Sender] = {}
OUTCOMES: dict[tuple[str, str, str], int] = {}  # this process's attempts by (kind, channel, outcome), for metrics/
WAKERS: set[Callable[[], None]] = set()  # called when new work committed (the running sender, the bus)
HOME: list[asyncio.AbstractEventLoop] = []  # the app's loop, where the wakers run (``wake`` from another loop hops)


def register(sender: Sender) -> None:
    """A domain's channel (at import; registering the same kind again replaces it)."""
    SENDERS[sender.kind] = sender


def counted(kind: str, channel: str, outcome: str) -> None:
    OUTCOMES[kind, channel, outcome] = OUTCOMES.get((kind, channel, outcome), 0) + 1


@dataclass(frozen=True)
class New:
    """A send to write: its domain row, its channel, lane and tenant (and, for a send recorded as done at once
    or due later, its state and time)."""

    ref_id: int
    channel: str
    lane: str
    tenant: str
    next_at: datetime | None = None
    state: str = PENDING


def wake() -> None:
    """Tells the senders new work is there (what ``enqueue`` does after the commit). A commit on another thread's
    loop (the embedded broker's ingest: gateway/embedded.py) wakes them on the app's loop."""
    try:
        running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if HOME and running is not None and running is not HOME[0] and HOME[0].is_running():
        HOME[0].call_soon_threadsafe(wake)
        return
    for waker in list(WAKERS):
        try:
            waker()
        except Exception:
            log.exception("outbox waker failed")


def _wake_after_commit(db: AsyncSession) -> None:
    sync = db.sync_session
    if sync.info.get("outbox_wake"):
        return
    sync.info["outbox_wake"] = True

    def committed(session: Any) -> None:
        session.info.pop("outbox_wake", None)
        wake()

    event.listen(sync, "after_commit", committed, once=True)


async def enqueue(db: AsyncSession, kind: str, rows: list[New], now: datetime | None = None) -> None:
    """Writes the sends (in the caller's transaction; it commits) and wakes the sender when it does."""
    if not rows:
        return
    now = now or utcnow()
    # a row left by a deleted domain row whose id the database gave again (SQLite reuses the highest id)
    await db.execute(delete(OutboxSend).where(OutboxSend.kind == kind, OutboxSend.ref_id.in_(
        [row.ref_id for row in rows])).execution_options(synchronize_session=False))
    await db.execute(insert(OutboxSend), [
        {"kind": kind, "ref_id": row.ref_id, "channel": row.channel[:16], "lane": row.lane[:64],
         "tenant": row.tenant[:32], "state": row.state, "attempts": 0, "next_at": row.next_at or now,
         "created_at": now, "sent_at": now if row.state == SENT else None} for row in rows])
    if any(row.state == PENDING for row in rows):
        _wake_after_commit(db)


async def requeue(db: AsyncSession, kind: str, ref_id: int, now: datetime | None = None) -> None:
    """The send due again now (a webhook's replay), whatever its state (the caller commits)."""
    await db.execute(update(OutboxSend).where(OutboxSend.kind == kind, OutboxSend.ref_id == ref_id)
                     .values(state=PENDING, next_at=now or utcnow()).execution_options(synchronize_session=False))
    _wake_after_commit(db)


async def cap_lane(db: AsyncSession, lane: str, cap: int) -> list[int]:
    """Removes the oldest pending sends of ``lane`` beyond ``cap`` (in the caller's transaction, which removes their
    domain rows and counts them); answers their domain rows' ids."""
    pending = await db.scalar(select(func.count()).select_from(OutboxSend).where(
        OutboxSend.lane == lane, OutboxSend.state == PENDING)) or 0
    if pending <= cap:
        return []
    oldest = list((await db.execute(select(OutboxSend.id, OutboxSend.ref_id, OutboxSend.kind, OutboxSend.channel)
                                    .where(OutboxSend.lane == lane, OutboxSend.state == PENDING)
                                    .order_by(OutboxSend.id).limit(pending - cap))).all())
    await db.execute(delete(OutboxSend).where(OutboxSend.id.in_([row.id for row in oldest]))
                     .execution_options(synchronize_session=False))
    for row in oldest:
        counted(row.kind, row.channel, DROPPED)
    return [row.ref_id for row in oldest]


async def claim(db: AsyncSession, send_id: int, now: datetime) -> Item | None:
    """The send, if this worker wins it (committed at once, so nothing is held while it goes)."""
    result = await db.execute(update(OutboxSend).where(
        OutboxSend.id == send_id, OutboxSend.state == PENDING, OutboxSend.next_at <= now,
    ).values(next_at=now + timedelta(seconds=CLAIM_SECONDS)).execution_options(synchronize_session=False))
    row = None
    if (result.rowcount or 0) == 1:  # type: ignore[attr-defined]
        row = (await db.execute(select(OutboxSend.kind, OutboxSend.ref_id, OutboxSend.channel, OutboxSend.lane,
                                       OutboxSend.attempts).where(OutboxSend.id == send_id))).first()
    await db.commit()
    if row is None:
        return None
    return Item(send_id, row.kind, row.ref_id, row.channel, row.lane, row.attempts + 1, now)


async def record(db: AsyncSession, settings: Settings, item: Item, result: Result, ms: int,
                 now: datetime) -> str | None:
    """The attempt's row and the send's next state (the caller commits); answers the outcome (sent, retried,
    failed, skipped, dropped), None when the row was no longer the claimed pending one."""
    row = await db.get(OutboxSend, item.id, populate_existing=True)
    if row is None or row.state != PENDING:
        return None
    sender = SENDERS.get(item.kind)
    if result.gone or result.skipped or sender is None:
        row.state = SKIPPED if result.skipped else DROPPED
        counted(item.kind, item.channel, row.state)
        return row.state
    row.attempts += 1
    db.add(OutboxAttempt(send_id=row.id, at=now, state=SENT if result.ok else FAILED, code=result.code,
                         duration_ms=ms, error=(result.error or None) and str(result.error)[:255]))
    row.last_code, row.last_error = result.code, (str(result.error)[:255] if result.error else None)
    waits = sender.retry(settings)
    if result.ok:
        row.state, row.sent_at, row.last_error, outcome = SENT, now, None, "sent"
    elif result.final or row.attempts > len(waits):
        row.state, outcome = FAILED, "failed"
    else:
        row.next_at, outcome = now + timedelta(seconds=waits[row.attempts - 1]), "retried"
    if sender.recorded is not None:
        await sender.recorded(db, item, result, now)
    counted(item.kind, item.channel, outcome)
    return outcome


async def drop_orphans(database: Database) -> int:
    """Drops the sends whose domain row is gone (a deleted subscription's, user's, device's)."""
    dropped = 0
    async with database.sessions() as db:
        for sender in SENDERS.values():
            if sender.table is None:
                continue
            gone = text(f"NOT EXISTS (SELECT 1 FROM {sender.table} d WHERE d.id = outbox_sends.ref_id)")
            result = await db.execute(delete(OutboxSend).where(OutboxSend.kind == sender.kind, gone)
                                      .execution_options(synchronize_session=False))
            dropped += int(result.rowcount or 0)  # type: ignore[attr-defined]
        await db.commit()
    return dropped


def state_of(kind: str, ref: Any, column: Any) -> Any:
    """For a domain's model: a read-only column of its row's send (``column_property(state_of(...))``)."""
    return select(column).where(OutboxSend.kind == kind, OutboxSend.ref_id == ref).correlate_except(OutboxSend) \
        .scalar_subquery()


async def due_count(db: AsyncSession, now: datetime) -> dict[str, int]:
    """Sends due and not done, by kind (metrics)."""
    rows = await db.execute(select(OutboxSend.kind, func.count()).where(
        OutboxSend.state == PENDING, OutboxSend.next_at <= now).group_by(OutboxSend.kind))
    return {kind: int(n) for kind, n in rows}


def background(start: Callable[[], Awaitable[Any]]) -> None:
    """Runs what ``start`` makes without waiting (the bus's wake message); nothing outside an event loop."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    task = asyncio.ensure_future(start(), loop=loop)
    _KEPT.add(task)
    task.add_done_callback(_KEPT.discard)


_KEPT: set[asyncio.Future[Any]] = set()
