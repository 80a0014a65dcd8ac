"""The installed console's manifest per host (``GET /manifest.webmanifest``, issue 53 item 4).

A host whose brand is the product's own gets the build's file exactly as before (web.py's rule: ``no-cache``, 404
when the build has none). Otherwise the build's manifest (or, without a build, its essentials) with the brand's
name, colour and icons: ``name`` and ``short_name`` the product name, ``theme_color`` and ``background_color`` the
primary colour, ``icons`` the brand's 192 and 512 px squares (``any``; a brand's picture is not known to be safe
for a maskable crop). ``Vary: Host``: one URL, a manifest per host.
"""

import asyncio
from typing import Any

import orjson
from fastapi import APIRouter, Request
from sqlalchemy.exc import SQLAlchemyError
from starlette.responses import FileResponse, Response

from cleanfleet.branding import service
from cleanfleet.branding.hosts import request_host
from cleanfleet.core.db import DbSession

router = APIRouter(include_in_schema=False)
MEDIA_TYPE = "application/manifest+json"
HEADERS = {"Cache-Control": "no-cache", "Vary": "Host"}
ESSENTIALS: dict[str, Any] = {"start_url": "/", "scope": "/", "display": "standalone"}


def branded(base: dict[str, Any], brand: service.Resolved) -> dict[str, Any]:
    manifest = {**ESSENTIALS, **base, "name": brand.product_name, "short_name": brand.product_name,
                "theme_color": brand.primary, "background_color": brand.primary}
    if brand.icon_url and brand.icon_small_url:
        manifest["icons"] = [
            {"src": brand.icon_small_url, "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": brand.icon_url, "sizes": "512x512", "type": "image/png", "purpose": "any"}]
    return manifest


@router.get("/manifest.webmanifest")
async def manifest(request: Request, db: DbSession) -> Response:
    try:
        brand = await service.for_host(db, request_host(request.headers.get("host")))
    except SQLAlchemyError:  # no database to ask (not migrated yet, or down): the build's own file, as before
        brand = service.DEFAULT
    await db.close()
    built = request.app.state.settings.web_dist / "manifest.webmanifest"
    if brand.owner_id is None:
        if not built.is_file():
            return Response(status_code=404, headers=HEADERS)
        return FileResponse(built, media_type=MEDIA_TYPE, headers=HEADERS)
    base = orjson.loads(await asyncio.to_thread(built.read_bytes)) if built.is_file() else {}
    return Response(orjson.dumps(branded(base, brand)), media_type=MEDIA_TYPE, headers=HEADERS)
