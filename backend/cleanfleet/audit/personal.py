"""A person's values in the audit trail, kept beside the chain and not in it (issue 51 items 1 and 7).

An audit row's ``detail`` and ``target`` are inside its hash, so nothing in them can be rewritten once sealed; yet a
change of a person's account, name, e-mail or phone, or a sign-in typed with an account, names a person there. So
such a value is written as ``Personal(value, field, subject)`` and sealed as a reference, ``personal:<digest>``: the
clear value goes to an ``audit_personal`` row (the record, the field, the person it belongs to, the value, a random
key of its own and the digest, HMAC-SHA256 of the value under that key). The chain hashes the reference only.

The call writes the values in the audit row's own ``pending`` column (outside the hash), so it pays for no second
statement; the sealer moves them beside the chain in the sealing transaction (``settle``: one insert a batch), and an
erasure first moves those of the rows not sealed yet (``chain.settle_unsealed``). bench/bench_audit.py: writing them as
rows of their own in the call cost a write call about 0.75 ms of CPU more on this machine (three values), 10 % of it.

- **Reading** (the page, the CSV and JSON Lines exports, a person's own export) puts the clear value back while it
  exists (``values_of``, ``resolved``), and the pseudonym of an erased person (or ``erased``) after.
- **Streaming** (syslog, webhooks) sends ``detail`` as sealed, with ``personal``: each digest's clear value, so a
  SIEM keeps the row as the chain proves it and can drop a value by its digest (the erasure notice lists them).
- **Erasing** a person (``erase``) empties the value and the key of every row that is theirs (by subject, and values
  typed by nobody known that are their account or name, or hold their e-mail or phone) and writes the pseudonym
  instead: the chain and ``audit verify`` are unchanged, and without the key the digest cannot be tied to the value
  any more (no dictionary of names can be tried against it). ``service.record_erasure_notices`` then writes
  ``erasure_notice`` rows (webhook event ``audit.erasure``, and sent to every syslog destination whatever kinds it
  picked) naming the pseudonym, the erased actor ids and the digests a SIEM must drop.

Rows sealed before this (migration 0062) keep what their detail named in clear: their hashes, and the anchors
already written of them, commit to those bytes. They leave with the audit rows' retention (docs/domains/audit.md)."""

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, func, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit.models import AuditPersonal, AuditRecord
from cleanfleet.core.db import Database

PREFIX = "personal:"
ERASED = "erased"  # shown for a value whose row is gone (a customer's end removes them)
MAX_VALUE = 512
READ_CHUNK = 5_000  # record ids per query when values are read for a page or an export
NAME_FIELDS = frozenset({"account", "name"})  # matched whole on erasure; the others (e-mail, phone) inside a value
CONTACT_FIELDS = frozenset({"email", "phone"})


@dataclass(frozen=True)
class Personal:
    """A person's value for an audit row's ``detail`` or ``target``: ``field`` says what it is (account, name, email,
    phone, the column it came from), ``subject_id`` whose it is (a user's id; None when nobody known)."""

    value: str
    field: str
    subject_id: int | None = None


def digest(key: str, field: str, value: str) -> str:
    return hmac.new(bytes.fromhex(key), f"{field}\0{value}".encode(), hashlib.sha256).hexdigest()


def digest_of(text: Any) -> str | None:
    """The digest a reference names; None for anything else."""
    if isinstance(text, str) and text.startswith(PREFIX) and len(text) == len(PREFIX) + 64:
        return text[len(PREFIX):]
    return None


def sealed(value: Any, found: list[dict[str, Any]]) -> Any:
    """``value`` (a detail, a target) with every ``Personal`` in it replaced by its reference; their values (the
    ``audit_personal`` row each becomes, but the record's id) are added to ``found`` (an empty value is nothing
    personal: it stays empty)."""
    if isinstance(value, Personal):
        if not value.value:
            return ""
        key, text = secrets.token_hex(16), value.value[:MAX_VALUE]
        made = digest(key, value.field, text)
        found.append({"digest": made, "subject_id": value.subject_id, "field": value.field[:32], "value": text,
                      "key": key})
        return PREFIX + made
    if isinstance(value, dict):
        return {name: sealed(item, found) for name, item in value.items()}
    if isinstance(value, list | tuple):
        return [sealed(item, found) for item in value]
    return value


