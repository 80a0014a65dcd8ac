"""The cloud's own release records (page version/index/cloud_version).

Decisions where the spec names only an id: a release has a name (unique, as every version name), a version
number, release notes and its release time (default now), with who recorded it; the list is newest release
first and filters by part of the name or version number. They are system-wide records (no robot is involved):
every holder of the page key sees the one list.
"""

from typing import Any

from sqlalchemy import Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.machineversions import texts
from cleanfleet.machineversions.models import CloudVersion
from cleanfleet.machineversions.schemas import CloudPageIn, CloudVersionEdit, CloudVersionIn
from cleanfleet.users.models import User


def iso(moment: Any) -> str:
    return moment.isoformat() if moment is not None else ""


async def get_cloud_version(db: AsyncSession, version_id: int) -> CloudVersion:
    version = await db.get(CloudVersion, version_id)
    if version is None:
        raise ApiError(Code.NOT_FOUND, texts.CLOUD_NOT_FOUND, field="id", values={"id": version_id})
    return version


async def _name_free(db: AsyncSession, name: str, version_id: int | None = None) -> None:
    query = select(CloudVersion.id).where(CloudVersion.name == name)
    if version_id is not None:
        query = query.where(CloudVersion.id != version_id)
    if await db.scalar(query.limit(1)) is not None:
        raise ApiError(Code.ALREADY_EXISTS, texts.CLOUD_NAME_TAKEN, field="name", values={"name": name})


def cloud_query(body: CloudPageIn | None = None) -> Select[Any]:
    query: Any = select(CloudVersion, User.name).join(User, User.id == CloudVersion.user_id)
    if body is not None and body.name:
        pattern = f"%{body.name.lower()}%"
        query = query.where(or_(func.lower(CloudVersion.name).like(pattern),
                                func.lower(CloudVersion.version_number).like(pattern)))
    return query.order_by(CloudVersion.release_time.desc(), CloudVersion.id.desc())


def cloud_answer(row: Any) -> dict[str, Any]:
    version: CloudVersion = row[0]
    return {"id": version.id, "name": version.name, "versionNumber": version.version_number, "notes": version.notes,
            "releaseTime": iso(version.release_time), "userName": row[1], "createTime": iso(version.created_at),
            "updateTime": iso(version.updated_at)}


async def cloud_out(db: AsyncSession, version_id: int) -> dict[str, Any]:
    await get_cloud_version(db, version_id)
    return cloud_answer((await db.execute(cloud_query().where(CloudVersion.id == version_id))).one())


async def create(db: AsyncSession, caller: Caller, body: CloudVersionIn) -> CloudVersion:
    await _name_free(db, body.name)
    now = utcnow()
    version = CloudVersion(name=body.name, version_number=body.versionNumber, notes=body.notes,
                           release_time=body.releaseTime or now, user_id=caller.user_id, created_at=now,
                           updated_at=now)
    db.add(version)
    await db.commit()
    return version


async def edit(db: AsyncSession, body: CloudVersionEdit) -> None:
    version = await get_cloud_version(db, body.id)
    if body.name is not None and body.name != version.name:
        await _name_free(db, body.name, version.id)
        version.name = body.name
    if body.versionNumber is not None:
        version.version_number = body.versionNumber
    if body.notes is not None:
        version.notes = body.notes
    if body.releaseTime is not None:
        version.release_time = body.releaseTime
    version.updated_at = utcnow()
    await db.commit()


async def delete(db: AsyncSession, version_id: int) -> None:
    await db.delete(await get_cloud_version(db, version_id))
    await db.commit()
