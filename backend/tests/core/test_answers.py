"""Answers match the models their calls declare: every call declares one, and the check catches a handler
that answers something else (the console's types are generated from those models)."""

from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from pydantic import BaseModel

from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import NO_ANSWER, AnswerMismatch, ApiRouter, Empty, declared_answer


def test_every_api_call_declares_its_answer(app: Any) -> None:
    calls = [route for route in iter_route_contexts(app.routes)  # the published calls (not /api/health's alias)
             if (route.path or "").startswith("/api/") and "POST" in (route.methods or ()) and route.endpoint
             and getattr(route.original_route, "include_in_schema", True)]
    assert len(calls) > 100  # the walk sees the whole app
    undeclared = sorted(route.path for route in calls
                        if declared_answer(route.endpoint) is NO_ANSWER and not answers_a_file(route))
    assert undeclared == [], "calls without answer=Model (or answer=None for no data)"


def answers_a_file(route: Any) -> bool:
    """A call that answers a file (a map archive) declares its media type instead of an envelope model."""
    response_class = getattr(route.original_route, "response_class", None)
    return isinstance(response_class, type) and not issubclass(response_class, JsonResponse)


class Counted(BaseModel):
    count: int
    names: list[str]


class Defaulted(BaseModel):
    count: int
    note: str = ""


def probe_app(check: bool) -> FastAPI:
    router = ApiRouter(signed=False, prefix="/api")

    @router.call("/right", answer=Counted)
    async def right(body: Empty) -> JsonResponse:
        return ok({"count": 2, "names": ["a", "b"]})

    @router.call("/wrongType", answer=Counted)
    async def wrong_type(body: Empty) -> JsonResponse:
        return ok({"count": "2", "names": ["a", "b"]})

    @router.call("/undeclaredKey", answer=Counted)
    async def undeclared_key(body: Empty) -> JsonResponse:
        return ok({"count": 2, "names": [], "total": 2})

    @router.call("/missingKey", answer=Counted)
    async def missing_key(body: Empty) -> JsonResponse:
        return ok({"count": 2})

    @router.call("/defaulted", answer=Defaulted)
    async def defaulted(body: Empty) -> JsonResponse:
        return ok({"count": 2})  # "note" has a default: optional in the published schema, so it may be left out

    @router.call("/noData", answer=None)
    async def no_data(body: Empty) -> JsonResponse:
        return ok({"count": 2})

    application = FastAPI()
    application.include_router(router)
    application.state.settings = SimpleNamespace(check_answers=check)
    return application


async def post(application: FastAPI, path: str) -> dict[str, Any]:
    transport = httpx.ASGITransport(app=application)
    async with httpx.AsyncClient(transport=transport, base_url="http://probe.test") as client:
        response = await client.post(path, json={})
        return response.json()  # type: ignore[no-any-return]


async def test_a_matching_answer_passes() -> None:
    answer = await post(probe_app(check=True), "/api/right")
    assert answer["data"] == {"count": 2, "names": ["a", "b"]}
    assert (await post(probe_app(check=True), "/api/defaulted"))["data"] == {"count": 2}


@pytest.mark.parametrize(("path", "names"), [
    ("/api/wrongType", "data.count: Input should be a valid integer"),
    ("/api/undeclaredKey", "data.total: not in the model"),
    ("/api/missingKey", "data.names: Field required"),
    ("/api/noData", "declares no data"),
])
async def test_a_mismatch_fails_naming_the_call_and_the_difference(path: str, names: str) -> None:
    with pytest.raises(AnswerMismatch) as caught:
        await post(probe_app(check=True), path)
    assert f"POST {path}" in str(caught.value)
    assert names in str(caught.value)


async def test_the_check_is_off_unless_asked() -> None:
    answer = await post(probe_app(check=False), "/api/wrongType")
    assert answer["data"]["count"] == "2"
