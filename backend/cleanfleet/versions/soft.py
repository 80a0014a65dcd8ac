"""Software versions (page version/soft): the robot's navigation software (type 1, ``soft``) or its pad (type 2,
``pad``), each with a package, a device range and the history of its ranges.

Decisions where the spec is silent:
- Like firmware, a software version is a catalogue record: every holder of the page key sees the one list. Its
  device range is scoped: it names only robots of the branch that set it (``all`` means every robot of that
  branch), and only that branch (or one above it) may change the range, publish or cancel the publish; another
  branch is refused NO_PERMISSION. Lists of robots show only the caller's own.
- A range is ``all`` or ``white`` (the white list only), less the black list; internal test devices get the
  version even while it is unpublished (before anyone else). A robot is on at most one of the three lists.
- Version numbers compare by their numbers (``service.version_key``). A new version of a type lower than the
  newest of that type is refused unless it carries "allow downgrade"; the same flag lets the version reach robots
  that run a newer one: without it a robot named on a list that runs a newer version refuses the change (naming
  the robot), and one reached through ``all`` is left alone (counted as skipped).
- It reaches robots through the firmware's OTA machinery (versions/ota.py): publishing, or changing the range of
  a published version, sends the ``ota`` command (target ``soft`` or ``pad``) to every robot in range not running
  it yet and not already updating to it; each gets an update record whose state the robot reports; a robot that
  reports UPDATED runs it (its ``soft_version``/``pad_version``). Robots that leave the range, or every robot but
  the test devices when the publish is cancelled, have their open updates cancelled (asked to stop).
- A published version's type, number and package are fixed (cancel the publish first); it cannot be deleted.
"""

from typing import IO, Any

from sqlalchemy import ColumnElement, func, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.devices.access import get_device_by_serial, owned_under, visible
from cleanfleet.devices.models import Device
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Store
from cleanfleet.users.models import User
from cleanfleet.versions import ota, service, texts
from cleanfleet.versions.models import (
    CANCELLED,
    FAILED,
    OPEN,
    SCOPE_ALL,
    SCOPE_WHITE,
    SOFT_TYPES,
    UPDATED,
    DeviceUpdate,
    SoftRange,
    SoftVersion,
)
from cleanfleet.versions.schemas import RangeIn, SoftListIn

PACKAGE_KIND = "software"
HISTORY_LIMIT = 50
LISTS = ("whiteList", "blackList", "testDevices")


# --- the version -------------------------------------------------------------------------------------------


async def get_soft(db: AsyncSession, version_id: int, field: str = "versionId") -> SoftVersion:
    version = await db.get(SoftVersion, version_id)
    if version is None:
        raise ApiError(Code.NOT_FOUND, texts.SOFT_NOT_FOUND, field=field, values={"id": version_id})
    return version


def soft_type(type_id: int | None, type_name: str | None) -> tuple[int, str]:
    """The type from its id and/or name (both given: they must agree)."""
    name = (type_name or "").strip()
    if type_id is None and not name:
        raise ApiError(Code.BAD_PARAMETER, texts.SOFT_TYPE, field="typeId", values={"value": ""})
    if type_id is not None and type_id not in SOFT_TYPES:
        raise ApiError(Code.BAD_PARAMETER, texts.SOFT_TYPE, field="typeId", values={"value": type_id})
    by_name = next((i for i, n in SOFT_TYPES.items() if n == name), None)
    if name and by_name is None:
        raise ApiError(Code.BAD_PARAMETER, texts.SOFT_TYPE, field="typeName", values={"value": name[:16]})
    if type_id is not None and by_name is not None and by_name != type_id:
        raise ApiError(Code.BAD_PARAMETER, texts.SOFT_TYPE_MISMATCH, field="typeName",
                       values={"name": name, "id": type_id})
    chosen = type_id if type_id is not None else by_name
    assert chosen is not None
    return chosen, SOFT_TYPES[chosen]


