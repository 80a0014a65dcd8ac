"""Production batches (/deviceProductBatch/*, page device/index/product/batch/index)."""

from cleanfleet.batches import service
from cleanfleet.batches.schemas import (
    BatchId,
    BatchIn,
    BatchInfoIn,
    BatchOut,
    BatchPageIn,
    BatchPartIn,
    BatchPartsIn,
    BatchUpdate,
)
from cleanfleet.core.auth import Caller, require, require_any
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import Page, paginate
from cleanfleet.core.routing import ApiRouter, Empty

router = ApiRouter(prefix="/deviceProductBatch", tags=["batches"])
PAGE = "device/index/product/batch/index"
FIT_KEY = "device/index/hardware"  # fits parts to a device, a batch's too


@router.call("/list", answer=Page[BatchOut])
async def batch_list(body: BatchPageIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Batches, newest first, filtered by name and device model (paged)."""
    query = service.batches_query(body.batchName, body.deviceType)
    return ok(await paginate(db, query, body, row=lambda r: service.batch_answer(r[0], r[1]), scalars=False))


@router.call("/listFull", answer=list[BatchOut])
async def batch_list_full(_body: Empty, db: DbSession, caller: Caller = require_any(PAGE, FIT_KEY)) -> JsonResponse:
    """Every batch with its parts (also for the device list's hardware dialog, which applies a batch)."""
    return ok(await service.full_batches(db))


@router.call("/hardSupportInfo", answer=BatchOut)
async def batch_info(body: BatchInfoIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """One batch with its parts, by id or by name."""
    batch = await service.find_batch(db, body.batchId, body.batchName)
    return ok(await service.full_batch(db, batch.id))


@router.call("/insert", answer=BatchOut)
async def batch_insert(body: BatchIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Add a batch: name (unique), device model and rack range are required; the range's format is checked."""
    batch = await service.insert_batch(db, body.model_dump(exclude={"hardSupportIds"}), body.hardSupportIds)
    return ok(await service.full_batch(db, batch.id))


@router.call("/update", answer=BatchOut)
async def batch_update(body: BatchUpdate, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Edit a batch: only the fields sent change."""
    batch = await service.get_batch(db, body.batchId)
    changes = body.model_dump(exclude_unset=True, exclude={"batchId", "hardSupportIds"})
    await service.update_batch(db, batch, changes, body.hardSupportIds)
    return ok(await service.full_batch(db, batch.id))


@router.call("/delete", answer=BatchId)
async def batch_delete(body: BatchId, db: DbSession, caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a batch (devices keep the parts fitted from it)."""
    await service.delete_batch(db, await service.get_batch(db, body.batchId))
    return ok({"batchId": body.batchId})


@router.call("/updateHardSupport", answer=BatchOut)
async def batch_add_parts(body: BatchPartsIn, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Add parts to a batch (a part replaces the batch's part of the same category)."""
    batch = await service.get_batch(db, body.batchId)
    await service.add_parts(db, batch, body.hardSupportIds)
    return ok(await service.full_batch(db, batch.id))


@router.call("/deleteHardSupport", answer=BatchOut)
async def batch_remove_part(body: BatchPartIn, db: DbSession,
                            caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Take a part off a batch."""
    batch = await service.get_batch(db, body.batchId)
    await service.remove_part(db, batch, body.hardSupportId)
    return ok(await service.full_batch(db, batch.id))
