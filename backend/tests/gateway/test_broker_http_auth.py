"""EMQX's HTTP authenticator and authorizer: /api/broker/authenticate and /authorize (gateway/brokerauth/router.py)."""

from typing import Any

import pytest

from tests.conftest import new_client
from tests.gateway.helpers import robot_device, unique_prefix

SECRET = "broker-shared-secret-0123456789"
HEADERS = {"X-Broker-Secret": SECRET}


@pytest.fixture
async def broker(app: Any) -> Any:
    kept = app.state.settings
    app.state.settings = kept.model_copy(update={
        "broker_auth_secret": SECRET, "mqtt_url": "mqtt://gw-user:gw-password@emqx.test:1883"})
    async with new_client(app) as client:
        async def ask(path: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> tuple[int, Any]:
            answer = await client.post(f"/api/broker/{path}", json=body,
                                       headers=HEADERS if headers is None else headers)
            return answer.status_code, answer.json()

        try:
            yield ask
        finally:
            app.state.settings = kept


@pytest.fixture
async def robots(db: Any, make_user: Any) -> tuple[str, str]:
    owner, _ = await make_user(3)
    prefix = unique_prefix()
    await robot_device(db, owner, f"{prefix}A", secret="first-secret")
    await robot_device(db, owner, f"{prefix}B", secret="second-secret")
    return f"{prefix}A", f"{prefix}B"


def sign_in(sn: str, password: str, clientid: str | None = None) -> dict[str, str]:
    return {"clientid": sn if clientid is None else clientid, "username": sn, "password": password}


async def test_a_robot_signs_in_only_as_itself_with_its_secret(broker, robots) -> None:
    first, second = robots
    assert await broker("authenticate", sign_in(first, "first-secret")) == (200, {"result": "allow"})
    assert await broker("authenticate", sign_in(first, "second-secret")) == (200, {"result": "deny"})
    assert await broker("authenticate", sign_in(second, "first-secret")) == (200, {"result": "deny"})
    assert await broker("authenticate", sign_in(first, "first-secret", clientid=second)) == (200, {"result": "deny"})
    assert await broker("authenticate", sign_in(first, "")) == (200, {"result": "deny"})
    assert await broker("authenticate", sign_in("NO-SUCH-ROBOT", "first-secret")) == (200, {"result": "deny"})
    assert await broker("authenticate", {"clientid": "x", "username": "", "password": ""}) == (200, {"result": "deny"})


async def test_a_robot_uses_only_its_own_topics(broker, robots) -> None:
    first, second = robots

    async def may(action: str, topic: str, sn: str = first) -> str:
        status, answer = await broker("authorize", {"clientid": sn, "username": sn, "action": action,
                                                    "topic": topic})
        assert status == 200
        return str(answer["result"])

    assert await may("publish", f"cf/{first}/up/status") == "allow"
    assert await may("subscribe", f"cf/{first}/down/#") == "allow"
    for action, topic in (("publish", f"cf/{second}/up/status"), ("publish", f"cf/{second}/down/cmd"),
                          ("publish", f"cf/{first}/down/cmd"), ("subscribe", f"cf/{second}/down/#"),
                          ("subscribe", "cf/+/down/#"), ("subscribe", f"cf/{first}/up/#"), ("subscribe", "#"),
                          ("publish", "cf/$gw/cleanfleet-gateway/probe")):
        assert await may(action, topic) == "deny", (action, topic)
    status, answer = await broker("authorize", {"clientid": second, "username": first, "action": "publish",
                                                "topic": f"cf/{first}/up/status"})
    assert answer == {"result": "deny"}


async def test_the_gateway_reads_up_and_writes_down(broker) -> None:
    assert await broker("authenticate", {"clientid": "cleanfleet-gateway-w0", "username": "gw-user",
                                         "password": "gw-password"}) == (200, {"result": "allow"})
    assert await broker("authenticate", {"clientid": "cleanfleet-gateway-w0", "username": "gw-user",
                                         "password": "guess"}) == (200, {"result": "deny"})

    async def may(action: str, topic: str) -> str:
        _, answer = await broker("authorize", {"clientid": "cleanfleet-gateway-w0", "username": "gw-user",
                                               "action": action, "topic": topic})
        return str(answer["result"])

    assert await may("subscribe", "$share/cleanfleet/cf/+/up/status") == "allow"
    assert await may("subscribe", "cf/+/up/heartbeat") == "allow"
    assert await may("publish", "cf/CF3-0001/down/cmd") == "allow"
    assert await may("publish", "cf/$gw/cleanfleet-gateway-w0/probe") == "allow"
    assert await may("publish", "cf/CF3-0001/up/status") == "deny"
    assert await may("subscribe", "cf/+/down/#") == "deny"


async def test_only_the_broker_may_ask(broker, robots, app) -> None:
    first, _ = robots
    assert await broker("authenticate", sign_in(first, "first-secret"), headers={}) == (403, {"result": "deny"})
    assert await broker("authenticate", sign_in(first, "first-secret"),
                        headers={"X-Broker-Secret": "a guess of it"}) == (403, {"result": "deny"})
    assert (await broker("authorize", {"clientid": first, "username": first, "action": "publish",
                                       "topic": f"cf/{first}/up/status"}, headers={}))[0] == 403
    app.state.settings = app.state.settings.model_copy(update={"broker_auth_secret": None})
    assert (await broker("authenticate", sign_in(first, "first-secret")))[0] == 403


async def test_what_is_asked_is_bounded(broker) -> None:
    """An over-long field is refused before anything is looked up (the app's validation answer: no "allow")."""
    _, answer = await broker("authorize", {"clientid": "a", "username": "a", "action": "publish", "topic": "x" * 300})
    assert "result" not in answer and answer["message"]["field"] == "topic"
    _, answer = await broker("authenticate", {"clientid": "a", "username": "a", "password": "p" * 300})
    assert "result" not in answer and answer["message"]["field"] == "password"
