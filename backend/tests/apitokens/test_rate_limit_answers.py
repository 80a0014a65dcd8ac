"""The token rate limit's answers (issue 45 item 5): a 429 carries ``Retry-After`` and the IETF RateLimit fields
(draft-ietf-httpapi-ratelimit-headers-10), a call within the limit the RateLimit fields, and every call that
answered 429 to a token over its limit documents 429 with its model and those headers in /api/openapi.json (and
no other call does)."""

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cleanfleet.core.codes import Code
from tests.apitokens.window import clear_of_the_window_end

READ = ["elevator/index"]
POLICY = re.compile(r'^"token";q=(\d+);w=60$')
LEFT = re.compile(r'^"token";r=(\d+);t=(\d+)$')


@contextmanager
def token_limit(app: Any, calls: int) -> Iterator[None]:
    limiter = app.state.api_token_gate.limiter
    saved, limiter.limit = limiter.limit, calls
    try:
        yield
    finally:
        limiter.limit = saved


async def test_a_call_within_the_limit_says_what_is_left(app, dealer, new_token, with_token):
    bot = with_token((await new_token(dealer, READ))["token"])
    await clear_of_the_window_end()
    with token_limit(app, 5):
        assert (await bot.call("/elevator/list", {})).code == 0
        assert (await bot.call("/elevator/list", {})).code == 0
    headers = bot.last.headers
    assert POLICY.match(headers["ratelimit-policy"]).group(1) == "5"
    left, reset = LEFT.match(headers["ratelimit"]).groups()
    assert left == "3" and 1 <= int(reset) <= 60
    assert "retry-after" not in headers


async def test_a_429_says_when_to_call_again(app, dealer, new_token, with_token):
    bot = with_token((await new_token(dealer, READ))["token"])
    await clear_of_the_window_end()
    with token_limit(app, 1):
        assert (await bot.call("/elevator/list", {})).code == 0
        refused = await bot.call("/elevator/list", {}, headers={"language": "fr"})
    assert refused.status == 429 and refused.code == Code.RATE_LIMITED and refused.body["data"] is None
    headers = bot.last.headers
    wait = int(headers["retry-after"])
    assert 1 <= wait <= 60
    assert POLICY.match(headers["ratelimit-policy"]).group(1) == "1"
    assert LEFT.match(headers["ratelimit"]).groups() == ("0", str(wait))
    assert "jeton" in refused.message  # in the request's language


def _operations(schema: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            yield path, method, operation


async def test_every_call_answering_429_documents_it(app, dealer, new_token, with_token):
    """Every published call, made with a token over its limit: those that answer 429 (all a token may call) and
    only those declare 429, as a refusal with Retry-After and the RateLimit fields."""
    schema = app.openapi()
    bot = with_token((await new_token(dealer, READ))["token"])
    answered, declared = set(), set()
    with token_limit(app, 0):
        for path, method, operation in _operations(schema):
            url = re.sub(r"\{[^}]+\}", "1", path)
            response = await bot.client.request(method.upper(), url, json={} if method != "get" else None,
                                                headers={"Authorization": f"Bearer {bot.token}"})
            if response.status_code == 429:
                answered.add((method, path))
                assert response.headers["retry-after"] and response.headers["ratelimit"], (method, path)
            if "429" in operation["responses"]:
                declared.add((method, path))
    assert answered, "no call answered 429: the limit was not reached"
    assert sorted(answered - declared) == [], "answered 429 without declaring it"
    assert sorted(declared - answered) == [], "declared 429 but never answered it to a token over its limit"
    refusal = {"$ref": "#/components/schemas/Refusal"}
    for method, path in declared:
        answer = schema["paths"][path][method]["responses"]["429"]
        assert answer["content"]["application/json"]["schema"] == refusal, (method, path)
        assert set(answer["headers"]) == {"Retry-After", "RateLimit-Policy", "RateLimit"}, (method, path)
    assert set(schema["components"]["headers"]) >= {"Retry-After", "RateLimit-Policy", "RateLimit"}
