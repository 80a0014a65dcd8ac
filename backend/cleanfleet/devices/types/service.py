"""Device types (models): a name, an image and a description."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.bus import DEVICE_TYPE_DELETING, IN_TRANSACTION
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.devices.models import Device
from cleanfleet.devices.types import texts
from cleanfleet.devices.types.images import forget_image, is_own_image, save_image
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Store


def type_answer(row: DeviceType) -> dict[str, object]:
    return {"typeId": row.id, "typeName": row.name, "typeUrl": row.url, "description": row.description,
            "createTime": row.created_at}


async def list_types(db: AsyncSession) -> list[DeviceType]:
    return list(await db.scalars(select(DeviceType).order_by(DeviceType.name)))


async def get_type(db: AsyncSession, type_id: int) -> DeviceType:
    row = await db.get(DeviceType, type_id)
    if row is None:
        raise ApiError(Code.NOT_FOUND, texts.TYPE_NOT_FOUND, field="typeId", values={"typeId": type_id})
    return row


async def check_type(db: AsyncSession, type_id: int, field: str = "deviceType") -> None:
    """A device (or robot) names an existing type: BAD_PARAMETER on the form's ``field`` otherwise."""
    if await db.get(DeviceType, type_id) is None:
        raise ApiError(Code.BAD_PARAMETER, texts.TYPE_NOT_FOUND, field=field, values={"typeId": type_id})


async def type_id_named(db: AsyncSession, name: str, field: str) -> int:
    type_id = await db.scalar(select(DeviceType.id).where(DeviceType.name == name))
    if type_id is None:
        raise ApiError(Code.BAD_PARAMETER, texts.NO_TYPE_NAMED, field=field, values={"name": name})
    return type_id


async def _check_name_free(db: AsyncSession, name: str, own_id: int | None = None) -> None:
    other = await db.scalar(select(DeviceType.id).where(DeviceType.name == name))
    if other is not None and other != own_id:
        raise ApiError(Code.ALREADY_EXISTS, texts.TYPE_NAME_TAKEN, field="typeName", values={"name": name})


def _check_url(url: str) -> str:
    if url and not (is_own_image(url) or url.startswith(("https://", "http://"))):
        raise ApiError(Code.BAD_PARAMETER, texts.TYPE_URL_INVALID, field="typeUrl")
    return url


async def upload_image(db: AsyncSession, store: Store, caller: Caller, content: bytes) -> str:
    """Keeps an uploaded type image; answers the URL to give as typeUrl."""
    url = await save_image(db, store, caller, content)
    await db.commit()
    return url


async def insert_type(db: AsyncSession, name: str, url: str, description: str) -> DeviceType:
    await _check_name_free(db, name)
    row = DeviceType(name=name, url=_check_url(url), description=description)
    db.add(row)
    await db.commit()
    return row


async def update_type(db: AsyncSession, store: Store, type_id: int, name: str | None, url: str | None,
                      description: str | None) -> DeviceType:
    row = await get_type(db, type_id)
    if name is not None:
        await _check_name_free(db, name, row.id)
        row.name = name
    stale: list[str] = []
    if url is not None and url != row.url:
        _check_url(url)
        stale = await forget_image(db, row.url)
        row.url = url
    if description is not None:
        row.description = description
    await db.commit()
    await storage.delete_bytes(store, stale)
    return row


async def delete_type(db: AsyncSession, store: Store, type_id: int) -> None:
    row = await get_type(db, type_id)
    if await db.scalar(select(Device.id).where(Device.type_id == row.id).limit(1)) is not None:
        raise ApiError(Code.CONFLICT, texts.TYPE_HAS_DEVICES, field="typeId")
    await IN_TRANSACTION.publish(db, DEVICE_TYPE_DELETING, type_id=row.id)  # batches refuse a type they make
    stale = await forget_image(db, row.url)
    await db.delete(row)
    await db.commit()
    await storage.delete_bytes(store, stale)
