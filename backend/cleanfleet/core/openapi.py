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
"""

from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from cleanfleet.core.codes import Code

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


def published_schema(app: FastAPI, components: Mapping[str, Any] | None = None) -> dict[str, Any]:
    schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes,
                         webhooks=app.webhooks.routes)  # the events the server posts (webhooks/router.py)
    for path_item in schema.get("paths", {}).values():
        for operation in path_item.values():
            _offer_form(operation)
            _true_answers(operation)
    published = schema.setdefault("components", {}).setdefault("schemas", {})
    published[REFUSAL] = REFUSAL_SCHEMA
    for name in UNUSED:
        published.pop(name, None)
    if clash := sorted(set(published) & set(components or {})):
        raise ValueError(f"schema components named twice: {clash}")
    published.update(components or {})
    return schema


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
