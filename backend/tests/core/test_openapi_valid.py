"""The published schema is valid OpenAPI and says what the server really does (issue 10, item 9).

The console's TypeScript types and the fuzz of every call (test_fuzz.py) are generated from it.
"""

import asyncio
import threading
from typing import Any

import httpx
import jsonschema
import pytest
from openapi_spec_validator import OpenAPIV31SpecValidator
from referencing import Registry, Resource

from cleanfleet.app import upload_limits
from cleanfleet.core.codes import Code
from cleanfleet.core.openapi import published_schema
from cleanfleet.settings import Settings

pytestmark = pytest.mark.database_free

REFUSAL = {"message": {"code": int(Code.BAD_PARAMETER), "message": "Invalid parameter: userId"}, "data": None}


def operations(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(path, method, operation) for path, item in schema["paths"].items() for method, operation in item.items()]


def answer_validator(schema: dict[str, Any], answer: dict[str, Any]) -> jsonschema.Draft202012Validator:
    """Validates a JSON answer against ``answer`` with the schema's components resolvable."""
    registry: Registry = Registry().with_resource("urn:cleanfleet", Resource.from_contents(
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "components": schema["components"]}))
    return jsonschema.Draft202012Validator({**answer, "$id": "urn:cleanfleet:answer"}, registry=registry)


