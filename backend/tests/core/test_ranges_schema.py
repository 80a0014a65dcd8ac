"""product-spec 5's date-range rule over the whole API schema (issue 48 item 9): every operation whose body has a
start/end pair (``startDate``/``endDate``, ``startTime``/``endTime``, ``startDay``/``endDay``) is either a filter in
core/ranges.py's ``LIST_SPANS`` or a thing's own times in ``NOT_FILTERS``; every filter refuses a start after
today, a start after its end and a range longer than its declared span, naming the start field; and the console's
mirror of the spans (web/src/lib/range-limits.ts, what its range pickers show) says the same."""

import re
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete

from cleanfleet.core import ranges
from cleanfleet.core.codes import Code
from cleanfleet.maps.models import RobotMap
from cleanfleet.sites.models import Site
from tests.permission_matrix import fresh_name

PAIRS = (("startDate", "endDate"), ("startTime", "endTime"), ("startDay", "endDay"))
WEB_MIRROR = Path(__file__).parents[3] / "web" / "src" / "lib" / "range-limits.ts"


def _body_schema(schema: dict[str, Any], operation: dict[str, Any]) -> dict[str, Any]:
    content = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
    if "$ref" in content:
        return schema["components"]["schemas"][content["$ref"].rsplit("/", 1)[1]]
    return content


def ranged_operations(schema: dict[str, Any]) -> dict[str, tuple[str, str, str]]:
    """path → (start field, end field, "date" or "date-time") of every operation with a start/end pair."""
    found = {}
    for path, methods in schema["paths"].items():
        for operation in methods.values():
            properties = _body_schema(schema, operation).get("properties", {})
            for start, end in PAIRS:
                if start in properties and end in properties:
                    kinds = [p.get("format") for p in (properties[start], *properties[start].get("anyOf", []))]
                    found[path] = (start, end, "date" if "date" in kinds else "date-time")
    return found


@pytest.fixture
async def schema(app) -> dict[str, Any]:
    return app.openapi()


def test_every_range_pair_in_the_schema_is_a_declared_filter_or_a_things_own_times(schema):
    found = set(ranged_operations(schema))
    assert found - set(ranges.LIST_SPANS) - set(ranges.NOT_FILTERS) == set(), "declare it in core/ranges.py"
    assert set(ranges.LIST_SPANS) <= found and set(ranges.NOT_FILTERS) <= found
    assert all(span.days is not None and span.why for span in ranges.LIST_SPANS.values())


def test_the_console_shows_the_servers_spans():
    text = WEB_MIRROR.read_text(encoding="utf-8")
    mirrored = {"/api" + path: int(days) for path, days in re.findall(r"^  '(/[^']+)': (\d+),", text, re.MULTILINE)}
    assert mirrored == {path: span.days for path, span in ranges.LIST_SPANS.items()}


@pytest.fixture
async def extras(admin, db) -> AsyncIterator[dict[str, dict[str, Any]]]:
    """What each filter needs besides its range: a robot with a map and a site floor to read."""
    kind = await admin.call("/device/insertDeviceType", {"typeName": fresh_name("Range model")})
    serial = fresh_name("RG")
    robot = await admin.call("/device/insertDevice", {"deviceSerialNumber": serial, "deviceCode": "Ranger",
                                                       "deviceType": kind.data["typeId"]})
    device_id = robot.data["deviceId"]
    db.add(RobotMap(device_id=device_id, name="hall"))
    await db.commit()
    site = await admin.call("/site/insert", {"siteName": fresh_name("Range site "), "timeZone": "UTC"})
    building = await admin.call("/site/building/insert", {"siteId": site.data["siteId"], "buildingName": "A"})
    floor = await admin.call("/site/floor/insert", {"buildingId": building.data["buildingId"], "floorName": "G",
                                                    "level": 1, "maps": [{"deviceId": device_id, "mapName": "hall"}]})
    assert floor.code == 0, floor.body
    yield {"/api/qiniuQvs/recordList": {"deviceSerialNumber": serial},
           "/api/site/coverage/floor": {"floorId": floor.data["floorId"]},
           "/api/site/availability/get": {"siteId": site.data["siteId"]},
           "/api/site/coverage/map": {"deviceId": device_id, "mapName": "hall"}}
    await db.execute(delete(Site).where(Site.id == site.data["siteId"]))
    await db.commit()


def _range(kind: str, start: date, end: date) -> tuple[str, str]:
    if kind == "date":
        return start.isoformat(), end.isoformat()
    return (datetime.combine(start, datetime.min.time(), UTC).isoformat(),
            datetime.combine(end, datetime.max.time(), UTC).isoformat())


@pytest.mark.parametrize("path", sorted(ranges.LIST_SPANS))
async def test_every_filter_refuses_a_future_start_a_reversed_range_and_a_longer_span(admin, schema, extras,
                                                                                        path):
    start_field, end_field, kind = ranged_operations(schema)[path]
    days = ranges.LIST_SPANS[path].days
    assert days is not None
    today = datetime.now(UTC).date()
    cases = {
        "The start must not be after today": (today + timedelta(days=2), today + timedelta(days=3)),
        "The start must not be after the end": (today - timedelta(days=1), today - timedelta(days=2)),
        f"The start must be within {days} days of the end": (today - timedelta(days=days), today),
    }
    call = path.removeprefix("/api")
    for message, (start, end) in cases.items():
        first, last = _range(kind, start, end)
        answer = await admin.call(call, {**extras.get(path, {}), start_field: first, end_field: last},
                                  headers={"accept-language": "en"})
        if message.endswith("after today") and answer.field == end_field:  # a list that refuses a future end too
            assert answer.code == Code.BAD_PARAMETER and "today" in answer.message, (path, answer.body)
            continue
        assert (answer.code, answer.field, answer.message) == (Code.BAD_PARAMETER, start_field, message), (
            path, answer.body)
    first, last = _range(kind, today - timedelta(days=days - 1), today)  # the longest range it takes
    try:
        answer = await admin.call(call, {**extras.get(path, {}), start_field: first, end_field: last})
    except ValueError:  # a file, not an envelope (the audit trail's export): no refusal of its range
        return
    assert answer.field not in (start_field, end_field), (path, answer.body)  # a robot offline may answer so
