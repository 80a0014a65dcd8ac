"""The API reference page, served by the product with no network (issue 35 item 4).

FastAPI's own /api/docs page loads Swagger UI's script and styles from a CDN, which a site without Internet (or a
browser that blocks third parties) never gets. This page uses the Swagger UI build that the ``fastapi-offline``
package ships in its wheel (installed with the server, so nothing is fetched at run time), plus our own start
script (no inline script), and answers with a Content-Security-Policy that lets the page load and call nothing
outside this server: whatever the bundle holds, the browser reaches no other origin.

Swagger UI 5 reads OpenAPI 3.1, ``webhooks`` included: the webhook events registered in the schema show under
"Webhooks". Addresses: ``/api/integration/reference`` (and ``/api/docs``, the old address, the same page), its
files under ``/api/integration/reference/``. Public, like ``/api/openapi.json`` it shows: the schema describes the
calls, and every call still checks its own caller.
"""

import gzip
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter, Request
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import HTMLResponse, Response

PAGE = "/api/integration/reference"
OLD_PAGE = "/api/docs"
SWAGGER_UI = Path(str(files("fastapi_offline") / "static"))
# what the page may load and call: this server only (Swagger UI sets inline styles, and data: images in its CSS)
CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
PAGE_HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
                "Cache-Control": "no-cache"}
ASSET_CACHE = "public, max-age=86400"

START = """// Starts Swagger UI on the schema named by the page (no inline script: the page's CSP allows none).
(function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.getAttribute("data-schema"),
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    docExpansion: "none",
    defaultModelsExpandDepth: 0,
    filter: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout"
  });
})();
"""
STYLE = """body { margin: 0; }
.cf-banner { font: 14px/1.5 system-ui, sans-serif; padding: 12px 20px; background: #f5f7fa;
  border-bottom: 1px solid #d9d9d9; }
.cf-banner a { color: #0b57d0; }
"""


@dataclass(frozen=True)
class _Asset:
    media_type: str
    plain: bytes
    gzipped: bytes


def _asset(media_type: str, plain: bytes) -> _Asset:
    return _Asset(media_type, plain, gzip.compress(plain, 6))


_ASSETS: dict[str, _Asset] = {}
_SOURCES = {
    "swagger-ui-bundle.js": ("text/javascript; charset=utf-8", SWAGGER_UI / "swagger-ui-bundle.js"),
    "swagger-ui.css": ("text/css; charset=utf-8", SWAGGER_UI / "swagger-ui.css"),
    "favicon.png": ("image/png", SWAGGER_UI / "favicon.png"),
}
_OWN = {"start.js": ("text/javascript; charset=utf-8", START.encode()),
        "reference.css": ("text/css; charset=utf-8", STYLE.encode())}
ASSET_NAMES = frozenset(_SOURCES) | frozenset(_OWN)


def page_html(root: str = "") -> str:
    """The page: every address on this server (``root`` is the app's root path behind a proxy)."""
    base = f"{root}{PAGE}"
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cleanfleet API reference</title>
<link rel="icon" type="image/png" href="{base}/favicon.png">
<link rel="stylesheet" href="{base}/swagger-ui.css">
<link rel="stylesheet" href="{base}/reference.css">
</head>
<body>
<div class="cf-banner" role="note">cleanfleet API reference. The integrator's guide (API tokens, webhooks and
their signatures, the MassRobotics export) is docs/integrations.md in the product's repository; the schema itself:
<a href="{root}/api/openapi.json">/api/openapi.json</a>.</div>
<main id="swagger-ui" data-schema="{root}/api/openapi.json"></main>
<script src="{base}/swagger-ui-bundle.js"></script>
<script src="{base}/start.js"></script>
</body>
</html>
"""


def _load(name: str) -> _Asset | None:
    if name in _ASSETS:
        return _ASSETS[name]
    if name in _OWN:
        media_type, plain = _OWN[name]
    elif name in _SOURCES:
        media_type, source = _SOURCES[name]
        plain = source.read_bytes()
    else:
        return None
    _ASSETS[name] = asset = _asset(media_type, plain)
    return asset


router = APIRouter(include_in_schema=False)


async def reference_page(request: Request) -> HTMLResponse:
    """The reference page (public, like the schema it shows)."""
    return HTMLResponse(page_html(request.scope.get("root_path", "")), headers=PAGE_HEADERS)


router.add_api_route(PAGE, reference_page, methods=["GET"])
router.add_api_route(OLD_PAGE, reference_page, methods=["GET"])


@router.get(PAGE + "/{name}")
async def reference_asset(name: str, request: Request) -> Response:
    """One of the page's files (Swagger UI's, from the installed package, or our start script and styles);
    gzipped for a browser that accepts it (the bundle is 1.5 MB, about 0.45 MB gzipped)."""
    asset = _load(name) if name in ASSET_NAMES else None
    if asset is None:
        raise StarletteHTTPException(404)
    accepts_gzip = "gzip" in request.headers.get("accept-encoding", "").lower()
    headers = {"Cache-Control": ASSET_CACHE, "X-Content-Type-Options": "nosniff", "Vary": "Accept-Encoding"}
    if accepts_gzip:
        headers["Content-Encoding"] = "gzip"
    return Response(asset.gzipped if accepts_gzip else asset.plain, media_type=asset.media_type, headers=headers)
