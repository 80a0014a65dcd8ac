"""An erasure's pass over the webhook deliveries of the audit trail's events (``audit.*``, issue 51): their bodies are
kept for the webhooks' own retention (CLEANFLEET_WEBHOOK_RETENTION_DAYS) and a pending one is still to be sent, so
what they carry of the person goes too. A row done by the person (or their API tokens) gets the pseudonym as its
actor's name, and no address nor client; its ``personal`` values that were theirs go; any other place that still
spells one of their values (a row sealed before migration 0062 named them in its detail) gets the pseudonym. The
receiver already has what was delivered: the erasure notice (audit.erasure) tells it what to drop."""

from collections.abc import Mapping
from typing import Any

import orjson
from sqlalchemy import or_, select, update

from cleanfleet.core.db import Database
from cleanfleet.webhooks.models import WebhookDelivery

BATCH = 500
AUDIT_EVENTS = "audit."


def _json_text(value: str) -> str:
    return orjson.dumps(value).decode()[1:-1]  # as the body spells it (orjson: no spaces, UTF-8 kept)


def _theirs(data: dict[str, Any], people: set[int], tokens: set[int], accounts: set[str]) -> bool:
    actor, kind = data.get("actorId"), data.get("actorType")
    return (kind in ("person", "shadow") and actor in people) or (kind == "token" and actor in tokens) or \
        data.get("actorName") in accounts


def scrubbed(body: str, values: list[str], people: set[int], tokens: set[int], accounts: set[str],
             pseudonym: str) -> str:
    """One delivery's body without the person (see the module's docstring)."""
    envelope = orjson.loads(body)
    data = envelope.get("data")
    if isinstance(data, dict):
        if _theirs(data, people, tokens, accounts):
            data.update(actorName=pseudonym, address=None, client=None)
        if isinstance(data.get("personal"), dict):
            data["personal"] = {digest: value for digest, value in data["personal"].items()
                                if not any(mine in str(value) for mine in values)}
    text = orjson.dumps(envelope).decode()
    for value in values:
        text = text.replace(_json_text(value), pseudonym)
    return text


async def scrub_deliveries(database: Database, known: Mapping[str, set[str]], people: list[int], tokens: list[int],
                           pseudonym: str) -> int:
    """Rewrites the audit deliveries that spell one of the person's ``known`` values (personal.known_values), in
    batches of ``BATCH``; answers how many."""
    values = sorted({value for found in known.values() for value in found if len(value) >= 3}, key=len, reverse=True)
    if not values:
        return 0
    accounts = set(known.get("account", set()))
    spelled = or_(*(WebhookDelivery.body.contains(_json_text(value), autoescape=True) for value in values))
    done, after = 0, 0
    while True:
        async with database.sessions() as db:
            rows = (await db.execute(select(WebhookDelivery.id, WebhookDelivery.body).where(
                WebhookDelivery.id > after, WebhookDelivery.event_type.startswith(AUDIT_EVENTS), spelled)
                .order_by(WebhookDelivery.id).limit(BATCH))).all()
            for delivery_id, body in rows:
                await db.execute(update(WebhookDelivery).where(WebhookDelivery.id == delivery_id).values(
                    body=scrubbed(body, values, set(people), set(tokens), accounts, pseudonym))
                    .execution_options(synchronize_session=False))
            await db.commit()
        done += len(rows)
        if len(rows) < BATCH:
            return done
        after = rows[-1][0]
