"""The router every domain uses: POST calls under /api/ that take JSON or form-encoded bodies.

A form body is turned into the same JSON object before validation, so one Pydantic model serves
both. An empty body counts as ``{}``, so a model with required fields names the missing one.

The sign and the token are checked before the body is read, so an anonymous caller cannot make the
server read (or spool) a body at all. A NUL character in any parameter is refused naming the field:
it cannot be stored in PostgreSQL text and would cut a SQLite LIKE pattern short.
"""

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Literal

import orjson
from fastapi import APIRouter, Depends, Request
from fastapi.dependencies.models import Dependant
from fastapi.params import Form
from fastapi.routing import APIRoute
from pydantic import BaseModel, create_model
from starlette.datastructures import FormData

from cleanfleet.core.auth import current_caller, verify_signature
from cleanfleet.core.codes import Code
from cleanfleet.core.envelope import Envelope
from cleanfleet.core.errors import bad_parameter

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _form_to_object(form: FormData) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in form.multi_items():
        if not isinstance(value, str):
            continue
        if key in data:
            existing = data[key]
            data[key] = [*existing, value] if isinstance(existing, list) else [existing, value]
        else:
            data[key] = value
    return data


class _BodyAsJson(Request):
    def __init__(self, request: Request, body: bytes) -> None:
        scope = dict(request.scope)
        headers = [(k, v) for k, v in scope["headers"] if k not in (b"content-type", b"content-length")]
        scope["headers"] = [*headers, (b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]
        super().__init__(scope, request.receive)
        self._body = body
        self.state.__dict__.update(request.state.__dict__)


def upload_body_bytes(file_bytes: int) -> int:
    """The body limit of a call taking one file of at most ``file_bytes``: a file a few times too large is
    still read, so the answer names the file's own limit (BAD_FILE); a larger body is refused unread."""
    return 4 * file_bytes


class ApiRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Any]:
        handler = super().get_route_handler()
        calls = _dependency_calls(self._effective_dependant())
        signed, signed_in = verify_signature in calls, current_caller in calls
        takes_json = self.body_field is not None and not _is_form_route(self)

        async def checked_first(request: Request) -> Any:
            if signed:
                await verify_signature(request)
            if signed_in:
                await current_caller(request)
            _refuse_nul(request.path_params.items())
            _refuse_nul(request.query_params.multi_items())
            if takes_json:
                request = await _json_body(request)
            return await handler(request)

        return checked_first

    def _effective_dependant(self) -> Dependant:
        """The dependant with the including router's dependencies (FastAPI builds it per inclusion)."""
        from fastapi.routing import _effective_route_context_var

        context = _effective_route_context_var.get()
        if context is not None and context.original_route is self:
            return context.dependant  # type: ignore[no-any-return]
        return self.dependant


async def _json_body(request: Request) -> Request:
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type in FORM_TYPES:
        form = await request.form()
        values = _form_to_object(form)
        _refuse_nul(values.items())
        return _BodyAsJson(request, orjson.dumps(values))
    body = await request.body()
    if not body:
        return _BodyAsJson(request, b"{}")
    if b"\\u0000" in body or b"\x00" in body:
        _refuse_nul(_parsed(body).items())
    return request


def _parsed(body: bytes) -> dict[str, Any]:
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError:
        return {}  # the route's own validation names the malformed body
    return value if isinstance(value, dict) else {}


def _refuse_nul(items: Any, prefix: str = "") -> None:
    for key, value in items:
        field = f"{prefix}{key}"
        if "\x00" in str(key):
            raise bad_parameter(prefix.rstrip(".") or "body", "contains a NUL character")
        if isinstance(value, str) and "\x00" in value:
            raise bad_parameter(field, "contains a NUL character")
        if isinstance(value, dict):
            _refuse_nul(value.items(), field + ".")
        elif isinstance(value, list):
            _refuse_nul(enumerate(value), field + ".")


def _dependency_calls(dependant: Dependant) -> set[Any]:
    calls = {dependant.call}
    for sub in dependant.dependencies:
        calls |= _dependency_calls(sub)
    return calls


def _is_form_route(route: APIRoute) -> bool:
    return any(isinstance(f.field_info, Form) for f in route.dependant.body_params)


class ApiRouter(APIRouter):
    """``@router.call("/path", answer=Model)``: a signed POST call whose answer is ``Envelope[Model]``."""

    def __init__(self, *, signed: bool = True, **kwargs: Any) -> None:
        dependencies = list(kwargs.pop("dependencies", []))
        if signed:
            dependencies.insert(0, Depends(verify_signature))
        super().__init__(route_class=ApiRoute, dependencies=dependencies, **kwargs)
        self.upload_limits: dict[str, int] = {}

    def call(self, path: str, *, answer: Any = None, upload_bytes: int | None = None,
             refusals: Mapping[Code, type[BaseModel]] | None = None,
             **kwargs: Any) -> Callable[[Callable[..., Any]], Any]:
        """``upload_bytes``: this call takes a file, and its body may be that large (the general limit is small).
        ``refusals``: codes whose refusal carries data, with its shape (other refusals carry none)."""
        model: Any = Envelope[answer] if answer is not None else Envelope[None]  # type: ignore[valid-type]
        for code, data in (refusals or {}).items():
            model = model | refusal_with_data(code, data)
        if upload_bytes is not None:
            self.upload_limits[self.prefix + path] = upload_bytes
        return self.post(path, response_model=None, responses={200: {"model": model}}, **kwargs)


@cache
def refusal_with_data(code: Code, data: type[BaseModel]) -> type[BaseModel]:
    """The answer of a refusal that carries data; its code is a constant, so a client can tell it apart."""
    name = "".join(part.title() for part in code.name.split("_"))
    message = create_model(f"{name}Message", code=(Literal[int(code)], ...), message=(str, ...))  # type: ignore[valid-type, arg-type]
    return create_model(f"{name}Refusal", message=(message, ...), data=(data, ...))


class Empty(BaseModel):
    """A call that takes no parameters (extra fields are ignored)."""
