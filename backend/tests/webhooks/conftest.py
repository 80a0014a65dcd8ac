"""Webhook test ground: the app's sender paused (a test runs the rounds itself with its own clock), a real HTTP
receiver on loopback (aiohttp) that records what it gets and answers what the test says, allowed only through the
``webhook_allow`` setting, and a branch: a dealer above a customer who owns a robot, and a customer of another
dealer."""

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiohttp import web

from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from cleanfleet.writers import writers_paused
from tests.gateway.helpers import robot_device, unique_prefix


@pytest.fixture(autouse=True)
async def paused_sender(app: Any) -> AsyncIterator[None]:
    async with writers_paused(app.state, app.state.settings, ["outbox"]):
        yield


@dataclass
class Receiver:
    port: int
    got: list[dict[str, Any]] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)  # codes to answer, in turn; then 204

    def url(self, path: str = "/hook") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def on(self, path: str) -> list[dict[str, Any]]:
        return [g for g in self.got if g["path"] == path]


@pytest.fixture
async def receiver(app: Any) -> AsyncIterator[Receiver]:
    """A receiver on 127.0.0.1 (a free port), allowed by the setting for this test only."""
    box = Receiver(0)

    async def hook(request: web.Request) -> web.Response:
        box.got.append({"path": request.path, "headers": dict(request.headers), "body": await request.read()})
        if request.path == "/redirect":
            raise web.HTTPFound(box.url("/elsewhere"))
        return web.Response(status=box.answers.pop(0) if box.answers else 204)

    server = web.Application()
    server.router.add_route("POST", "/{tail:.*}", hook)
    runner = web.AppRunner(server)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    box.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    settings = app.state.settings
    before = settings.webhook_allow
    settings.webhook_allow = f"127.0.0.1:{box.port}"
    try:
        yield box
    finally:
        settings.webhook_allow = before
        await runner.cleanup()
        await asyncio.sleep(0)


@pytest.fixture
async def branch(db, make_user, signed_in):
    """A dealer above a customer owning a robot, and another dealer's customer; all signed in."""
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_pw = await make_user(3, parent=dealer, roles=[ROLE_USER])
    other_dealer, _ = await make_user(2, roles=[ROLE_DEALER])
    other, other_pw = await make_user(3, parent=other_dealer, roles=[ROLE_USER])
    robot = await robot_device(db, customer, f"{unique_prefix()}W")
    await db.commit()
    return {"dealer": dealer, "customer": customer, "robot": robot, "other": other,
            "api": await signed_in(dealer, dealer_pw), "customer_api": await signed_in(customer, customer_pw),
            "other_api": await signed_in(other, other_pw)}