async def _name_free(db: AsyncSession, name: str, version_id: int | None = None) -> None:
    query = select(SoftVersion.id).where(SoftVersion.name == name)
    if version_id is not None:
        query = query.where(SoftVersion.id != version_id)
    if await db.scalar(query.limit(1)) is not None:
        raise ApiError(Code.ALREADY_EXISTS, texts.SOFT_NAME_TAKEN, field="name", values={"name": name})


async def _no_going_back(db: AsyncSession, type_id: int, version: str, allow_downgrade: bool,
                         version_id: int | None = None) -> None:
    """A number lower than the newest of its type needs ``allowDowngrade``."""
    if allow_downgrade:
        return
    query = select(SoftVersion.version).where(SoftVersion.type_id == type_id)
    if version_id is not None:
        query = query.where(SoftVersion.id != version_id)
    numbers = list(await db.scalars(query))
    newest = max(numbers, key=service.version_key, default=None)
    if newest is not None and service.version_key(version) < service.version_key(newest):
        raise ApiError(Code.BAD_PARAMETER, texts.VERSION_GOES_BACK, field="version",
                       values={"version": version, "newest": newest})


async def create_soft(db: AsyncSession, store: Store, caller: Caller, *, name: str, type_id: int | None,
                      type_name: str | None, version: str, description: str, allow_downgrade: bool,
                      file: IO[bytes] | None, file_name: str, sha256: str | None) -> SoftVersion:
    """A new (unpublished) software version with its package; one commit."""
    kind_id, kind_name = soft_type(type_id, type_name)
    if file is None or not file_name:
        raise ApiError(Code.BAD_PARAMETER, texts.FILE_REQUIRED, field="file")
    await _name_free(db, name)
    await _no_going_back(db, kind_id, version, allow_downgrade)
    stored, size, digest = await service.store_package(db, store, file, file_name, sha256, kind=PACKAGE_KIND)
    now = utcnow()
    soft = SoftVersion(name=name, type_id=kind_id, type_name=kind_name, version=version, description=description,
                       allow_downgrade=allow_downgrade, file_id=stored.id, file_name=file_name[:128], size=size,
                       sha256=digest, published=False, range_scope=SCOPE_WHITE, white_list=[], black_list=[],
                       test_devices=[], user_id=caller.user_id, created_at=now, updated_at=now)
    db.add(soft)
    await db.commit()
    return soft


async def edit_soft(db: AsyncSession, store: Store, *, version_id: int, name: str | None, type_id: int | None,
                    type_name: str | None, version: str | None, description: str | None,
                    allow_downgrade: bool | None, file: IO[bytes] | None, file_name: str,
                    sha256: str | None) -> SoftVersion:
    """Only the fields sent change; a published version keeps its type, number and package."""
    soft = await get_soft(db, version_id)
    new_type = soft_type(type_id, type_name) if type_id is not None or type_name else (soft.type_id, soft.type_name)
    fixed = [f for f, changed in (("typeId", new_type[0] != soft.type_id),
                                  ("version", version is not None and version != soft.version),
                                  ("file", file is not None)) if changed]
    if soft.published and fixed:
        raise ApiError(Code.CONFLICT, texts.PUBLISHED_FIXED, field=fixed[0], values={"name": soft.name})
    if name is not None and name != soft.name:
        await _name_free(db, name, soft.id)
        soft.name = name
    if allow_downgrade is not None:
        soft.allow_downgrade = allow_downgrade
    if version is not None or new_type[0] != soft.type_id:
        await _no_going_back(db, new_type[0], version or soft.version, soft.allow_downgrade, soft.id)
        soft.type_id, soft.type_name = new_type
        soft.version = version or soft.version
    if description is not None:
        soft.description = description
    old_keys: list[str] = []
    if file is not None:
        stored, size, digest = await service.store_package(db, store, file, file_name, sha256, kind=PACKAGE_KIND)
        old = await storage.get(db, soft.file_id)
        soft.file_id, soft.file_name, soft.size, soft.sha256 = stored.id, file_name[:128], size, digest
        await db.flush()
        old_keys = await storage.forget(db, [old]) if old is not None else []
    soft.updated_at = utcnow()
    await db.commit()
    await storage.delete_bytes(store, old_keys)
    return soft


