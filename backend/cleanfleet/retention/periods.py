"""Which period applies where (docs/domains/retention.md "Periods").

A node (a dealer, a customer, any account below the root) may set a kind's period for its branch, from the
deployment's least to its most. The period in force for a record is the fewest days any node on its owner's path
sets (a dealer's promise "alarms are kept at most 200 days" holds for every customer below it, and a customer may keep
less than its dealer); where no node on the path sets one, the deployment's default. A deployment whose most was
lowered after a node set more holds that node to the new most.

The job purges part by part, each with one period: each node that sets a period, its whole branch (a node below it
keeps at most as long, so the branch's cut-off never removes what a node below keeps), the nearest nodes first; then
the whole tree at the default, less the branches kept longer. Audit rows are kept per tenant chain (a dealer's):
only the root's default and a dealer's own period apply to them."""

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.retention import Limits, Within, check_deployment
from cleanfleet.retention.models import RetentionSetting
from cleanfleet.settings import Settings

ROOT = "/"
TENANT_DEPTH = 2  # a dealer's path: /1/7/ (core/scope.py tenant_path)
CHAIN_KINDS = frozenset({"audit"})  # kept per tenant chain: set only on a dealer


@dataclass(frozen=True)
class Part:
    within: Within
    days: int


def limits(settings: Settings) -> dict[str, Limits]:
    return check_deployment(settings.retention_days, settings.retention_max_days)


def depth(path: str) -> int:
    return len([part for part in path.split("/") if part])


def in_force(set_days: dict[str, int], path: str, limit: Limits) -> int:
    """The period in force at ``path`` given the nodes' periods (``{node path: days}``)."""
    on_path = [days for node, days in set_days.items() if path.startswith(node)]
    return min(min(on_path), limit.most) if on_path else limit.default


async def set_periods(db: AsyncSession, kind: str) -> dict[str, int]:
    """Every node's period of ``kind``, by the node's path (dealers' only for a chain kind)."""
    rows = (await db.execute(select(RetentionSetting.path, RetentionSetting.days)
                             .where(RetentionSetting.kind == kind))).all()
    return {path: days for path, days in rows if kind not in CHAIN_KINDS or depth(path) == TENANT_DEPTH}


def _topmost(paths: list[str]) -> tuple[str, ...]:
    kept: list[str] = []
    for path in sorted(paths):
        if not any(path.startswith(top) for top in kept):
            kept.append(path)
    return tuple(kept)


def parts(set_days: dict[str, int], limit: Limits) -> list[Part]:
    """The parts the job purges for one kind, each with its period (see the module's docstring)."""
    held = {path: in_force(set_days, path, limit) for path in set_days}
    found = []
    for path in sorted(held, key=lambda p: (-depth(p), p)):  # the nearest first: a branch's run counts its removals
        longer = _topmost([p for p, days in held.items() if p != path and p.startswith(path) and days > held[path]])
        found.append(Part(Within(path, longer), held[path]))
    longer = _topmost([p for p, days in held.items() if days > limit.default])
    return [*found, Part(Within(ROOT, longer), limit.default)]
