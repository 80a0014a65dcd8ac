"""GET /api/storage/<id>: a public stored file (an avatar, a pad image) for ``<img src>``; GET
/api/storage/signed/<id>: any stored file through a signed, expiring link; and the object storage calls
(/oss/*: upload, download link, delete, and the file host screen's list).

Both serving calls say what a file is from its bytes (storage/content_types.py): images, video, audio and PDF
inline with their true type, everything else (HTML, SVG, JavaScript, unknown) as an ``application/octet-stream``
attachment, always with ``nosniff``; whatever type the uploader declared is never sent back.

The /oss calls are open to the pages that keep files (files, knowledge base, advertising, file host): uploading
needs one of their ``add`` buttons, deleting one of their ``delete`` buttons, reading one of the page keys.
"""

from fastapi import File, Form, Query, Request, UploadFile
from fastapi.responses import Response, StreamingResponse
from starlette.datastructures import UploadFile as StarletteUpload

from cleanfleet.core.auth import Caller, require, require_any
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.openapi import file_answer, refusal_answer
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.storage import content_types, links, service, texts
from cleanfleet.storage.backends import Opened
from cleanfleet.storage.models import StoredFile
from cleanfleet.storage.schemas import LinkOut, OssDeleted, OssDeleteIn, OssIn, OssListIn, OssPage, StoreInfo, UploadOut

router = ApiRouter(prefix="/storage", tags=["storage"], signed=False)

# the id changes with the content, so the bytes behind one URL never change
PUBLIC_CACHE = "public, max-age=31536000, immutable"
# what a stored file is answered as (content_types.decide), for the OpenAPI document
SERVED_TYPES: dict[str, dict[str, str]] = {"image/*": {}, "video/*": {}, "audio/*": {}, "application/pdf": {}}


async def _served(file: StoredFile, opened: Opened, name: str, headers: dict[str, str]) -> StreamingResponse:
    """The file's bytes as the decision on their head says (type, disposition, nosniff, CSP)."""
    head, chunks = await content_types.peek(opened.chunks)
    served = content_types.decide(head, name or file.key)
    return StreamingResponse(chunks, media_type=served.content_type, headers={
        **headers, **content_types.headers(served, name), "Content-Length": str(opened.size)})


@router.get("/{fileId}", response_class=Response, responses={
    200: {"content": {**SERVED_TYPES, "application/octet-stream": {}}},
    404: refusal_answer("NOT_FOUND (10005): no public file with this id"),
})
async def public_file(fileId: str, request: Request, db: DbSession) -> Response:  # noqa: N803 - API name
    """A public stored file by its random id; unsigned, for ``<img src>``. Private files answer NOT_FOUND.
    Images, video, audio and PDF are shown inline; anything else downloads as ``application/octet-stream``."""
    # streamed from the store; a record whose bytes the store has lost answers NOT_FOUND too
    file = await service.get(db, fileId) if len(fileId) == 32 else None
    opened = await service.open_file(request.app.state.store, file) if file is not None and file.public else None
    if file is None or opened is None:
        raise ApiError(Code.NOT_FOUND, texts.FILE_NOT_FOUND, field="fileId", status=404)
    await db.close()  # the database is done with: no connection held while the bytes flow
    return await _served(file, opened, "", {"Cache-Control": PUBLIC_CACHE})


@router.get("/signed/{fileId}", response_class=Response, responses={
    200: {**file_answer("application/octet-stream", "the file, or a refusal of the link's parameters"),
          "content": {**SERVED_TYPES, **file_answer("application/octet-stream", "")["content"]}},
    403: refusal_answer("NO_PERMISSION (10004): the link has expired or its signature is wrong"),
    404: refusal_answer("NOT_FOUND (10005): the file is gone"),
})
async def signed_file(fileId: str, request: Request, db: DbSession,  # noqa: N803 - API name
                      expires: int = Query(default=0, ge=0, le=2**53, description="ms since the epoch"),
                      name: str = Query(default="", max_length=255), sig: str = Query(default="", max_length=128)
                      ) -> Response:
    """A private (or public) stored file through a signed, expiring link (/oss/downloadUrl, /oss/upload hand
    them out); unsigned by the console's sign header: the link itself is the permission. Streamed, named
    ``name``: images, video, audio and PDF inline, anything else as an ``application/octet-stream`` attachment."""
    settings = request.app.state.settings
    if len(fileId) != 32 or len(name) > 255 or not links.link_valid(settings, fileId, expires, name, sig):
        raise ApiError(Code.NO_PERMISSION, texts.LINK_EXPIRED, field="sig", status=403)
    file = await service.get(db, fileId)
    opened = await service.open_file(request.app.state.store, file) if file is not None else None
    if file is None or opened is None:
        raise ApiError(Code.NOT_FOUND, texts.FILE_NOT_FOUND, field="fileId", status=404)
    await db.close()
    return await _served(file, opened, name or "download", {"Cache-Control": "private, no-store"})


