"""A simulated robot's own certificate (issue 46 item 2): its key made here, a CSR at registration, key and
certificate kept in the state folder, renewal from two thirds of the validity, a revoked robot's renewal refused
and its refused sign-in told apart from a lost network."""

import asyncio
import logging
import stat
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import aiomqtt
import paho.mqtt.client as mqtt
import pytest
from aiohttp import web
from aiomqtt.exceptions import MqttConnectError
from conftest import free_ports, unique_prefix
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.reasoncodes import ReasonCode

from cleanfleet_sim import certificate
from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.fleet import Fleet, FleetOptions, default_fleet
from cleanfleet_sim.robot import Robot

CA_KEY = ec.generate_private_key(ec.SECP256R1())
CA_NAME = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "test CA")])


def _sign(csr_pem: str, days: int = 90) -> str:
    csr = x509.load_pem_x509_csr(csr_pem.encode())
    assert csr.is_signature_valid
    now = datetime.now(UTC)
    cert = (x509.CertificateBuilder().subject_name(csr.subject).issuer_name(CA_NAME).public_key(csr.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - timedelta(minutes=1))
            .not_valid_after(now + timedelta(days=days)).sign(CA_KEY, hashes.SHA256()))
    return cert.public_bytes(serialization.Encoding.PEM).decode()


@pytest.fixture
async def cloud():
    """The server's /api/robot/register and /api/robot/certificate/renew, signing CSRs; ``revoked`` refuses."""
    state = {"revoked": False, "renewals": 0}

    async def register(request):
        body = await request.json()
        return web.json_response({"message": {"code": 0, "message": "ok"}, "data": {
            "deviceId": 7, "deviceSecret": "s-1", "certificate": {"certificate": _sign(body["csr"])}}})

    async def renew(request):
        body = await request.json()
        if state["revoked"]:
            return web.json_response({"message": {"code": 10004, "message": "revoked"}, "data": None})
        assert body["deviceSecret"] == "s-1"
        state["renewals"] += 1
        return web.json_response({"message": {"code": 0, "message": "ok"},
                                  "data": {"certificate": _sign(body["csr"])}})

    app = web.Application()
    app.router.add_post("/api/robot/register", register)
    app.router.add_post("/api/robot/certificate/renew", renew)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_ports(1)
    await web.TCPSite(runner, "127.0.0.1", port).start()
    yield f"http://127.0.0.1:{port}", state
    await runner.cleanup()


async def test_the_robot_registers_with_its_own_key_and_renews(cloud, tmp_path, caplog):
    url, state = cloud
    identities = default_fleet(3, 1, base_port=free_ports(1), serial_prefix=unique_prefix())
    fleet = Fleet(identities, FleetOptions(seed=3, mqtt=None, cloud=url, auth_codes=("123456",), state_dir=tmp_path,
                                           alarm_rate=0, busy_rate=0, web=False), ManualClock())
    [identity] = await fleet.credentials(identities)
    assert identity.cert_file is not None and identity.key_file is not None
    assert stat.S_IMODE(identity.key_file.stat().st_mode) == 0o600
    cert = x509.load_pem_x509_certificate(identity.cert_file.read_bytes())
    key = serialization.load_pem_private_key(identity.key_file.read_bytes(), password=None)
    assert cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value == identity.sn
    assert cert.public_key() == key.public_key()  # the key the robot made, never sent

    later = certificate.renew_at(identity.cert_file) + timedelta(seconds=1)
    renewing = certificate.keep_renewed(url, identity.sn, "s-1", tmp_path, now=lambda: later)
    task = asyncio.create_task(renewing)
    try:
        for _ in range(200):
            if state["renewals"]:
                break
            await asyncio.sleep(0.05)
        assert state["renewals"] >= 1
    finally:
        task.cancel()
    renewed = x509.load_pem_x509_certificate(identity.cert_file.read_bytes())
    assert renewed.serial_number != cert.serial_number
    assert renewed.public_key() != cert.public_key()  # a new key each renewal

    state["revoked"] = True
    with caplog.at_level(logging.ERROR, logger="cleanfleet_sim.certificate"):
        await certificate.keep_renewed(url, identity.sn, "s-1", tmp_path, now=lambda: later + timedelta(days=90))
    assert "revoked" in caplog.text  # told once, and the loop ended instead of retrying


def test_a_refused_sign_in_is_not_a_network_fault():
    refused = [MqttConnectError(ReasonCode(PacketTypes.CONNACK, identifier=code)) for code in (0x86, 0x87)]
    assert all(certificate.refused_sign_in(exc) for exc in refused)
    assert certificate.refused_sign_in(MqttConnectError(5))
    assert not certificate.refused_sign_in(MqttConnectError(3))
    assert not certificate.refused_sign_in(aiomqtt.MqttError("lost"))
    # a publish on a link the broker dropped (paho's MQTT_ERR_NO_CONN, also 4) is a lost link, not a refusal
    assert not certificate.refused_sign_in(aiomqtt.MqttCodeError(mqtt.MQTT_ERR_NO_CONN, "Could not publish message"))


async def test_a_robot_without_a_certificate_enrols_with_its_secret_and_a_csr(cloud, tmp_path):
    """--enrol (`make run-cluster`'s seeded robots): a robot with a device record and no certificate sends its secret
    and a CSR of a key it made, keeps the pair with its credentials, and signs in with it; a revoked one cannot."""
    url, state = cloud
    [identity] = default_fleet(3, 1, base_port=free_ports(1), serial_prefix=unique_prefix())
    identity = replace(identity, secret="s-1")
    fleet = Fleet([identity], FleetOptions(seed=3, mqtt=None, cloud=url, state_dir=tmp_path, enrol=True,
                                           alarm_rate=0, busy_rate=0, web=False), ManualClock())
    robot = Robot(identity, fleet.clock, seed=3, alarm_rate=0)
    assert fleet.enrols(robot)
    signed_in_with = []

    class Link:
        async def run(self) -> None:
            signed_in_with.append(robot.identity)

    await fleet.enrol_then_run(robot, Link())  # type: ignore[arg-type]
    [enrolled] = signed_in_with
    assert enrolled.cert_file is not None and enrolled.key_file is not None and state["renewals"] == 1
    cert = x509.load_pem_x509_certificate(enrolled.cert_file.read_bytes())
    key = serialization.load_pem_private_key(enrolled.key_file.read_bytes(), password=None)
    assert cert.public_key() == key.public_key()
    assert cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value == identity.sn
    # the next start finds the pair with the robot's credentials: no second enrolment
    [again] = await Fleet([identity], FleetOptions(state_dir=tmp_path, cloud=url, enrol=True)).credentials([identity])
    assert again.cert_file == enrolled.cert_file and not fleet.enrols(Robot(again, fleet.clock, seed=3))
    for task in fleet.tasks:
        task.cancel()

    state["revoked"] = True
    with pytest.raises(certificate.Revoked):
        await certificate.enrol(url, identity.sn, "s-1", tmp_path / "other")
