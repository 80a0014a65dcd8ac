"""App versions (page version/app): a release file and an optional debug file in the storage layer (each with its
SHA-256), a unique name, release notes (``log``), published or not.

Decisions where the spec is silent: app versions are catalogue records like firmware (one list for every holder
of the page key); the files download through signed, expiring links; a published version keeps its files (cancel
the publish to replace one) and cannot be deleted; publishing twice, or cancelling a publish that is not there,
is refused (CONFLICT) so two consoles never think they both did it.
"""

from collections.abc import Sequence
from typing import IO, Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.settings import Settings
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Store
from cleanfleet.users.models import User
from cleanfleet.versions import service, texts
from cleanfleet.versions.models import AppVersion

PACKAGE_KIND = "app"
Upload = tuple[IO[bytes], str]  # the file and its name


async def get_app(db: AsyncSession, app_id: int) -> AppVersion:
    app = await db.get(AppVersion, app_id)
    if app is None:
        raise ApiError(Code.NOT_FOUND, texts.APP_NOT_FOUND, field="id", values={"id": app_id})
    return app


async def _name_free(db: AsyncSession, name: str, app_id: int | None = None) -> None:
    query = select(AppVersion.id).where(AppVersion.name == name)
    if app_id is not None:
        query = query.where(AppVersion.id != app_id)
    if await db.scalar(query.limit(1)) is not None:
        raise ApiError(Code.ALREADY_EXISTS, texts.APP_NAME_TAKEN, field="name", values={"name": name})


async def _store(db: AsyncSession, store: Store, upload: Upload | None, field: str) -> tuple[Any, int, str, str]:
    handle, name = upload if upload is not None else (None, "")
    stored, size, digest = await service.store_package(db, store, handle, name, None, kind=PACKAGE_KIND, field=field,
                                                       required=texts.RELEASE_FILE_REQUIRED)
    return stored, size, digest, name[:128]


async def create_app(db: AsyncSession, store: Store, caller: Caller, *, name: str, log: str,
                     release: Upload | None, debug: Upload | None) -> AppVersion:
    """A new unpublished app version; the release file is required. One commit."""
    if release is None:
        raise ApiError(Code.BAD_PARAMETER, texts.RELEASE_FILE_REQUIRED, field="release")
    await _name_free(db, name)
    stored, size, digest, file_name = await _store(db, store, release, "release")
    now = utcnow()
    app = AppVersion(name=name, log=log, release_file_id=stored.id, release_name=file_name, release_size=size,
                     release_sha256=digest, debug_name="", debug_size=0, debug_sha256="", published=False,
                     user_id=caller.user_id, created_at=now, updated_at=now)
    if debug is not None:
        await _set_debug(db, store, app, debug)
    db.add(app)
    await db.commit()
    return app


async def _set_debug(db: AsyncSession, store: Store, app: AppVersion, debug: Upload) -> None:
    stored, size, digest, file_name = await _store(db, store, debug, "debug")
    app.debug_file_id, app.debug_name, app.debug_size, app.debug_sha256 = stored.id, file_name, size, digest


async def edit_app(db: AsyncSession, store: Store, *, app_id: int, name: str | None, log: str | None,
                   release: Upload | None, debug: Upload | None, remove_debug: bool) -> AppVersion:
    """Only what is sent changes; a published version keeps its files."""
    app = await get_app(db, app_id)
    changing = [f for f, changed in (("release", release is not None),
                                     ("debug", debug is not None or remove_debug)) if changed]
    if app.published and changing:
        raise ApiError(Code.CONFLICT, texts.PUBLISHED_FIXED, field=changing[0], values={"name": app.name})
    if name is not None and name != app.name:
        await _name_free(db, name, app.id)
        app.name = name
    if log is not None:
        app.log = log
    gone = []
    if release is not None:
        gone.append(app.release_file_id)
        stored, size, digest, file_name = await _store(db, store, release, "release")
        app.release_file_id, app.release_name, app.release_size, app.release_sha256 = (stored.id, file_name, size,
                                                                                      digest)
    if (debug is not None or remove_debug) and app.debug_file_id is not None:
        gone.append(app.debug_file_id)
        app.debug_file_id, app.debug_name, app.debug_size, app.debug_sha256 = None, "", 0, ""
    if debug is not None:
        await _set_debug(db, store, app, debug)
    app.updated_at = utcnow()
    await db.flush()
    keys = await _forget(db, gone)
    await db.commit()
    await storage.delete_bytes(store, keys)
    return app


async def _forget(db: AsyncSession, file_ids: Sequence[str | None]) -> list[str]:
    files = [f for f in [await storage.get(db, i) for i in file_ids if i] if f is not None]
    return await storage.forget(db, files) if files else []


async def publish_app(db: AsyncSession, app_id: int, published: bool) -> AppVersion:
    app = await get_app(db, app_id)
    if app.published == published:
        text = texts.ALREADY_PUBLISHED if published else texts.NOT_PUBLISHED
        raise ApiError(Code.CONFLICT, text, field="published", values={"name": app.name})
    app.published, app.published_at, app.updated_at = published, utcnow() if published else None, utcnow()
    await db.commit()
    return app


async def delete_app(db: AsyncSession, store: Store, app_id: int) -> None:
    app = await get_app(db, app_id)
    if app.published:
        raise ApiError(Code.CONFLICT, texts.PUBLISHED_NO_DELETE, field="id", values={"name": app.name})
    files = [app.release_file_id, app.debug_file_id]
    await db.delete(app)
    await db.flush()
    keys = await _forget(db, files)
    await db.commit()
    await storage.delete_bytes(store, keys)


def _file(settings: Settings, stored: Any, name: str, size: int, sha256: str) -> dict[str, Any] | None:
    if stored is None:
        return None
    url, _ = storage.link_for(settings, stored, name)
    return {"name": name, "size": size, "sha256": sha256, "url": url}


async def app_answers(db: AsyncSession, settings: Settings, *, name: str | None = None, published: bool | None = None,
                      app_id: int | None = None) -> list[dict[str, Any]]:
    """App versions, newest first, each with the download links of its files."""
    query = select(AppVersion, User.name).join(User, User.id == AppVersion.user_id)
    if name:
        query = query.where(func.lower(AppVersion.name).like(f"%{name.lower()}%"))
    if published is not None:
        query = query.where(AppVersion.published.is_(published))
    if app_id is not None:
        query = query.where(AppVersion.id == app_id)
    answers = []
    for app, user_name in await db.execute(query.order_by(AppVersion.created_at.desc(), AppVersion.id.desc())):
        release = await storage.get(db, app.release_file_id)
        debug = await storage.get(db, app.debug_file_id) if app.debug_file_id else None
        answers.append({
            "id": app.id, "name": app.name, "log": app.log,
            "release": _file(settings, release, app.release_name, app.release_size, app.release_sha256)
            or {"name": app.release_name, "size": app.release_size, "sha256": app.release_sha256, "url": ""},
            "debug": _file(settings, debug, app.debug_name, app.debug_size, app.debug_sha256),
            "published": app.published, "publishTime": service.iso(app.published_at), "userName": user_name,
            "createTime": service.iso(app.created_at), "updateTime": service.iso(app.updated_at)})
    return answers


async def app_out(db: AsyncSession, settings: Settings, app_id: int) -> dict[str, Any]:
    return (await app_answers(db, settings, app_id=app_id))[0]
