"""Before and after, where it matters (issue 51 item 1): what a committed change moved, for the audit row.

An ORM update's changed columns come with their old and new values (core/audit.py ``Change.before``/``after``); a
bulk rewrite (a role's keys, a person's roles: delete then insert) is told by its service with ``core.audit.note``.
Never a secret: a column whose name says it holds a secret (a password's hash, a sealed secret, a token, a salt) is
named as changed (``hidden``) with its values left out; bookkeeping columns (``updated_at``) are left out
altogether. A person's own fields (a user's account, name, e-mail, phone, avatar, remark; an e-mail, phone or
recipient column of any record) are kept as ``Personal`` values: sealed as references, their clear values beside
the chain, where an erasure removes them (audit/personal.py)."""

from typing import Any

from cleanfleet.audit.personal import Personal
from cleanfleet.core.audit import Change

SECRET_PARTS = ("password", "hash", "secret", "salt", "token", "sealed", "seed", "private", "credential", "otp")
# a person's own fields, kept as Personal values: a user's (whose the row is: its key), and contact columns of any
# record (whose is not known: an erasure finds them by the value)
PERSONAL = {"users": frozenset({"account", "name", "email", "phone", "url", "remark"})}
CONTACT_COLUMNS = frozenset({"email", "phone", "contact_phone", "mobile", "recipient", "recipients"})
QUIET = frozenset({"updated_at", "refreshed_at", "last_used_at", "search_text"})
MAX_RECORDS = 20


def _hidden(table: str, column: str) -> bool:
    return any(part in column for part in SECRET_PARTS)


def _value(change: Change, column: str, value: str | None) -> str | Personal | None:
    """A value as kept: a person's as ``Personal`` (a user's own column: that user's)."""
    if not value:
        return value
    if column in PERSONAL.get(change.table, ()):
        subject = int(change.key) if change.key and change.key.isdigit() else None
        return Personal(value, column, subject)
    if column in CONTACT_COLUMNS:
        return Personal(value, column)
    return value


def _moved(change: Change) -> dict[str, Any] | None:
    columns = [c for c in sorted(change.before) if c not in QUIET]
    if not columns:
        return None
    shown = [c for c in columns if not _hidden(change.table, c)]
    moved: dict[str, Any] = {"record": f"{change.table}#{change.key or ''}",
                             "before": {c: _value(change, c, change.before[c]) for c in shown},
                             "after": {c: _value(change, c, change.after.get(c)) for c in shown}}
    if hidden := [c for c in columns if _hidden(change.table, c)]:
        moved["hidden"] = hidden  # changed, values not kept
    return moved


def before_after(changes: list[Change], notes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The before/after entries of a transaction's changes and its services' notes (at most ``MAX_RECORDS``)."""
    found = [moved for change in changes if change.action == "update" and (moved := _moved(change))]
    return (found + list(notes))[:MAX_RECORDS]
