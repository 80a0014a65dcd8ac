"""The embedded broker's TLS listener (issue 46 item 3) and the per-tenant password switch, through the server.

Over TLS, verified against the product CA: a robot with its own client certificate signs in without a password; a
certificate naming another robot is refused; a robot without one signs in by password only while its tenant allows
password robots (switched off at the tenant or above: refused, there and at EMQX's /api/broker/authenticate); a
stalled handshake holds nobody else up; plain TCP to the TLS port gets nothing. How each robot signed in is
recorded for the device list.
"""

import asyncio
import contextlib
import ssl
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiomqtt
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from sqlalchemy import select, update

from cleanfleet.app import create_app
from cleanfleet.certificates.ca import load_ca
from cleanfleet.devices.models import DeviceState
from cleanfleet.gateway.broker.tls import ca_file, client_context
from cleanfleet.passwordrobots.service import CERTIFICATE, PASSWORD
from cleanfleet.users.models import User
from tests.conftest import new_client
from tests.gateway.helpers import free_ports, robot_device, unique_prefix, wait_until

SECRET = "tls-test-secret"
BROKER_SECRET = "broker-shared-secret-0123456789"
ALLOW, DENY = {"result": "allow"}, {"result": "deny"}


def _robot_certificate(app: Any, folder: Path, serial: str) -> tuple[Path, Path]:
    """A client certificate from the product CA for ``serial`` (as a robot gets it from its CSR)."""
    key = ec.generate_private_key(ec.SECP256R1())
    csr = (x509.CertificateSigningRequestBuilder()
           .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, serial)])).sign(key, hashes.SHA256()))
    cert = load_ca(app.state.settings).sign_csr(csr.public_bytes(serialization.Encoding.PEM), serial, 30)
    cert_path, key_path = folder / f"{serial}.crt", folder / f"{serial}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


@contextlib.asynccontextmanager
async def tls_server(app: Any) -> AsyncIterator[tuple[Any, int]]:
    plain = free_ports(2)
    tls = plain + 1
    settings = app.state.settings.model_copy(update={
        "mqtt_url": None, "mqtt_bind": f"127.0.0.1:{plain}", "mqtt_tls_bind": f"127.0.0.1:{tls}",
        "mqtt_tls_handshake_seconds": 1.0, "heartbeat_batch_seconds": 0.2})
    server = create_app(settings)
    async with server.router.lifespan_context(server):
        yield server, tls


async def _signs_in(port: int, serial: str, context: ssl.SSLContext, password: str | None = SECRET) -> bool:
    try:
        async with aiomqtt.Client("127.0.0.1", port, identifier=serial, username=serial, password=password,
                                  tls_context=context, timeout=10) as client:
            await client.publish(f"cf/{serial}/up/heartbeat", b"{}", qos=1)
            return True
    except aiomqtt.MqttError:
        return False


async def _method(server: Any, device_id: int) -> str:
    async with server.state.db.sessions() as db:
        return str(await db.scalar(select(DeviceState.broker_auth).where(DeviceState.device_id == device_id)))


async def test_certificate_and_password_robots_over_tls(app, db, make_user, tmp_path):
    dealer, _ = await make_user(2)
    owner, _ = await make_user(3, parent=dealer)
    prefix = unique_prefix()
    cert_robot = await robot_device(db, owner, f"{prefix}c", secret=SECRET)
    password_robot = await robot_device(db, owner, f"{prefix}p", secret=SECRET)
    async with tls_server(app) as (server, port):
        ca_pem = ca_file(server.state.settings).read_text()
        cert_path, key_path = _robot_certificate(server, tmp_path, cert_robot.serial_number)
        with_cert = client_context(ca_pem, cert_file=cert_path, key_file=key_path)
        without = client_context(ca_pem)

        # its own certificate, no password; the broker's certificate verified (host name 127.0.0.1)
        assert await _signs_in(port, cert_robot.serial_number, with_cert, password=None)
        # a certificate naming another robot: refused, even with that robot's right password
        assert not await _signs_in(port, password_robot.serial_number, with_cert)
        # no certificate: the password path, while the tenant allows it
        assert await _signs_in(port, password_robot.serial_number, without)
        # a client that trusts another CA refuses the broker
        other = ssl.create_default_context()
        assert not await _signs_in(port, password_robot.serial_number, other)

        await wait_until(lambda: _is(server, cert_robot.id, CERTIFICATE), 10, "certificate recorded")
        await wait_until(lambda: _is(server, password_robot.id, PASSWORD), 10, "password recorded")

        # the dealer above the owner switches password robots off: the password robot is refused (within the
        # policy's few seconds), the certificate robot is not
        async with server.state.db.sessions() as session:
            await session.execute(update(User).where(User.id == dealer.id).values(password_robots=False))
            await session.commit()

        async def refused() -> bool:
            return not await _signs_in(port, password_robot.serial_number, without)

        await wait_until(refused, 15, "password robot refused once switched off")
        assert await _signs_in(port, cert_robot.serial_number, with_cert, password=None)


async def _is(server: Any, device_id: int, method: str) -> bool:
    return await _method(server, device_id) == method


async def test_a_stalled_handshake_holds_nobody_up(app, db, make_user, tmp_path):
    owner, _ = await make_user(3)
    robot = await robot_device(db, owner, f"{unique_prefix()}s", secret=SECRET)
    async with tls_server(app) as (server, port):
        stalled = [await asyncio.open_connection("127.0.0.1", port) for _ in range(5)]  # TCP, never a ClientHello
        try:
            context = client_context(ca_file(server.state.settings).read_text())
            assert await _signs_in(port, robot.serial_number, context)
            # plain MQTT to the TLS port: the handshake fails, nothing signs in
            reader, writer = stalled[0]
            writer.write(b"\x10\x0c\x00\x04MQTT\x04\x02\x00\x3c\x00\x00")
            await writer.drain()
            assert await asyncio.wait_for(reader.read(), 10) == b""  # closed without a CONNACK
        finally:
            for _, writer in stalled:
                writer.close()


@pytest.mark.parametrize("switched_off", [False, True])
async def test_emqx_authenticator_asks_the_switch(app, db, make_user, switched_off):
    dealer, _ = await make_user(2)
    owner, _ = await make_user(3, parent=dealer)
    sn = (await robot_device(db, owner, f"{unique_prefix()}e", secret=SECRET)).serial_number
    if switched_off:
        async with app.state.db.sessions() as session:
            await session.execute(update(User).where(User.id == owner.id).values(password_robots=False))
            await session.commit()
    kept = app.state.settings
    app.state.settings = kept.model_copy(update={"broker_auth_secret": BROKER_SECRET})
    try:
        async with new_client(app) as client:
            async def ask(body: dict[str, str]) -> Any:
                answer = await client.post("/api/broker/authenticate", json=body,
                                           headers={"X-Broker-Secret": BROKER_SECRET})
                return answer.json()

            # EMQX leaves the placeholder unfilled for a client without a certificate
            assert await ask({"clientid": sn, "username": sn, "password": SECRET,
                              "cert_common_name": "${cert_common_name}"}) == (DENY if switched_off else ALLOW)
            assert await ask({"clientid": sn, "username": sn, "password": SECRET}) == (
                DENY if switched_off else ALLOW)
            assert await ask({"clientid": sn, "username": sn, "cert_common_name": sn}) == ALLOW
            assert await ask({"clientid": sn, "username": sn, "cert_common_name": f"{sn}x"}) == DENY
    finally:
        app.state.settings = kept
