"""Production batches: the rack number range rule, the batch's parts, and fitting them to a device."""

import re
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.batches import texts
from cleanfleet.batches.models import BatchPart, ProductionBatch
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.validation import REQUIRED
from cleanfleet.devices.models import Device
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.hardware import service as hardware
from cleanfleet.hardware.models import HardCategory, HardSupport

_END = re.compile(r"^([A-Za-z]*)(\d+)$")


@dataclass(frozen=True)
class RackRange:
    prefix: str
    first: int
    last: int
    width: int

    def __str__(self) -> str:
        return f"{self.prefix}{self.first:0{self.width}d}-{self.prefix}{self.last:0{self.width}d}"

    def holds(self, rack_number: str) -> bool:
        match = _END.match(rack_number.strip())
        return (match is not None and match.group(1) == self.prefix and len(match.group(2)) == self.width
                and self.first <= int(match.group(2)) <= self.last)


def parse_rack_range(text: str, field: str = "rackRange") -> RackRange:
    """'SC0001-SC0030': a letter prefix plus digits at both ends, same prefix, same width, first below last."""
    ends = text.strip().split("-")
    if len(ends) != 2:
        raise bad_parameter(field, texts.RACK_RANGE_SHAPE)
    low, high = (_END.match(end.strip()) for end in ends)
    if low is None or high is None:
        raise bad_parameter(field, texts.RACK_END_SHAPE)
    if low.group(1) != high.group(1):
        raise bad_parameter(field, texts.RACK_PREFIX_DIFFERS)
    if len(low.group(2)) != len(high.group(2)):
        raise bad_parameter(field, texts.RACK_WIDTH_DIFFERS)
    first, last = int(low.group(2)), int(high.group(2))
    if first >= last:
        raise bad_parameter(field, texts.RACK_ORDER)
    return RackRange(low.group(1), first, last, len(low.group(2)))


def rack_range_of(batch: ProductionBatch) -> RackRange:
    return RackRange(batch.rack_prefix, batch.rack_first, batch.rack_last, batch.rack_width)


async def get_batch(db: AsyncSession, batch_id: int, field: str = "batchId") -> ProductionBatch:
    batch = await db.get(ProductionBatch, batch_id)
    if batch is None:
        raise ApiError(Code.NOT_FOUND, texts.BATCH_NOT_FOUND, field=field, values={"id": batch_id})
    return batch


async def find_batch(db: AsyncSession, batch_id: int | None, name: str | None) -> ProductionBatch:
    """A batch by id, else by its exact name."""
    if batch_id is not None:
        return await get_batch(db, batch_id)
    if not name:
        raise bad_parameter("batchId", texts.CHOOSE_BATCH)
    batch = await db.scalar(select(ProductionBatch).where(ProductionBatch.name == name))
    if batch is None:
        raise ApiError(Code.NOT_FOUND, texts.BATCH_NAME_NOT_FOUND, field="batchName", values={"name": name})
    return batch


