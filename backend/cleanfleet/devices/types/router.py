"""Device type calls (/device/*DeviceType, /device/uploadTypeImage; key device/index/type_admin to change)."""

from typing import Annotated

from fastapi import File, Request, UploadFile

from cleanfleet.core.auth import Caller, CallerDep, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter, Empty, upload_body_bytes
from cleanfleet.devices.types import images, service
from cleanfleet.devices.types.schemas import ImageOut, TypeId, TypeIn, TypeOut, TypeUpdate

router = ApiRouter(prefix="/device", tags=["devices"])
TYPE_ADMIN = "device/index/type_admin"


@router.call("/selectDeviceType", answer=list[TypeOut])
async def select_device_type(_body: Empty, db: DbSession, _caller: CallerDep) -> JsonResponse:
    """Every device type (model)."""
    return ok([service.type_answer(t) for t in await service.list_types(db)])


@router.call("/uploadTypeImage", answer=ImageOut, upload_bytes=upload_body_bytes(images.MAX_IMAGE_BYTES))
async def upload_type_image(request: Request, db: DbSession, file: Annotated[UploadFile, File()],
                            caller: Caller = require(TYPE_ADMIN)) -> JsonResponse:
    """Upload a type's image (one PNG, JPEG, GIF or WebP of at most 2 MB); use the answer's typeUrl."""
    content = await file.read(images.MAX_IMAGE_BYTES + 1)
    return ok({"typeUrl": await service.upload_image(db, request.app.state.store, caller, content)})


@router.call("/insertDeviceType", answer=TypeOut)
async def insert_device_type(body: TypeIn, db: DbSession, _caller: Caller = require(TYPE_ADMIN)) -> JsonResponse:
    """Add a device type (the name must be new)."""
    row = await service.insert_type(db, body.typeName, body.typeUrl, body.description)
    return ok(service.type_answer(row))


@router.call("/updateDeviceType", answer=TypeOut)
async def update_device_type(body: TypeUpdate, request: Request, db: DbSession,
                             _caller: Caller = require(TYPE_ADMIN)) -> JsonResponse:
    """Edit a device type; a replaced uploaded image is removed."""
    row = await service.update_type(db, request.app.state.store, body.typeId, body.typeName, body.typeUrl,
                                    body.description)
    return ok(service.type_answer(row))


@router.call("/deleteDeviceType", answer=TypeId)
async def delete_device_type(body: TypeId, request: Request, db: DbSession,
                             _caller: Caller = require(TYPE_ADMIN)) -> JsonResponse:
    """Delete a device type no device or batch uses."""
    await service.delete_type(db, request.app.state.store, body.typeId)
    return ok({"typeId": body.typeId})
