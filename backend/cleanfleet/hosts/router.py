"""Transfer nodes (/wmDeviceHostInfo/*, page device/index/hostManage) and servers (/host/*, page file/host).

Both are hosts of one table told apart by their kind, so one set of handlers serves both: ``host_calls`` adds
the page, add, edit and delete calls of one kind to its router (under the spec's path names of that kind).
The transfer nodes have two reading calls more (the device form's picker, one node by id). ``device_ports`` is
the device form's call for a free FRP port on a node (under /device, the spec's path).
"""

from dataclasses import dataclass

from cleanfleet.core.auth import Caller, require, require_any
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.hosts import service
from cleanfleet.hosts.models import NODE, SERVER
from cleanfleet.hosts.schemas import FrpIn, FrpOut, HostId, HostIn, HostOut, HostPage, HostPageIn, HostUpdate

nodes = ApiRouter(prefix="/wmDeviceHostInfo", tags=["hosts"])
servers = ApiRouter(prefix="/host", tags=["hosts"])
device_ports = ApiRouter(prefix="/device", tags=["devices"])
NODE_PAGE = "device/index/hostManage"
SERVER_PAGE = "file/host"


@dataclass(frozen=True)
class HostKind:
    kind: str  # NODE or SERVER
    page: str  # the page's permission key
    short: str  # names the handlers (and so the OpenAPI operation ids): node_add, server_add, ...
    what: str  # "transfer node", "server": the calls' descriptions
    add_rules: str  # what /add checks, for its description
    page_path: str
    page_name: str  # the page call's handler name (node_page, server_list: the operation ids stay as they were)
    delete_path: str


def host_calls(router: ApiRouter, kind: HostKind) -> None:
    """The page, add, edit and delete calls of one kind of host."""

    @router.call(kind.page_path, answer=HostPage, name=kind.page_name,
                 description=f"{kind.what.capitalize()}s, paged, filtered by name and region.")
    async def page(body: HostPageIn, db: DbSession, caller: Caller = require(kind.page)) -> JsonResponse:
        return ok(await paginate(db, service.hosts_query(kind.kind, body.name, body.region), body,
                                 row=service.host_answer))

    @router.call("/add", answer=HostOut, name=f"{kind.short}_add",
                 description=f"Add a {kind.what} ({kind.add_rules}).")
    async def add(body: HostIn, db: DbSession, caller: Caller = require(f"{kind.page}/add")) -> JsonResponse:
        return ok(service.host_answer(await service.add_host(db, kind.kind, body)))

    @router.call("/edit", answer=HostOut, name=f"{kind.short}_edit",
                 description=f"Edit a {kind.what}: only the fields sent change.")
    async def edit(body: HostUpdate, db: DbSession, caller: Caller = require(f"{kind.page}/edit")) -> JsonResponse:
        return ok(service.host_answer(await service.edit_host(db, kind.kind, body.id, body)))

    @router.call(kind.delete_path, answer=HostId, name=f"{kind.short}_delete", description=f"Delete a {kind.what}.")
    async def delete(body: HostId, db: DbSession, caller: Caller = require(f"{kind.page}/delete")) -> JsonResponse:
        await service.delete_host(db, kind.kind, body.id)
        return ok({"id": body.id})


host_calls(nodes, HostKind(NODE, NODE_PAGE, "node", "transfer node", "name unique; ports 20000-30000; region 0-4",
                           page_path="/queryByPage", page_name="node_page", delete_path="/deleteById"))
host_calls(servers, HostKind(SERVER, SERVER_PAGE, "server", "server",
                             "name unique; region 0 domestic, 1 Singapore, 2 France, 3 EU",
                             page_path="/list", page_name="server_list", delete_path="/del"))


@nodes.call("/queryList", answer=list[HostOut])
async def node_list(_body: Empty, db: DbSession,
                    caller: Caller = require_any("device/index/add", "device/index/edit", NODE_PAGE)) -> JsonResponse:
    """Every transfer node (the FRP host picker of the device form)."""
    return ok([service.host_answer(h) for h in await db.scalars(service.hosts_query(NODE))])


@nodes.call("/queryById", answer=HostOut)
async def node_by_id(body: HostId, db: DbSession, caller: Caller = require(NODE_PAGE)) -> JsonResponse:
    """One transfer node."""
    return ok(service.host_answer(await service.get_host(db, NODE, body.id)))


@device_ports.call("/generateFrpPort", answer=FrpOut)
async def generate_frp_port(
    body: FrpIn, db: DbSession, caller: Caller = require_any("device/index/add", "device/index/hostManage"),
) -> JsonResponse:
    """A port in 20000-30000 on a transfer node that no device uses and that was never handed out before."""
    port = await service.grant_frp_port(db, body.frpHost, caller.user_id)
    return ok({"frpHost": body.frpHost, "frpPort": port})
