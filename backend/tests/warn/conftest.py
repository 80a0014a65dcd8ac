"""Alarm notification test ground: the app's notifier paused (a test runs the rounds itself), a real SMTP
server (tests/users' inbox) and a local HTTP receiver standing in for the webhook provider."""

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp import web

from cleanfleet.warn.notify import start_notifier, stop_notifier
from tests.users.conftest import free_port, smtp_inbox  # noqa: F401  - the SMTP fixture


@pytest.fixture
async def paused_notifier(app: Any) -> AsyncIterator[None]:
    await stop_notifier(app.state.notifier)
    try:
        yield
    finally:
        app.state.notifier = start_notifier(app.state.db, app.state.settings)


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
