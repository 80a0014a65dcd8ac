"""Answers match the models their calls declare: every call declares one, and the check catches a handler
that answers something else (the console's types are generated from those models)."""

from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from pydantic import BaseModel, TypeAdapter

from cleanfleet.core.codes import Code
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import ApiError, install_error_handlers
from cleanfleet.core.routing import NO_ANSWER, AnswerMismatch, ApiRouter, Empty, declared_answer


def test_every_api_call_declares_its_answer(app: Any) -> None:
    calls = [route for route in iter_route_contexts(app.routes)  # the published calls (not /api/health's alias)
             if (route.path or "").startswith("/api/") and "POST" in (route.methods or ()) and route.endpoint
             and getattr(route.original_route, "include_in_schema", True)]
    assert len(calls) > 100  # the walk sees the whole app
    undeclared = sorted(route.path for route in calls
                        if declared_answer(route.endpoint) is NO_ANSWER and not answers_a_file(route))
    assert undeclared == [], "calls without answer=Model (or answer=None for no data)"


# Calls whose published answer has a part of any shape (an object of anything): the console gets no type for it
# and the answer check cannot see a wrong key in it. Known ones, each to be given a model of its own: the list
# only shrinks, and a new call answering such a part fails the test below.
LOOSE_ANSWERS = {
    "/api/device/updateDevicesAddressByLbs", "/api/device/selectDeviceCount", "/api/device/getSimInfo",
    "/api/deviceHard/getDeviceHardHistoryListBean", "/api/deviceHard/getDeviceHardByUserId",
    "/api/deviceProductBatch/list", "/api/deviceProductBatch/listFull", "/api/deviceProductBatch/hardSupportInfo",
    "/api/deviceProductBatch/insert", "/api/deviceProductBatch/update", "/api/deviceProductBatch/updateHardSupport",
    "/api/deviceProductBatch/deleteHardSupport",
    "/api/integration/webhook/catalogue",  # each event's JSON schema and sample: free-form by nature (issue 35)
}


def loose_parts(schema: Any, where: str = "data") -> list[str]:
    """Where a JSON schema allows any value (``{}``) or an object of anything."""
    if not isinstance(schema, dict):
        return []
    found = [where] if not set(schema) - {"title", "description", "default"} else []
    if schema.get("type") == "object" and "properties" not in schema \
            and schema.get("additionalProperties", True) in (True, {}):
        found.append(f"{where}{{}}")
    for key, value in schema.items():
        if key in ("properties", "$defs"):
            found += [part for name, sub in value.items() for part in loose_parts(sub, f"{where}.{name}")]
        elif key in ("items", "additionalProperties") and isinstance(value, dict):
            found += loose_parts(value, f"{where}[]")
        elif key in ("anyOf", "allOf", "oneOf"):
            found += [part for sub in value for part in loose_parts(sub, where)]
    return found


def test_no_call_publishes_an_answer_of_any_shape_unless_known(app: Any) -> None:
    loose = {}
    for route in iter_route_contexts(app.routes):
        answer = declared_answer(route.endpoint) if (route.path or "").startswith("/api/") else NO_ANSWER
        if answer is not NO_ANSWER and answer is not None and (parts := loose_parts(TypeAdapter(answer).json_schema())):
            loose[route.path] = parts
    assert {path: parts for path, parts in loose.items() if path not in LOOSE_ANSWERS} == {}
    assert sorted(LOOSE_ANSWERS - set(loose)) == [], "now typed: take them off LOOSE_ANSWERS"


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


class Waiting(BaseModel):
    seconds: int


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

    @router.call("/refused", answer=Counted)
    async def refused(body: Empty) -> JsonResponse:
        raise ApiError(Code.CONFLICT, "busy")  # a refusal without data: nothing to declare

    @router.call("/refusedWithData", answer=Counted)
    async def refused_with_data(body: Empty) -> JsonResponse:
        raise ApiError(Code.ROBOT_ERROR, "no", data={"robotCode": 3})  # issue 28: data no schema documents

    @router.call("/declaredRefusal", answer=Counted, refusals={Code.CONFLICT: Waiting})
    async def declared_refusal(body: Empty) -> JsonResponse:
        raise ApiError(Code.CONFLICT, "wait", data=Waiting(seconds=3))

    @router.call("/wrongRefusal", answer=Counted, refusals={Code.CONFLICT: Waiting})
    async def wrong_refusal(body: Empty) -> JsonResponse:
        raise ApiError(Code.CONFLICT, "wait", data={"seconds": 3, "holder": "x"})

    application = FastAPI()
    application.include_router(router)
    install_error_handlers(application)
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
    assert (await post(probe_app(check=True), "/api/refused"))["data"] is None
    assert (await post(probe_app(check=True), "/api/declaredRefusal"))["data"] == {"seconds": 3}


@pytest.mark.parametrize(("path", "names"), [
    ("/api/wrongType", "data.count: Input should be a valid integer"),
    ("/api/undeclaredKey", "data.total: not in the model"),
    ("/api/missingKey", "data.names: Field required"),
    ("/api/noData", "declares no data"),
    ("/api/refusedWithData", "a refusal (code 10014) carries data the call does not declare"),
    ("/api/wrongRefusal", "(refusal 10011): the answer's keys differ from Waiting: data.holder: not in the model"),
])
async def test_a_mismatch_fails_naming_the_call_and_the_difference(path: str, names: str) -> None:
    with pytest.raises(AnswerMismatch) as caught:
        await post(probe_app(check=True), path)
    assert f"POST {path}" in str(caught.value)
    assert names in str(caught.value)


async def test_the_check_is_off_unless_asked() -> None:
    answer = await post(probe_app(check=False), "/api/wrongType")
    assert answer["data"]["count"] == "2"