async def delete_soft(db: AsyncSession, store: Store, caller: Caller, version_id: int) -> None:
    """Refused while published or while robots update to it; its records and range history go with it."""
    soft = await get_soft(db, version_id)
    _check_range_owner(caller, soft)
    if soft.published:
        raise ApiError(Code.CONFLICT, texts.PUBLISHED_NO_DELETE, field="versionId", values={"name": soft.name})
    busy = await db.scalar(select(func.count(DeviceUpdate.id)).where(DeviceUpdate.soft_version_id == soft.id,
                                                                     DeviceUpdate.state.in_(OPEN))) or 0
    if busy:
        raise ApiError(Code.CONFLICT, texts.SOFT_IN_USE, field="versionId", values={"name": soft.name, "count": busy})
    for model in (DeviceUpdate, SoftRange):
        column = DeviceUpdate.soft_version_id if model is DeviceUpdate else SoftRange.version_id
        for row in await db.scalars(select(model).where(column == soft.id)):
            await db.delete(row)
    await db.flush()
    file = await storage.get(db, soft.file_id)
    await db.delete(soft)
    await db.flush()
    keys = await storage.forget(db, [file]) if file is not None else []
    await db.commit()
    await storage.delete_bytes(store, keys)


# --- answers -----------------------------------------------------------------------------------------------


def _counts() -> tuple[Any, Any, Any]:
    def count(*states: str) -> Any:
        return (select(func.count(DeviceUpdate.id)).where(DeviceUpdate.soft_version_id == SoftVersion.id,
                                                          DeviceUpdate.state.in_(states))
                .correlate(SoftVersion).scalar_subquery())

    return count(*OPEN), count(UPDATED), count(FAILED)


def _range_mine(caller: Caller, soft: SoftVersion) -> bool:
    return soft.range_owner_path is None or caller.owns_path(soft.range_owner_path)


def soft_answer(caller: Caller, soft: SoftVersion, user_name: str, updating: int = 0, updated: int = 0,
                failed: int = 0) -> dict[str, Any]:
    return {"id": soft.id, "versionId": soft.id, "name": soft.name, "typeId": soft.type_id,
            "typeName": soft.type_name, "version": soft.version, "description": soft.description,
            "allowDowngrade": soft.allow_downgrade, "published": soft.published,
            "publishTime": service.iso(soft.published_at), "fileName": soft.file_name, "size": soft.size,
            "sha256": soft.sha256,
            "range": {"scope": soft.range_scope, "whiteCount": len(soft.white_list or []),
                      "blackCount": len(soft.black_list or []), "testCount": len(soft.test_devices or []),
                      "mine": _range_mine(caller, soft), "set": soft.range_owner_path is not None},
            "updating": updating, "updated": updated, "failed": failed, "userName": user_name,
            "createTime": service.iso(soft.created_at), "updateTime": service.iso(soft.updated_at)}


def _list_query() -> Any:
    return (select(SoftVersion, User.name, *_counts()).join(User, User.id == SoftVersion.user_id)
            .order_by(SoftVersion.created_at.desc(), SoftVersion.id.desc()))


def list_query(body: SoftListIn) -> Any:
    query = _list_query()
    if body.name:
        pattern = f"%{body.name.lower()}%"
        query = query.where(or_(func.lower(SoftVersion.name).like(pattern),
                                func.lower(SoftVersion.version).like(pattern)))
    if body.typeId is not None or body.typeName:
        query = query.where(SoftVersion.type_id == soft_type(body.typeId, body.typeName)[0])
    if body.published is not None:
        query = query.where(SoftVersion.published.is_(body.published))
    return query


