"""Recording security events (issue 51 item 1) and the audit jobs.

``record`` adds one row to the caller's transaction, so an event commits with what it records, or not at all; a
refusal (which rolls its call back) is recorded in a transaction of its own (``record_refusal``). Never a secret
in ``detail``: passwords, tokens, keys and client secrets are not events' data."""

import asyncio
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit import anchors, chain
from cleanfleet.audit.models import ACTOR_TYPES, OUTCOMES, AuditRecord
from cleanfleet.auth.address import client_address
from cleanfleet.core.auth import Caller
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import start_scanning
from cleanfleet.core.scope import tenant_path
from cleanfleet.settings import Settings
from cleanfleet.storage.backends import Store

SYSTEM_PATH = "/"  # what no tenant owns (the system's own events) is chained under the root


def new_record(kind: str, *, actor_type: str, owner_path: str, actor_id: int | None = None,
               acting_id: int | None = None, actor_name: str = "", target: str = "",
               detail: dict[str, Any] | None = None, outcome: str = "ok", address: str | None = None,
               client: str | None = None) -> AuditRecord:
    """One event's row, not yet added to a session."""
    assert actor_type in ACTOR_TYPES and outcome in OUTCOMES, (actor_type, outcome)
    salt = chain.new_salt()
    name, address, client = actor_name[:128], (address or None) and address[:64], (client or None) and client[:256]
    return AuditRecord(at=utcnow(), kind=kind[:48], outcome=outcome, actor_type=actor_type, actor_id=actor_id,
                       acting_id=acting_id, owner_path=owner_path or SYSTEM_PATH, target=target[:256], detail=detail,
                       actor_name=name, address=address, client=client, salt=salt, erased=False,
                       personal=chain.personal_digest(salt, name, address, client),
                       chain=tenant_path(owner_path or SYSTEM_PATH))


def record(db: AsyncSession, kind: str, **event: Any) -> AuditRecord:
    """Adds one event (``new_record``'s fields) to ``db``'s transaction (sealed into its tenant's chain after it
    commits)."""
    row = new_record(kind, **event)
    db.add(row)
    return row


def change_record(request: Any, caller: Caller, changes: list[Any]) -> AuditRecord:
    """The audit's row of a committed write call (core/audit.py's hook, beside its operation log row): the call and
    the records it changed, language-neutral ([kind, action, id, name], oplog/kinds.py)."""
    path = request.url.path[:256]
    return new_record("change", **caller_fields(caller, request), target=path,
                      detail={"call": path, "changes": changes})


def caller_fields(caller: Caller, request: Any | None) -> dict[str, Any]:
    """Who a call's caller is, for ``record``: a person, a shadow account acting for its owner, or an API token
    acting for its user; from which address and client."""
    actor_type = "token" if caller.via_token else "shadow" if caller.is_shadow else "person"
    name = f"{caller.account} ({caller.api_token_name})" if caller.via_token else caller.account
    fields: dict[str, Any] = {
        "actor_type": actor_type, "actor_id": caller.api_token_id if caller.via_token else caller.user_id,
        "acting_id": caller.acting_user_id, "actor_name": name, "owner_path": caller.acting_path}
    if request is not None:
        fields["address"] = client_address(request, request.app.state.settings.trusted_proxies)
        fields["client"] = request.headers.get("user-agent") or request.headers.get("platform")
    return fields


def record_call(db: AsyncSession, request: Any, caller: Caller, kind: str, **event: Any) -> AuditRecord:
    """``record`` for a request's caller."""
    return record(db, kind, **caller_fields(caller, request), **event)


async def record_apart(database: Database, kind: str, **event: Any) -> None:
    """``record`` in a transaction of its own: for an event whose call is refused and rolled back."""
    async with database.sessions() as db:
        record(db, kind, **event)
        await db.commit()


async def record_refusal(request: Any, exc: Any) -> None:
    """A call refused for a missing key or a foreign branch (core/errors.py ``app.state.on_refusal``), in a
    transaction of its own: the refused call's is rolled back. Only a signed-in caller's: an anonymous call is
    refused before it reaches a key."""
    caller = getattr(request.state, "session", None)
    if not isinstance(caller, Caller):
        return
    path = request.url.path[:256]
    await record_apart(request.app.state.db, "refused", **caller_fields(caller, request), target=path,
                       outcome="refused", detail={"call": path, "field": exc.field, "reason": exc.text("en", None)})


def start_sealing(database: Database, settings: Settings) -> asyncio.Task[None]:
    """The leader's job that seals new rows into their chains (a background writer: writers.py)."""
    return start_scanning(database, "audit-seal", chain.seal, settings.audit_seal_every, settings.audit_seal_every)


def start_anchoring(database: Database, store: Store) -> asyncio.Task[None]:
    """The leader's job that writes each day's anchor (hourly: the first round of a day writes it)."""
    return start_scanning(database, "audit-anchor", lambda db: anchors.anchor_daily(db, store), 3600.0, 60.0)
