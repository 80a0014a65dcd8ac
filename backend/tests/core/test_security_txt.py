"""/.well-known/security.txt (RFC 9116, issue 45 item 9): whom a finder of a vulnerability writes to, until when
that holds, in which languages, where the file lives and, when set, the disclosure policy."""

from datetime import UTC, datetime, timedelta

import httpx

from cleanfleet.app import create_app
from cleanfleet.settings import Settings
from cleanfleet.web import security_txt


def fields(text: str) -> dict[str, str]:
    return dict(line.split(": ", 1) for line in text.splitlines() if line and not line.startswith("#"))


async def fetched(tmp_path, **settings: object) -> httpx.Response:
    app = create_app(Settings(data_dir=tmp_path, database_url=None, web_dist=tmp_path / "none", mqtt_url="none",
                              **settings))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://cleanfleet.test") as client:
        answer = await client.get("/.well-known/security.txt")
    await app.state.db.dispose()
    return answer


async def test_the_server_answers_security_txt_with_a_contact_and_an_expiry_within_a_year(tmp_path):
    before = datetime.now(UTC)
    answer = await fetched(tmp_path, public_url="https://fleet.example.com:8443/console")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/plain; charset=utf-8"
    found = fields(answer.text)
    assert found["Contact"] == "mailto:security@fleet.example.com"
    expires = datetime.fromisoformat(found["Expires"].replace("Z", "+00:00"))
    assert before < expires < before + timedelta(days=365)
    assert found["Canonical"] == "https://fleet.example.com:8443/.well-known/security.txt"
    assert found["Preferred-Languages"] == "en, zh"
    assert "Policy" not in found  # none set
    assert set(found) <= {"Contact", "Expires", "Preferred-Languages", "Canonical", "Policy"}


async def test_the_contact_and_the_policy_come_from_the_settings(tmp_path):
    answer = await fetched(tmp_path, security_contact="https://fleet.example.com/report",
                           security_policy="https://fleet.example.com/disclosure")
    found = fields(answer.text)
    assert found["Contact"] == "https://fleet.example.com/report"
    assert found["Policy"] == "https://fleet.example.com/disclosure"


def test_the_expiry_is_counted_from_the_moment_it_is_read():
    now = datetime(2027, 3, 1, 12, 30, 15, 999, tzinfo=UTC)
    found = fields(security_txt(Settings(security_contact="mailto:psirt@example.com"), now))
    assert found == {"Contact": "mailto:psirt@example.com", "Expires": "2027-08-28T12:30:15Z",
                     "Preferred-Languages": "en, zh", "Canonical": "http://localhost:8000/.well-known/security.txt"}
