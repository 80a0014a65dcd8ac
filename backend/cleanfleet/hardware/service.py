"""Parts catalogue (categories and parts) and the parts fitted to a device, with their history."""

from typing import Any

from sqlalchemy import Select, delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.batches.models import BatchPart
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.paging import PageIn, paginate
from cleanfleet.core.scope import path_prefix
from cleanfleet.core.validation import REQUIRED
from cleanfleet.devices.models import Device
from cleanfleet.hardware import texts
from cleanfleet.hardware.models import DeviceHard, DeviceHardChange, HardCategory, HardSupport

MANUAL = "manual"
BATCH = "batch"


def part_label(part: HardSupport | None) -> str:
    if part is None:
        return ""
    return f"{part.name} {part.version}".strip()


def part_answer(part: HardSupport, category: HardCategory) -> dict[str, Any]:
    return {"id": part.id, "hardSupportId": part.id, "name": part.name, "version": part.version,
            "hardSupportText": part.text, "cateId": category.id, "cateName": category.name}


def category_answer(category: HardCategory) -> dict[str, Any]:
    return {"cateId": category.id, "cateName": category.name}


async def get_category(db: AsyncSession, cate_id: int, field: str = "cateId") -> HardCategory:
    category = await db.get(HardCategory, cate_id)
    if category is None:
        raise ApiError(Code.NOT_FOUND, texts.CATEGORY_NOT_FOUND, field=field, values={"id": cate_id})
    return category


async def get_part(db: AsyncSession, part_id: int, field: str = "id") -> HardSupport:
    part = await db.get(HardSupport, part_id)
    if part is None:
        raise ApiError(Code.NOT_FOUND, texts.PART_NOT_FOUND, field=field, values={"id": part_id})
    return part


async def get_parts(db: AsyncSession, part_ids: list[int], field: str = "hardSupportIds") -> list[HardSupport]:
    parts = {p.id: p for p in await db.scalars(select(HardSupport).where(HardSupport.id.in_(set(part_ids))))}
    missing = [i for i in part_ids if i not in parts]
    if missing:
        raise ApiError(Code.NOT_FOUND, texts.PART_NOT_FOUND, field=field, values={"id": missing[0]})
    return [parts[i] for i in part_ids]


def one_per_category(parts: list[HardSupport], field: str) -> None:
    seen: set[int] = set()
    for part in parts:
        if part.cate_id in seen:
            raise bad_parameter(field, texts.ONE_PER_CATEGORY)
        seen.add(part.cate_id)


# --- catalogue ---------------------------------------------------------------------------------------


async def full_part(db: AsyncSession, part: HardSupport) -> dict[str, Any]:
    return part_answer(part, await get_category(db, part.cate_id))


async def list_categories(db: AsyncSession) -> list[HardCategory]:
    return list(await db.scalars(select(HardCategory).order_by(HardCategory.name)))


async def list_parts(db: AsyncSession, cate_id: int | None = None) -> list[dict[str, Any]]:
    query: Select[*tuple[Any, ...]] = (
        select(HardSupport, HardCategory).join(HardCategory, HardCategory.id == HardSupport.cate_id)
        .order_by(HardCategory.name, HardSupport.name, HardSupport.version))
    if cate_id is not None:
        query = query.where(HardSupport.cate_id == cate_id)
    return [part_answer(p, c) for p, c in (await db.execute(query)).all()]


async def parts_by_category(db: AsyncSession) -> list[dict[str, Any]]:
    parts = await list_parts(db)
    groups = [{**category_answer(c), "list": []} for c in await list_categories(db)]
    by_id = {g["cateId"]: g for g in groups}
    for part in parts:
        by_id[part["cateId"]]["list"].append(part)
    return groups


async def _category_name_free(db: AsyncSession, name: str, own_id: int | None = None) -> None:
    other = await db.scalar(select(HardCategory.id).where(HardCategory.name == name))
    if other is not None and other != own_id:
        raise ApiError(Code.ALREADY_EXISTS, texts.CATEGORY_NAME_TAKEN, field="cateName", values={"name": name})