async def batch_parts(db: AsyncSession, batch_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    parts: dict[int, list[dict[str, Any]]] = {i: [] for i in batch_ids}
    if batch_ids:
        rows = await db.execute(
            select(BatchPart.batch_id, HardSupport, HardCategory)
            .join(HardSupport, HardSupport.id == BatchPart.support_id)
            .join(HardCategory, HardCategory.id == HardSupport.cate_id)
            .where(BatchPart.batch_id.in_(batch_ids)).order_by(HardCategory.name, HardSupport.name))
        for batch_id, part, category in rows:
            parts[batch_id].append(hardware.part_answer(part, category))
    return parts


def batch_answer(batch: ProductionBatch, type_name: str, parts: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "batchId": batch.id, "batchName": batch.name, "deviceType": batch.type_id, "typeName": type_name,
        "rackRange": str(rack_range_of(batch)), "remark": batch.remark, "createTime": batch.created_at,
        "updateTime": batch.updated_at,
    }
    if parts is not None:
        answer["hardSupports"] = parts
    return answer


async def full_batch(db: AsyncSession, batch_id: int) -> dict[str, Any]:
    """One batch's answer with its parts."""
    batch, type_name = (await db.execute(batches_query().where(ProductionBatch.id == batch_id))).one()
    return batch_answer(batch, type_name, (await batch_parts(db, [batch_id]))[batch_id])


async def full_batches(db: AsyncSession) -> list[dict[str, Any]]:
    """Every batch's answer with its parts."""
    rows = (await db.execute(batches_query())).all()
    parts = await batch_parts(db, [batch.id for batch, _ in rows])
    return [batch_answer(batch, type_name, parts[batch.id]) for batch, type_name in rows]


def batches_query(name: str | None = None, type_id: int | None = None) -> Select[*tuple[Any, ...]]:
    query = (select(ProductionBatch, DeviceType.name).join(DeviceType, DeviceType.id == ProductionBatch.type_id)
             .order_by(ProductionBatch.id.desc()))
    if name:
        query = query.where(ProductionBatch.name.icontains(name, autoescape=True))
    if type_id is not None:
        query = query.where(ProductionBatch.type_id == type_id)
    return query


async def _check(db: AsyncSession, changes: dict[str, Any], own_id: int | None = None) -> RackRange | None:
    for field in ("batchName", "deviceType", "rackRange"):
        if field in changes and changes[field] is None:
            raise bad_parameter(field, REQUIRED)
    rack_range = parse_rack_range(changes["rackRange"]) if "rackRange" in changes else None
    if "deviceType" in changes and await db.get(DeviceType, changes["deviceType"]) is None:
        raise bad_parameter("deviceType", texts.NO_DEVICE_TYPE, id=changes["deviceType"])
    if "batchName" in changes:
        other = await db.scalar(select(ProductionBatch.id).where(ProductionBatch.name == changes["batchName"]))
        if other is not None and other != own_id:
            raise ApiError(Code.ALREADY_EXISTS, texts.BATCH_NAME_TAKEN, field="batchName",
                           values={"name": changes["batchName"]})
    return rack_range


def _apply(batch: ProductionBatch, changes: dict[str, Any], rack_range: RackRange | None) -> None:
    if "batchName" in changes:
        batch.name = changes["batchName"]
    if "deviceType" in changes:
        batch.type_id = changes["deviceType"]
    if "remark" in changes:
        batch.remark = changes["remark"] or ""
    if rack_range is not None:
        batch.rack_prefix, batch.rack_first = rack_range.prefix, rack_range.first
        batch.rack_last, batch.rack_width = rack_range.last, rack_range.width


async def _set_parts(db: AsyncSession, batch_id: int, part_ids: list[int]) -> None:
    parts = await hardware.get_parts(db, part_ids)
    hardware.one_per_category(parts, "hardSupportIds")
    await db.execute(delete(BatchPart).where(BatchPart.batch_id == batch_id))
    db.add_all(BatchPart(batch_id=batch_id, support_id=p.id) for p in parts)


async def insert_batch(db: AsyncSession, changes: dict[str, Any], part_ids: list[int]) -> ProductionBatch:
    rack_range = await _check(db, changes)
    batch = ProductionBatch()
    _apply(batch, changes, rack_range)
    db.add(batch)
    await db.flush()
    await _set_parts(db, batch.id, part_ids)
    await db.commit()
    return batch


async def update_batch(db: AsyncSession, batch: ProductionBatch, changes: dict[str, Any],
                       part_ids: list[int] | None) -> ProductionBatch:
    rack_range = await _check(db, changes, batch.id)
    _apply(batch, changes, rack_range)
    if part_ids is not None:
        await _set_parts(db, batch.id, part_ids)
    await db.commit()
    return batch


async def delete_batch(db: AsyncSession, batch: ProductionBatch) -> None:
    await db.delete(batch)
    await db.commit()


async def add_parts(db: AsyncSession, batch: ProductionBatch, part_ids: list[int]) -> None:
    """Add parts to a batch; a part replaces the batch's part of the same category."""
    current = [p["id"] for p in (await batch_parts(db, [batch.id]))[batch.id]]
    new = await hardware.get_parts(db, part_ids)
    hardware.one_per_category(new, "hardSupportIds")
    replaced = {p.cate_id for p in new}
    kept = [p.id for p in await hardware.get_parts(db, current) if p.cate_id not in replaced]
    await _set_parts(db, batch.id, kept + [p.id for p in new])
    await db.commit()


async def remove_part(db: AsyncSession, batch: ProductionBatch, part_id: int) -> None:
    result = await db.execute(delete(BatchPart).where(BatchPart.batch_id == batch.id, BatchPart.support_id == part_id))
    if not result.rowcount:  # type: ignore[attr-defined]
        raise ApiError(Code.NOT_FOUND, texts.PART_NOT_IN_BATCH, field="hardSupportId", values={"id": part_id})
    await db.commit()


async def apply_to_device(db: AsyncSession, caller: Caller, device: Device, batch: ProductionBatch) -> int:
    """Fit a batch's parts to a device of the batch's model (and rack range, when the device has a rack number)."""
    if device.type_id != batch.type_id:
        raise bad_parameter("batchId", texts.OTHER_MODEL)
    if device.rack_number and not rack_range_of(batch).holds(device.rack_number):
        raise bad_parameter("batchId", texts.RACK_OUTSIDE, rack=device.rack_number, range=str(rack_range_of(batch)))
    part_ids = [p["id"] for p in (await batch_parts(db, [batch.id]))[batch.id]]
    parts = await hardware.get_parts(db, part_ids)
    return await hardware.fit_parts(db, caller, device, parts, source=hardware.BATCH, batch_id=batch.id)


async def refuse_type_in_use(db: AsyncSession, type_id: int) -> None:
    """A device type a production batch makes is not deleted (heard on DEVICE_TYPE_DELETING, core/bus.py)."""
    if await db.scalar(select(ProductionBatch.id).where(ProductionBatch.type_id == type_id).limit(1)) is not None:
        raise ApiError(Code.CONFLICT, texts.TYPE_HAS_BATCHES, field="typeId")
