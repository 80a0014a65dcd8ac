"""The router every domain uses: POST calls under /api/ that take JSON or form-encoded bodies.

A form body is turned into the same JSON object before validation, so one Pydantic model serves
both. An empty body counts as ``{}``, so a model with required fields names the missing one.

The answer check (CLEANFLEET_CHECK_ANSWERS, on in the tests): the ``data`` of every success answer is validated
against the model the call declares (``answer=``), strictly as the console's JSON, and its keys compared with the
model's, so a handler that leaves out a required key, or returns an undeclared or wrongly typed one, fails the
test that calls it. A refusal is checked too: its ``data`` is null unless the call declares that code's data
(``refusals=``), and then it matches that model the same way (a refusal's data the published schema does not
document is as wrong as a success answer's).

The sign and the token are checked before the body is read, so an anonymous caller cannot make the
server read (or spool) a body at all. A NUL character in any parameter is refused naming the field:
it cannot be stored in PostgreSQL text and would cut a SQLite LIKE pattern short.
"""

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Final, Literal

import orjson
from fastapi import APIRouter, Depends, Request
from fastapi.dependencies.models import Dependant
from fastapi.params import Form
from fastapi.routing import APIRoute, _IncludedRouter
from pydantic import BaseModel, TypeAdapter, ValidationError, create_model
from starlette.datastructures import FormData
from starlette.routing import BaseRoute, Match, get_route_path
from starlette.types import Scope

from cleanfleet.core.auth import current_caller, verify_signature
from cleanfleet.core.codes import SUCCESS_CODES, Code
from cleanfleet.core.envelope import Envelope, JsonResponse, envelope
from cleanfleet.core.errors import RECORD_FIELD, ApiError, bad_parameter
from cleanfleet.core.validation import NO_NUL

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


NO_ANSWER: Final = object()
"""``answer`` of a call that declares none (``answer=None`` declares an answer without data)."""
ANSWER_ATTRIBUTE = "__cleanfleet_answer__"
REFUSALS_ATTRIBUTE = "__cleanfleet_refusals__"


def declared_answer(endpoint: Callable[..., Any]) -> Any:
    """The answer model a call's handler declares with ``@router.call(path, answer=...)``, or NO_ANSWER."""
    return getattr(endpoint, ANSWER_ATTRIBUTE, NO_ANSWER)


def declared_refusals(endpoint: Callable[..., Any]) -> Mapping[Code, type[BaseModel]]:
    """The refusals whose data a call declares (``refusals=``): code -> model of that refusal's ``data``."""
    return getattr(endpoint, REFUSALS_ATTRIBUTE, {})


class AnswerMismatch(AssertionError):
    """A handler answered data that does not match its declared model (raised only with check_answers on)."""


@cache
def _adapter(answer: Any) -> TypeAdapter[Any]:
    return TypeAdapter(answer)


def check_answer(route: str, answer: Any, body: bytes,
                 refusals: Mapping[Code, type[BaseModel]] | None = None) -> None:
    """Raises AnswerMismatch, naming the route and what differs, when a success answer's ``data`` does not match
    ``answer``: validated strictly as JSON (no "1" for 1; a required key missing), and with no key the model does
    not declare. A refusal's ``data`` must be null unless ``refusals`` declares its code, and then match that model
    the same way."""
    try:
        parsed = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        raise AnswerMismatch(f"{route}: the answer is not JSON ({exc})") from None
    if not isinstance(parsed, dict) or not isinstance(parsed.get("message"), dict):
        return
    code, data = parsed["message"].get("code"), parsed.get("data")
    if code not in SUCCESS_CODES:
        refusal = (refusals or {}).get(code)
        if refusal is None:
            if data is not None:
                raise AnswerMismatch(f"{route}: a refusal (code {code}) carries data the call does not declare "
                                     f"(refusals=): {str(data)[:200]}")
            return
        answer, route = refusal, f"{route} (refusal {code})"
    if answer is None:
        if data is not None:
            raise AnswerMismatch(f"{route}: declares no data but answered {str(data)[:200]}")
        return
    adapter = _adapter(answer)
    try:
        value = adapter.validate_json(orjson.dumps(data), strict=True)
    except ValidationError as exc:
        found = [f"data{''.join(f'[{p}]' if isinstance(p, int) else f'.{p}' for p in e['loc'])}: {e['msg']} "
                 f"(got {str(e.get('input'))[:80]})" for e in exc.errors()]
        raise AnswerMismatch(f"{route}: the answer does not match {_name(answer)}: {'; '.join(found[:10])}") from None
    differences = _key_differences(data, adapter.dump_python(value, mode="json", by_alias=True), "data")
    if differences:
        raise AnswerMismatch(f"{route}: the answer's keys differ from {_name(answer)}: {'; '.join(differences[:10])}")


