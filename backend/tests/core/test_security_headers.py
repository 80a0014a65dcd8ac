"""Security headers (issue 45 item 7): the console's pages and files carry a strict Content-Security-Policy that no
other site can frame, every API answer at least nosniff, no framing and no referrer; a page with a policy of its own
keeps it; Strict-Transport-Security goes out when the public address is https."""

import gzip
import re
from pathlib import Path

import httpx
import pytest

from cleanfleet.app import create_app
from cleanfleet.core.middleware import CONSOLE_CSP
from cleanfleet.interop.reference import CSP as REFERENCE_CSP
from cleanfleet.settings import REPO_ROOT, Settings

pytestmark = pytest.mark.database_free


def built(dist: Path) -> Path:
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text('<!doctype html><script type="module" src="/assets/index-abc.js"></script>')
    (dist / "assets" / "index-abc.js").write_text("export const cards = 1;\n")
    (dist / "assets" / "index-abc.js.gz").write_bytes(gzip.compress(b"export const cards = 1;\n"))
    (dist / "sw.js").write_text("self.addEventListener('push', () => {});\n")
    (dist / "manifest.webmanifest").write_text("{}")
    return dist


async def answers(tmp_path: Path, paths: list[tuple[str, str]], **settings: object) -> dict[str, httpx.Response]:
    app = create_app(Settings(data_dir=tmp_path, database_url=None, web_dist=built(tmp_path / "dist"),
                              mqtt_url="none", **settings))
    transport = httpx.ASGITransport(app=app)
    found = {}
    async with httpx.AsyncClient(transport=transport, base_url="http://cleanfleet.test") as client:
        for method, path in paths:
            found[path] = await client.request(method, path)
    await app.state.db.dispose()
    return found


def directives(policy: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


CONSOLE = [("GET", "/"), ("GET", "/device/index"), ("GET", "/assets/index-abc.js"), ("GET", "/sw.js"),
           ("GET", "/manifest.webmanifest"), ("GET", "/.well-known/security.txt")]
API = [("GET", "/api/health"), ("POST", "/api/user/selectUserInfo"), ("GET", "/api/no-such-call"),
       ("GET", "/api/openapi.json"), ("POST", "/relay")]


async def test_the_console_pages_and_files_carry_a_strict_policy_no_site_can_frame(tmp_path):
    for path, answer in (await answers(tmp_path, CONSOLE)).items():
        assert answer.status_code == 200, path
        assert answer.headers.get_list("content-security-policy") == [CONSOLE_CSP], path
        assert answer.headers["x-content-type-options"] == "nosniff", path
        assert answer.headers["x-frame-options"] == "DENY", path
        assert answer.headers["referrer-policy"] == "no-referrer", path
        assert "strict-transport-security" not in answer.headers, path  # public address http
    policy = directives(CONSOLE_CSP)
    assert policy["frame-ancestors"] == ["'none'"] and policy["object-src"] == ["'none'"]
    assert policy["script-src"] == ["'self'"]  # no inline script, no eval
    assert policy["default-src"] == ["'self'"] and policy["connect-src"] == ["'self'", "blob:"]
    assert policy["base-uri"] == ["'self'"] and policy["form-action"] == ["'self'"]
    assert policy["worker-src"] == ["'self'"] and policy["manifest-src"] == ["'self'"]


async def test_every_api_answer_is_unframeable_unsniffed_and_sends_no_referrer(tmp_path):
    for path, answer in (await answers(tmp_path, API)).items():
        assert answer.headers["x-content-type-options"] == "nosniff", path
        assert answer.headers["x-frame-options"] == "DENY", path
        assert answer.headers["referrer-policy"] == "no-referrer", path
        assert answer.headers.get_list("content-security-policy") == ["frame-ancestors 'none'"], path


async def test_a_page_with_a_policy_of_its_own_keeps_it(tmp_path):
    answer = (await answers(tmp_path, [("GET", "/api/integration/reference")]))["/api/integration/reference"]
    assert answer.status_code == 200
    assert answer.headers.get_list("content-security-policy") == [REFERENCE_CSP]
    assert answer.headers.get_list("referrer-policy") == ["no-referrer"]
    assert answer.headers["x-frame-options"] == "DENY"


async def test_an_https_public_address_sends_strict_transport_security(tmp_path):
    found = await answers(tmp_path, [("GET", "/"), ("GET", "/api/health"), ("GET", "/assets/index-abc.js")],
                          public_url="https://fleet.example.com")
    for path, answer in found.items():
        assert answer.headers.get_list("strict-transport-security") == ["max-age=31536000"], path


def test_the_built_console_runs_under_its_policy_with_no_inline_script():
    """script-src 'self' holds only while the build writes no inline script (Vite may, for a preload polyfill)."""
    index = REPO_ROOT / "web" / "dist" / "index.html"
    if not index.is_file():
        pytest.skip("the console is not built")
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", index.read_text(), re.S)
    assert scripts and all(' src="/' in attributes and not body.strip() for attributes, body in scripts)
    assert not re.search(r"\son[a-z]+=", index.read_text())  # no inline event handler
