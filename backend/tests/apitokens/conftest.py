"""Helpers for the API token tests: a dealer signed in, tokens made through the API, calls made with a token
alone (no sign, no session), as an integration makes them."""

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from cleanfleet.apitokens.models import ApiToken
from cleanfleet.apitokens.service import new_token as minted
from cleanfleet.core.auth import hash_token
from cleanfleet.core.db import utcnow
from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.conftest import Answer, new_client


def days_ahead(days: float) -> str:
    return (datetime.now(UTC) + timedelta(days=days)).isoformat()


class TokenClient:
    """Calls the API with ``Authorization: Bearer <token>`` only (plus whatever ``headers`` adds)."""

    def __init__(self, client: httpx.AsyncClient, token: str) -> None:
        self.client, self.token = client, token
        self.last: httpx.Response | None = None

    async def call(self, path: str, body: dict[str, Any] | None = None,
                   headers: dict[str, str] | None = None) -> Answer:
        response = await self.client.post("/api" + path, json=body or {},
                                          headers={"Authorization": f"Bearer {self.token}", **(headers or {})})
        self.last = response
        return Answer(response.status_code, response.json())


@pytest.fixture
async def dealer(make_user, signed_in):  # noqa: ANN201
    user, password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(user, password)
    api.user = user
    return api


@pytest.fixture
def new_token():  # noqa: ANN201
    """new_token(api, keys, name=None, days=30) -> the insert answer's data (with the whole token)."""
    names = iter(range(1, 10_000))

    async def make(api: Any, keys: list[str], name: str | None = None, days: float = 30) -> dict[str, Any]:
        answer = await api.call("/integration/token/insert", {"name": name or f"Token {next(names)}",
                                                              "expiresAt": days_ahead(days), "keys": keys})
        assert answer.code == 0, answer.body
        return answer.data

    return make


@pytest.fixture
def stored_token(app):  # noqa: ANN201
    """stored_token(user_id, keys, name) -> (id, whole token): a row written as a token made before the server
    refused some keys at creation (issue 45: keys only a person may use) would stand."""

    async def make(user_id: int, keys: list[str], name: str = "Old token") -> tuple[int, str]:
        public_id, token = minted()
        async with app.state.db.sessions() as db:
            row = ApiToken(public_id=public_id, token_hash=hash_token(token), user_id=user_id, name=name,
                           keys=keys, created_at=utcnow(), expires_at=utcnow() + timedelta(days=30))
            db.add(row)
            await db.commit()
            return row.id, token

    return make


@pytest.fixture
async def with_token(app):  # noqa: ANN201
    """with_token(token) -> a TokenClient on the test app (closed at the end of the test)."""
    clients: list[httpx.AsyncClient] = []

    def make(token: str, application: Any = None) -> TokenClient:
        client = new_client(application or app)
        clients.append(client)
        return TokenClient(client, token)

    yield make
    for client in clients:
        await client.aclose()
