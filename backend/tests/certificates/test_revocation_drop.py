"""A revoked robot's live connection drops within seconds and it cannot sign in again (issue 46 item 2), over the
embedded broker's TLS listener with the robot's own certificate (from its CSR at registration)."""

import asyncio
import contextlib
import itertools
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiomqtt
from cleanfleet_sim import certificate
from cleanfleet_sim.identity import RobotIdentity
from cleanfleet_sim.registration import registration_body

from cleanfleet.app import create_app
from cleanfleet.gateway.broker.tls import ca_file, client_context
from tests.gateway.helpers import free_ports, wait_until

_serials = itertools.count(1)


@contextlib.asynccontextmanager
async def tls_server(app: Any) -> AsyncIterator[tuple[Any, int]]:
    """A second app on the same database with the embedded broker listening with TLS."""
    plain = free_ports(2)
    settings = app.state.settings.model_copy(update={
        "mqtt_url": None, "mqtt_bind": f"127.0.0.1:{plain}", "mqtt_tls_bind": f"127.0.0.1:{plain + 1}",
        "heartbeat_batch_seconds": 0.2})
    server = create_app(settings)
    async with server.router.lifespan_context(server):
        yield server, plain + 1


async def _registered(api: Any, admin: Any, folder: Path) -> tuple[dict[str, Any], Path, Path]:
    """A robot registered as the simulator does it: its own key, a CSR in the registration body, the pair kept in
    its state folder (cleanfleet_sim/certificate.py, registration.py)."""
    sn = f"DROP{os.getpid()}N{next(_serials):04d}"
    type_name = f"T{sn}"
    assert (await admin.call("/device/insertDeviceType", {"typeName": type_name})).code == 0
    code = (await admin.call("/device/deviceGenerateAuthCode")).data
    made = certificate.make_key_and_csr(sn)
    identity = RobotIdentity(sn=sn, secret="", protocol=3, port=29999, model=type_name)
    body = registration_body(identity, code, {"firmware": "FW-3.4.0", "soft": "3.10.0", "pad": "P3.1.0"}, made.csr_pem)
    answer = await api.call("/robot/register", body, headers={"sign": None})
    assert answer.code == 0, answer.body
    cert_file, key_file = certificate.save(folder, sn, made.key_pem, answer.data["certificate"]["certificate"])
    return answer.data, cert_file, key_file


async def _signs_in(port: int, sn: str, context: Any, password: str | None = None) -> bool:
    try:
        async with aiomqtt.Client("127.0.0.1", port, identifier=sn, username=sn, password=password,
                                  tls_context=context, timeout=10):
            return True
    except aiomqtt.MqttError:
        return False


async def test_a_revoked_robot_is_dropped_and_cannot_sign_in_again(app, api, admin, tmp_path):
    robot, cert_file, key_file = await _registered(api, admin, tmp_path)
    sn = robot["deviceSerialNumber"]
    async with tls_server(app) as (server, port):
        context = client_context(ca_file(server.state.settings).read_text(), cert_file=cert_file, key_file=key_file)
        ended = asyncio.Event()

        async def stay_connected() -> None:
            try:
                async with aiomqtt.Client("127.0.0.1", port, identifier=sn, username=sn, tls_context=context,
                                          timeout=10, keepalive=60) as client:
                    await client.subscribe(f"cf/{sn}/down/#", qos=1)
                    connected.set()
                    async for _ in client.messages:
                        pass
            except aiomqtt.MqttError:
                pass
            finally:
                ended.set()

        connected = asyncio.Event()
        session = asyncio.create_task(stay_connected())
        try:
            await asyncio.wait_for(connected.wait(), 15)
            assert not ended.is_set()
            revoked = await admin.call("/device/certificate/revoke", {"deviceId": robot["deviceId"]})
            assert revoked.code == 0, revoked.body
            await wait_until(ended.is_set, 10, "the revoked robot's connection dropped")
            assert not await _signs_in(port, sn, context)  # its certificate is refused at sign-in
            no_certificate = client_context(ca_file(server.state.settings).read_text())
            assert not await _signs_in(port, sn, no_certificate, robot["deviceSecret"])  # nor its password
        finally:
            session.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await session
