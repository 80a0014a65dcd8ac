"""The streamer (job ``siem-stream``, run by one worker of a cluster: core/leader.py ``start_scanning``): every
``CLEANFLEET_SIEM_EVERY`` seconds, each active destination gets the sealed rows of its branch past its cursor, in
order (per chain, by seq), up to ``BATCH`` a round, over a connection kept open between rounds.

- **Cursor**: ``{chain: seq}`` (siem/models.py); it moves past a batch only once the batch was written and drained.
  TLS syslog has no acknowledgement, so a receiver that dies with a batch in its socket may lose that batch; one
  that went away before is seen (its connection closed) before the next batch, which then waits for it.
- **Kinds**: rows of groups the destination does not want are passed over (the cursor moves past them too); a
  person's erasure notice (``erasure_notice``) goes to every destination (audit/streamed.py ``wanted``).
- **Failures**: a round that fails closes the connection, records the category (``last_error``) and waits before
  the next try: 5 s, 15 s, 1 min, then every 5 min (``BACKOFF``); a destination down never holds up another (each
  is its own task, errors caught per destination).
- **Health**: ``last_sent_at``, ``sent``, ``backlog`` (sealed rows of its branch past its cursor, whatever their
  kind), ``last_error`` and its time, shown on the console's "SIEM streaming" tab."""

import asyncio
import logging
import socket
import ssl
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import and_, func, or_, select, true, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit.models import AuditRecord
from cleanfleet.audit.personal import values_of
from cleanfleet.audit.streamed import wanted
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import start_scanning, stop_task
from cleanfleet.core.outbound import Failure
from cleanfleet.core.scope import path_prefix
from cleanfleet.settings import Settings
from cleanfleet.siem import connection, syslog
from cleanfleet.siem.models import SiemDestination

log = logging.getLogger("cleanfleet.siem")
JOB = "siem-stream"
BATCH = 500
PROBE_SECONDS = 0.05  # how long a kept connection is listened to before a batch (is it still open?)
BACKOFF = (5.0, 15.0, 60.0, 300.0)  # seconds before the next try after 1, 2, 3, 4 or more failed rounds


@dataclass
class Link:
    where: connection.Where
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter

    async def usable(self, where: connection.Where) -> bool:
        """Still the destination's, and still open: a receiver never writes, so anything read (its close, at
        once on a socket it closed) says it went away; without this a batch would go into a closed socket."""
        if self.where != where or self.writer.is_closing() or self.reader.at_eof():
            return False
        try:
            await asyncio.wait_for(self.reader.read(1), PROBE_SECONDS)
        except TimeoutError:
            return True
        except (OSError, ssl.SSLError):
            return False
        return False


LINKS: dict[int, Link] = {}  # the open connections by destination (the leader's)


def where_of(destination: SiemDestination) -> connection.Where:
    return connection.Where(destination.host, destination.port, destination.tls, destination.ca_pem)


def hostname(settings: Settings) -> str:
    """The HOSTNAME of every message: the console's public host, else this machine's name."""
    return urlsplit(settings.public_url).hostname or socket.gethostname()


def after(cursor: dict[str, Any]) -> Any:
    """Rows past the cursor: a chain's rows after its seq, and every row of a chain it has not met yet."""
    if not cursor:
        return true()
    return or_(AuditRecord.chain.not_in(list(cursor)),
               *(and_(AuditRecord.chain == chain, AuditRecord.seq > int(seq)) for chain, seq in cursor.items()))


def pending(node_path: str, cursor: dict[str, Any]) -> Any:
    return and_(path_prefix(AuditRecord.owner_path, node_path), AuditRecord.seq.is_not(None), after(cursor))


async def heads(db: AsyncSession, node_path: str) -> dict[str, int]:
    """A new destination's cursor: the branch's last sealed row of each chain (it streams from now on)."""
    rows = await db.execute(select(AuditRecord.chain, func.max(AuditRecord.seq)).where(
        path_prefix(AuditRecord.owner_path, node_path), AuditRecord.seq.is_not(None)).group_by(AuditRecord.chain))
    return {chain: int(seq or 0) for chain, seq in rows}


async def backlog(db: AsyncSession, node_path: str, cursor: dict[str, Any]) -> int:
    return int(await db.scalar(select(func.count()).select_from(AuditRecord).where(pending(node_path, cursor))) or 0)


async def drop_link(destination_id: int) -> None:
    link = LINKS.pop(destination_id, None)
    if link is not None:
        await connection.close(link.writer)


