"""Transfer nodes (/wmDeviceHostInfo/*, page device/index/hostManage) and servers (/host/*, page file/host)."""


from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.devices.access import require_any
from cleanfleet.hosts import service
from cleanfleet.hosts.models import NODE, SERVER
from cleanfleet.hosts.schemas import HostId, HostIn, HostOut, HostPage, HostPageIn, HostUpdate

nodes = ApiRouter(prefix="/wmDeviceHostInfo", tags=["hosts"])
servers = ApiRouter(prefix="/host", tags=["hosts"])
NODE_PAGE = "device/index/hostManage"
SERVER_PAGE = "file/host"


@nodes.call("/queryByPage", answer=HostPage)
async def node_page(body: HostPageIn, db: DbSession, caller: Caller = require(NODE_PAGE)) -> JsonResponse:
    """Transfer nodes, paged, filtered by name and region."""
    query = service.hosts_query(NODE, body.name, body.region)
    return ok(await paginate(db, query, body, row=service.host_answer), language=caller.language)


@nodes.call("/queryList", answer=list[HostOut])
async def node_list(_body: Empty, db: DbSession,
                    caller: Caller = require_any("device/index/add", "device/index/edit", NODE_PAGE)) -> JsonResponse:
    """Every transfer node (the FRP host picker of the device form)."""
    rows = await db.scalars(service.hosts_query(NODE))
    return ok([service.host_answer(h) for h in rows], language=caller.language)


@nodes.call("/queryById", answer=HostOut)
async def node_by_id(body: HostId, db: DbSession, caller: Caller = require(NODE_PAGE)) -> JsonResponse:
    """One transfer node."""
    return ok(service.host_answer(await service.get_host(db, NODE, body.id)), language=caller.language)


@nodes.call("/add", answer=HostOut)
async def node_add(body: HostIn, db: DbSession, caller: Caller = require(f"{NODE_PAGE}/add")) -> JsonResponse:
    """Add a transfer node (name unique; ports 20000-30000; region 0-4)."""
    return ok(service.host_answer(await service.add_host(db, NODE, body)), language=caller.language)


@nodes.call("/edit", answer=HostOut)
async def node_edit(body: HostUpdate, db: DbSession, caller: Caller = require(f"{NODE_PAGE}/edit")) -> JsonResponse:
    """Edit a transfer node: only the fields sent change."""
    return ok(service.host_answer(await service.edit_host(db, NODE, body.id, body)), language=caller.language)


@nodes.call("/deleteById", answer=HostId)
async def node_delete(body: HostId, db: DbSession, caller: Caller = require(f"{NODE_PAGE}/delete")) -> JsonResponse:
    """Delete a transfer node."""
    await service.delete_host(db, NODE, body.id)
    return ok({"id": body.id}, language=caller.language)


@servers.call("/list", answer=HostPage)
async def server_list(body: HostPageIn, db: DbSession, caller: Caller = require(SERVER_PAGE)) -> JsonResponse:
    """Servers, paged, filtered by name and region."""
    query = service.hosts_query(SERVER, body.name, body.region)
    return ok(await paginate(db, query, body, row=service.host_answer), language=caller.language)


@servers.call("/add", answer=HostOut)
async def server_add(body: HostIn, db: DbSession, caller: Caller = require(f"{SERVER_PAGE}/add")) -> JsonResponse:
    """Add a server (name unique; region 0 domestic, 1 Singapore, 2 France, 3 EU)."""
    return ok(service.host_answer(await service.add_host(db, SERVER, body)), language=caller.language)


@servers.call("/edit", answer=HostOut)
async def server_edit(body: HostUpdate, db: DbSession, caller: Caller = require(f"{SERVER_PAGE}/edit")) -> JsonResponse:
    """Edit a server: only the fields sent change."""
    return ok(service.host_answer(await service.edit_host(db, SERVER, body.id, body)), language=caller.language)


@servers.call("/del", answer=HostId)
async def server_delete(body: HostId, db: DbSession, caller: Caller = require(f"{SERVER_PAGE}/delete")) -> JsonResponse:
    """Delete a server."""
    await service.delete_host(db, SERVER, body.id)
    return ok({"id": body.id}, language=caller.language)


