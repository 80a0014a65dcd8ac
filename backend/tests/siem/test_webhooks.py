"""The audit trail as webhook events (``audit.*``, issue 51 item 3): a sealed row is queued in the outbox with its
seal, delivered to a real HTTP receiver with a valid Standard Webhooks signature, scoped to the subscriber's branch,
and only a subscriber holding the ``audit`` key may choose the events."""

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp import web
from sqlalchemy import select

from cleanfleet.audit import personal
from cleanfleet.audit.models import AuditRecord
from cleanfleet.core.codes import Code
from cleanfleet.webhooks import signing
from cleanfleet.webhooks.delivery import send_due
from tests.conftest import unique_account
from tests.siem.conftest import seal_and_stream


@pytest.fixture
async def hooks(app: Any) -> AsyncIterator[tuple[int, list[dict[str, Any]]]]:
    """A receiver on 127.0.0.1 (a free port) recording each post, let through by ``webhook_allow``."""
    got: list[dict[str, Any]] = []

    async def hook(request: web.Request) -> web.Response:
        got.append({"headers": dict(request.headers), "body": await request.read()})
        return web.Response(status=204)

    server = web.Application()
    server.router.add_route("POST", "/hook", hook)
    runner = web.AppRunner(server)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    settings = app.state.settings
    before, settings.webhook_allow = settings.webhook_allow, f"127.0.0.1:{port}"
    try:
        yield port, got
    finally:
        settings.webhook_allow = before
        await runner.cleanup()
        await asyncio.sleep(0)


async def test_audit_events_reach_a_webhook_signed_and_scoped_to_the_branch(app, branch, hooks, signed_in):
    port, got = hooks
    await seal_and_stream(app)  # what came before is sealed (and told) first
    url = f"http://127.0.0.1:{port}/hook"
    refused = await branch["customer_api"].call("/integration/webhook/add", {
        "name": "SOC", "url": url, "events": ["audit.change"]})
    assert (refused.code, refused.field) == (Code.BAD_PARAMETER, "events.0")  # the customer lacks "audit"
    made = await branch["api"].call("/integration/webhook/add", {
        "name": "SOC", "url": url, "events": ["audit.change", "audit.signin"]})
    assert made.code == 0, made.body
    secret = made.data["secret"]
    await signed_in(branch["customer"], "Secret123")
    account = unique_account("wh")
    assert (await branch["api"].call("/user/insertUser", {"account": account, "name": "Hooked",
                                                          "password": "Secret123"})).code == 0
    assert (await branch["customer_api"].call("/audit/list", {})).code == Code.NO_PERMISSION  # audit.refused
    assert (await branch["other_api"].call("/user/insertUser", {"account": unique_account("wo"), "name": "Theirs",
                                                                 "password": "Secret123"})).code == 0
    await seal_and_stream(app)
    while await send_due(app.state.db, app.state.settings):
        pass
    bodies = []
    for post in got:
        headers = post["headers"]
        assert signing.verify(secret, headers["webhook-id"], headers["webhook-timestamp"], post["body"],
                              headers["webhook-signature"])
        bodies.append(json.loads(post["body"]))
    types = {body["type"] for body in bodies}
    assert types == {"audit.change", "audit.signin"}, types  # the refusal's audit.refused was not asked for
    async with app.state.db.sessions() as db:
        for body in bodies:
            row = await db.scalar(select(AuditRecord).where(AuditRecord.id == body["data"]["id"]))
            assert row is not None and row.owner_path.startswith(branch["dealer"].path)
            assert (body["data"]["seq"], body["data"]["hash"], body["data"]["kind"]) == (row.seq, row.hash, row.kind)
    made_user = [b for b in bodies if b["data"]["kind"] == "access_change"]
    # the account made is a person's value: sealed as a reference, its clear value beside it (audit/personal.py)
    assert any(b["data"]["personal"][change[3].removeprefix(personal.PREFIX)] == account for b in made_user
               for change in b["data"]["detail"]["changes"] if change[3].startswith(personal.PREFIX))
    assert any(b["data"]["kind"] == "sign_in" and b["data"]["target"] == f"user#{branch['customer'].id}"
               for b in bodies)
    assert all("Secret123" not in post["body"].decode() for post in got)
