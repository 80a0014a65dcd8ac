"""An audit row as an RFC 5424 syslog message, framed for a stream (RFC 5425 over TLS, RFC 6587 over TCP: octet
counting, ``MSG-LEN SP SYSLOG-MSG``).

``<PRI>1 TIMESTAMP HOSTNAME APP-NAME - MSGID [cleanfleet@32473 id=".." seq=".." ...] BOM{json}``:

- PRI: the facility by the kind's group (10, security/authorization, for sign-ins, sessions and second factors;
  13, log audit, for the rest) and the severity by the outcome (ok: 5 notice, refused: 4 warning, failed: 3 error);
- MSGID: the row's kind (at most 32 characters, as RFC 5424 allows);
- STRUCTURED-DATA: one element, ``cleanfleet@32473`` (32473 is the private enterprise number RFC 5612 sets aside
  for documentation: the product has none of its own), with the row's id, chain, seq, hash, kind, outcome, actor
  type, id, name, and target; every value escaped as §6.3.3 asks (``"``, ``\\`` and ``]`` get a backslash);
- MSG: the row as the JSON Lines export writes it, with its hash, in UTF-8 after a byte order mark (§6.4); ``target``
  and ``detail`` as sealed (a person's values as ``personal:<digest>``) and ``personal``, those digests' clear values
  (audit/streamed.py). A person's erasure is an ``erasure_notice`` row (MSGID ``erasure_notice``) listing the digests
  to drop, sent to every destination.
"""

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import orjson

from cleanfleet.audit.models import AuditRecord
from cleanfleet.audit.streamed import group_of, streamed

SD_ID = "cleanfleet@32473"
BOM = "\ufeff"
FACILITY_AUTH, FACILITY_AUDIT = 10, 13
SEVERITY = {"ok": 5, "refused": 4, "failed": 3}
NIL = "-"


def _ascii(value: str, limit: int) -> str:
    """PRINTUSASCII (33-126) only, at most ``limit`` characters; NILVALUE when nothing is left."""
    kept = "".join(char for char in value if 33 <= ord(char) <= 126)[:limit]
    return kept or NIL


def escape(value: str) -> str:
    """An SD-PARAM value (RFC 5424 §6.3.3): ``"``, ``\\`` and ``]`` escaped with a backslash."""
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("]", "\\]")


def timestamp(at: datetime) -> str:
    aware = at if at.tzinfo else at.replace(tzinfo=UTC)
    return aware.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def pri(kind: str, outcome: str) -> int:
    facility = FACILITY_AUTH if group_of(kind) == "signin" else FACILITY_AUDIT
    return facility * 8 + SEVERITY.get(outcome, 5)


def structured(params: dict[str, Any]) -> str:
    """One SD-ELEMENT: ``[id name="value" ...]`` (None values left out)."""
    return "[" + " ".join([SD_ID] + [f'{name}="{escape(str(value))}"' for name, value in params.items()
                                     if value is not None]) + "]"


def message(row: AuditRecord, *, hostname: str, app_name: str, clear: Mapping[str, str] | None = None) -> bytes:
    """The SYSLOG-MSG of a sealed row (``clear``: its personal values' clear text by digest, audit/personal.py)."""
    params = {"id": row.id, "chain": row.chain, "seq": row.seq, "hash": row.hash, "kind": row.kind,
              "outcome": row.outcome, "actorType": row.actor_type, "actorId": row.actor_id,
              "actor": row.actor_name, "target": row.target}
    header = (f"<{pri(row.kind, row.outcome)}>1 {timestamp(row.at)} {_ascii(hostname, 255)} "
              f"{_ascii(app_name, 48)} - {_ascii(row.kind, 32)} ")
    return (header + structured(params) + " " + BOM).encode() + orjson.dumps(streamed(row, clear))


def test_message(at: datetime, *, hostname: str, app_name: str, text: str) -> bytes:
    """The "send test message" button's message: MSGID ``test``, ``test="true"`` in its structured data."""
    header = f"<{FACILITY_AUDIT * 8 + 5}>1 {timestamp(at)} {_ascii(hostname, 255)} {_ascii(app_name, 48)} - test "
    return (header + structured({"test": "true"}) + " " + BOM + text).encode()


def frame(syslog_message: bytes) -> bytes:
    """Octet counting (RFC 5425 §4.3, RFC 6587 §3.4.1)."""
    return f"{len(syslog_message)} ".encode() + syslog_message
