"""Malformed input never reaches the database and never gives a 500, for every call, now and later.

The calls are discovered from the OpenAPI schema, so a new call is covered the day it is added.
"""

import pytest

from cleanfleet.core.codes import Code

NOT_JSON_OBJECTS = (b"[1, 2]", b'"text"', b"42", b"null", b"{", b"\xff\xfe")


def _calls(app):
    schema = app.openapi()
    for path, item in schema["paths"].items():
        operation = item.get("post")
        if operation and "application/json" in operation.get("requestBody", {}).get("content", {}):
            yield path, operation


def _properties(app, operation):
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    ref = schema.get("$ref", "")
    if not ref:
        return {}
    return app.openapi()["components"]["schemas"][ref.rsplit("/", 1)[1]].get("properties", {})


@pytest.mark.parametrize("raw", NOT_JSON_OBJECTS)
async def test_bodies_that_are_not_objects_are_refused_by_every_call(app, admin, raw):
    headers = {**admin.headers(), "content-type": "application/json"}
    for path, _operation in _calls(app):
        response = await admin.client.post(path, content=raw, headers=headers)
        assert response.status_code < 500, path
        body = response.json()
        assert body["message"]["code"] not in (Code.OK, Code.INTERNAL), (path, raw, body)


async def test_every_field_of_the_wrong_type_is_named(app, admin):
    for path, operation in _calls(app):
        for name in _properties(app, operation):
            response = await admin.client.post(path, json={name: {"wrong": ["type"]}}, headers=admin.headers())
            assert response.status_code < 500, (path, name)
            message = response.json()["message"]
            assert message["code"] != Code.INTERNAL, (path, name, message)