async def link_for(destination: SiemDestination, settings: Settings) -> asyncio.StreamWriter:
    where = where_of(destination)
    link = LINKS.get(destination.id)
    if link is not None and await link.usable(where):
        return link.writer
    await drop_link(destination.id)
    reader, writer = await connection.open_link(where, settings.siem_allow, settings.siem_timeout)
    LINKS[destination.id] = Link(where, reader, writer)
    return writer


def moved(cursor: dict[str, Any], rows: list[AuditRecord]) -> dict[str, int]:
    found = {chain: int(seq) for chain, seq in cursor.items()}
    for row in rows:
        assert row.seq is not None
        found[row.chain] = max(found.get(row.chain, 0), row.seq)
    return found


async def _send(database: Database, destination: SiemDestination, rows: list[AuditRecord],
                settings: Settings) -> Failure | None:
    """The batch's wanted rows written; the failure's category, or None."""
    chosen = [row for row in rows if wanted(destination.kinds, row.kind)]
    if not chosen:
        return None
    name = hostname(settings)
    async with database.sessions() as db:
        clear = await values_of(db, chosen, clear_only=True)
    frames = [syslog.frame(syslog.message(row, hostname=name, app_name=destination.app_name, clear=clear.get(row.id)))
              for row in chosen]
    try:
        await connection.write(await link_for(destination, settings), frames, settings.siem_timeout)
    except connection.SendFailed as exc:
        await drop_link(destination.id)
        return exc.failure
    return None


async def stream_one(database: Database, settings: Settings, destination: SiemDestination, now: datetime,
                     writing: asyncio.Lock) -> int:
    """One destination's round: answers the rows sent (0 when it failed: its error is recorded). Its outcome is
    written under ``writing``, one destination after another: the sends go side by side, the writes do not (on
    SQLite a dozen destinations' writers at once, each round, stalled every other writer: tests/write_lock.py)."""
    async with database.sessions() as db:
        rows = list(await db.scalars(select(AuditRecord).where(pending(destination.node_path, destination.cursor))
                                     .order_by(AuditRecord.chain, AuditRecord.seq).limit(BATCH)))
    failure = await _send(database, destination, rows, settings) if rows else None
    cursor = moved(destination.cursor, rows) if failure is None else destination.cursor
    sent = len([row for row in rows if wanted(destination.kinds, row.kind)]) if failure is None else 0
    async with writing, database.sessions() as db:
        values: dict[str, Any] = {"backlog": await backlog(db, destination.node_path, cursor)}
        if failure is not None:
            failures = (destination.failures or 0) + 1
            values |= {"failures": failures, "last_error": failure.value, "last_error_at": now,
                       "retry_at": now + timedelta(seconds=BACKOFF[min(failures, len(BACKOFF)) - 1])}
        elif rows:
            values |= {"cursor": cursor, "sent": SiemDestination.sent + sent, "failures": 0, "last_error": None,
                       "retry_at": None, **({"last_sent_at": now} if sent else {})}
        await db.execute(update(SiemDestination).where(SiemDestination.id == destination.id).values(**values)
                         .execution_options(synchronize_session=False))
        await db.commit()
    return sent


async def stream_round(database: Database, settings: Settings, now: datetime | None = None) -> int:
    """Every due destination's round, side by side; answers the rows sent."""
    now = now or utcnow()
    async with database.sessions() as db:
        active = list(await db.scalars(select(SiemDestination).where(SiemDestination.active.is_(True))))
    for gone in set(LINKS) - {destination.id for destination in active}:
        await drop_link(gone)
    due = [d for d in active if d.retry_at is None or d.retry_at <= now]
    writing = asyncio.Lock()
    done = await asyncio.gather(*(stream_one(database, settings, d, now, writing) for d in due),
                                return_exceptions=True)
    for destination, outcome in zip(due, done, strict=True):
        if isinstance(outcome, BaseException):
            log.error("siem destination %s: round failed", destination.id, exc_info=outcome)
    return sum(outcome for outcome in done if isinstance(outcome, int))


def start_streaming(database: Database, settings: Settings) -> asyncio.Task[None]:
    first = settings.siem_every if settings.siem_first is None else settings.siem_first
    return start_scanning(database, JOB, lambda db: stream_round(db, settings), settings.siem_every, first)


async def stop_streaming(task: asyncio.Task[None]) -> None:
    await stop_task(task)
    for destination_id in list(LINKS):
        await drop_link(destination_id)
