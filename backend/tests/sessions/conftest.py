"""Sessions test ground: people signing in from browsers of their own (a user agent and the console's browser id),
the outbox paused (a test sends its round itself) and a real SMTP server (tests/users' inbox)."""

import itertools
from collections.abc import AsyncIterator
from typing import Any

import pytest

from cleanfleet.writers import writers_paused
from tests.conftest import Api, new_client
from tests.users.conftest import free_port, smtp_inbox  # noqa: F401  - the SMTP fixture

CHROME = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 "
          "Safari/537.36")
FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/17.0 Mobile/15E148 Safari/604.1")
_browsers = itertools.count(1)


def browser_id() -> str:
    return f"browser-{next(_browsers):04d}-0123456789abcdef"


@pytest.fixture(autouse=True)
async def paused_outbox(app: Any) -> AsyncIterator[None]:
    async with writers_paused(app.state, app.state.settings, ["outbox"]):
        yield


@pytest.fixture
async def browser(app: Any):  # noqa: ANN201
    """browser(user, password, agent=CHROME, browser=None) -> an Api signed in from that browser (every call sends
    its user agent; the sign-in its browser id, as the console does)."""
    clients = []

    async def sign_in(user: Any, password: str, agent: str = CHROME, browser: str | None = None,
                      expect: int = 0) -> Api:
        client = new_client(app)
        client.headers["user-agent"] = agent
        clients.append(client)
        api = Api(client, app.state.signer)
        headers = {"browser-id": browser} if browser else {}
        answer = await api.call("/login", {"account": user.account, "password": password, "type": "user"},
                                headers=headers)
        assert answer.code == expect, answer.body
        if answer.code == 0:
            api.token, api.account = answer.data["token"], user.account
        api.user = user  # type: ignore[attr-defined]
        return api

    yield sign_in
    for client in clients:
        await client.aclose()
