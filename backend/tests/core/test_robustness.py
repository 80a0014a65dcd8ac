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


async def test_a_caller_that_leaves_while_its_body_is_read_is_no_server_fault(app, admin, caplog):
    """A closed tab or a cancelled upload: the body ends in a disconnect; the answer is 499, nothing is logged
    as an unhandled error, and the next call is served."""
    headers = [(k.lower().encode(), v.encode()) for k, v in {**admin.headers(), "content-type": "application/json",
                                                               "content-length": "100"}.items()]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": "/api/user/role/list", "raw_path": b"/api/user/role/list", "query_string": b"", "headers": headers,
             "client": ("127.0.0.9", 5000), "server": ("test", 80), "root_path": ""}
    incoming = iter([{"type": "http.request", "body": b'{"pa', "more_body": True}, {"type": "http.disconnect"}])
    sent: list[dict] = []

    async def receive():
        return next(incoming, {"type": "http.disconnect"})

    async def send(message):
        sent.append(message)

    await app(scope, receive, send)
    assert sent[0]["status"] == 499
    assert "unhandled error" not in caplog.text
    assert (await admin.call("/user/role/list", {})).code == Code.OK
