"""Files and the knowledge base (/file/*, api-spec 7.7): list and search, categories, add, delete; the download
is /oss/downloadUrl with the entry's ``savePath``.

The file calls need the page key ``file/file_list`` (adding and deleting its ``add`` and ``delete`` buttons), the
knowledge-base calls ``file/knowledge`` the same way. A file is first uploaded with /oss/upload, then entered with
its name, category and detail; deleting the entry deletes the stored file. Categories are the entries' own (the
list of the categories in use, with their counts): a new category is simply typed on an entry.
"""

from fastapi import Request

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.devices.access import scope_path
from cleanfleet.files import service
from cleanfleet.files.schemas import CategoryOut, FileId, FileIn, FileOut, FilePage, FileSearch
from cleanfleet.storage import service as storage

router = ApiRouter(prefix="/file", tags=["files"])
FILES, KNOWLEDGE = "file/file_list", "file/knowledge"


async def _list(db: DbSession, caller: Caller, kind: str, body: FileSearch) -> JsonResponse:
    path = await scope_path(db, caller, body.userId)
    return ok(await paginate(db, service.query(kind, path, body.name, body.category), body, row=service.answer,
                             scalars=False))


async def _add(db: DbSession, caller: Caller, kind: str, body: FileIn) -> JsonResponse:
    return ok(await service.one(db, caller, kind, await service.add(db, caller, kind, body)))


async def _delete(request: Request, db: DbSession, caller: Caller, kind: str, body: FileId) -> JsonResponse:
    keys = await service.remove(db, caller, kind, body.id)
    await storage.delete_bytes(request.app.state.store, keys)
    return ok({"id": body.id})


@router.call("/findAll", answer=FilePage)
async def find_all(body: FileSearch, db: DbSession, caller: Caller = require(FILES)) -> JsonResponse:
    """Files of the subtree, newest first; ``name`` searches name and detail, ``category`` is exact."""
    return await _list(db, caller, service.FILE, body)


@router.call("/getCate", answer=list[CategoryOut])
async def get_cate(_body: Empty, db: DbSession, caller: Caller = require(FILES)) -> JsonResponse:
    """The file categories in use in the subtree, with their counts."""
    return ok(await service.categories(db, caller, service.FILE))


@router.call("/add", answer=FileOut)
async def add(body: FileIn, db: DbSession, caller: Caller = require(f"{FILES}/add")) -> JsonResponse:
    """Enter an uploaded file (its savePath) with a name, a category and a detail."""
    return await _add(db, caller, service.FILE, body)


@router.call("/del", answer=FileId)
async def delete(body: FileId, request: Request, db: DbSession,
                 caller: Caller = require(f"{FILES}/delete")) -> JsonResponse:
    """Delete a file entry and its stored file."""
    return await _delete(request, db, caller, service.FILE, body)


@router.call("/findAllKnowledge", answer=FilePage)
async def find_all_knowledge(body: FileSearch, db: DbSession, caller: Caller = require(KNOWLEDGE)) -> JsonResponse:
    """Knowledge-base entries of the subtree, newest first; searched as /file/findAll."""
    return await _list(db, caller, service.KNOWLEDGE, body)


@router.call("/getCateKnowledge", answer=list[CategoryOut])
async def get_cate_knowledge(_body: Empty, db: DbSession, caller: Caller = require(KNOWLEDGE)) -> JsonResponse:
    """The knowledge-base categories in use in the subtree, with their counts."""
    return ok(await service.categories(db, caller, service.KNOWLEDGE))


@router.call("/addKnowledge", answer=FileOut)
async def add_knowledge(body: FileIn, db: DbSession, caller: Caller = require(f"{KNOWLEDGE}/add")) -> JsonResponse:
    """Enter an uploaded file in the knowledge base."""
    return await _add(db, caller, service.KNOWLEDGE, body)


@router.call("/delKnowledge", answer=FileId)
async def delete_knowledge(body: FileId, request: Request, db: DbSession,
                           caller: Caller = require(f"{KNOWLEDGE}/delete")) -> JsonResponse:
    """Delete a knowledge-base entry and its stored file."""
    return await _delete(request, db, caller, service.KNOWLEDGE, body)
