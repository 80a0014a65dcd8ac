"""GET /api/storage/<id>: a public stored file (an avatar, a pad image) for ``<img src>``."""

from fastapi import Request
from fastapi.responses import Response, StreamingResponse

from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.errors import ApiError
from cleanfleet.core.openapi import refusal_answer
from cleanfleet.core.routing import ApiRouter
from cleanfleet.storage import service

router = ApiRouter(prefix="/storage", tags=["storage"], signed=False)

PUBLIC_HEADERS = {
    # the id changes with the content, so the bytes behind one URL never change
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Content-Disposition": "inline",
}


@router.get("/{fileId}", response_class=Response, responses={
    200: {"content": {"image/*": {}}},
    404: refusal_answer("NOT_FOUND (10005): no public file with this id"),
})
async def public_file(fileId: str, request: Request, db: DbSession) -> Response:  # noqa: N803 - API name
    """A public stored file by its random id; unsigned, for ``<img src>``. Private files answer NOT_FOUND."""
    # streamed from the store; a record whose bytes the store has lost answers NOT_FOUND too
    file = await service.get(db, fileId) if len(fileId) == 32 else None
    opened = await service.open_file(request.app.state.store, file) if file is not None and file.public else None
    if file is None or opened is None:
        raise ApiError(Code.NOT_FOUND, "file", status=404)
    content_type = file.content_type
    await db.close()  # the database is done with: no connection held while the bytes flow
    return StreamingResponse(opened.chunks, media_type=content_type,
                             headers={**PUBLIC_HEADERS, "Content-Length": str(opened.size)})
