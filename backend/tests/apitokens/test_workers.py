"""Two workers (two apps on one database, their buses and rate limits on Redis, as tests/cluster runs them): a
token revoked on one is refused at once by the other, which had it cached, and the rate limit counts the calls of
both."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from typing import Any

import pytest

from cleanfleet.app import create_app
from cleanfleet.core.codes import Code
from tests.cluster.kit import REDIS_URL, redis_up
from tests.conftest import ADMIN_PASSWORD, Api, new_client

pytestmark = pytest.mark.skipif(not redis_up(), reason=f"Redis is not reachable at {REDIS_URL}")


@pytest.fixture
async def workers(settings) -> AsyncIterator[list[Any]]:
    shared = settings.model_copy(update={"redis_url": REDIS_URL, "api_token_rate_limit": 4})
    async with AsyncExitStack() as stack:
        apps = []
        for _ in range(2):
            application = create_app(shared)
            await stack.enter_async_context(application.router.lifespan_context(application))
            apps.append(application)
        await asyncio.sleep(0.2)  # both buses' Redis subscriptions are live (psubscribe answered)
        yield apps


async def test_a_revocation_reaches_the_other_worker_at_once(workers, with_token, new_token):
    first, second = workers
    async with new_client(first) as client:
        admin = Api(client, first.state.signer)
        assert (await admin.login("admin", ADMIN_PASSWORD)).code == 0
        made = await new_token(admin, ["elevator/index"])
        on_second = with_token(made["token"], second)
        assert (await on_second.call("/elevator/list", {})).code == 0  # now cached on the second worker
        assert (await admin.call("/integration/token/delete", {"id": made["id"]})).code == 0

        async def refused() -> bool:
            return (await on_second.call("/elevator/list", {})).code == Code.SESSION_INVALID

        for _ in range(100):  # the eviction crosses Redis: poll, no fixed sleep
            if await refused():
                break
            await asyncio.sleep(0.02)
        assert await refused()


async def test_the_rate_limit_counts_both_workers_calls(workers, with_token, new_token):
    first, second = workers
    async with new_client(first) as client:
        admin = Api(client, first.state.signer)
        assert (await admin.login("admin", ADMIN_PASSWORD)).code == 0
        token = (await new_token(admin, ["elevator/index"]))["token"]
        clients = [with_token(token, first), with_token(token, second)]
        codes = [(await clients[n % 2].call("/elevator/list", {})).code for n in range(5)]
        # a minute's window may end between two calls: then the count starts again (at most once in 5 calls)
        assert codes[:4] == [0, 0, 0, 0] and codes[4] == Code.RATE_LIMITED or codes.count(Code.RATE_LIMITED) == 0
        assert clients[0].last is not None and clients[0].last.headers["ratelimit-limit"] == "4"
