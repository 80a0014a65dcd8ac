"""No input makes a 500 (issue 10, item 5): the probe's cases, and every field of every call.

The probe found 101 HTTP 500s: ids of 2^63, a page of 1e16, dates in year 1 or 9999, a NUL byte in
the static path, and a maintenance period of 1e15 hours that broke every later read of the robot's
reminders. Each is refused with BAD_PARAMETER naming the field, and nothing of it is stored.
"""

import itertools
import logging
import os
from typing import Any

import httpx
import pytest

from cleanfleet.app import create_app
from cleanfleet.core.bounds import MAX_ID
from cleanfleet.core.codes import Code

_serials = itertools.count(1)


async def a_device(admin) -> dict[str, Any]:
    kind = await admin.call("/device/insertDeviceType", {"typeName": f"BoundsType{os.getpid()}N{next(_serials)}"})
    device = await admin.call("/device/insertDevice", {"deviceSerialNumber": f"BND{os.getpid()}N{next(_serials)}",
                                                       "deviceCode": "Robot", "deviceType": kind.data["typeId"]})
    assert device.code == 0, device.body
    return device.data


def refused(answer, field: str) -> bool:
    return answer.status == 200 and answer.code == Code.BAD_PARAMETER and answer.field == field


@pytest.mark.parametrize("value", [2**31, 2**63, 2**64, -(2**63) - 1, 10**30])
async def test_an_id_out_of_range_is_refused_naming_it(admin, value):
    for path, field in (("/device/selectDeviceByDeviceId", "deviceId"), ("/user/selectUserInfo", "userId"),
                        ("/deviceHardSupport/deleteCate", "cateId"), ("/user/role/delete", "id")):
        answer = await admin.call(path, {field: value})
        assert refused(answer, field), (path, answer.body)


async def test_the_largest_id_is_looked_up_and_not_found(admin):
    """2^31 - 1 fits the INTEGER id columns on both databases: it is a real lookup that finds nothing."""
    answer = await admin.call("/device/selectDeviceByDeviceId", {"deviceId": MAX_ID})
    assert answer.status == 200 and answer.code in (Code.NOT_FOUND, Code.NO_PERMISSION), answer.body


async def test_an_id_of_zero_or_a_negative_id_is_refused_naming_it(admin):
    for value in (0, -1):
        assert refused(await admin.call("/device/selectDeviceByDeviceId", {"deviceId": value}), "deviceId")


@pytest.mark.parametrize("page", [1e16, 10**16, 2**63, "1e16"])
async def test_a_page_number_out_of_range_is_refused_naming_it(admin, page):
    for path in ("/device/selectDevice", "/user/selectUserList", "/warn/listUnProcess"):
        answer = await admin.call(path, {"currentPage": page, "pageSize": 30})
        assert refused(answer, "currentPage"), (path, page, answer.body)


async def test_the_last_allowed_page_answers_an_empty_page(admin):
    from cleanfleet.core.bounds import MAX_PAGE

    answer = await admin.call("/device/selectDevice", {"currentPage": MAX_PAGE, "pageSize": 1_000_000 - 1})
    assert answer.code == 0, answer.body
    assert answer.data["list"] == [] and answer.data["pageNum"] == MAX_PAGE


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00",
                                    "0001-01-01", "9999-12-31", "1999-12-31T23:59:59Z", "2100-01-02T00:00:00Z"])
async def test_a_time_outside_the_range_is_refused_naming_it(admin, moment):
    for path, body, field in (
        ("/repair/list", {"startDate": moment}, "startDate"),
        ("/hire/list", {"endDate": moment}, "endDate"),
        ("/warn/now", {"time": moment}, "time"),
        ("/monitor/status", {"dayStart": moment}, "dayStart"),
        ("/repair/deleteRepairBeforeDate", {"time": moment}, "time"),
    ):
        answer = await admin.call(path, body)
        assert refused(answer, field), (path, moment, answer.body)
        assert answer.message == "时间必须在 2000-01-01 到 2100-01-01（UTC）之间", (path, moment, answer.body)


