"""Transfer nodes and servers, and FRP ports handed out on a node: 20000-30000, never the same twice."""

import asyncio

from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.core.fields import PORT_MAX, PORT_MIN
from cleanfleet.hosts.models import FrpPortGrant, Host
from tests.devices.conftest import serial


async def _node(admin, **fields):
    domain = fields.pop("domain", f"{serial('n').lower()}.frp.example")
    answer = await admin.call("/wmDeviceHostInfo/add", {"name": serial("Node"), "domain": domain, "region": 0,
                                                        "sshPort": 20022, "webPort": 20080, "frpPort": 27000,
                                                        "supportType": "frp", "flag": "main", **fields})
    assert answer.code == 0, answer.body
    return answer.data


async def test_transfer_nodes_and_servers(admin, db):
    node = await _node(admin, region=4)
    assert (node["regionName"], node["frpPort"], node["supportType"]) == ("Australia", 27000, "frp")
    bad_region = await admin.call("/wmDeviceHostInfo/add", {"name": serial("Node"), "domain": "a.example",
                                                            "region": 5})
    assert (bad_region.code, bad_region.field) == (Code.BAD_PARAMETER, "region")
    for port_field in ("sshPort", "webPort", "frpPort"):
        answer = await admin.call("/wmDeviceHostInfo/add", {"name": serial("Node"), "domain": "a.example",
                                                            port_field: 30001})
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, port_field)
    twin = await admin.call("/wmDeviceHostInfo/add", {"name": node["name"], "domain": "b.example"})
    assert (twin.code, twin.field) == (Code.ALREADY_EXISTS, "name") and node["name"] in twin.message
    for short_field in ("flag", "supportType"):  # their columns hold 32 characters: refused, never a 500
        too_long = await admin.call("/wmDeviceHostInfo/add", {"name": serial("Node"), "domain": "c.example",
                                                               short_field: "x" * 33})
        assert (too_long.code, too_long.field) == (Code.BAD_PARAMETER, short_field)
    no_domain = await admin.call("/wmDeviceHostInfo/add", {"name": serial("Node")})
    assert (no_domain.code, no_domain.field) == (Code.BAD_PARAMETER, "domain")
    edited = await admin.call("/wmDeviceHostInfo/edit", {"id": node["id"], "region": 1, "flag": ""})
    assert edited.code == 0 and edited.data["regionName"] == "Russia" and edited.data["flag"] == ""
    page = await admin.call("/wmDeviceHostInfo/queryByPage", {"name": node["name"]})
    assert page.data["total"] == 1
    assert (await admin.call("/wmDeviceHostInfo/queryById", {"id": node["id"]})).data["name"] == node["name"]
    assert any(n["id"] == node["id"] for n in (await admin.call("/wmDeviceHostInfo/queryList")).data)

    server = await admin.call("/host/add", {"name": serial("Srv"), "domain": "eu.cloud.example", "region": 3})
    assert server.code == 0 and server.data["regionName"] == "EU"
    bad_region = await admin.call("/host/add", {"name": serial("Srv"), "domain": "x.example", "region": 4})
    assert (bad_region.code, bad_region.field) == (Code.BAD_PARAMETER, "region")
    not_a_server = await admin.call("/host/edit", {"id": node["id"], "name": "not a server"})
    assert (not_a_server.code, not_a_server.field) == (Code.NOT_FOUND, "id")
    assert (await admin.call("/host/list", {})).data["total"] >= 1
    assert (await admin.call("/host/del", {"id": server.data["id"]})).code == 0
    assert (await admin.call("/wmDeviceHostInfo/deleteById", {"id": node["id"]})).code == 0
    assert await db.get(Host, node["id"]) is None


async def test_frp_ports_are_free_and_never_handed_out_twice(admin, new_device, db):
    node = await _node(admin)
    host = node["domain"]
    taken = await new_device(frpHost=host, frpPort=20500)
    ports = set()
    for _ in range(5):
        answer = await admin.call("/device/generateFrpPort", {"frpHost": host})
        assert answer.code == 0 and answer.data["frpHost"] == host
        ports.add(answer.data["frpPort"])
    assert len(ports) == 5 and all(PORT_MIN <= p <= PORT_MAX for p in ports) and taken["frpPort"] not in ports
    unknown = await admin.call("/device/generateFrpPort", {"frpHost": "nowhere.example"})
    assert (unknown.code, unknown.field) == (Code.BAD_PARAMETER, "frpHost") and "nowhere.example" in unknown.message


async def test_concurrent_requests_get_different_ports(admin, db):
    host = (await _node(admin))["domain"]
    answers = await asyncio.gather(*(admin.call("/device/generateFrpPort", {"frpHost": host}) for _ in range(12)))
    assert all(a.code == 0 for a in answers), [a.body for a in answers if a.code]
    ports = [a.data["frpPort"] for a in answers]
    assert len(set(ports)) == 12
    stored = set(await db.scalars(select(FrpPortGrant.frp_port).where(FrpPortGrant.frp_host == host)))
    assert stored == set(ports)


async def test_a_full_node_is_refused(admin, db):
    host = (await _node(admin))["domain"]
    db.add_all(FrpPortGrant(frp_host=host, frp_port=port) for port in range(PORT_MIN, PORT_MAX + 1))
    await db.commit()
    answer = await admin.call("/device/generateFrpPort", {"frpHost": host})
    assert (answer.code, answer.field) == (Code.CONFLICT, "frpHost") and host in answer.message


async def test_a_port_on_a_node_belongs_to_one_device(admin, new_device, db):
    first = await new_device(frpHost="edge.frp.example", frpPort=21000)
    twin = await admin.call("/device/insertDevice", {"deviceSerialNumber": serial(), "deviceCode": "Twin",
                                                     "deviceType": first["deviceType"], "frpHost": "edge.frp.example",
                                                     "frpPort": 21000})
    assert (twin.code, twin.field) == (Code.ALREADY_EXISTS, "frpPort")
    other_node = await new_device(frpHost="other.frp.example", frpPort=21000)  # the same port on another node
    moved = await admin.call("/device/updateDeviceInfo", {"deviceId": other_node["deviceId"],
                                                          "frpHost": "edge.frp.example"})
    assert moved.code == Code.ALREADY_EXISTS
    db.expire_all()
    from cleanfleet.devices.models import Device

    assert (await db.get(Device, other_node["deviceId"])).frp_host == "other.frp.example"
