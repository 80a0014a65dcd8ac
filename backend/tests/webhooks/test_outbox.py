"""The one outbox through the webhooks' channel (issue 49 items 2-4): fair to every tenant, a subscription's pending
deliveries capped and the drop counted for its owner, a hanging receiver holding nobody else, a clean stop that
records the posts in flight, a new delivery sent when it is queued (no round), webhook.test rate limited."""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from aiohttp import web
from sqlalchemy import func, select

from cleanfleet.core import outbox_sender
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.outbox_models import OutboxSend
from cleanfleet.core.outbox_sender import Runner
from cleanfleet.webhooks.delivery import send_due
from cleanfleet.webhooks.models import WebhookDelivery
from cleanfleet.webhooks.outbox import MAX_PENDING, write_deliveries
from cleanfleet.webhooks.schemas import TESTS_A_MINUTE
from tests.webhooks.test_delivery import subscribe

WAIT = 60.0  # a deadline for a busy machine, not a timing assertion


async def _queue(app: Any, subscription_id: int, count: int) -> list[int]:
    async with app.state.db.sessions() as db:
        now = utcnow()
        ids = await write_deliveries(db, [(subscription_id, f"evt_{subscription_id}_{n}", "robot.online",
                                           {"type": "robot.online", "n": n}) for n in range(count)], now)
        await db.commit()
    return ids


async def _state(app: Any, delivery_id: int) -> str | None:
    async with app.state.db.sessions() as db:
        return await db.scalar(select(WebhookDelivery.state).where(WebhookDelivery.id == delivery_id))


async def _until(check: Callable[[], Awaitable[bool]]) -> None:
    """Polls the database (what a user would look at) until ``check`` holds."""
    async with asyncio.timeout(WAIT):
        while not await check():  # noqa: ASYNC110 - the state is in the database, no event to wait on
            await asyncio.sleep(0.05)


@pytest.fixture
async def gate(receiver: Any) -> AsyncIterator[asyncio.Event]:
    """``/slow`` of another receiver hangs until the test opens the gate (then answers 204)."""
    opened = asyncio.Event()
    arrived: list[bytes] = []

    async def slow(request: web.Request) -> web.Response:
        arrived.append(await request.read())
        await opened.wait()
        return web.Response(status=204)

    server = web.Application()
    server.router.add_route("POST", "/slow", slow)
    runner = web.AppRunner(server)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    opened.url = f"http://127.0.0.1:{port}/slow"  # type: ignore[attr-defined]
    opened.arrived = arrived  # type: ignore[attr-defined]
    yield opened
    opened.set()
    await runner.cleanup()


def _allow(app: Any, *urls: str) -> None:
    app.state.settings.webhook_allow = ",".join(url.split("/")[2] for url in urls)


async def test_one_tenants_storm_does_not_hold_another_tenants_event(app, branch, receiver):
    storm = await subscribe(branch["customer_api"], receiver.url("/storm"), ["robot.online"])
    calm = await subscribe(branch["other_api"], receiver.url("/calm"), ["robot.online"])
    await _queue(app, storm["subscriptionId"], 1_200)
    [event] = await _queue(app, calm["subscriptionId"], 1)
    runner = Runner(app.state.db, app.state.settings, ("webhook",))
    picked = await runner.pick(utcnow(), outbox_sender.SLOTS)
    async with app.state.db.sessions() as db:
        lanes = dict((await db.execute(select(OutboxSend.id, OutboxSend.ref_id).where(
            OutboxSend.id.in_(picked)))).all())
    assert event in lanes.values()  # the other tenant's event is in the first round
    assert len(picked) == 2  # one of the storm's lane (a subscription sends one at a time) and the event


