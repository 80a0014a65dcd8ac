"""Alarm notification test ground: the app's notifier paused (a test runs the rounds itself), a real SMTP
server (tests/users' inbox) and a local HTTP receiver standing in for the webhook provider."""

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp import web

from cleanfleet.roles.catalogue import ROLE_DEALER
from cleanfleet.warn.push.keys import public_key
from cleanfleet.writers import writers_paused
from tests.gateway.helpers import robot_device, unique_prefix
from tests.users.conftest import free_port, smtp_inbox  # noqa: F401  - the SMTP fixture
from tests.warn.helpers import set_user
from tests.warn.push_service import PushService


@pytest.fixture
async def push_service(app: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[PushService]:
    """The tests' Web Push service on loopback (allowed over plain http for them)."""
    monkeypatch.setattr(app.state.settings, "push_allow_http_loopback", True)
    service = PushService(public_key(app.state.settings))
    await service.start()
    try:
        yield service
    finally:
        await service.stop()


@pytest.fixture
async def paused_notifier(app: Any) -> AsyncIterator[None]:
    async with writers_paused(app.state, app.state.settings, ["outbox"]):
        yield


class Receiver:
    """The provider's side of the webhook: records every POST; answers 503 for the first ``failures``."""

    def __init__(self) -> None:
        self.posts: list[tuple[dict[str, str], dict[str, Any]]] = []
        self.failures = 0
        self.url = ""

    async def handle(self, request: web.Request) -> web.Response:
        self.posts.append((dict(request.headers), await request.json()))
        if self.failures > 0:
            self.failures -= 1
            return web.Response(status=503)
        return web.json_response({"ok": True})


@pytest.fixture
async def webhook(app: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Receiver]:
    receiver = Receiver()
    server = web.Application()
    server.router.add_post("/notify", receiver.handle)
    runner = web.AppRunner(server)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    receiver.url = f"http://127.0.0.1:{port}/notify"
    monkeypatch.setattr(app.state.settings, "notify_webhook_url", receiver.url)
    monkeypatch.setattr(app.state.settings, "notify_webhook_secret", "s3cret")
    try:
        yield receiver
    finally:
        await runner.cleanup()


@pytest.fixture
async def branch(db, make_user, signed_in):
    """A dealer (e-mail on) with a customer (e-mail on, Japanese) owning a robot."""
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_pw = await make_user(3, parent=dealer)
    await set_user(db, dealer, email="dealer@example.com", email_to_warn=1, phone="13800000001")
    await set_user(db, customer, email="customer@example.com", email_to_warn=1, email_to_task=1, language="ja",
                   phone="13800000002")
    robot = await robot_device(db, customer, f"{unique_prefix()}N")
    return {"dealer": dealer, "customer": customer, "robot": robot, "api": await signed_in(dealer, dealer_pw),
            "customer_api": await signed_in(customer, customer_pw)}