def resolved(answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` with its local refs pointed at the registered components."""
    import json

    return json.loads(json.dumps(answer).replace('"#/components/', '"urn:cleanfleet#/components/'))


@pytest.fixture(scope="module")
def schema(app) -> dict[str, Any]:
    return app.openapi()


def test_the_schema_is_valid_openapi(schema):
    errors = [str(error)[:300] for error in OpenAPIV31SpecValidator(schema).iter_errors()]
    assert errors == []


def test_a_refusal_matches_every_json_answer_each_call_documents(schema):
    """FastAPI put ``type: string`` beside every answer's $ref: no envelope could match it."""
    unmatched = []
    for path, method, operation in operations(schema):
        for status, response in operation["responses"].items():
            answer = response.get("content", {}).get("application/json", {}).get("schema")
            if answer is None:
                continue
            if not answer_validator(schema, resolved(answer)).is_valid(REFUSAL):
                unmatched.append((method, path, status))
    assert unmatched == []


def test_a_success_answer_matches_its_schema(schema):
    """A real answer's shape: the language call's success matches its 200 schema, a refusal's data does not."""
    answer = resolved(schema["paths"]["/api/getLanguage"]["post"]["responses"]["200"]["content"]
                      ["application/json"]["schema"])
    validator = answer_validator(schema, answer)
    assert validator.is_valid({"message": {"code": 0, "message": "Success"}, "data": {"language": "en"}})
    assert not validator.is_valid({"message": {"code": 0, "message": "Success"}, "data": "en"})


def test_every_call_documents_the_statuses_it_sends_and_no_other(schema):
    for path, method, operation in operations(schema):
        statuses = set(operation["responses"])
        assert "422" not in statuses, (method, path)  # bad input answers 200 with BAD_PARAMETER
        assert {"413", "500"} <= statuses and statuses & {"200", "303"}, (method, path, statuses)  # 303: a browser
        # navigation that only redirects (single sign-on's callback, issue 50)
    storage = schema["paths"]["/api/storage/{fileId}"]["get"]["responses"]
    assert "404" in storage
    assert "HTTPValidationError" not in schema["components"]["schemas"]


def test_login_locked_data_is_documented(schema):
    answer = resolved(schema["paths"]["/api/login"]["post"]["responses"]["200"]["content"]["application/json"]
                      ["schema"])
    locked = {"message": {"code": int(Code.LOGIN_LOCKED), "message": "locked"},
              "data": {"minutes": 15, "retryAfter": 900}}
    assert answer_validator(schema, answer).is_valid(locked)


def _numbers_and_times(node: Any, where: str, components: dict[str, Any], seen: frozenset[str]):
    """Yields (where, schema) for every integer, number, date and date-time a request can carry."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        if name in seen:
            return
        seen, where, node = seen | {name}, name, components[name]
    for key in ("anyOf", "oneOf", "allOf"):
        for option in node.get(key, []):
            yield from _numbers_and_times(option, where, components, seen)
    if node.get("type") in ("integer", "number") or node.get("format") in ("date", "date-time"):
        yield where, node
    if node.get("type") == "array":
        yield from _numbers_and_times(node.get("items", {}), where + "[]", components, seen)
    for name, child in node.get("properties", {}).items():
        yield from _numbers_and_times(child, f"{where}.{name}", components, seen)


def _request_inputs(schema: dict[str, Any]):
    components = schema["components"]["schemas"]
    for path, _method, operation in operations(schema):
        for parameter in operation.get("parameters", []):
            yield from _numbers_and_times(parameter.get("schema", {}), f"{path}?{parameter['name']}", components,
                                          frozenset())
        for content in operation.get("requestBody", {}).get("content", {}).values():
            yield from _numbers_and_times(content["schema"], path, components, frozenset())


def _bounded(node: dict[str, Any]) -> bool:
    if "enum" in node or "const" in node:
        return True
    if node.get("format") in ("date", "date-time"):
        return "formatMinimum" in node and "formatMaximum" in node
    low = "minimum" in node or "exclusiveMinimum" in node
    high = "maximum" in node or "exclusiveMaximum" in node
    return low and high


def test_every_number_and_time_a_call_takes_has_bounds(schema):
    """Ids of 2^63, pages of 1e16 and years 1 or 9999 gave 500s: every one now states its range."""
    inputs = list(_request_inputs(schema))
    assert len(inputs) > 100  # the walk finds the fields (it would pass vacuously otherwise)
    unbounded = sorted({where for where, node in inputs if not _bounded(node)})
    assert unbounded == []


def test_every_call_that_takes_a_file_has_its_own_body_limit_and_no_other_does(schema):
    file_bodies = {"multipart/form-data", "application/octet-stream"}  # a form with a file, or the file itself
    takes_file = {path for path, _method, operation in operations(schema)
                  if file_bodies & operation.get("requestBody", {}).get("content", {}).keys()}
    assert takes_file  # the avatar, pad image and device type image uploads, a robot's log or backup
    assert set(upload_limits()) == takes_file


def test_the_command_writes_the_served_schema(schema, tmp_path, monkeypatch, settings):
    import json

    from cleanfleet.__main__ import main

    for name, value in {"CLEANFLEET_DATA_DIR": str(tmp_path), "CLEANFLEET_MQTT_URL": "none"}.items():
        monkeypatch.setenv(name, value)
    output = tmp_path / "openapi.json"
    main(["openapi", str(output)])
    written = json.loads(output.read_text())
    assert written["paths"].keys() == schema["paths"].keys()
    assert OpenAPIV31SpecValidator(written).is_valid()


async def test_the_first_schema_is_built_once_off_the_event_loop_while_several_ask(tmp_path, monkeypatch):
    """Building it is seconds of CPU: FastAPI's own route built it on the loop, which answered nothing meanwhile."""
    from cleanfleet import app as app_module
    from cleanfleet.core import openapi

    builds: list[int] = []

    def recorded(*args: Any, **kwargs: Any) -> dict[str, Any]:
        builds.append(threading.get_ident())
        return published_schema(*args, **kwargs)

    monkeypatch.setattr(app_module, "published_schema", recorded)
    monkeypatch.setattr(openapi, "_BUILT", {})  # nothing built before in this process
    app = app_module.create_app(Settings(data_dir=tmp_path, database_url=None, web_dist=tmp_path / "none",
                                         mqtt_url="none"))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://cleanfleet.test") as client:
        answers = await asyncio.gather(*(client.get("/api/openapi.json") for _ in range(3)))
        again = await client.get("/api/openapi.json")
    await app.state.db.dispose()
    assert [answer.status_code for answer in [*answers, again]] == [200] * 4
    assert all("/api/login" in answer.json()["paths"] for answer in [*answers, again])
    assert len(builds) == 1
    assert builds[0] != threading.get_ident()  # not the event loop's thread


async def test_an_app_of_the_same_routes_gets_its_own_copy_of_the_built_schema(schema, settings):
    from cleanfleet.app import create_app

    first, second = create_app(settings), create_app(settings)
    other = first.openapi()
    assert other == schema and other is not schema
    other["paths"].clear()
    assert second.openapi()["paths"] == schema["paths"]
    for app in (first, second):
        await app.state.db.dispose()
