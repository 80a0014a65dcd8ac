"""One push message to one subscription: JSON encrypted for the browser (RFC 8291, aes128gcm, by pywebpush's
encoder), signed for the push service with the install's VAPID key (RFC 8292), POSTed through the server's one
outbound client (core/outbound.py: https on port 443 only, the endpoint's host looked up once and the checked
address connected to, no redirect, no proxy from the environment). The encryption and signing run in a worker
thread, never on the event loop.

A push service answering 404 or 410 has dropped the subscription, and an endpoint whose host now points at an
address the server may not call is dropped too (``Gone``); any other failure is ``PushFailed`` (the outbox retries
it like any channel). Both carry the failure's category (``failure``), which is all that is stored and shown.
"""

import json
import re
import time
from typing import Any
from urllib.parse import urlsplit

import anyio

from cleanfleet.core.outbound import CallFailed, Failure, OutboundClient, push_rules
from cleanfleet.settings import Settings
from cleanfleet.warn.push.keys import vapid
from cleanfleet.warn.push.models import PushSubscription

MAX_TEXT = 1000  # a push message carries at most 4 KB; the text is cut, the link stays
TTL_SECONDS = 24 * 3600  # a phone switched off overnight still gets the night's alarms
VAPID_LIFE = 12 * 3600
_TOPIC = re.compile(r"[^A-Za-z0-9_-]")


class PushFailed(Exception):
    def __init__(self, failure: Failure) -> None:
        super().__init__(f"push service: {failure.value}")
        self.failure = failure


class Gone(PushFailed):
    """The push service no longer knows the subscription (HTTP 404 or 410)."""


def _encode(settings: Settings, subscription: PushSubscription,
            payload: dict[str, Any]) -> tuple[bytes, dict[str, str]]:
    from pywebpush import WebPusher  # here, not at the start: it brings aiohttp (bench/README.md ``start``)

    pusher = WebPusher({"endpoint": subscription.endpoint,
                        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}})
    data = json.dumps(payload, ensure_ascii=False).encode()
    body = pusher.encode(data, "aes128gcm")["body"]
    parts = urlsplit(subscription.endpoint)
    claims = {"aud": f"{parts.scheme}://{parts.netloc}", "exp": int(time.time()) + VAPID_LIFE,
              "sub": settings.push_contact}
    headers = {**vapid(settings).sign(claims), "Content-Encoding": "aes128gcm", "TTL": str(TTL_SECONDS),
               "Urgency": "high", "Content-Type": "application/octet-stream"}
    topic = _TOPIC.sub("", str(payload.get("tag", "")))[:32]
    if topic:
        headers["Topic"] = topic  # a newer message of the same alarm replaces one not yet delivered
    return body, headers


def message(title: str, body: str, url: str, tag: str, kind: str, item_id: int | None) -> dict[str, Any]:
    """What the console's service worker shows (src/sw.ts): the text cut to fit a push message."""
    return {"title": title[:200], "body": body[:MAX_TEXT], "url": url, "tag": tag, "kind": kind, "id": item_id}


async def push(settings: Settings, subscription: PushSubscription, payload: dict[str, Any]) -> None:
    """Sends ``payload`` to the subscription's browser through its push service."""
    body, headers = await anyio.to_thread.run_sync(_encode, settings, subscription, payload)
    rules = push_rules(settings.push_allow_http_loopback)
    async with OutboundClient(rules, settings.push_timeout, "push") as client:
        try:
            await client.post(subscription.endpoint, body, headers)
        except CallFailed as exc:
            if exc.code in (404, 410) or exc.failure == Failure.REJECTED_ADDRESS:
                raise Gone(exc.failure) from exc
            raise PushFailed(exc.failure) from exc
