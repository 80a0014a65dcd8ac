"""Recording security events (issue 51 item 1) and the audit jobs.

``record`` adds one row to the caller's transaction, so an event commits with what it records, or not at all; a
refusal (which rolls its call back) is recorded in a transaction of its own (``record_refusal``). Never a secret
in ``detail``: passwords, tokens, keys and client secrets are not events' data."""

import asyncio
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit import anchor_mail, chain, kinds, personal, values
from cleanfleet.audit import purge as purge  # the audit rows' retention purge registers at import
from cleanfleet.audit.chain import settle_unsealed as settle_unsealed  # an erasure's first step (privacy, customerend)
from cleanfleet.audit.kinds import KINDS
from cleanfleet.audit.models import ACTOR_TYPES, OUTCOMES, AuditRecord
from cleanfleet.audit.personal import Personal
from cleanfleet.auth.address import client_address
from cleanfleet.core.audit import REQUEST, Change
from cleanfleet.core.auth import Caller
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import start_scanning
from cleanfleet.core.scope import tenant_path
from cleanfleet.settings import Settings
from cleanfleet.storage.backends import Store

SYSTEM_PATH = "/"  # what no tenant owns (the system's own events) is chained under the root


def new_record(kind: str, *, actor_type: str, owner_path: str, actor_id: int | None = None,
               acting_id: int | None = None, actor_name: str = "", target: str | Personal = "",
               detail: dict[str, Any] | None = None, outcome: str = "ok", address: str | None = None,
               client: str | None = None) -> AuditRecord:
    """One event's row, not yet added to a session. A person's value in ``target`` or ``detail`` is given as a
    ``personal.Personal``: it is sealed as a reference and kept beside the row (audit/personal.py)."""
    assert kind in KINDS and actor_type in ACTOR_TYPES and outcome in OUTCOMES, (kind, actor_type, outcome)
    salt = chain.new_salt()
    name, address, client = actor_name[:128], (address or None) and address[:64], (client or None) and client[:256]
    values: list[dict[str, Any]] = []
    target_text, detail = str(personal.sealed(target, values))[:256], personal.sealed(detail, values)
    return AuditRecord(at=utcnow(), kind=kind[:48], outcome=outcome, actor_type=actor_type, actor_id=actor_id,
                       acting_id=acting_id, owner_path=owner_path or SYSTEM_PATH, target=target_text, detail=detail,
                       actor_name=name, address=address, client=client, salt=salt, erased=False,
                       personal=chain.personal_digest(salt, name, address, client),
                       chain=tenant_path(owner_path or SYSTEM_PATH), pending=values or None)


def record(db: AsyncSession, kind: str, **event: Any) -> AuditRecord:
    """Adds one event (``new_record``'s fields) to ``db``'s transaction (sealed into its tenant's chain after it
    commits)."""
    row = new_record(kind, **event)
    db.add(row)
    return row


def change_record(request: Any, caller: Caller, entries: list[Any], changes: list[Change],
                  notes: list[dict[str, Any]]) -> AuditRecord:
    """The audit's row of a committed write call (core/audit.py's hook, beside its operation log row): the call,
    the records it changed, language-neutral ([kind, action, id, name], oplog/kinds.py), and before and after of
    what was changed where that can be told (values.py); its kind says what kind of record it touched (kinds.py)."""
    path = request.url.path[:256]
    detail: dict[str, Any] = {"call": path, "changes": [_named(entry) for entry in entries]}
    if moved := values.before_after(changes, notes):
        detail["values"] = moved
    owner_moved = any(c.table == "devices" and c.changed and c.changed & kinds.OWNER_COLUMNS for c in changes)
    return new_record(kinds.change_kind(entries, owner_moved), **caller_fields(caller, request), target=path,
                      detail=detail)


def _named(entry: Any) -> Any:
    """A change's ``[kind, action, id, name]`` with a person's name (a user's account) as a ``Personal`` (a copy: the
    operation log keeps its own list)."""
    if isinstance(entry, list) and len(entry) == 4 and entry[0] == "user" and entry[3]:
        subject = int(entry[2]) if str(entry[2]).isdigit() else None
        return [*entry[:3], Personal(str(entry[3]), "account", subject)]
    return entry


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


def _call_of(db: AsyncSession) -> tuple[Any, Caller] | None:
    """The request whose session ``db`` is (core/audit.py marks it) and its signed-in caller; None outside one."""
    request = db.info.get(REQUEST)
    caller = getattr(getattr(request, "state", None), "session", None)
    return (request, caller) if isinstance(caller, Caller) else None


def record_here(db: AsyncSession, kind: str, **event: Any) -> AuditRecord | None:
    """``record`` for the caller of the request whose session ``db`` is, in its transaction: a service records an
    event without being handed the request. None outside a call."""
    call = _call_of(db)
    return None if call is None else record_call(db, call[0], call[1], kind, **event)


async def record_read(db: AsyncSession, kind: str, **event: Any) -> None:
    """``record_here`` committed at once: for a reading call that lets data leave (an export, a download link, a
    report, a video), which commits nothing else."""
    if record_here(db, kind, **event) is not None:
        await db.commit()


async def record_sent(db: AsyncSession, kind: str, **event: Any) -> None:
    """``record_here`` in a transaction of its own: for what a call sent out after its session was released (a
    command to a robot, whose answer gives the outcome)."""
    if (call := _call_of(db)) is not None:
        request, caller = call
        await record_apart(request.app.state.db, kind, **caller_fields(caller, request), **event)


async def record_apart(database: Database, kind: str, **event: Any) -> None:
    """``record`` in a transaction of its own: for an event whose call is refused and rolled back."""
    async with database.sessions() as db:
        record(db, kind, **event)
        await db.commit()


NOTICE_DIGESTS = 500  # digests per erasure notice: a person named in many rows gets several notices (part n of m)


def record_erasure_notices(db: AsyncSession, *, user_id: int, path: str, pseudonym: str, token_ids: list[int],
                           digests: list[str], people: list[int] | None = None) -> int:
    """A person's erasure told to the SIEMs (audit/personal.py): ``erasure_notice`` rows on the person's own path
    (every destination and subscription that could have received a row by or about them is at or above it), naming
    the pseudonym, the actors whose name, address and client to replace by it, and the digests whose values to drop.
    No personal value in them. A customer's end tells its people (``people``) under the customer (``user_id``) with
    no pseudonym (their names emptied), on the dealer's path (the customer's own destinations went with it). Answers
    how many rows."""
    parts = [digests[at:at + NOTICE_DIGESTS] for at in range(0, len(digests), NOTICE_DIGESTS)] or [[]]
    for number, part in enumerate(parts, 1):
        record(db, "erasure_notice", actor_type="system", owner_path=path, target=f"user#{user_id}", detail={
            "pseudonym": pseudonym, "subject": f"user#{user_id}",
            "actors": {"person": sorted(people or [user_id]), "token": sorted(token_ids)}, "digests": part,
            "part": number, "parts": len(parts)})
    return len(parts)


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


def start_anchoring(database: Database, store: Store, settings: Settings) -> asyncio.Task[None]:
    """The leader's job that writes each day's anchor (hourly: the first round of a day writes it), and mails it
    when ``CLEANFLEET_AUDIT_ANCHOR_MAIL`` says where (anchor_mail.py)."""
    return start_scanning(database, "audit-anchor", lambda db: anchor_mail.anchor_and_mail(db, store, settings),
                          3600.0, settings.audit_anchor_first)
