"""Helpers of the two-factor tests: a person with an authenticator app on, sign-ins that stop at the second step."""

from datetime import UTC, datetime, timedelta
from typing import Any

import pyotp
import pytest

from cleanfleet.core.codes import Code
from tests.apitokens.conftest import new_token, with_token  # noqa: F401 - API tokens for the refusals
from tests.conftest import Api, new_client


def code_at(secret: str, seconds_ahead: int = 0) -> str:
    """The app's code ``seconds_ahead`` from now (30 s is the next step: within the one step of drift allowed)."""
    return pyotp.TOTP(secret).at(datetime.now(UTC) + timedelta(seconds=seconds_ahead))


@pytest.fixture
async def fresh(app: Any):  # noqa: ANN201
    """fresh() -> an Api client, not signed in, from an address of its own (closed at the end of the test)."""
    clients = []

    def make() -> Api:
        client = new_client(app)
        clients.append(client)
        return Api(client, app.state.signer)

    yield make
    for client in clients:
        await client.aclose()


async def owed(api: Api, account: str, password: str) -> dict[str, Any]:
    """Signs in with the password and expects the second step: answers its data (ticket, methods)."""
    answer = await api.call("/login", {"account": account, "password": password})
    assert answer.code == Code.SECOND_FACTOR_REQUIRED, answer.body
    assert answer.data["ticket"] and "token" not in answer.data
    return answer.data


async def turn_on_totp(api: Api) -> tuple[str, list[str]]:
    """Enrols an authenticator app for the signed-in ``api``: (its secret, the ten recovery codes)."""
    start = await api.call("/factors/totp/start")
    assert start.code == 0, start.body
    secret = start.data["secret"]
    confirmed = await api.call("/factors/totp/confirm", {"code": code_at(secret)})
    assert confirmed.code == 0, confirmed.body
    return secret, confirmed.data["recoveryCodes"]