async def settle(db: AsyncSession, rows: Sequence[AuditRecord]) -> None:
    """Moves the rows' ``pending`` values to ``audit_personal`` (one statement; the sealer does it for each batch, an
    erasure for the rows not sealed yet); the caller commits."""
    moved = [{**value, "record_id": row.id, "pseudonym": None} for row in rows for value in row.pending or []]
    if moved:
        await db.execute(insert(AuditPersonal), moved)
    for row in rows:
        if row.pending is not None:
            row.pending = None


def resolved(value: Any, shown: Mapping[str, str]) -> Any:
    """``value`` (a sealed detail or target) with each reference replaced by what ``shown`` has for its digest."""
    if isinstance(value, str):
        found = digest_of(value)
        return value if found is None else shown.get(found, ERASED)
    if isinstance(value, dict):
        return {name: resolved(item, shown) for name, item in value.items()}
    if isinstance(value, list):
        return [resolved(item, shown) for item in value]
    return value


async def values_of(db: AsyncSession, rows: Sequence[AuditRecord], *, clear_only: bool = False
                    ) -> dict[int, dict[str, str]]:
    """{record id: {digest: what to show}} of ``rows``: the clear value (beside the chain, or still ``pending`` on a
    row not sealed yet), else (erased) the pseudonym; with ``clear_only`` only the values that still exist (what
    streaming sends)."""
    ids = sorted({row.id for row in rows})
    found: dict[int, dict[str, str]] = {}
    for start in range(0, len(ids), READ_CHUNK):
        chosen = await db.execute(select(AuditPersonal.record_id, AuditPersonal.digest, AuditPersonal.value,
                                         AuditPersonal.pseudonym)
                                  .where(AuditPersonal.record_id.in_(ids[start:start + READ_CHUNK])))
        for record_id, made, value, pseudonym in chosen:
            if value is None and clear_only:
                continue
            found.setdefault(record_id, {})[made] = value if value is not None else pseudonym or ERASED
    for row in rows:
        for waiting in row.pending or []:
            found.setdefault(row.id, {})[waiting["digest"]] = waiting["value"]
    return found


async def known_values(db: AsyncSession, subject_id: int, now: Mapping[str, str]) -> dict[str, set[str]]:
    """The person's values the trail may hold: ``now`` (their account, name, e-mail, phone as they are) and every
    earlier one it recorded of them (an account renamed, an e-mail changed)."""
    found: dict[str, set[str]] = {field: {value} for field, value in now.items() if value}
    rows = await db.execute(select(AuditPersonal.field, AuditPersonal.value).distinct().where(
        AuditPersonal.subject_id == subject_id, AuditPersonal.value.is_not(None),
        AuditPersonal.field.in_(NAME_FIELDS | CONTACT_FIELDS)))
    for field, value in rows:
        if value:
            found.setdefault(field, set()).add(value)
    return found


def _theirs(subject_id: int, known: Mapping[str, set[str]]) -> Any:
    """Their rows: by subject, and values of nobody known that are their account or name or hold their contact."""
    value = func.lower(AuditPersonal.value)
    names = {v.lower() for field in NAME_FIELDS for v in known.get(field, ())}
    contacts = {v.lower() for field in CONTACT_FIELDS for v in known.get(field, ()) if len(v) >= 5}
    typed: list[Any] = [value.in_(sorted(names))] if names else []
    typed += [value.contains(contact, autoescape=True) for contact in sorted(contacts)]
    unknown = and_(AuditPersonal.subject_id.is_(None), or_(*typed)) if typed else None
    mine = AuditPersonal.subject_id == subject_id
    return mine if unknown is None else or_(mine, unknown)


async def erase(database: Database, subject_id: int, known: Mapping[str, set[str]], pseudonym: str,
                batch: int = 500) -> list[str]:
    """Empties the person's values (their value and key; the pseudonym shown instead), ``batch`` rows a transaction,
    and answers the digests erased (for the erasure notice). Can run again: what is erased is not found twice."""
    digests: list[str] = []
    where = (_theirs(subject_id, known), AuditPersonal.value.is_not(None))
    while True:
        async with database.sessions() as db:
            rows = list(await db.scalars(select(AuditPersonal.digest).where(*where)
                                         .order_by(AuditPersonal.record_id, AuditPersonal.digest).limit(batch)))
            if rows:
                await db.execute(update(AuditPersonal).where(AuditPersonal.digest.in_(rows))
                                 .values(value=None, key=None, pseudonym=pseudonym[:32])
                                 .execution_options(synchronize_session=False))
                await db.commit()
        digests += rows
        if len(rows) < batch:
            return digests
