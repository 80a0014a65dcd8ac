"""What the audit trail streams out (issue 51 item 3): its kinds in groups a subscriber picks (a webhook's
``audit.<group>`` events, a syslog destination's kinds), and a sealed row as the SIEM gets it.

A row goes out only once sealed (it then carries its ``seq`` and ``hash``, which a SIEM keeps to prove the copy).
The webhooks' events are told in the sealing transaction (``chain.seal`` → ``core.bus.tell``): a row sealed is a
row queued, in the one outbox, or neither; the syslog destinations read sealed rows by a cursor of their own
(siem/stream.py)."""

from collections.abc import Mapping
from typing import Any

from cleanfleet.audit.kinds import CHANGE_KINDS, DATA_KINDS, ROBOT_KINDS, SIGN_IN_KINDS
from cleanfleet.audit.models import AuditRecord
from cleanfleet.audit.reading import record
from cleanfleet.core.bus import Fact

# group -> the kinds in it (audit/kinds.py); a kind in none is "other" (a kind added later streams at once)
GROUPS: dict[str, tuple[str, ...]] = {
    "signin": SIGN_IN_KINDS,  # sign-ins, failures, sign-outs, sessions ended, second factors
    "change": CHANGE_KINDS,  # committed changes: access, ownership, updates, rollouts, settings, operations
    "robot": ROBOT_KINDS,  # control taken and released, commands, drive sessions
    "data": DATA_KINDS,  # exports, downloads, videos viewed
    "refused": ("refused",),
    "token": ("token_used",),
    "other": (),
    "erasure": ("erasure_notice",),  # a person erased: the digests a SIEM must drop (sent to every subscriber)
}
ALWAYS = frozenset({"erasure"})
_GROUP_OF = {kind: group for group, kinds in GROUPS.items() for kind in kinds}
EVENT_PREFIX = "audit."


def group_of(kind: str) -> str:
    return _GROUP_OF.get(kind, "other")


def event_of(kind: str) -> str:
    """The webhook event of a kind: ``audit.signin``, ``audit.change``, ..."""
    return EVENT_PREFIX + group_of(kind)


def streamed(row: AuditRecord, clear: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A sealed row as it leaves: the export's fields (JSON Lines) with ``target`` and ``detail`` as sealed (a
    person's values as ``personal:<digest>`` references), ``personal``: each of its digests' clear value (``clear``,
    from personal.values_of(clear_only=True)), and its hash. A SIEM keeps the row as the chain proves it and drops a
    value by its digest when an ``erasure_notice`` says so (audit/personal.py)."""
    found = {**record(row), "hash": row.hash}
    if clear:
        found["personal"] = dict(clear)
    return found


def wanted(kinds: list[str] | None, kind: str) -> bool:
    """Whether a subscriber of these groups receives a row of ``kind``: the groups it picked, and always the erasure
    notices (a SIEM sent a person's values must hear of their erasure, whatever it picked)."""
    group = group_of(kind)
    return group in ALWAYS or group in (kinds or [])


def facts(rows: list[AuditRecord], clear: Mapping[int, Mapping[str, str]]) -> list[Fact]:
    """The webhook events of rows just sealed, each on its row's owner path (a subscription sees its branch's)."""
    return [Fact(event_of(row.kind), row.owner_path, streamed(row, clear.get(row.id)), row.at)
            for row in rows if row.seq is not None]
