"""The answer envelope ``{"message": {"code", "message"}, "data"}`` and its fast JSON response."""

from typing import Any, Generic, TypeVar

import orjson
from pydantic import BaseModel, ConfigDict
from starlette.responses import Response

from cleanfleet.core.codes import Code
from cleanfleet.core.i18n import title
from cleanfleet.core.language import caller_language

T = TypeVar("T")


class Message(BaseModel):
    code: int
    message: str
    field: str | None = None  # on a refusal: the request field it concerns (the console marks that form field)


class Envelope(BaseModel, Generic[T]):
    # Envelope[X] (one a call) is for the published schema only: built when it is asked for, not at the start
    model_config = ConfigDict(defer_build=True)

    message: Message
    data: T | None = None


def _default(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"cannot serialise {type(value).__name__}")


class JsonResponse(Response):
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content, default=_default, option=orjson.OPT_NON_STR_KEYS)


def envelope(code: Code, message: str, data: Any = None, field: str | None = None) -> dict[str, Any]:
    head: dict[str, Any] = {"code": int(code), "message": message}
    if field:
        head["field"] = field
    return {"message": head, "data": data}


def ok(data: Any = None, code: Code = Code.OK, language: str | None = None) -> JsonResponse:
    """A success answer in the caller's language; data may be plain values, dicts, lists or Pydantic models."""
    return JsonResponse(envelope(code, title(code, language or caller_language()), data))
