"""Serves the built console (web/dist) with history-mode fallback: any console route loads the app."""

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
            return FileResponse(found, headers={"Cache-Control": cache})
        index = self._file("index.html")
        if index is None:
            return HTMLResponse(PLACEHOLDER)
        return FileResponse(index, headers={"Cache-Control": "no-cache"})