async def insert_category(db: AsyncSession, name: str) -> HardCategory:
    await _category_name_free(db, name)
    category = HardCategory(name=name)
    db.add(category)
    await db.commit()
    return category


async def update_category(db: AsyncSession, cate_id: int, name: str) -> HardCategory:
    category = await get_category(db, cate_id)
    await _category_name_free(db, name, category.id)
    category.name = name
    await db.commit()
    return category


async def delete_category(db: AsyncSession, cate_id: int) -> None:
    category = await get_category(db, cate_id)
    if await db.scalar(select(HardSupport.id).where(HardSupport.cate_id == cate_id).limit(1)) is not None:
        raise ApiError(Code.CONFLICT, texts.CATEGORY_HAS_PARTS, field="cateId", values={"name": category.name})
    await db.delete(category)
    await db.commit()


async def _part_free(db: AsyncSession, cate_id: int, name: str, version: str, own_id: int | None = None) -> None:
    other = await db.scalar(select(HardSupport.id).where(HardSupport.cate_id == cate_id, HardSupport.name == name,
                                                         HardSupport.version == version))
    if other is not None and other != own_id:
        raise ApiError(Code.ALREADY_EXISTS, texts.PART_TAKEN, field="name",
                       values={"part": f"{name} {version}".strip()})


async def insert_part(db: AsyncSession, name: str, cate_id: int, version: str, text: str) -> HardSupport:
    await get_category(db, cate_id)
    await _part_free(db, cate_id, name, version)
    part = HardSupport(name=name, cate_id=cate_id, version=version, text=text)
    db.add(part)
    await db.commit()
    return part


async def update_part(db: AsyncSession, part: HardSupport, changes: dict[str, Any]) -> HardSupport:
    if changes.get("cateId") is not None and changes["cateId"] != part.cate_id:
        await get_category(db, changes["cateId"])
        if await _part_in_use(db, part.id):
            raise ApiError(Code.CONFLICT, texts.PART_IN_USE_CATEGORY, field="cateId",
                           values={"part": part_label(part)})
    for field in ("name", "cateId"):
        if field in changes and changes[field] is None:
            raise bad_parameter(field, REQUIRED)
    name = changes.get("name", part.name)
    cate_id = changes.get("cateId", part.cate_id)
    version = changes.get("version", part.version) or ""
    await _part_free(db, cate_id, name, version, part.id)
    part.name, part.cate_id, part.version = name, cate_id, version
    if "hardSupportText" in changes:
        part.text = changes["hardSupportText"] or ""
    await db.commit()
    return part


async def _part_in_use(db: AsyncSession, part_id: int) -> bool:
    fitted = await db.scalar(select(DeviceHard.id).where(DeviceHard.support_id == part_id).limit(1))
    batched = await db.scalar(select(BatchPart.batch_id).where(BatchPart.support_id == part_id).limit(1))
    return fitted is not None or batched is not None


async def delete_part(db: AsyncSession, part: HardSupport) -> None:
    if await _part_in_use(db, part.id):
        raise ApiError(Code.CONFLICT, texts.PART_IN_USE, field="id", values={"part": part_label(part)})
    await db.delete(part)
    await db.commit()


# --- a device's parts -----------------------------------------------------------------------------------


async def device_parts(db: AsyncSession, device: Device, with_categories: bool) -> dict[str, Any]:
    """The parts a device has (and every category with its parts, when asked)."""
    answer: dict[str, Any] = {"deviceId": device.id, "list": (await parts_of_devices(db, [device.id]))[device.id]}
    if with_categories:
        answer["cateList"] = await parts_by_category(db)
    return answer


async def devices_with_parts(db: AsyncSession, path: str, serial_number: str | None, page: PageIn) -> dict[str, Any]:
    """A page of the devices under ``path`` (serial number containing ``serial_number``) with their parts."""
    query: Select[*tuple[Any, ...]] = (select(Device.id, Device.serial_number, Device.name)
                                       .where(path_prefix(Device.owner_path, path)).order_by(Device.id))
    if serial_number:
        query = query.where(Device.serial_number.icontains(serial_number, autoescape=True))
    answer = await paginate(db, query, page, scalars=False,
                            row=lambda r: {"deviceId": r.id, "deviceSerialNumber": r.serial_number,
                                           "deviceCode": r.name})
    fitted = await parts_of_devices(db, [item["deviceId"] for item in answer["list"]])
    for item in answer["list"]:
        item["list"] = fitted[item["deviceId"]]
    return answer


