"""The audit chain: each tenant's rows in ``seq`` order, each row's hash over the previous row's hash and its own
fields (issue 51 item 2).

Rows are written unsealed, in the transaction of what they record (so a write never waits for a chain's head), and
the leader's job ``audit-seal`` seals them in id order a moment later: it gives each row the next ``seq`` of its
chain, the head's hash as ``prev_hash``, and its ``hash``. A row committed late (a lower id than one already sealed)
is simply sealed later: the chain's order is the sealing order. Until sealed (a few seconds) a row is not protected.

What the chain shows: an edited row (its hash no longer matches its fields), a removed row (a gap in ``seq``, or a
``prev_hash`` that names another), an inserted one (a hash that does not follow). Someone able to rewrite the whole
chain in the database could recompute every hash: the anchors (anchors.py), copies of each chain's head kept where
the database cannot change them, catch that.
"""

import hashlib
import secrets
from collections import defaultdict
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit.models import AuditRecord
from cleanfleet.audit.personal import settle, values_of
from cleanfleet.audit.streamed import facts
from cleanfleet.core.bus import tell
from cleanfleet.core.db import Database

GENESIS = "0" * 64
SEAL_BATCH = 2_000  # rows sealed per round; the rest in the next (every CLEANFLEET_AUDIT_SEAL_EVERY seconds)


def new_salt() -> str:
    return secrets.token_hex(16)


def personal_digest(salt: str | None, name: str, address: str | None, client: str | None) -> str:
    return hashlib.sha256(orjson.dumps([salt, name, address, client])).hexdigest()


def _instant(at: datetime) -> str:
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone(UTC).isoformat(timespec="microseconds")


def row_hash(prev_hash: str, row: AuditRecord, seq: int) -> str:
    """The hash of a row at ``seq`` after ``prev_hash``: every field but the personal ones (their digest instead)."""
    body = orjson.dumps({
        "id": row.id, "at": _instant(row.at), "kind": row.kind, "outcome": row.outcome, "actorType": row.actor_type,
        "actorId": row.actor_id, "actingId": row.acting_id, "ownerPath": row.owner_path, "target": row.target,
        "detail": row.detail, "personal": row.personal, "chain": row.chain, "seq": seq,
    }, option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(prev_hash.encode() + body).hexdigest()


async def chain_head(db: AsyncSession, chain: str) -> tuple[int, str]:
    """The chain's last sealed (seq, hash), or (0, GENESIS) for a chain not begun."""
    head = (await db.execute(select(AuditRecord.seq, AuditRecord.hash).where(
        AuditRecord.chain == chain, AuditRecord.seq.is_not(None)).order_by(AuditRecord.seq.desc()).limit(1))).first()
    return (int(head[0] or 0), str(head[1])) if head else (0, GENESIS)


async def one_sealer_at_a_time(db: AsyncSession) -> None:
    """A second sealer (a test's round beside the job's, two leaders for a moment at a handover) waits for the first
    one's commit, then reads the rows it left unsealed and the heads it moved. Without this, one that read a row as
    unsealed and the head after the other's commit numbered that row again past itself: a gap in the chain, which
    ``verify`` reports as a removed row. PostgreSQL: the unsealed rows are read FOR UPDATE (a waiting reader checks
    them again once the holder commits); SQLite: the transaction takes the database's write lock before it reads."""
    if db.get_bind().dialect.name != "postgresql":
        await db.execute(text("UPDATE audit_records SET seq = seq WHERE 0"))


async def seal(database: Database) -> int:
    """Seals the oldest unsealed rows (up to SEAL_BATCH) and tells them to the webhooks; answers how many."""
    async with database.sessions() as db:
        if await db.scalar(select(AuditRecord.id).where(AuditRecord.seq.is_(None)).limit(1)) is None:
            return 0  # nothing to seal: a round takes no lock
        await one_sealer_at_a_time(db)
        rows = list(await db.scalars(select(AuditRecord).where(AuditRecord.seq.is_(None))
                                     .order_by(AuditRecord.id).limit(SEAL_BATCH).with_for_update()))
        by_chain: dict[str, list[AuditRecord]] = defaultdict(list)
        for row in rows:
            by_chain[row.chain].append(row)
        for chain, chained in by_chain.items():
            seq, previous = await chain_head(db, chain)
            for row in chained:
                seq += 1
                row.seq, row.prev_hash, row.hash = seq, previous, row_hash(previous, row, seq)
                previous = row.hash
        clear = await values_of(db, rows, clear_only=True)
        await settle(db, rows)  # the person's values beside the chain (audit/personal.py)
        await tell(db, facts(rows, clear))  # the webhooks' audit.* events, queued with the seal (audit/streamed.py)
        await db.commit()
    return len(rows)


async def settle_unsealed(database: Database) -> int:
    """``settle`` for every row not sealed yet (before an erasure looks for a person's values); answers how many.
    Under the sealer's lock, its rows read FOR UPDATE in the same order: a sealer's round meanwhile settling the
    same rows inserted the same digests, and the two deadlocked (PostgreSQL, the erasure failed); now the second
    waits for the first and finds those rows settled."""
    async with database.sessions() as db:
        await one_sealer_at_a_time(db)
        rows = list(await db.scalars(select(AuditRecord).where(AuditRecord.seq.is_(None),
                                                               AuditRecord.pending.is_not(None))
                                     .order_by(AuditRecord.id).with_for_update()))
        await settle(db, rows)
        await db.commit()
    return len(rows)


async def heads(db: AsyncSession) -> dict[str, dict[str, Any]]:
    """Every chain's head: {chain: {"seq": n, "hash": h}} (the anchors' content)."""
    chains = await db.scalars(select(AuditRecord.chain).distinct())
    found = {}
    for chain in chains:
        seq, digest = await chain_head(db, chain)
        if seq:
            found[chain] = {"seq": seq, "hash": digest}
    return found