@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-31"])
async def test_a_chart_day_outside_the_range_is_refused_naming_it(admin, day):
    answer = await admin.call("/summary/chartOnLineNum", {"startDate": day})
    assert refused(answer, "startDate"), answer.body


async def test_a_time_inside_the_range_is_taken(admin):
    """Times with their offsets (Z, +01:00) inside the list's span (core/ranges.py: a year for repairs) are taken."""
    from datetime import UTC, datetime, timedelta
    today = datetime.now(UTC)
    start = (today - timedelta(days=300)).strftime("%Y-%m-%dT00:00:00Z")
    end = (today + timedelta(days=1)).strftime("%Y-%m-%dT00:59:59+01:00")  # the last second of today, UTC
    answer = await admin.call("/repair/list", {"startDate": start, "endDate": end})
    assert answer.code == 0, answer.body


async def test_a_maintenance_period_of_1e15_hours_is_never_stored(admin):
    device = await a_device(admin)
    sn = device["deviceSerialNumber"]
    for period in (1e15, 100_001, float("1e308")):
        answer = await admin.call("/maintain/updateMaintainBySn", {"deviceSerialNumber": sn, "maintains": [
            {"name": "Wheels", "maintainDate": "2026-01-01T00:00:00Z", "periodHours": period}]})
        assert refused(answer, "maintains.0.periodHours"), answer.body  # the field's whole path in the body
        assert answer.message == "不能大于 100000", answer.body
    found = await admin.call("/maintain/findMaintainBySn", {"deviceSerialNumber": sn})
    assert found.code == 0 and found.data["list"] == []
    longest = await admin.call("/maintain/updateMaintainBySn", {"deviceSerialNumber": sn, "maintains": [
        {"name": "Wheels", "maintainDate": "2099-12-31T00:00:00Z", "periodHours": 100_000}]})
    assert longest.code == 0, longest.body
    found = await admin.call("/maintain/findMaintainBySn", {"deviceSerialNumber": sn})
    assert found.code == 0 and found.data["list"][0]["nextDue"] > "2111"


async def test_a_period_stored_before_the_bounds_still_reads(app, admin):
    """A row written by an older version with 1e15 hours: the device's reminders answer, as 100,000 hours."""
    from sqlalchemy import update

    from cleanfleet.consumables.models import MaintenanceReminder

    device = await a_device(admin)
    sn = device["deviceSerialNumber"]
    saved = await admin.call("/maintain/updateMaintainBySn", {"deviceSerialNumber": sn, "maintains": [
        {"name": "Wheels", "maintainDate": "2026-01-01T00:00:00Z", "periodHours": 100}]})
    assert saved.code == 0, saved.body
    async with app.state.db.sessions() as db:
        await db.execute(update(MaintenanceReminder).where(MaintenanceReminder.device_id == device["deviceId"])
                         .values(period_hours=1e15))
        await db.commit()
    found = await admin.call("/maintain/findMaintainBySn", {"deviceSerialNumber": sn})
    assert found.code == 0, found.body
    assert found.data["list"][0]["nextDue"] > "2037"


async def test_a_consumable_life_out_of_range_is_never_stored(admin):
    device = await a_device(admin)
    sn = device["deviceSerialNumber"]
    for item in ({"kind": "filter", "lifeHours": 1e15}, {"kind": "filter", "lifeHours": 100, "usedHours": 1e300}):
        answer = await admin.call("/deviceConsumable/consumableEdit", {"deviceSerialNumber": sn,
                                                                       "consumables": [item]})
        assert answer.code == Code.BAD_PARAMETER, answer.body
    info = await admin.call("/deviceConsumable/consumableInfo", {"deviceSerialNumber": sn})
    assert not any(item["configured"] for item in info.data["list"])