def _name(answer: Any) -> str:
    return getattr(answer, "__name__", None) or repr(answer)


def _key_differences(sent: Any, model: Any, where: str) -> list[str]:
    if isinstance(sent, dict) and isinstance(model, dict):
        # a key left out is fine when the model has a default for it: the published schema marks it optional
        found = [f"{where}.{key}: not in the model" for key in sent.keys() - model.keys()]
        for key in sent.keys() & model.keys():
            found += _key_differences(sent[key], model[key], f"{where}.{key}")
        return found
    if isinstance(sent, list) and isinstance(model, list) and len(sent) == len(model):
        pairs = enumerate(zip(sent, model, strict=True))
        return [found for i, (a, b) in pairs for found in _key_differences(a, b, f"{where}[{i}]")]
    return []


class ApiRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Any]:
        handler = super().get_route_handler()
        calls = _dependency_calls(self._effective_dependant())
        signed, signed_in = verify_signature in calls, current_caller in calls
        takes_json = self.body_field is not None and not _is_form_route(self)
        answer = declared_answer(self.endpoint)
        refusals = declared_refusals(self.endpoint)
        record = record_field(self.dependant)

        async def checked_first(request: Request) -> Any:
            setattr(request.state, RECORD_FIELD, record)  # a record deleted meanwhile is refused naming it
            if signed:
                await verify_signature(request)
            if signed_in:
                await current_caller(request)
            _refuse_nul(request.path_params.items())
            _refuse_nul(request.query_params.multi_items())
            if takes_json:
                request = await _json_body(request)
            checking = answer is not NO_ANSWER and request.app.state.settings.check_answers
            try:
                response = await handler(request)
            except ApiError as refusal:  # becomes its envelope in the error handler: check what that will say
                if checking:
                    rendered = JsonResponse(envelope(refusal.code, "", refusal.data, refusal.field))
                    check_answer(f"{request.method} {request.url.path}", answer, bytes(rendered.body), refusals)
                raise
            if checking and isinstance(response, JsonResponse):
                check_answer(f"{request.method} {request.url.path}", answer, bytes(response.body), refusals)
            return response

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
            raise bad_parameter(prefix.rstrip(".") or "body", NO_NUL)
        if isinstance(value, str) and "\x00" in value:
            raise bad_parameter(field, NO_NUL)
        if isinstance(value, dict):
            _refuse_nul(value.items(), field + ".")
        elif isinstance(value, list):
            _refuse_nul(enumerate(value), field + ".")


def admits_api_token(dependant: Dependant) -> bool:
    """Whether an integration's API token may call: ``verify_signature`` or ``current_caller`` resolves the caller,
    and either passes a token's call through its gate (apitokens/gate.py: the rate limit, HTTP 429)."""
    return not _dependency_calls(dependant).isdisjoint({verify_signature, current_caller})


