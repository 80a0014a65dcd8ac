"""Serves the built console (web/dist) with history-mode fallback: any console route loads the app.

The installed console (issue 32): the service worker (``/sw.js``) and the web app manifest
(``/manifest.webmanifest``) go out with their own types and ``no-cache``, so the browser revalidates them on every
check and sees a deploy at once; when the build has none, they answer 404 rather than the console's page (a worker
script must be JavaScript, and a page is no manifest). The worker sits at the root, so its scope is the whole console
without a ``Service-Worker-Allowed`` header.

The build writes a gzipped copy beside each script and style sheet (``web/scripts/compress-assets.mjs``); a
browser that accepts gzip gets the copy (1.4 MB of JavaScript by the robot cards goes out as about 0.4 MB), so the
first-load budget, counted in gzipped bytes, is what crosses the network without a proxy that compresses.

``/.well-known/security.txt`` (RFC 9116, issue 45 item 9) tells a finder whom to write to: CLEANFLEET_SECURITY_CONTACT
(default security@ the public address's host), valid for ``SECURITY_TXT_DAYS`` from the moment it is read (the
running server vouches for its settings), canonical at CLEANFLEET_PUBLIC_URL. The security headers every answer
carries are ``core.middleware.SecurityHeaders``'.
"""

import mimetypes
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import anyio
from fastapi import APIRouter
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from cleanfleet.settings import Settings

PLACEHOLDER = """<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>cleanfleet</title></head>
<body><h1>cleanfleet</h1><p>The console has not been built yet: run <code>make run</code>.</p>
<p>API documentation: <a href="/api/docs">/api/docs</a></p></body></html>"""

IMMUTABLE = "public, max-age=31536000, immutable"
# what the browser checks for a new build: never answered from a cache without asking
PWA_FILES = {"/sw.js": "text/javascript; charset=utf-8", "/manifest.webmanifest": "application/manifest+json"}
ASSET_CACHE_BYTES = 64 * 1024 * 1024


SECURITY_TXT = "/.well-known/security.txt"
SECURITY_TXT_DAYS = 180  # RFC 9116 2.5.5: less than a year ahead
SECURITY_TXT_LANGUAGES = "en, zh"


def security_txt(settings: Settings, now: datetime) -> str:
    """The file's fields, each on its own line (RFC 9116 section 2)."""
    origin = urlsplit(settings.public_url)
    contact = settings.security_contact or f"mailto:security@{origin.hostname or 'localhost'}"
    expires = (now.astimezone(UTC) + timedelta(days=SECURITY_TXT_DAYS)).replace(microsecond=0)
    lines = [f"Contact: {contact}", f"Expires: {expires.strftime('%Y-%m-%dT%H:%M:%SZ')}",
             f"Preferred-Languages: {SECURITY_TXT_LANGUAGES}",
             f"Canonical: {origin.scheme}://{origin.netloc}{SECURITY_TXT}"]
    if settings.security_policy:
        lines.append(f"Policy: {settings.security_policy}")
    return "\n".join(lines) + "\n"


well_known_router = APIRouter(include_in_schema=False)


@well_known_router.api_route(SECURITY_TXT, methods=["GET", "HEAD"])
async def security_txt_file(request: Request) -> Response:
    text = security_txt(request.app.state.settings, datetime.now(UTC))
    return PlainTextResponse(text, headers={"Cache-Control": "max-age=86400"})


def _accepts_gzip(headers: list[tuple[bytes, bytes]] | None) -> bool:
    return any(key == b"accept-encoding" and b"gzip" in value.lower() for key, value in headers or ())


