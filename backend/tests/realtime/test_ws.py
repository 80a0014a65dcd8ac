"""WebSocket /api/ws against a real server: own subtree only, resume with since, refusals and revocation."""

import asyncio
from collections.abc import AsyncIterator
from urllib.parse import quote

import orjson
import pytest
import uvicorn
import websockets

from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest
from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.gateway.helpers import (
    alarm,
    free_ports,
    heartbeat,
    robot_device,
    status,
    topic,
    unique_prefix,
    wait_until,
)


@pytest.fixture
async def server(app) -> AsyncIterator[str]:
    port = free_ports(1)
    served = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off", log_level="warning"))
    task = asyncio.create_task(served.serve())
    await wait_until(lambda: served.started, 10, "the server listens")
    yield f"ws://127.0.0.1:{port}/api/ws"
    served.should_exit = True
    await task


@pytest.fixture
async def branches(app, db, make_user, signed_in):
    """Two dealers, a robot each (plus one of a customer under the first), and an ingest to feed them."""
    first, first_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, _ = await make_user(3, parent=first)
    second, second_pw = await make_user(2, roles=[ROLE_DEALER])
    prefix = unique_prefix()
    robots = {"first": (await robot_device(db, first, f"{prefix}A")).serial_number,
              "customer": (await robot_device(db, customer, f"{prefix}C")).serial_number,
              "second": (await robot_device(db, second, f"{prefix}B")).serial_number}
    directory = Directory(app.state.db)
    await directory.load()
    return {"first": await signed_in(first, first_pw), "second": await signed_in(second, second_pw),
            "robots": robots, "ingest": Ingest(app.state.db, app.state.bus, directory)}


def url(base: str, api, **extra) -> str:
    query = f"token={api.token}&sign={quote(api.signer.sign(), safe='')}"
    return f"{base}?{query}" + "".join(f"&{k}={v}" for k, v in extra.items())


async def receive(ws, kind: str) -> dict:
    while True:
        message = orjson.loads(await asyncio.wait_for(ws.recv(), 10))
        if message["type"] == kind:
            return message


async def beat_all(ingest, robots) -> None:
    for sn in robots.values():
        await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn))
    await ingest.flush()


async def test_consoles_get_live_states_and_alarms_of_their_own_subtree_only(server, branches):
    robots, ingest = branches["robots"], branches["ingest"]
    async with websockets.connect(url(server, branches["first"])) as first, \
            websockets.connect(url(server, branches["second"])) as second:
        assert (await receive(first, "hello"))["userId"] > 0
        await receive(second, "hello")
        await beat_all(ingest, robots)
        seen_first = {d["deviceSerialNumber"] for d in (await receive(first, "devices"))["data"]}
        seen_second = {d["deviceSerialNumber"] for d in (await receive(second, "devices"))["data"]}
        assert seen_first == {robots["first"], robots["customer"]} and seen_second == {robots["second"]}
        sn = robots["customer"]
        await ingest.receive(topic(sn, "alarm"), alarm(sn, "raise", "W1", f"{sn}-w1"))
        await ingest.receive(topic(robots["second"], "status"), status(robots["second"], False))
        await ingest.flush()
        raised = (await receive(first, "alarms"))["data"]
        assert [(a["deviceSerialNumber"], a["action"], a["code"], a["state"]) for a in raised] == [
            (sn, "raise", "0x0610", "unresolved")]
        offline = (await receive(second, "devices"))["data"]
        assert offline == [{"deviceId": offline[0]["deviceId"], "deviceSerialNumber": robots["second"],
                            "online": 0}]
        await first.send('{"type": "ping"}')
        assert (await receive(first, "pong"))["type"] == "pong"


async def test_a_console_resumes_where_it_stopped(server, branches):
    robots, ingest, api = branches["robots"], branches["ingest"], branches["first"]
    async with websockets.connect(url(server, api)) as ws:
        hello = await receive(ws, "hello")
        await beat_all(ingest, robots)
        last = (await receive(ws, "devices"))["seq"]
    sn = robots["first"]
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn, battery=21))
    await ingest.flush()
    await ingest.receive(topic(robots["second"], "heartbeat"), heartbeat(robots["second"]))
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn, battery=22))
    await ingest.flush()
    async with websockets.connect(url(server, api, since=last, epoch=hello["epoch"])) as ws:
        await receive(ws, "hello")
        missed = [await receive(ws, "devices") for _ in range(2)]
        assert [m["seq"] > last for m in missed] == [True, True]
        assert [[(d["deviceSerialNumber"], d["battery"]) for d in m["data"]] for m in missed] == [
            [(sn, 21.0)], [(sn, 22.0)]]
    async with websockets.connect(url(server, api, since=last, epoch="an-earlier-start")) as ws:
        await receive(ws, "hello")
        assert (await receive(ws, "resync"))["type"] == "resync"


async def test_a_bad_signature_or_session_is_refused_and_logout_closes_the_socket(server, branches):
    api = branches["first"]
    async with websockets.connect(f"{server}?token={api.token}&sign=bogus") as ws:
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await receive(ws, "hello")
        assert closed.value.rcvd.code == 4002
    async with websockets.connect(f"{server}?token=nope&sign={quote(api.signer.sign(), safe='')}") as ws:
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await receive(ws, "hello")
        assert closed.value.rcvd.code == 4003
    async with websockets.connect(server) as ws:  # credentials in the first message instead
        await ws.send(orjson.dumps({"token": api.token, "sign": api.signer.sign()}).decode())
        await receive(ws, "hello")
        assert (await api.call("/logout", {})).code == 0
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await receive(ws, "devices")
        assert closed.value.rcvd.code == 4003