def list_row(caller: Caller) -> Any:
    return lambda row: soft_answer(caller, *row)


async def soft_out(db: AsyncSession, caller: Caller, version_id: int) -> dict[str, Any]:
    row = (await db.execute(_list_query().where(SoftVersion.id == version_id))).one()
    return soft_answer(caller, *row)


# --- the device range --------------------------------------------------------------------------------------


def _check_range_owner(caller: Caller, soft: SoftVersion) -> None:
    if not _range_mine(caller, soft):
        raise ApiError(Code.NO_PERMISSION, texts.RANGE_OF_OTHER_BRANCH, field="versionId", values={"name": soft.name})


async def _devices_of(db: AsyncSession, caller: Caller, serials: list[str], field: str) -> list[Device]:
    """The caller's robots by serial number; the first one missing or of another branch is refused by name."""
    wanted = list(dict.fromkeys(serials))
    found: dict[str, Device] = {}
    for start in range(0, len(wanted), 500):
        chunk = wanted[start:start + 500]
        found.update((d.serial_number, d) for d in await db.scalars(
            select(Device).where(Device.serial_number.in_(chunk), visible(caller))))
    for serial in wanted:
        if serial not in found:
            await get_device_by_serial(db, caller, serial, field=field)  # raises NOT_FOUND naming it
    return [found[s] for s in wanted]


async def resolve_range(db: AsyncSession, caller: Caller, body: RangeIn) -> dict[str, Any]:
    """A range as device ids, every robot the caller's, none on two lists, a white list not empty."""
    lists: dict[str, list[Device]] = {}
    seen: dict[int, str] = {}
    for field in LISTS:
        lists[field] = await _devices_of(db, caller, getattr(body, field), field)
        for device in lists[field]:
            if device.id in seen:
                raise ApiError(Code.BAD_PARAMETER, texts.DEVICE_IN_TWO_LISTS, field=field,
                               values={"serial": device.serial_number})
            seen[device.id] = field
    if body.scope == SCOPE_WHITE and not lists["whiteList"]:
        raise ApiError(Code.BAD_PARAMETER, texts.WHITE_LIST_EMPTY, field="whiteList")
    return {"scope": body.scope, "white_list": [d.id for d in lists["whiteList"]],
            "black_list": [d.id for d in lists["blackList"]], "test_devices": [d.id for d in lists["testDevices"]]}


def set_range(db: AsyncSession, caller: Caller, soft: SoftVersion, values: dict[str, Any]) -> None:
    """Gives the version this range (the caller's branch owns it) and adds it to the history; not committed."""
    now = utcnow()
    soft.range_scope = values["scope"]
    soft.white_list, soft.black_list, soft.test_devices = (values["white_list"], values["black_list"],
                                                           values["test_devices"])
    soft.range_owner_path = caller.acting_path
    soft.updated_at = now
    db.add(SoftRange(version_id=soft.id, scope=values["scope"], white_list=values["white_list"],
                     black_list=values["black_list"], test_devices=values["test_devices"],
                     owner_path=caller.acting_path, user_id=caller.user_id, created_at=now))


def reaches(soft: SoftVersion, device: Device) -> bool:
    """Whether the version is for this robot now: in the range owner's branch, not black-listed, and a test
    device or (published) in the range."""
    owner = soft.range_owner_path
    if owner is None or not device.owner_path.startswith(owner) or device.id in (soft.black_list or []):
        return False
    if device.id in (soft.test_devices or []):
        return True
    return soft.published and (soft.range_scope == SCOPE_ALL or device.id in (soft.white_list or []))


def listed(soft: SoftVersion, device_id: int) -> str:
    for name, ids in (("white", soft.white_list), ("black", soft.black_list), ("test", soft.test_devices)):
        if device_id in (ids or []):
            return name
    return ""