@pytest.mark.parametrize("form", [False, True])
async def test_a_nul_character_in_a_search_is_refused_naming_it(admin, form):
    """Refused rather than stripped: PostgreSQL cannot hold it, and SQLite's LIKE stopped at it (matching all)."""
    for path, field in (("/user/selectUserList", "keyword"), ("/device/selectDevice", "deviceCode")):
        answer = await admin.call(path, {field: "ad\x00"}, form=form)
        assert refused(answer, field), (path, answer.body)


async def test_a_nul_character_in_a_stored_field_changes_nothing(admin):
    answer = await admin.call("/device/insertDeviceType", {"typeName": "Nul\x00Type"})
    assert refused(answer, "typeName"), answer.body
    types = await admin.call("/device/selectDeviceType", {})
    assert not any("Nul" in t["typeName"] for t in types.data)


async def test_a_nul_character_in_a_list_names_its_place(admin):
    answer = await admin.call("/user/role/insert", {"name": "r", "keys": ["user/index", "a\x00"]})
    assert refused(answer, "keys.1"), answer.body


async def test_a_static_path_with_a_nul_byte_answers_not_found(api):
    for path in ("/index.html%00.png", "/%00", "/assets/x%00.js"):
        response = await api.client.get(path)
        assert response.status_code == 404, path
        assert response.json()["message"]["code"] == Code.NOT_FOUND


async def test_a_public_file_id_with_a_nul_byte_is_not_found_or_refused(api):
    response = await api.client.get("/api/storage/" + "0" * 31 + "%00")
    assert response.status_code in (200, 404)
    assert response.json()["message"]["code"] in (Code.NOT_FOUND, Code.BAD_PARAMETER)


def _request_fields(app, kinds: tuple[str, ...]):
    """(path, field) of every top-level request field of the given JSON types or formats."""
    schema = app.openapi()
    components = schema["components"]["schemas"]
    for path, item in schema["paths"].items():
        content = item.get("post", {}).get("requestBody", {}).get("content", {}).get("application/json")
        if content is None:
            continue
        model = components[content["schema"]["$ref"].rsplit("/", 1)[1]]
        for name, field in model.get("properties", {}).items():
            options = field.get("anyOf", [field])
            if any(option.get("type") in kinds or option.get("format") in kinds for option in options):
                yield path, name


async def test_every_integer_of_every_call_refuses_one_past_the_largest_id(app, admin):
    fields = list(_request_fields(app, ("integer",)))
    assert len(fields) > 50
    for path, name in fields:
        answer = await admin.call(path.removeprefix("/api"), {name: MAX_ID + 1})
        assert answer.status < 500 and answer.code != Code.INTERNAL, (path, name, answer.body)
        assert answer.code != Code.OK, (path, name, answer.body)


async def test_every_time_of_every_call_refuses_year_1_with_a_zone(app, admin):
    fields = list(_request_fields(app, ("date-time", "date")))
    assert len(fields) > 10
    for path, name in fields:  # another required field may be named first: the point is no 500
        answer = await admin.call(path.removeprefix("/api"), {name: "0001-01-01T00:00:00+01:00"})
        assert answer.status == 200 and answer.code == Code.BAD_PARAMETER, (path, name, answer.body)


class _Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


async def test_the_500_log_line_carries_the_request_id_and_path_the_user_sees(settings):
    app = create_app(settings)

    async def broken() -> None:
        raise RuntimeError("boom")

    app.add_api_route("/api/broken", broken, methods=["POST"])
    app.router.routes.insert(0, app.router.routes.pop())  # before the console's catch-all
    lines = _Lines()
    logger = logging.getLogger("cleanfleet.errors")
    logger.addHandler(lines)
    try:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://cleanfleet.test") as client:
            response = await client.post("/api/broken", headers={"accept-language": "en"})
    finally:
        logger.removeHandler(lines)
    assert response.status_code == 500
    request_id = response.headers["x-request-id"]
    assert request_id in response.json()["message"]["message"]
    fields = [getattr(record, "fields", {}) for record in lines.records]
    assert {"request_id": request_id, "method": "POST", "path": "/api/broken"} in fields
