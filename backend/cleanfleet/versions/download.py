"""GET /api/ota/package/<token>: a robot downloads its update's package, with HTTP range requests.

Unsigned and without a session (a robot has neither): the token is random (128 bits), made for one update
of one robot and sent only to that robot in its ``ota`` command; it opens the package only while that update
is open. ``Range: bytes=a-b`` / ``bytes=a-`` answers 206 with ``Content-Range`` (a broken download resumes
where it stopped); an unsatisfiable range 416. The bytes are streamed from the store.
"""

import re

from fastapi import Request
from fastapi.responses import Response, StreamingResponse

from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.errors import ApiError
from cleanfleet.core.openapi import refusal_answer
from cleanfleet.core.routing import ApiRouter
from cleanfleet.storage import service as storage
from cleanfleet.storage.texts import FILE_NOT_FOUND
from cleanfleet.versions import ota

router = ApiRouter(prefix="/ota", tags=["versions"], signed=False)
RANGE = re.compile(r"^bytes=(\d{0,15})-(\d{0,15})$")
TOKEN = re.compile(r"^[0-9a-f]{32}$")


def parse_range(header: str | None, size: int) -> tuple[int, int] | None:
    """(first, last) byte of a single range, None for no range; ValueError when it cannot be served."""
    if not header:
        return None
    match = RANGE.match(header.strip())
    if match is None or not (match[1] or match[2]):
        raise ValueError(header)
    if not match[1]:  # the last n bytes
        first, last = max(0, size - int(match[2])), size - 1
    else:
        first = int(match[1])
        last = min(int(match[2]), size - 1) if match[2] else size - 1
    if first >= size or first > last:
        raise ValueError(header)
    return first, last


@router.get("/package/{token}", response_class=Response, responses={
    200: {"content": {"application/octet-stream": {}}}, 206: {"content": {"application/octet-stream": {}}},
    404: refusal_answer("NOT_FOUND (10005): no open update with this token"), 416: {"description": "bad range"},
})
async def package(token: str, request: Request, db: DbSession) -> Response:
    """The package of an open update, whole or one byte range."""
    found = await ota.update_for_download(db, token) if TOKEN.match(token) else None
    file = await storage.get(db, found[1].file_id) if found is not None else None
    if file is None:
        raise ApiError(Code.NOT_FOUND, FILE_NOT_FOUND, field="token", status=404)
    try:
        wanted = parse_range(request.headers.get("range"), file.size)
    except ValueError:
        return Response(status_code=416, headers={"Content-Range": f"bytes */{file.size}"})
    first, last = wanted if wanted is not None else (0, file.size - 1)
    opened = await storage.open_file(request.app.state.store, file, first, last)
    if opened is None:
        raise ApiError(Code.NOT_FOUND, FILE_NOT_FOUND, field="token", status=404)
    await db.close()
    headers = {"Accept-Ranges": "bytes", "Content-Length": str(last - first + 1), "X-Checksum-Sha256": file.sha256,
               "Cache-Control": "no-store"}
    if wanted is None:
        return StreamingResponse(opened.chunks, media_type="application/octet-stream", headers=headers)
    headers["Content-Range"] = f"bytes {first}-{last}/{file.size}"
    return StreamingResponse(opened.chunks, status_code=206, media_type="application/octet-stream", headers=headers)
