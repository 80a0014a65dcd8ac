"""The API reference page works with no network: the page and every file it names come from this server, no
http(s) address outside it appears in them, and its Content-Security-Policy lets the browser reach nothing else."""

import re
from html.parser import HTMLParser

from cleanfleet.interop import reference

PAGE = "/api/integration/reference"
EXTERNAL = re.compile(r"https?://", re.I)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.links += [value for name, value in attrs if name in ("src", "href", "data-schema") and value]


def _links(html: str) -> list[str]:
    parser = _Links()
    parser.feed(html)
    return parser.links


def _csp(header: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in (p.strip() for p in header.split(";")) if part}


async def test_the_page_and_its_files_come_from_this_server_only(api):
    page = await api.client.get(PAGE)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert not EXTERNAL.search(page.text), "the page names an outside address"
    links = _links(page.text)
    assert {f"{PAGE}/swagger-ui-bundle.js", f"{PAGE}/start.js", f"{PAGE}/swagger-ui.css",
            "/api/openapi.json"} <= set(links)
    for link in links:
        assert link.startswith("/") and not link.startswith("//"), link
        answer = await api.client.get(link)
        assert answer.status_code == 200, link
        if link.endswith(".css"):  # data: images may name the SVG namespace; nothing may load from outside
            css = re.sub(r"url\(\s*[\"']?data:[^)]*\)", "", answer.text)
            assert not EXTERNAL.search(css) and "@import" not in css, link
        if link.endswith("start.js"):
            assert not EXTERNAL.search(answer.text) and "validatorUrl: null" in answer.text
    bundle = await api.client.get(f"{PAGE}/swagger-ui-bundle.js")
    assert "SwaggerUIBundle" in bundle.text and len(bundle.content) > 500_000


async def test_the_policy_lets_the_browser_reach_only_this_server(api):
    page = await api.client.get(PAGE)
    policy = _csp(page.headers["content-security-policy"])
    assert policy["default-src"] == ["'none'"]
    for directive in ("script-src", "connect-src"):
        assert policy[directive] == ["'self'"], directive  # no inline script, no eval, no other origin
    for directive in ("style-src", "img-src", "font-src"):
        assert all(source in ("'self'", "'unsafe-inline'", "data:") for source in policy[directive]), directive
    assert policy["frame-ancestors"] == ["'none'"] and page.headers["x-content-type-options"] == "nosniff"


async def test_the_old_address_shows_the_same_page_and_the_schema_is_3_1(api):
    old = await api.client.get("/api/docs")
    assert old.status_code == 200 and old.text == (await api.client.get(PAGE)).text
    schema = (await api.client.get("/api/openapi.json")).json()
    assert schema["openapi"].startswith("3.1")  # Swagger UI 5 shows 3.1's webhooks
    assert "robot.online" in schema.get("webhooks", {})  # the events the page lists under "Webhooks"
    assert not any(path.startswith(PAGE) or path == "/api/docs" for path in schema["paths"])


async def test_files_go_gzipped_and_unknown_ones_are_not_found(api):
    zipped = await api.client.get(f"{PAGE}/swagger-ui.css", headers={"accept-encoding": "gzip"})
    assert zipped.headers["content-encoding"] == "gzip" and "swagger-ui" in zipped.text
    plain = await api.client.get(f"{PAGE}/swagger-ui.css", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.text == zipped.text
    for name in ("index.html", "..%2F..%2Fapp.py", "swagger-ui-bundle.js.map", "redoc.standalone.js"):
        assert (await api.client.get(f"{PAGE}/{name}")).status_code == 404, name
    served = {"swagger-ui-bundle.js", "swagger-ui.css", "favicon.png", "start.js", "reference.css"}
    assert served == reference.ASSET_NAMES
