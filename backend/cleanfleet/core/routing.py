"""The router every domain uses: POST calls under /api/ that take JSON or form-encoded bodies.

A form body is turned into the same JSON object before validation, so one Pydantic model serves
both. An empty body counts as ``{}``, so a model with required fields names the missing one.
"""

from collections.abc import Callable
from typing import Any

import orjson
from fastapi import APIRouter, Depends, Request
from fastapi.params import Form
from fastapi.routing import APIRoute
from pydantic import BaseModel
from starlette.datastructures import FormData

from cleanfleet.core.auth import verify_signature
from cleanfleet.core.envelope import Envelope

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


class ApiRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Any]:
        handler = super().get_route_handler()
        takes_form = bool(self.body_field) and _is_form_route(self)
        if takes_form or self.body_field is None:
            return handler

        async def json_or_form(request: Request) -> Any:
            content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if content_type in FORM_TYPES:
                form = await request.form()
                request = _BodyAsJson(request, orjson.dumps(_form_to_object(form)))
            elif not await request.body():
                request = _BodyAsJson(request, b"{}")
            return await handler(request)

        return json_or_form


def _is_form_route(route: APIRoute) -> bool:
    return any(isinstance(f.field_info, Form) for f in route.dependant.body_params)


class ApiRouter(APIRouter):
    """``@router.call("/path", answer=Model)``: a signed POST call whose answer is ``Envelope[Model]``."""

    def __init__(self, *, signed: bool = True, **kwargs: Any) -> None:
        dependencies = list(kwargs.pop("dependencies", []))
        if signed:
            dependencies.insert(0, Depends(verify_signature))
        super().__init__(route_class=ApiRoute, dependencies=dependencies, **kwargs)

    def call(self, path: str, *, answer: Any = None, **kwargs: Any) -> Callable[[Callable[..., Any]], Any]:
        model = Envelope[answer] if answer is not None else Envelope[None]  # type: ignore[valid-type]
        return self.post(path, response_model=None, responses={200: {"model": model}}, **kwargs)


class Empty(BaseModel):
    """A call that takes no parameters (extra fields are ignored)."""