oss = ApiRouter(prefix="/oss", tags=["object storage"])
OSS_UPLOAD_BYTES = 8 * 1024**3  # the call's own bound; CLEANFLEET_MAX_UPLOAD_BYTES caps it (default 512 MiB)
UPLOADERS = ("file/file_list/add", "file/knowledge/add", "device/ad/add", "file/host/add")
READERS = ("file/file_list", "file/knowledge", "device/ad", "file/host")
DELETERS = ("file/file_list/delete", "file/knowledge/delete", "device/ad/delete", "file/host/delete")


@oss.call("/upload", answer=UploadOut, upload_bytes=OSS_UPLOAD_BYTES)
async def oss_upload(request: Request, db: DbSession, caller: Caller = require_any(*UPLOADERS),
                     file: UploadFile = File(description="one file; its name follows product-spec 5"),
                     isPrivate: bool = Form(default=True),  # noqa: N803 - API name
                     targetPath: str = Form(default="", max_length=160)) -> JsonResponse:  # noqa: N803
    """Store one file (multipart, streamed to the store) at ``<acting user>/<targetPath>/<file name>``; the
    same path again replaces it. Answers the file with a download link valid 6,600,000 ms (``token``)."""
    uploads = [v for _, v in (await request.form()).multi_items() if isinstance(v, StarletteUpload)]
    if len(uploads) != 1:
        raise bad_parameter("file", texts.ONE_FILE)
    store = request.app.state.store
    row, stored, stale = await service.oss_upload(
        db, store, caller, private=isPrivate, folder=targetPath.strip().strip("/"), name=file.filename or "",
        chunks=service.read_upload(file))
    await service.delete_bytes(store, stale)
    url, expires = service.link_for(request.app.state.settings, stored, row.name)
    token = url.partition("?")[2] if expires is not None else ""
    return ok({**service.oss_answer(row, stored), "url": url, "token": token,
               "expiresIn": links.LINK_TTL_MS if expires is not None else 0})


@oss.call("/downloadUrl", answer=LinkOut)
async def oss_download_url(body: OssIn, request: Request, db: DbSession,
                           caller: Caller = require_any(*READERS)) -> JsonResponse:
    """The download link of a file of the caller's subtree: a private file's signed link expires after
    6,600,000 ms; a public file's url lasts."""
    row, stored = await service.oss_object(db, caller, body.isPrivate, body.savePath)
    url, expires = service.link_for(request.app.state.settings, stored, row.name)
    await request.app.state.record_read(db, "download", target=f"file#{row.id}",
                                        detail={"name": row.name, "size": stored.size})
    return ok({"url": url, "expiresAt": expires, "name": row.name, "size": stored.size})


@oss.call("/delete", answer=OssDeleted)
async def oss_delete(body: OssDeleteIn, request: Request, db: DbSession,
                     caller: Caller = require_any(*DELETERS)) -> JsonResponse:
    """Delete files by save path (comma-joined): all of them, or none when one is not the caller's. The file and
    knowledge records and advertising media made of them go with them."""
    keys = await service.oss_delete(db, caller, body.isPrivate, body.savePath)
    await service.delete_bytes(request.app.state.store, keys)
    return ok({"savePath": list(dict.fromkeys(body.savePath))})


@oss.call("/list", answer=OssPage)
async def oss_list(body: OssListIn, db: DbSession, caller: Caller = require("file/host")) -> JsonResponse:
    """The stored files of the caller's subtree (the file host screen), newest first."""
    query = service.oss_query(caller, body.isPrivate, body.folder, body.name)
    return ok(await paginate(db, query, body, row=lambda r: service.oss_answer(r[0], r[1]), scalars=False))


@oss.call("/info", answer=StoreInfo)
async def oss_info(_body: Empty, request: Request, db: DbSession,
                   caller: Caller = require("file/host")) -> JsonResponse:
    """Where the files live (local folder or S3) and the subtree's files and bytes per folder."""
    return ok({"storage": request.app.state.settings.storage, "folders": await service.oss_folders(db, caller)})
