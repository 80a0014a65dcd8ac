"""One structured log line per request, with the request id, the user and the platform header."""

import logging

from tests.conftest import ADMIN_PASSWORD


async def test_request_log_names_user_platform_and_request_id(api, caplog):
    await api.login("admin", ADMIN_PASSWORD)
    with caplog.at_level(logging.INFO, logger="cleanfleet.request"):
        response = await api.client.post("/api/getLanguage", json={},
                                         headers={**api.headers(), "platform": "web", "x-request-id": "req-42"})
    assert response.headers["x-request-id"] == "req-42"
    lines = [r for r in caplog.records if r.name == "cleanfleet.request"]
    fields = lines[-1].fields
    assert fields["request_id"] == "req-42"
    assert fields["user"] == "admin" and fields["platform"] == "web"
    assert fields["path"] == "/api/getLanguage" and fields["status"] == 200


async def test_every_answer_carries_a_request_id(api):
    response = await api.client.get("/api/health")
    assert len(response.headers["x-request-id"]) >= 8
