"""Every /api/task/* call against a real simulated robot, each answer checked against what the call publishes
(issue 28: six task calls answered ``data: {"robotCode": n}``, which no published schema documents).

The whole-app fuzz (tests/core/test_fuzz.py) has no robot, so every task call there stops at "no such device"
and never meets the robot's answers. Here each call's body is built from its request model (the required fields,
names the robot does not know, so it mostly refuses) and names the site's robot; every call goes once with the
robot free and once while another user holds its remote control (the commands are then refused with CONFLICT).
Each answer must validate against the envelope model the call publishes in the OpenAPI schema (``Envelope[X]``
or a declared refusal), and the server's own answer check (CLEANFLEET_CHECK_ANSWERS: refusals carry no data
they do not declare) runs on every one. A new task call gets swept by itself; a request field of a shape the
builder does not know fails the test, naming it, until a sample is added."""

from typing import Any

from fastapi.routing import iter_route_contexts
from pydantic import BaseModel, TypeAdapter

from cleanfleet.core.codes import Code

SAMPLES = {"startTime": "08:00"}  # fields whose text has a format of its own


def sample(schema: dict[str, Any], defs: dict[str, Any], where: str) -> Any:
    """A valid value for a JSON schema, as small as it gets (strings are names nothing on the robot has)."""
    if "$ref" in schema:
        return sample(defs[schema["$ref"].rsplit("/", 1)[1]], defs, where)
    if "anyOf" in schema:
        return sample(next(s for s in schema["anyOf"] if s.get("type") != "null"), defs, where)
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "object":
        return {name: SAMPLES.get(name) or sample(schema["properties"][name], defs, f"{where}.{name}")
                for name in schema.get("required", [])}
    if kind == "string":
        return "nowhere"[:schema.get("maxLength", 7)]
    if kind in ("integer", "number"):
        return max(schema.get("minimum", 1), 1)
    if kind == "boolean":
        return False
    if kind == "array":
        return [sample(schema.get("items", {"type": "string"}), defs, f"{where}[]")] * max(schema.get("minItems", 1), 1)
    raise AssertionError(f"{where}: no sample for {schema}; add one to SAMPLES")


def task_calls(app: Any) -> list[tuple[str, dict[str, Any], TypeAdapter[Any]]]:
    """(path, a valid body, the published answer) of every task call."""
    calls = []
    for route in iter_route_contexts(app.routes):
        if not (route.path or "").startswith("/api/task/"):
            continue
        original = route.original_route
        model: type[BaseModel] = original.dependant.body_params[0].field_info.annotation
        schema = model.model_json_schema()
        body = sample(schema, schema.get("$defs", {}), route.path)
        calls.append((route.path, body, TypeAdapter(original.responses[200]["model"])))
    return calls


async def test_every_task_call_answers_as_it_publishes_with_the_robot_free_or_held(app, site):
    calls = task_calls(app)
    assert len(calls) >= 30  # the walk sees every task call
    codes: dict[str, set[tuple[int, str | None]]] = {}
    for held in (False, True):
        if held:
            take = await site.customer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 10})
            assert take.code == 0, take.body
        for path, body, published in calls:
            answer = await site.dealer.client.post(path, json={**body, "deviceId": site.device_id},
                                                   headers=site.dealer.headers())
            assert answer.status_code == 200, (path, answer.text)
            published.validate_json(answer.content)  # what the console's generated types expect
            message = answer.json()["message"]
            codes.setdefault(path, set()).add((message["code"], message.get("field")))
    stopped = sorted(path for path, seen in codes.items() if seen <= {(Code.NOT_FOUND, "deviceId")})
    assert stopped == [], "calls that never reached the robot"
    refused = {path for path, seen in codes.items() if any(code != 0 for code, _ in seen)}
    for path in ("groupRename", "mapImage", "pause", "resume", "scheduleDelete", "scheduleEnable"):  # issue 28's
        assert f"/api/task/{path}" in refused, path