class ConsoleFiles:
    def __init__(self, dist: Path) -> None:
        self.dist = dist.resolve()

    def _file(self, path: str) -> Path | None:
        candidate = (self.dist / path.lstrip("/")).resolve()
        if candidate.is_file() and candidate.is_relative_to(self.dist):
            return candidate
        return None

    async def serve(self, request: Request) -> Response:
        path = request.url.path
        if path in PWA_FILES:
            return self._pwa_file(path)
        found = self._file(path) if path != "/" else None
        if found is not None:
            cache = IMMUTABLE if "/assets/" in path else "no-cache"
            return self._compressed(request, found, cache) or FileResponse(found, headers={"Cache-Control": cache})
        index = self._file("index.html")
        if index is None:
            return HTMLResponse(PLACEHOLDER)
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    def _pwa_file(self, path: str) -> Response:
        found = self._file(path)
        if found is None:
            return Response(status_code=404, headers={"Cache-Control": "no-cache"})
        return FileResponse(found, media_type=PWA_FILES[path], headers={"Cache-Control": "no-cache"})

    @staticmethod
    def _compressed(request: Request, found: Path, cache: str) -> Response | None:
        """The file's gzipped copy, when the build made one and the browser accepts gzip."""
        copy = found.with_name(found.name + ".gz")
        if not _accepts_gzip(request.scope.get("headers")) or not copy.is_file():
            return None
        media_type = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
        return FileResponse(copy, media_type=media_type, headers={
            "Cache-Control": cache, "Content-Encoding": "gzip", "Vary": "Accept-Encoding"})


@dataclass(frozen=True)
class _Asset:
    media_type: bytes
    plain: bytes
    gzipped: bytes | None


class ConsoleAssets:
    """The build's hashed files (``/assets/...``) from memory, ahead of the API's routing and request log.

    Sign-in fetches about a hundred of them at once; through the routes (every API path tried first), a
    thread for each file and a log line each, one cost about 4.7 ms of the server's CPU, half a second in
    all on the two cores the browser also needs (issue 18 item 9); from here about a tenth of that. Their names
    change with their content, so a file read once never goes stale; misses (and anything beyond the cache's
    bound) fall through to ``ConsoleFiles``. Asset requests are not logged: they carry no user and no data.
    """

    def __init__(self, app: ASGIApp, dist: Path, max_bytes: int = ASSET_CACHE_BYTES) -> None:
        self.app = app
        self.assets = (dist / "assets").resolve()
        self.max_bytes = max_bytes
        self.cached: dict[str, _Asset] = {}
        self.cached_bytes = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD") and scope["path"].startswith("/assets/"):
            asset = self.cached.get(scope["path"]) or await self._load(scope["path"])
            if asset is not None:
                await self._send(asset, scope, send)
                return
        await self.app(scope, receive, send)

    async def _load(self, path: str) -> _Asset | None:
        name = path.removeprefix("/assets/")
        if not name or "/" in name or "\\" in name or name.startswith(".") or "\x00" in name:
            return None
        file = self.assets / name
        asset = await anyio.to_thread.run_sync(self._read, file)
        if asset is None or self.cached_bytes + len(asset.plain) + len(asset.gzipped or b"") > self.max_bytes:
            return None
        self.cached[path] = asset
        self.cached_bytes += len(asset.plain) + len(asset.gzipped or b"")
        return asset

    @staticmethod
    def _read(file: Path) -> _Asset | None:
        if not file.is_file():
            return None
        copy = file.with_name(file.name + ".gz")
        media_type = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        if media_type.startswith("text/") or media_type.endswith(("javascript", "json", "svg+xml")):
            media_type += "; charset=utf-8"
        return _Asset(media_type.encode(), file.read_bytes(), copy.read_bytes() if copy.is_file() else None)

    @staticmethod
    async def _send(asset: _Asset, scope: Scope, send: Send) -> None:
        gzipped = asset.gzipped is not None and _accepts_gzip(scope.get("headers"))
        body = asset.gzipped if gzipped and asset.gzipped is not None else asset.plain
        headers = [(b"content-type", asset.media_type), (b"content-length", str(len(body)).encode()),
                   (b"cache-control", IMMUTABLE.encode())]
        if asset.gzipped is not None:
            headers.append((b"vary", b"Accept-Encoding"))
        if gzipped:
            headers.append((b"content-encoding", b"gzip"))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})