def record_field(dependant: Dependant) -> str | None:
    """The body field naming a call's record: ``id``, else the first required ``...Id`` (``floorId``; an optional
    one, ``elevatorId`` beside ``deviceId``, is a reference), else the first ``...Id``; None without one."""
    params = dependant.body_params
    fields: list[tuple[str, bool]] = []  # (name in the request, required)
    for param in params:
        model = param.field_info.annotation
        if len(params) == 1 and isinstance(model, type) and issubclass(model, BaseModel):
            fields += [(info.alias or name, info.is_required()) for name, info in model.model_fields.items()]
        else:
            fields.append((param.alias, param.field_info.is_required()))
    ids = [(name, required) for name, required in fields if name == "id" or name.endswith("Id")]
    ranked = sorted(ids, key=lambda item: (item[0] != "id", not item[1]))  # stable: the model's order within each
    return ranked[0][0] if ranked else None


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

    def call(self, path: str, *, answer: Any = NO_ANSWER, upload_bytes: int | None = None,
             refusals: Mapping[Code, type[BaseModel]] | None = None, file_type: str | tuple[str, ...] | None = None,
             **kwargs: Any) -> Callable[[Callable[..., Any]], Any]:
        """``answer``: the model of ``data`` on success (every call declares one; ``None``: no data).
        ``upload_bytes``: this call takes a file, and its body may be that large (the general limit is small).
        ``refusals``: codes whose refusal carries data, with its shape (other refusals carry none).
        ``file_type``: the call answers a file of this media type, or of one of these (its refusals are still
        envelopes)."""
        declared = None if answer is NO_ANSWER else answer
        model: Any = Envelope[declared] if declared is not None else Envelope[None]  # type: ignore[valid-type]
        for code, data in (refusals or {}).items():
            model = model | refusal_with_data(code, data)
        if upload_bytes is not None:
            self.upload_limits[self.prefix + path] = upload_bytes
        success: dict[str, Any] = {"model": model}
        if file_type is not None:
            success["content"] = {kind: {} for kind in ((file_type,) if isinstance(file_type, str) else file_type)}
        register = self.post(path, response_model=None, responses={200: success}, **kwargs)

        def declare(endpoint: Callable[..., Any]) -> Any:
            setattr(endpoint, ANSWER_ATTRIBUTE, answer)
            setattr(endpoint, REFUSALS_ATTRIBUTE, dict(refusals or {}))
            return register(endpoint)

        return declare


@cache
def refusal_with_data(code: Code, data: type[BaseModel]) -> type[BaseModel]:
    """The answer of a refusal that carries data; its code is a constant, so a client can tell it apart."""
    name = "".join(part.title() for part in code.name.split("_"))
    message = create_model(f"{name}Message", code=(Literal[int(code)], ...), message=(str, ...))  # type: ignore[valid-type, arg-type]
    return create_model(f"{name}Refusal", message=(message, ...), data=(data, ...))


class Empty(BaseModel):
    """A call that takes no parameters (extra fields are ignored)."""


def match_by_prefix(routes: list[BaseRoute]) -> None:
    """FastAPI 0.165 matches a request against every route of every included router in turn, each at a cost (about
    15-55 µs a route here): a call of a domain included late walked every earlier domain's routes first, and
    ``/api/health``, added last, all of them (5.2 ms of CPU a call measured on a slow day, against 0.04 ms for a call
    of the first router). Each included router with a prefix now answers "no match" at once for a path outside it;
    what it matches inside is unchanged."""
    for route in routes:
        if not isinstance(route, _IncludedRouter):
            continue
        prefix = route.include_context.prefix + route.original_router.prefix
        if prefix:
            route.matches = _within(prefix, route.matches)  # type: ignore[method-assign,assignment]


def _within(prefix: str, matches: Callable[[Scope], tuple[Match, Scope]]) -> Callable[[Scope], tuple[Match, Scope]]:
    under = prefix + "/"

    def matches_within(scope: Scope) -> tuple[Match, Scope]:
        path = get_route_path(scope)
        if path != prefix and not path.startswith(under):
            return Match.NONE, {}
        return matches(scope)

    return matches_within
