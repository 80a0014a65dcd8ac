"""Serves the built console (web/dist) with history-mode fallback: any console route loads the app.

The build writes a gzipped copy beside each script and style sheet (``web/scripts/compress-assets.mjs``); a
browser that accepts gzip gets the copy (1.4 MB of JavaScript by the robot cards goes out as about 0.4 MB), so the
first-load budget, counted in gzipped bytes, is what crosses the network without a proxy that compresses.
"""

import mimetypes
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response

PLACEHOLDER = """<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>cleanfleet</title></head>
<body><h1>cleanfleet</h1><p>The console has not been built yet: run <code>make run</code>.</p>
<p>API documentation: <a href="/api/docs">/api/docs</a></p></body></html>"""

IMMUTABLE = "public, max-age=31536000, immutable"


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
        found = self._file(path) if path != "/" else None
        if found is not None:
            cache = IMMUTABLE if "/assets/" in path else "no-cache"
            return self._compressed(request, found, cache) or FileResponse(found, headers={"Cache-Control": cache})
        index = self._file("index.html")
        if index is None:
            return HTMLResponse(PLACEHOLDER)
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    @staticmethod
    def _compressed(request: Request, found: Path, cache: str) -> Response | None:
        """The file's gzipped copy, when the build made one and the browser accepts gzip."""
        copy = found.with_name(found.name + ".gz")
        if "gzip" not in request.headers.get("accept-encoding", "").lower() or not copy.is_file():
            return None
        media_type = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
        return FileResponse(copy, media_type=media_type, headers={
            "Cache-Control": cache, "Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
