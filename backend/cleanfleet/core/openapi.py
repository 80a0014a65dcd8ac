"""The published schema (/api/openapi.json): what every call takes and every answer it can give.

FastAPI's own schema is adjusted to what the server really does:
- every JSON request body is also offered form-encoded (core.routing accepts both);
- a refusal of bad input is an envelope with BAD_PARAMETER and HTTP 200, so FastAPI's 422 is
  never sent and is not documented;
- every call can answer 413 (BODY_TOO_LARGE, from core.middleware) and 500 (INTERNAL);
- our JsonResponse is not FastAPI's JSONResponse, so FastAPI puts ``type: string`` beside the
  answer's ``$ref``, a schema no envelope can match (or alone, for a call without a declared
  answer, where the answer is any JSON): it is removed. No call answers a JSON string.
- ``components`` adds schemas no call names (the live WebSocket's messages, realtime/schemas.py), so the
  console's types are generated from them too; one named like a call's model is refused.
- every call an API token may make (core.routing.admits_api_token) can answer 429 (RATE_LIMITED, the token's rate
  limit in apitokens/gate.py) with ``Retry-After`` and the IETF ``RateLimit-Policy`` and ``RateLimit`` fields; no
  other limiter answers 429 (a locked sign-in is LOGIN_LOCKED and a busy upload RATE_LIMITED, both at HTTP 200).

Building it is about 3 s of CPU (FastAPI asks pydantic for every model's JSON schema), so /api/openapi.json builds it
on a worker thread, once, whoever asks first (``schema_off_the_loop``): FastAPI's own route built it on the event loop,
which answered nothing else meanwhile. The schema is the code's alone (create_app declares the same routes whatever
the settings), so a process that makes several apps (the tests; ``cleanfleet openapi``) builds it once per route
set (``built_once``) and hands each a copy.
"""

import asyncio
import copy
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute, iter_route_contexts

from cleanfleet.core.codes import Code
from cleanfleet.core.routing import admits_api_token

REFUSAL = "Refusal"
ANSWERED_BY_EVERY_CALL = {
    "413": f"{Code.BODY_TOO_LARGE.name} ({int(Code.BODY_TOO_LARGE)}): the body is over this call's limit",
    "500": f"{Code.INTERNAL.name} ({int(Code.INTERNAL)}): unexpected server error; the message carries the "
           "request id (also in the X-Request-Id header)",
}
REFUSAL_SCHEMA = {
    "type": "object",
    "title": REFUSAL,
    "description": "A refusal: the code says why, the message is in the caller's language; no data.",
    "properties": {
        "message": {"$ref": "#/components/schemas/Message"},
        "data": {"type": "null"},
    },
    "required": ["message"],
}
UNUSED = ("HTTPValidationError", "ValidationError")
RATE_LIMITED = (f"{Code.RATE_LIMITED.name} ({int(Code.RATE_LIMITED)}): this API token made more calls than its limit "
                "in the current minute (a console session is not limited); call again after Retry-After seconds")
RATE_LIMIT_HEADERS = {  # components/headers; draft-ietf-httpapi-ratelimit-headers-10 for the RateLimit fields
    "Retry-After": {"description": "Seconds until the token may call again (RFC 9110).",
                    "schema": {"type": "integer", "minimum": 1}},
    "RateLimit-Policy": {"description": 'The token\'s quota: "token";q=<calls>;w=<seconds of the window>.',
                         "schema": {"type": "string", "examples": ['"token";q=600;w=60']}},
    "RateLimit": {"description": 'What is left of it: "token";r=<calls left>;t=<seconds until the window ends>.',
                  "schema": {"type": "string", "examples": ['"token";r=0;t=17']}},
}


def published_schema(app: FastAPI, components: Mapping[str, Any] | None = None) -> dict[str, Any]:
    schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes,
                         webhooks=app.webhooks.routes)  # the events the server posts (webhooks/router.py)
    limited = _token_calls(app)
    for path, path_item in schema.get("paths", {}).items():
        for method, operation in path_item.items():
            _offer_form(operation)
            _true_answers(operation)
            if (path, method) in limited:
                operation["responses"]["429"] = rate_limited_answer()
    schema.setdefault("components", {}).setdefault("headers", {}).update(RATE_LIMIT_HEADERS)
    published = schema["components"].setdefault("schemas", {})
    published[REFUSAL] = REFUSAL_SCHEMA
    for name in UNUSED:
        published.pop(name, None)
    if clash := sorted(set(published) & set(components or {})):
        raise ValueError(f"schema components named twice: {clash}")
    published.update(components or {})
    return schema


_BUILT: dict[tuple[Any, ...], dict[str, Any]] = {}


def built_once(app: FastAPI, build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """A copy of the schema this process built for an app of the same routes and webhooks, or ``build()``'s."""
    key = (app.title, app.version, _route_set(app.routes), _route_set(app.webhooks.routes))
    if key not in _BUILT:
        _BUILT[key] = build()
    return copy.deepcopy(_BUILT[key])


def _route_set(routes: list[Any]) -> tuple[tuple[str, tuple[str, ...], bool], ...]:
    return tuple((str(context.path_format), tuple(sorted(getattr(context, "methods", None) or ())),
                  bool(getattr(context, "include_in_schema", True))) for context in iter_route_contexts(routes))


async def schema_off_the_loop(app: FastAPI) -> dict[str, Any]:
    """``app.openapi()``, its first build on a worker thread; callers meanwhile wait for that one build."""
    if schema := app.openapi_schema:
        return schema
    async with app.state.openapi_lock:
        if schema := app.openapi_schema:
            return schema
        return await asyncio.to_thread(app.openapi)


def _token_calls(app: FastAPI) -> set[tuple[str, str]]:
    """(path, method) of every published call an API token may make."""
    return {(str(context.path_format), method.lower()) for context in iter_route_contexts(app.routes)
            if isinstance(context.original_route, APIRoute) and context.include_in_schema
            and admits_api_token(context.dependant) for method in context.methods or ()}


def rate_limited_answer() -> dict[str, Any]:
    """HTTP 429: a refusal envelope with the rate-limit fields (components/headers)."""
    return {**refusal_answer(RATE_LIMITED),
            "headers": {name: {"$ref": f"#/components/headers/{name}"} for name in RATE_LIMIT_HEADERS}}


def _offer_form(operation: dict[str, Any]) -> None:
    body = operation.get("requestBody", {}).get("content", {})
    if "application/json" in body and "application/x-www-form-urlencoded" not in body:
        body["application/x-www-form-urlencoded"] = body["application/json"]


def _true_answers(operation: dict[str, Any]) -> None:
    responses = operation.setdefault("responses", {})
    responses.pop("422", None)
    for response in responses.values():
        json_answer = response.get("content", {}).get("application/json", {}).get("schema", {})
        if json_answer.get("type") == "string":
            del json_answer["type"]  # beside a $ref it contradicts it; alone it means "no declared shape"
    for status, description in ANSWERED_BY_EVERY_CALL.items():
        responses[status] = refusal_answer(description)


def file_answer(media_type: str, description: str) -> dict[str, Any]:
    """A documented success that is a file of ``media_type``, or (bad input) a refusal envelope at 200."""
    return {"description": description, "content": {media_type: {}, **refusal_answer(description)["content"]}}


def refusal_answer(description: str) -> dict[str, Any]:
    """A documented answer that is a refusal envelope (for a status other than 200)."""
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{REFUSAL}"}}}}
