"""Production batches (/deviceProductBatch/*, page device/index/product/batch/index)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.batches import service
from cleanfleet.core.auth import Caller, require
from cleanfleet.core.bounds import Id
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import bad_parameter
from cleanfleet.core.paging import Page, PageIn, paginate
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.devices.access import require_any
from cleanfleet.devices.schemas import IdList, Name, Text

router = ApiRouter(prefix="/deviceProductBatch", tags=["batches"])
PAGE = "device/index/product/batch/index"
FIT_KEY = "device/index/hardware"  # fits parts to a device, a batch's too
RackRangeText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]


class BatchIn(BaseModel):
    batchName: Name
    deviceType: Id = Field(description="the device model (type id)")
    rackRange: RackRangeText = Field(description="prefix plus digits, same width, first below last: SC0001-SC0030")
    remark: Text = ""
    hardSupportIds: IdList = []


class BatchUpdate(BaseModel):
    batchId: Id
    batchName: Name | None = None
    deviceType: Id | None = None
    rackRange: RackRangeText | None = None
    remark: Text | None = None
    hardSupportIds: IdList | None = None


class BatchId(BaseModel):
    batchId: Id


class BatchInfoIn(BaseModel):
    batchId: Id | None = None
    batchName: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None


class BatchPartsIn(BaseModel):
    batchId: Id
    hardSupportIds: IdList = Field(description="parts to add; each replaces the batch's part of its category")


class BatchPartIn(BaseModel):
    batchId: Id
    hardSupportId: Id


class BatchPageIn(PageIn):
    batchName: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None
    deviceType: Id | None = None


class BatchOut(BaseModel):
    batchId: int
    batchName: str
    deviceType: int
    typeName: str
    rackRange: str
    remark: str
    createTime: str
    updateTime: str
    hardSupports: list[dict[str, object]] | None = None


async def _full(db: DbSession, batch_id: int) -> dict[str, object]:
    rows = (await db.execute(service.batches_query().where(service.ProductionBatch.id == batch_id))).all()
    batch, type_name = rows[0]
    return service.batch_answer(batch, type_name, (await service.batch_parts(db, [batch_id]))[batch_id])


@router.call("/list", answer=Page[BatchOut])
async def batch_list(body: BatchPageIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Batches, newest first, filtered by name and device model (paged)."""
    query = service.batches_query(body.batchName, body.deviceType)
    page = await paginate(db, query, body, row=lambda r: service.batch_answer(r[0], r[1]), scalars=False)
    return ok(page, language=caller.language)


@router.call("/listFull", answer=list[BatchOut])
async def batch_list_full(_body: Empty, db: DbSession,
                          caller: Caller = require_any(PAGE, FIT_KEY)) -> JsonResponse:
    """Every batch with its parts (also for the device list's hardware dialog, which applies a batch)."""
    rows = (await db.execute(service.batches_query())).all()
    parts = await service.batch_parts(db, [batch.id for batch, _ in rows])
    return ok([service.batch_answer(b, name, parts[b.id]) for b, name in rows], language=caller.language)


@router.call("/hardSupportInfo", answer=BatchOut)
async def batch_info(body: BatchInfoIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """One batch with its parts, by id or by name."""
    if body.batchId is not None:
        batch = await service.get_batch(db, body.batchId)
    elif body.batchName:
        found = await db.scalar(service.batches_query().where(service.ProductionBatch.name == body.batchName))
        if found is None:
            raise service.not_found(f"batchName={body.batchName}")
        batch = found
    else:
        raise bad_parameter("batchId", "give batchId or batchName")
    return ok(await _full(db, batch.id), language=caller.language)


@router.call("/insert", answer=BatchOut)
async def batch_insert(body: BatchIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Add a batch: name (unique), device model and rack range are required; the range's format is checked."""
    batch = await service.insert_batch(db, body.model_dump(exclude={"hardSupportIds"}), body.hardSupportIds)
    return ok(await _full(db, batch.id), language=caller.language)


@router.call("/update", answer=BatchOut)
async def batch_update(body: BatchUpdate, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Edit a batch: only the fields sent change."""
    batch = await service.get_batch(db, body.batchId)
    changes = body.model_dump(exclude_unset=True, exclude={"batchId", "hardSupportIds"})
    await service.update_batch(db, batch, changes, body.hardSupportIds)
    return ok(await _full(db, batch.id), language=caller.language)


@router.call("/delete", answer=BatchId)
async def batch_delete(body: BatchId, db: DbSession, caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a batch (devices keep the parts fitted from it)."""
    await service.delete_batch(db, await service.get_batch(db, body.batchId))
    return ok({"batchId": body.batchId}, language=caller.language)


@router.call("/updateHardSupport", answer=BatchOut)
async def batch_add_parts(body: BatchPartsIn, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Add parts to a batch (a part replaces the batch's part of the same category)."""
    batch = await service.get_batch(db, body.batchId)
    await service.add_parts(db, batch, body.hardSupportIds)
    return ok(await _full(db, batch.id), language=caller.language)


@router.call("/deleteHardSupport", answer=BatchOut)
async def batch_remove_part(body: BatchPartIn, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Take a part off a batch."""
    batch = await service.get_batch(db, body.batchId)
    await service.remove_part(db, batch, body.hardSupportId)
    return ok(await _full(db, batch.id), language=caller.language)