async def _targets(db: AsyncSession, soft: SoftVersion) -> list[Device]:
    """Every robot the version reaches now."""
    if soft.range_owner_path is None:
        return []
    query = select(Device).where(owned_under(soft.range_owner_path))
    if not (soft.published and soft.range_scope == SCOPE_ALL):
        named = list({*(soft.white_list or []), *(soft.test_devices or [])})
        devices: list[Device] = []
        for start in range(0, len(named), 500):
            devices.extend(await db.scalars(query.where(Device.id.in_(named[start:start + 500]))))
        return [d for d in devices if reaches(soft, d)]
    return [d for d in await db.scalars(query) if reaches(soft, d)]


async def _open_updates(db: AsyncSession, soft: SoftVersion) -> list[Any]:
    return list((await db.execute(select(DeviceUpdate.device_id, DeviceUpdate.cmd_id, Device.serial_number)
                                  .join(Device, Device.id == DeviceUpdate.device_id)
                                  .where(DeviceUpdate.soft_version_id == soft.id,
                                         DeviceUpdate.state.in_(OPEN)))).all())


async def reconcile(db: AsyncSession, commands: CommandSender | None, soft: SoftVersion) -> dict[str, int]:
    """Sends the version to every robot it reaches that does not run it and is not updating to it yet, and
    cancels the open updates of robots it no longer reaches (asked to stop after the commit). Commits."""
    targets = await _targets(db, soft)
    opened = await _open_updates(db, soft)
    updating = {row[0] for row in opened}
    wanted = {d.id for d in targets}
    counts = {"sent": 0, "upToDate": 0, "skipped": 0}
    sending: list[Device] = []
    for device in targets:
        current = ota.running(device, soft)
        if device.id in updating or (current and service.version_key(current) == service.version_key(soft.version)):
            counts["upToDate"] += 1
        elif not soft.allow_downgrade and service.is_downgrade(current, soft.version):
            if listed(soft, device.id):
                raise ApiError(Code.BAD_PARAMETER, texts.DOWNGRADE, field="allowDowngrade",
                               values={"serial": device.serial_number, "current": current,
                                       "version": soft.version})
            counts["skipped"] += 1
        else:
            sending.append(device)
    leaving = [(cmd_id, serial) for device_id, cmd_id, serial in opened if device_id not in wanted]
    await _cancel(db, [cmd_id for cmd_id, _ in leaving])
    if sending:
        sender = ota.link(commands)
        await service.supersede(db, [d.id for d in sending])
        rows = [ota.new_update(d, soft) for d in sending]
        await db.execute(insert(DeviceUpdate), rows)
        counts["sent"] = await ota.dispatch(db, sender, soft, [(d.serial_number, r["cmd_id"], r["token"])
                                                               for d, r in zip(sending, rows, strict=True)])
    await db.commit()
    await ota.cancel_on_robots(commands, leaving)
    return counts


async def _cancel(db: AsyncSession, cmd_ids: list[str]) -> None:
    for start in range(0, len(cmd_ids), 500):
        await db.execute(update(DeviceUpdate).where(DeviceUpdate.cmd_id.in_(cmd_ids[start:start + 500]),
                                                    DeviceUpdate.state.in_(OPEN))
                         .values(state=CANCELLED, reason="no longer in the version's range", updated_at=utcnow()))


async def publish(db: AsyncSession, commands: CommandSender | None, caller: Caller, version_id: int,
                  body: RangeIn | None) -> dict[str, int]:
    """Publishes the version (to ``body`` when given, else to its current range) and sends it to the robots."""
    soft = await get_soft(db, version_id)
    _check_range_owner(caller, soft)
    if soft.published:
        raise ApiError(Code.CONFLICT, texts.ALREADY_PUBLISHED, field="versionId", values={"name": soft.name})
    if body is not None:
        set_range(db, caller, soft, await resolve_range(db, caller, body))
    elif soft.range_owner_path is None:
        raise ApiError(Code.BAD_PARAMETER, texts.WHITE_LIST_EMPTY, field="whiteList")
    soft.published, soft.published_at, soft.updated_at = True, utcnow(), utcnow()
    return await reconcile(db, commands, soft)


