"""Signing per the Standard Webhooks convention (standardwebhooks.com).

The secret is ``whsec_`` + base64 of 24 random bytes; the key is those bytes. Every delivery carries
``webhook-id`` (the event's id: the same in every retry and replay, so a receiver deduplicates on it),
``webhook-timestamp`` (Unix seconds of this attempt) and ``webhook-signature: v1,<base64 of HMAC-SHA256(key,
"{id}.{timestamp}.{body}")>``. A receiver recomputes it over the raw body, compares in constant time and refuses a
timestamp far from its clock (five minutes is the convention's tolerance) to stop replays.
"""

import base64
import hashlib
import hmac
import secrets

PREFIX = "whsec_"


def new_secret() -> str:
    return PREFIX + base64.b64encode(secrets.token_bytes(24)).decode()


def _key(secret: str) -> bytes:
    return base64.b64decode(secret.removeprefix(PREFIX))


def signature(secret: str, event_id: str, timestamp: int, body: bytes) -> str:
    signed = f"{event_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(_key(secret), signed, hashlib.sha256).digest()).decode()


def headers(secret: str, event_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    return {"webhook-id": event_id, "webhook-timestamp": str(timestamp),
            "webhook-signature": signature(secret, event_id, timestamp, body), "content-type": "application/json",
            "user-agent": "cleanfleet-webhooks/1"}


def verify(secret: str, event_id: str, timestamp: str, body: bytes, header: str) -> bool:
    """Whether one of ``header``'s space-separated ``v1,`` signatures matches (what a receiver does)."""
    expected = signature(secret, event_id, int(timestamp), body).split(",", 1)[1]
    return any(hmac.compare_digest(expected, part.split(",", 1)[1])
               for part in header.split() if part.startswith("v1,"))
