"""``python -m cleanfleet audit verify``: whether any audit row was removed, edited or inserted out of order.

Every chain is walked in ``seq`` order (pages of VERIFY_PAGE rows, never the whole table in memory): a gap in seq
is a removed row, a ``prev_hash`` that is not the previous row's hash a removed or inserted one, a hash that does
not match the row's fields an edited one, a personal digest that does not match the row's name, address and client
an edited person (rows erased on purpose are skipped there). Then every anchor (anchors.py) of the days since the
first row, or the last ANCHOR_DAYS days, must still hold: its chain's row at the anchored seq with the anchored hash
(a chain cut short or rewritten whole in the database fails here). Rows left unsealed for over UNSEALED_LIMIT say
the sealing job stopped."""

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, timedelta
from typing import Any

from sqlalchemy import func, select

from cleanfleet.audit.anchors import all_anchors
from cleanfleet.audit.chain import GENESIS, personal_digest, row_hash
from cleanfleet.audit.models import AuditCheckpoint, AuditRecord
from cleanfleet.core.db import Database, utcnow
from cleanfleet.storage.backends import Store

VERIFY_PAGE = 5_000
ANCHOR_DAYS = 400
UNSEALED_LIMIT = timedelta(minutes=10)


@dataclass(frozen=True)
class Finding:
    chain: str
    seq: int | None
    row_id: int | None
    what: str

    def line(self) -> str:
        where = f"chain {self.chain}" + (f" seq {self.seq}" if self.seq is not None else "") + (
            f" (row {self.row_id})" if self.row_id is not None else "")
        return f"{where}: {self.what}"


@dataclass
class Report:
    rows: int = 0
    chains: int = 0
    anchors: int = 0
    unsealed: int = 0
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings


def _check_row(row: AuditRecord, expected: int, previous: str) -> list[str]:
    found = []
    assert row.seq is not None
    if row.seq != expected:
        found.append(f"rows {expected}..{row.seq - 1} are missing (removed)")
    if row.prev_hash != previous:
        found.append("does not follow the row before it (a row was removed or inserted before it)")
    if row.hash != row_hash(row.prev_hash or "", row, row.seq):
        found.append("its fields do not match its hash (edited)")
    if not row.erased and row.personal != personal_digest(row.salt, row.actor_name, row.address, row.client):
        found.append("its name, address or client do not match their digest (edited)")
    return found


async def _walk_chain(database: Database, chain: str, report: Report,
                      start: tuple[int, str] = (1, GENESIS)) -> dict[int, str]:
    """Checks one chain from ``start`` (its checkpoint's seq and prev_hash after a retention purge: audit/purge.py);
    answers its hashes by seq only where anchors may ask (all of them: a dict of str is small beside the rows, and a
    chain of millions is walked in pages)."""
    hashes: dict[int, str] = {}
    (expected, previous), after = start, start[0] - 1
    while True:
        async with database.sessions() as db:
            page = list(await db.scalars(select(AuditRecord).where(
                AuditRecord.chain == chain, AuditRecord.seq > after).order_by(AuditRecord.seq).limit(VERIFY_PAGE)))
        for row in page:
            assert row.seq is not None and row.hash is not None
            report.rows += 1
            report.findings += [Finding(chain, row.seq, row.id, what) for what in _check_row(row, expected, previous)]
            hashes[row.seq] = row.hash
            expected, previous, after = row.seq + 1, row.hash, row.seq
        if len(page) < VERIFY_PAGE:
            return hashes


async def verify(database: Database, store: Store, mailed: Sequence[dict[str, Any]] = (),
                 only: Collection[str] | None = None) -> Report:
    """``mailed``: anchors from elsewhere (a mailed copy, ``--anchors``; anchor_mail.py), checked like the store's.
    ``only``: these chains alone (one tenant's), walked and compared with the anchors; the rest are not read."""
    report = Report()
    async with database.sessions() as db:
        sealed = select(AuditRecord.chain).distinct().where(AuditRecord.seq.is_not(None))
        chains = list(await db.scalars(sealed if only is None else sealed.where(AuditRecord.chain.in_(only))))
        starts = {c.chain: (c.first_seq, c.prev_hash) for c in await db.scalars(select(AuditCheckpoint))}
        first = await db.scalar(select(func.min(AuditRecord.at)))
        report.unsealed = int(await db.scalar(select(func.count()).select_from(AuditRecord).where(
            AuditRecord.seq.is_(None), AuditRecord.at < utcnow() - UNSEALED_LIMIT)) or 0)
    report.chains = len(chains)
    by_chain = {chain: await _walk_chain(database, chain, report, starts.get(chain, (1, GENESIS))) for chain in chains}
    today = utcnow().astimezone(UTC).date()
    since = min(first.astimezone(UTC).date() if first else today, today - timedelta(days=ANCHOR_DAYS))
    for anchor in [*await all_anchors(store, since, today), *mailed]:
        report.anchors += 1
        for chain, head in anchor["chains"].items():
            if only is not None and chain not in only:
                continue
            held = by_chain.get(chain, {}).get(int(head["seq"]))
            if held is None and int(head["seq"]) < starts.get(chain, (1, ""))[0]:
                continue  # purged on purpose, before the chain's checkpoint
            if held is None:
                report.findings.append(Finding(chain, int(head["seq"]), None, f"anchored on {anchor['at']} but no "
                                               "longer in the database (the chain was cut short or removed)"))
            elif held != head["hash"]:
                report.findings.append(Finding(chain, int(head["seq"]), None, f"differs from its anchor of "
                                               f"{anchor['at']} (the chain was rewritten)"))
    if report.unsealed:
        report.findings.append(Finding("*", None, None, f"{report.unsealed} rows unsealed for over "
                                       f"{int(UNSEALED_LIMIT.total_seconds() // 60)} minutes (is the audit-seal job "
                                       "running?)"))
    return report
