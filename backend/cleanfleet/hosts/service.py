"""Transfer nodes and servers, and handing out FRP ports on a node."""

import secrets
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.fields import PORT_MAX, PORT_MIN
from cleanfleet.core.validation import ONE_OF, REQUIRED
from cleanfleet.devices.models import Device
from cleanfleet.hosts import texts
from cleanfleet.hosts.models import NODE, REGIONS, SERVER, FrpPortGrant, Host
from cleanfleet.hosts.schemas import HostFields

COLUMNS = {"name": "name", "domain": "domain", "supportType": "support_type", "flag": "flag", "region": "region",
           "sshPort": "ssh_port", "webPort": "web_port", "frpPort": "frp_port", "remark": "remark"}
NUMBERS = {"sshPort", "webPort", "frpPort"}
GRANT_ATTEMPTS = 10
NOT_FOUND = {NODE: texts.NODE_NOT_FOUND, SERVER: texts.SERVER_NOT_FOUND}
NAME_TAKEN = {NODE: texts.NODE_NAME_TAKEN, SERVER: texts.SERVER_NAME_TAKEN}


def host_answer(host: Host) -> dict[str, Any]:
    return {"id": host.id, "name": host.name, "domain": host.domain, "supportType": host.support_type,
            "flag": host.flag, "region": host.region, "regionName": REGIONS[host.kind].get(host.region, ""),
            "sshPort": host.ssh_port, "webPort": host.web_port, "frpPort": host.frp_port, "remark": host.remark,
            "createTime": host.created_at}


async def get_host(db: AsyncSession, kind: str, host_id: int) -> Host:
    host = await db.get(Host, host_id)
    if host is None or host.kind != kind:
        raise ApiError(Code.NOT_FOUND, NOT_FOUND[kind], field="id", values={"id": host_id})
    return host


async def _check(db: AsyncSession, kind: str, changes: dict[str, Any], own_id: int | None = None) -> None:
    if "region" in changes and changes["region"] not in REGIONS[kind]:
        raise bad_parameter("region", ONE_OF, expected=", ".join(str(code) for code in REGIONS[kind]))
    for field in ("name", "domain"):
        if field in changes and changes[field] is None:
            raise bad_parameter(field, REQUIRED)
    if changes.get("name"):
        other = await db.scalar(select(Host.id).where(Host.kind == kind, Host.name == changes["name"]))
        if other is not None and other != own_id:
            raise ApiError(Code.ALREADY_EXISTS, NAME_TAKEN[kind], field="name", values={"name": changes["name"]})


def _apply(host: Host, changes: dict[str, Any]) -> None:
    for api_name, value in changes.items():
        setattr(host, COLUMNS[api_name], "" if value is None and api_name not in NUMBERS else value)


async def add_host(db: AsyncSession, kind: str, body: HostFields) -> Host:
    changes = body.model_dump(exclude_unset=True)
    changes.setdefault("region", 0)
    await _check(db, kind, changes)
    host = Host(kind=kind)
    _apply(host, changes)
    db.add(host)
    await db.commit()
    return host


async def edit_host(db: AsyncSession, kind: str, host_id: int, body: HostFields) -> Host:
    host = await get_host(db, kind, host_id)
    changes = body.model_dump(exclude_unset=True, exclude={"id"})
    await _check(db, kind, changes, host.id)
    _apply(host, changes)
    await db.commit()
    return host


async def delete_host(db: AsyncSession, kind: str, host_id: int) -> None:
    host = await get_host(db, kind, host_id)
    await db.delete(host)
    await db.commit()


def hosts_query(kind: str, name: str | None = None, region: int | None = None) -> Select[Any]:
    query = select(Host).where(Host.kind == kind).order_by(Host.id)
    if name:
        query = query.where(Host.name.icontains(name, autoescape=True))
    if region is not None:
        query = query.where(Host.region == region)
    return query


async def _ports_in_use(db: AsyncSession, frp_host: str) -> set[int]:
    granted = await db.scalars(select(FrpPortGrant.frp_port).where(FrpPortGrant.frp_host == frp_host))
    on_devices = await db.scalars(select(Device.frp_port).where(Device.frp_host == frp_host,
                                                                Device.frp_port.is_not(None)))
    return set(granted) | {p for p in on_devices if p is not None}


async def grant_frp_port(db: AsyncSession, frp_host: str, user_id: int) -> int:
    """A random free port of 20000-30000 on a registered transfer node, recorded so it is never handed
    out again. Two concurrent calls cannot get the same port: the (host, port) pair is unique and a
    collision draws again."""
    if await db.scalar(select(Host.id).where(Host.kind == NODE, Host.domain == frp_host).limit(1)) is None:
        raise bad_parameter("frpHost", texts.NOT_A_NODE, host=frp_host)
    for _ in range(GRANT_ATTEMPTS):
        used = await _ports_in_use(db, frp_host)
        free = [port for port in range(PORT_MIN, PORT_MAX + 1) if port not in used]
        if not free:
            raise ApiError(Code.CONFLICT, texts.NO_FREE_PORT, field="frpHost", values={"host": frp_host})
        port = secrets.choice(free)
        db.add(FrpPortGrant(frp_host=frp_host, frp_port=port, granted_by=user_id))
        try:
            await db.commit()
            return port
        except IntegrityError:
            await db.rollback()
    raise ApiError(Code.CONFLICT, texts.PORTS_BUSY, field="frpHost", values={"host": frp_host})


async def record_grant(db: AsyncSession, host: str, port: int, granted_by: int | None) -> None:
    """A device was given ``port`` on ``host`` (heard on DEVICE_PORT_ASSIGNED, core/bus.py): it counts as handed
    out, once."""
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    await db.execute(insert(FrpPortGrant).values(frp_host=host, frp_port=port, granted_by=granted_by)
                     .on_conflict_do_nothing(index_elements=["frp_host", "frp_port"]))
