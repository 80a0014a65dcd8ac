"""The retention calls' rules: a node's periods in force, its own, the limits it may choose within, the last purges
of its branch, and what a shorter period would remove (docs/domains/retention.md)."""

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import bad_parameter
from cleanfleet.core.retention import KINDS, Limits, Within, purges_of
from cleanfleet.core.scope import ids_on_path, path_prefix
from cleanfleet.retention import periods, texts
from cleanfleet.retention.job import ALL
from cleanfleet.retention.models import RetentionRun, RetentionSetting
from cleanfleet.retention.schemas import KindOut, PreviewOut, RetentionOut, RunOut
from cleanfleet.settings import Settings
from cleanfleet.users.models import User
from cleanfleet.users.scope import user_in_subtree

RUNS_SHOWN = 50
PREVIEW_CAP = 10_000  # a preview removes at most this many per purge in a transaction it rolls back


async def _node(db: AsyncSession, caller: Caller, user_id: int | None) -> User:
    return await user_in_subtree(db, caller, user_id or caller.acting_user_id)


async def _set_on_path(db: AsyncSession, path: str) -> dict[str, dict[str, int]]:
    """The periods the nodes on ``path`` set: {kind: {node path: days}}."""
    rows = (await db.execute(select(RetentionSetting.kind, RetentionSetting.path, RetentionSetting.days)
                             .where(RetentionSetting.user_id.in_(ids_on_path(path))))).all()
    found: dict[str, dict[str, int]] = {}
    for kind, node, days in rows:
        if kind not in periods.CHAIN_KINDS or periods.depth(node) == periods.TENANT_DEPTH:
            found.setdefault(kind, {})[node] = days
    return found


def _settable(node: User, kind: str) -> bool:
    depth = periods.depth(node.path)
    return depth >= periods.TENANT_DEPTH and (kind not in periods.CHAIN_KINDS or depth == periods.TENANT_DEPTH)


def _kind(node: User, kind: str, limit: Limits, on_path: dict[str, int]) -> KindOut:
    above = {path: days for path, days in on_path.items() if path != node.path}
    above_days = periods.in_force(above, node.path, limit) if above else None
    return KindOut(kind=kind, days=periods.in_force(on_path, node.path, limit), own=on_path.get(node.path),
                   above=above_days, default=limit.default, least=limit.least,
                   most=min(limit.most, above_days or limit.most), settable=_settable(node, kind))


def _run(row: RetentionRun) -> RunOut:
    node = ids_on_path(row.path)[-1] if row.path != periods.ROOT else None
    return RunOut(kind=row.kind, userId=node, days=row.days, removed=row.removed, startedAt=row.started_at,
                  finishedAt=row.finished_at)


async def _runs(db: AsyncSession, node: User) -> tuple[RunOut | None, list[RunOut]]:
    last = await db.scalar(select(RetentionRun).where(RetentionRun.kind == ALL)
                           .order_by(RetentionRun.finished_at.desc(), RetentionRun.id.desc()).limit(1))
    mine = list(await db.scalars(select(RetentionRun).where(
        RetentionRun.kind != ALL, path_prefix(RetentionRun.path, node.path) if periods.depth(node.path) > 1
        else RetentionRun.path.is_not(None)).order_by(RetentionRun.finished_at.desc(), RetentionRun.id.desc())
        .limit(RUNS_SHOWN)))
    if last is None:
        return None, [_run(row) for row in mine]
    round_ = _run(last)
    if periods.depth(node.path) > 1:  # a branch's share of the round, not the whole fleet's
        round_.removed = sum(row.removed for row in mine if row.started_at >= last.started_at)
    return round_, [_run(row) for row in mine]


async def retention_of(db: AsyncSession, caller: Caller, user_id: int | None, settings: Settings) -> RetentionOut:
    node = await _node(db, caller, user_id)
    on_path = await _set_on_path(db, node.path)
    limits = periods.limits(settings)
    last, runs = await _runs(db, node)
    return RetentionOut(userId=node.id, root=periods.depth(node.path) < periods.TENANT_DEPTH,
                        kinds=[_kind(node, kind.name, limits[kind.name], on_path.get(kind.name, {}))
                               for kind in KINDS], lastRound=last, runs=runs)


async def _checked(db: AsyncSession, caller: Caller, user_id: int | None, kind: str, days: int | None,
                   settings: Settings) -> User:
    node = await _node(db, caller, user_id)
    if periods.depth(node.path) < periods.TENANT_DEPTH:
        raise bad_parameter("userId", texts.ROOT_IS_DEPLOYMENT)
    if not _settable(node, kind):
        raise bad_parameter("kind", texts.AUDIT_ON_DEALER)
    if days is None:
        return node
    shown = _kind(node, kind, periods.limits(settings)[kind], (await _set_on_path(db, node.path)).get(kind, {}))
    if days < shown.least:
        raise bad_parameter("days", texts.TOO_FEW, days=shown.least)
    if days > shown.most:
        raise bad_parameter("days", texts.TOO_MANY if shown.above is None or shown.above > shown.most
                            else texts.LONGER_THAN_ABOVE, days=shown.most)
    return node


async def set_period(db: AsyncSession, caller: Caller, user_id: int | None, kind: str, days: int | None,
                     settings: Settings) -> RetentionOut:
    """Sets (or, with None, removes) the node's own period of ``kind``; commits."""
    node = await _checked(db, caller, user_id, kind, days, settings)
    row = await db.get(RetentionSetting, (node.id, kind))
    if days is None and row is not None:
        await db.delete(row)
    elif days is not None and row is None:
        db.add(RetentionSetting(user_id=node.id, kind=kind, days=days, path=node.path, updated_by=caller.user_id))
    elif days is not None and row is not None:
        row.days, row.path, row.updated_by = days, node.path, caller.user_id
    await db.commit()
    return await retention_of(db, caller, node.id, settings)


async def preview(db: AsyncSession, caller: Caller, user_id: int | None, kind: str, days: int,
                  settings: Settings) -> PreviewOut:
    """How many records of the node's branch are older than ``days`` (what such a period removes at the next
    purge): the kind's purges run in a transaction that is rolled back, each at most PREVIEW_CAP."""
    node = await _checked(db, caller, user_id, kind, days, settings)
    before, count, capped = utcnow() - timedelta(days=days), 0, False
    try:
        for entry in purges_of(kind):
            found = await entry.purge(db, Within(node.path), before, PREVIEW_CAP + 1)
            capped = capped or found > PREVIEW_CAP
            count += min(found, PREVIEW_CAP)
    finally:
        await db.rollback()
    return PreviewOut(count=count, capped=capped, before=before)