async def parts_of_devices(db: AsyncSession, device_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The parts each device has, one per category."""
    parts: dict[int, list[dict[str, Any]]] = {i: [] for i in device_ids}
    if not device_ids:
        return parts
    rows = (await db.execute(
        select(DeviceHard, HardSupport, HardCategory)
        .join(HardSupport, HardSupport.id == DeviceHard.support_id)
        .join(HardCategory, HardCategory.id == DeviceHard.cate_id)
        .where(DeviceHard.device_id.in_(device_ids)).order_by(HardCategory.name)
    )).all()
    for fitted, part, category in rows:
        parts[fitted.device_id].append({**part_answer(part, category), "updateTime": fitted.updated_at})
    return parts


async def fit_parts(db: AsyncSession, caller: Caller, device: Device, parts: list[HardSupport], *,
                    source: str = MANUAL, batch_id: int | None = None) -> int:
    """Fit parts (one per category) to a device, recording each change. Answers how many changed."""
    fitted = {h.cate_id: h for h in await db.scalars(select(DeviceHard).where(DeviceHard.device_id == device.id))}
    categories = {c.id: c for c in await db.scalars(select(HardCategory).where(
        HardCategory.id.in_({p.cate_id for p in parts})))}
    now, changed = utcnow(), 0
    for part in parts:
        current = fitted.get(part.cate_id)
        if current is not None and current.support_id == part.id:
            continue
        old = await db.get(HardSupport, current.support_id) if current is not None else None
        if current is None:
            db.add(DeviceHard(device_id=device.id, cate_id=part.cate_id, support_id=part.id, updated_at=now))
        else:
            current.support_id, current.updated_at = part.id, now
        db.add(DeviceHardChange(device_id=device.id, cate_name=categories[part.cate_id].name,
                                old_part=part_label(old), new_part=part_label(part), source=source,
                                batch_id=batch_id, changed_by=caller.user_id, changed_by_account=caller.account,
                                changed_at=now))
        changed += 1
    await db.commit()
    return changed


async def change_part(db: AsyncSession, caller: Caller, device: Device, cate_id: int, part_id: int) -> int:
    """Put ``part_id`` in the device's place of category ``cate_id`` (the part must be of that category)."""
    part = await get_part(db, part_id, "hardSupportId")
    if part.cate_id != cate_id:
        raise bad_parameter("hardSupportId", texts.PART_OF_OTHER_CATEGORY)
    return await fit_parts(db, caller, device, [part])


async def remove_part(db: AsyncSession, caller: Caller, device: Device, cate_id: int) -> int:
    category = await get_category(db, cate_id)
    current = await db.scalar(select(DeviceHard).where(DeviceHard.device_id == device.id,
                                                       DeviceHard.cate_id == cate_id))
    if current is None:
        return 0
    old = await db.get(HardSupport, current.support_id)
    await db.execute(delete(DeviceHard).where(DeviceHard.id == current.id))
    db.add(DeviceHardChange(device_id=device.id, cate_name=category.name, old_part=part_label(old), new_part="",
                            source=MANUAL, changed_by=caller.user_id, changed_by_account=caller.account))
    await db.commit()
    return 1


def history_query(device_id: int) -> Select[*tuple[Any, ...]]:
    return (select(DeviceHardChange).where(DeviceHardChange.device_id == device_id)
            .order_by(DeviceHardChange.changed_at.desc(), DeviceHardChange.id.desc()))


def change_answer(change: DeviceHardChange) -> dict[str, Any]:
    return {"id": change.id, "deviceId": change.device_id, "cateName": change.cate_name, "oldPart": change.old_part,
            "newPart": change.new_part, "source": change.source, "batchId": change.batch_id,
            "userId": change.changed_by, "account": change.changed_by_account, "changeTime": change.changed_at}