async def unpublish(db: AsyncSession, commands: CommandSender | None, caller: Caller, version_id: int) -> None:
    """Cancels the publish: robots other than the test devices stop getting it (open updates cancelled)."""
    soft = await get_soft(db, version_id)
    _check_range_owner(caller, soft)
    if not soft.published:
        raise ApiError(Code.CONFLICT, texts.NOT_PUBLISHED, field="versionId", values={"name": soft.name})
    soft.published, soft.published_at, soft.updated_at = False, None, utcnow()
    await reconcile(db, commands, soft)


async def change_range(db: AsyncSession, commands: CommandSender | None, caller: Caller, version_id: int,
                       body: RangeIn) -> dict[str, int]:
    soft = await get_soft(db, version_id)
    _check_range_owner(caller, soft)
    set_range(db, caller, soft, await resolve_range(db, caller, body))
    return await reconcile(db, commands, soft)


async def apply_history(db: AsyncSession, commands: CommandSender | None, caller: Caller, version_id: int,
                        history_id: int) -> dict[str, int]:
    """Gives the version a range of its history again (its robots that are still the caller's)."""
    soft = await get_soft(db, version_id)
    _check_range_owner(caller, soft)
    old = await db.get(SoftRange, history_id)
    if old is None or old.version_id != soft.id or not caller.owns_path(old.owner_path):
        raise ApiError(Code.NOT_FOUND, texts.RANGE_NOT_FOUND, field="historyId", values={"id": history_id})
    ids = list({*old.white_list, *old.black_list, *old.test_devices})
    mine = set(await db.scalars(select(Device.id).where(Device.id.in_(ids), visible(caller)))) if ids else set()
    values = {"scope": old.scope, **{name: [i for i in getattr(old, name) if i in mine]
                                     for name in ("white_list", "black_list", "test_devices")}}
    if values["scope"] == SCOPE_WHITE and not values["white_list"]:
        raise ApiError(Code.BAD_PARAMETER, texts.WHITE_LIST_EMPTY, field="historyId")
    set_range(db, caller, soft, values)
    return await reconcile(db, commands, soft)


async def _named(db: AsyncSession, caller: Caller, ids: list[int]) -> dict[int, dict[str, Any]]:
    found: dict[int, dict[str, Any]] = {}
    for start in range(0, len(ids), 500):
        rows = await db.execute(select(Device.id, Device.serial_number, Device.name)
                                .where(Device.id.in_(ids[start:start + 500]), visible(caller)))
        found.update((i, {"deviceId": i, "deviceSerialNumber": sn, "deviceName": name}) for i, sn, name in rows)
    return found


async def _lists_out(db: AsyncSession, caller: Caller, white: list[int], black: list[int],
                     test: list[int]) -> dict[str, list[dict[str, Any]]]:
    """The three lists as the caller's robots (another branch's are left out)."""
    named = await _named(db, caller, list({*white, *black, *test}))
    return {field: [named[i] for i in ids if i in named]
            for field, ids in (("whiteList", white), ("blackList", black), ("testDevices", test))}


async def range_out(db: AsyncSession, caller: Caller, soft: SoftVersion) -> dict[str, Any]:
    lists = await _lists_out(db, caller, soft.white_list or [], soft.black_list or [], soft.test_devices or [])
    return {"scope": soft.range_scope, **lists, "mine": _range_mine(caller, soft),
            "set": soft.range_owner_path is not None}