async def test_a_subscription_holds_at_most_its_cap_and_its_owner_sees_the_drop(app, branch, receiver):
    storm = await subscribe(branch["customer_api"], receiver.url("/storm"), ["robot.online"])
    ids = await _queue(app, storm["subscriptionId"], MAX_PENDING + 25)
    async with app.state.db.sessions() as db:
        pending = await db.scalar(select(func.count()).select_from(OutboxSend).where(
            OutboxSend.lane == f"webhook:{storm['subscriptionId']}", OutboxSend.state == "pending"))
        kept = set(await db.scalars(select(WebhookDelivery.id).where(
            WebhookDelivery.subscription_id == storm["subscriptionId"])))
    assert pending == MAX_PENDING and kept == set(ids[25:])  # the oldest went
    listed = await branch["customer_api"].call("/integration/webhook/list", {})
    [mine] = [s for s in listed.data["list"] if s["subscriptionId"] == storm["subscriptionId"]]
    assert mine["dropped"] == 25


async def test_a_hanging_receiver_holds_no_other_subscription(app, branch, receiver, gate, monkeypatch):
    _allow(app, receiver.url(), gate.url)  # type: ignore[attr-defined]
    hanging = await subscribe(branch["customer_api"], gate.url, ["robot.online"])  # type: ignore[attr-defined]
    other = await subscribe(branch["other_api"], receiver.url("/calm"), ["robot.online"])
    await _queue(app, hanging["subscriptionId"], 5)
    runner = Runner(app.state.db, app.state.settings)
    task = asyncio.create_task(runner.run())
    try:
        await _until(lambda: _arrived(gate))
        [event] = await _queue(app, other["subscriptionId"], 1)
        await _until(lambda: _is(app, event, "delivered"))
        assert not gate.is_set() and len(gate.arrived) == 1  # type: ignore[attr-defined]  # still hanging, alone
    finally:
        gate.set()
        await runner.drain(10.0)
        task.cancel()


async def _arrived(gate: Any) -> bool:
    return bool(gate.arrived)


async def _is(app: Any, delivery_id: int, state: str) -> bool:
    return await _state(app, delivery_id) == state


async def test_a_clean_stop_records_the_posts_in_flight_and_sends_nothing_twice(app, branch, receiver, gate):
    _allow(app, receiver.url(), gate.url)  # type: ignore[attr-defined]
    sub = await subscribe(branch["customer_api"], gate.url, ["robot.online"])  # type: ignore[attr-defined]
    [delivery] = await _queue(app, sub["subscriptionId"], 1)
    runner = Runner(app.state.db, app.state.settings)
    task = asyncio.create_task(runner.run())
    await _until(lambda: _arrived(gate))
    stopping = asyncio.create_task(runner.drain(30.0))  # SIGTERM: the post is in flight
    await asyncio.sleep(0.2)
    gate.set()  # the receiver accepts it
    await stopping
    task.cancel()
    assert await _state(app, delivery) == "delivered"  # recorded before the stop ended
    await send_due(app.state.db, app.state.settings)
    assert len(gate.arrived) == 1  # type: ignore[attr-defined]  # never sent again


async def test_a_new_delivery_goes_when_queued_not_at_a_round(app, branch, receiver, monkeypatch):
    monkeypatch.setattr(outbox_sender, "IDLE", 3600.0)  # no timer would send it: only the wake
    sub = await subscribe(branch["customer_api"], receiver.url(), ["robot.online"])
    runner = Runner(app.state.db, app.state.settings)
    task = asyncio.create_task(runner.run())
    try:
        await asyncio.sleep(0.3)  # the loop is waiting
        [delivery] = await _queue(app, sub["subscriptionId"], 1)
        await _until(lambda: _is(app, delivery, "delivered"))
        assert len(receiver.got) == 1
    finally:
        await runner.drain(10.0)
        task.cancel()


async def test_webhook_test_is_rate_limited_naming_the_subscription(app, branch, receiver):
    sub = await subscribe(branch["customer_api"], receiver.url(), ["robot.online"])
    body = {"subscriptionId": sub["subscriptionId"]}
    for _ in range(TESTS_A_MINUTE):
        answer = await branch["customer_api"].call("/integration/webhook/test", body)
        assert answer.code == 0, answer.body
    refused = await branch["customer_api"].call("/integration/webhook/test", body)
    assert (refused.code, refused.field, refused.status) == (Code.RATE_LIMITED, "subscriptionId", 429)