def device_range_query(caller: Caller, soft: SoftVersion, keyword: str | None, only_in_range: bool) -> Any:
    """The caller's robots with their latest update to this version."""
    latest = (select(func.max(DeviceUpdate.id).label("id"), DeviceUpdate.device_id)
              .where(DeviceUpdate.soft_version_id == soft.id).group_by(DeviceUpdate.device_id).subquery())
    query = (select(Device, DeviceUpdate).outerjoin(latest, latest.c.device_id == Device.id)
             .outerjoin(DeviceUpdate, DeviceUpdate.id == latest.c.id).where(visible(caller)))
    if keyword:
        query = query.where(Device.search_text.like(f"%{keyword.lower()}%"))
    if only_in_range:
        named = list({*(soft.white_list or []), *(soft.black_list or []), *(soft.test_devices or [])})
        in_range: list[ColumnElement[bool]] = [Device.id.in_(named)] if named else []
        if soft.range_scope == SCOPE_ALL and soft.range_owner_path is not None:
            in_range.append(owned_under(soft.range_owner_path))
        query = query.where(or_(*in_range)) if in_range else query.where(Device.id.is_(None))
    return query.order_by(Device.serial_number)


def device_range_row(soft: SoftVersion) -> Any:
    def row(found: Any) -> dict[str, Any]:
        device, last = found
        return {"deviceId": device.id, "deviceSerialNumber": device.serial_number, "deviceName": device.name,
                "currentVersion": ota.running(device, soft), "listed": listed(soft, device.id),
                "inRange": reaches(soft, device), "updateState": last.state if last is not None else "",
                "progress": last.progress if last is not None else 0,
                "reason": last.reason if last is not None else ""}

    return row


async def history(db: AsyncSession, caller: Caller, version_id: int) -> list[dict[str, Any]]:
    """The ranges the version was given (those set in the caller's branch), newest first."""
    soft = await get_soft(db, version_id)
    rows = (await db.execute(select(SoftRange, User.name).join(User, User.id == SoftRange.user_id)
                             .where(SoftRange.version_id == soft.id)
                             .order_by(SoftRange.id.desc()).limit(HISTORY_LIMIT))).all()
    newest = rows[0][0].id if rows else None
    answers = []
    for entry, user_name in rows:
        if not caller.owns_path(entry.owner_path):
            continue
        lists = await _lists_out(db, caller, entry.white_list, entry.black_list, entry.test_devices)
        answers.append({"historyId": entry.id, "scope": entry.scope, **lists, "userName": user_name,
                        "createTime": service.iso(entry.created_at), "current": entry.id == newest})
    return answers


async def for_device(db: AsyncSession, caller: Caller, type_name: str, serial: str) -> dict[str, Any]:
    """What version of this type the caller's robot should run: the newest that reaches it (a downgrade only
    when the version allows it)."""
    _, kind = soft_type(None, type_name)
    device = await get_device_by_serial(db, caller, serial)
    current = str(getattr(device, ota.RUNS[kind]) or "")
    best: SoftVersion | None = None
    for soft in await db.scalars(select(SoftVersion).where(SoftVersion.type_name == kind)):
        if not reaches(soft, device):
            continue
        if not soft.allow_downgrade and service.is_downgrade(current, soft.version):
            continue
        if best is None or service.version_key(soft.version) > service.version_key(best.version):
            best = soft
    last = (await db.execute(service.updates_query().where(DeviceUpdate.device_id == device.id,
                                                           SoftVersion.type_name == kind)
                             .order_by(DeviceUpdate.id.desc()).limit(1))).first()
    up_to_date = best is None or (bool(current) and service.version_key(best.version) == service.version_key(current))
    return {"deviceSerialNumber": device.serial_number, "typeName": kind, "currentVersion": current,
            "version": await soft_out(db, caller, best.id) if best is not None else None, "upToDate": up_to_date,
            "asTestDevice": best is not None and device.id in (best.test_devices or []),
            "lastUpdate": service.update_answer(last) if last is not None else None}
