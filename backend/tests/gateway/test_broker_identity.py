"""Robot identity at the system Mosquitto started with deploy/mosquitto.conf (issue 46 items 1 and 3), over TLS.

The shipped configuration, on a port and in a folder of this test's own, with the dynamic security file the
product's init writes; the product's broker sync (gateway/brokerauth/sync.py) makes the clients. Proven: nobody
connects anonymously, a robot cannot sign in as another or with a wrong secret, a robot's publishes to another's
topics and subscriptions to another's commands get nothing through, the robot works end to end with the gateway,
and a deleted robot is disconnected and cannot sign in again. A robot whose certificate is revoked (issue 46 item 2)
is disconnected at once (the broker sync disables its client) and, once Mosquitto read the product's new CRL
(SIGHUP through CLEANFLEET_BROKER_RELOAD_PID_FILE, no restart), its certificate is refused by TLS itself.
"""

import asyncio
import contextlib
import getpass
import json
import re
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from sqlalchemy import func, select, update

from cleanfleet.certificates.ca import load_ca
from cleanfleet.gateway.broker.tls import client_context, write_key_pair
from cleanfleet.gateway.brokerauth.dynsec import DynsecAdmin, initial_config
from cleanfleet.gateway.brokerauth.models import BrokerPassword
from cleanfleet.gateway.brokerauth.passwords import queue_password
from cleanfleet.gateway.brokerauth.sync import BrokerSync
from cleanfleet.gateway.link import probe_topic
from cleanfleet.gateway.mqtt import Message, MqttClient, MqttError
from cleanfleet.gateway.payloads import SUBSCRIPTIONS
from cleanfleet.settings import Settings
from cleanfleet.users.models import User
from tests.gateway.helpers import free_ports, robot_device, unique_prefix

SHIPPED = Path(__file__).resolve().parents[3] / "deploy" / "mosquitto.conf"
ADMIN, ADMIN_PASSWORD = "cleanfleet-admin", "admin-password-for-the-test"
GATEWAY, GATEWAY_PASSWORD = "cleanfleet-gateway", "gateway-password-for-the-test"


def _plugin(conf: str) -> str:
    match = re.search(r"^plugin (\S+)", conf, re.MULTILINE)
    assert match, "deploy/mosquitto.conf loads no plugin"
    return match.group(1)


def test_shipped_configuration_refuses_anonymous_clients() -> None:
    conf = SHIPPED.read_text()
    assert re.search(r"^allow_anonymous false$", conf, re.MULTILINE)
    assert "mosquitto_dynamic_security" in _plugin(conf)
    assert re.search(r"^max_queued_messages 200000$", conf, re.MULTILINE)
    # TLS only: the certificate listener and the password listener, nothing plain
    assert re.findall(r"^listener (\d+)", conf, re.MULTILINE) == ["8883", "8884"]
    assert conf.count("tls_version tlsv1.2") == 2


def _robot_certificate(settings: Settings, folder: Path, serial: str) -> tuple[Path, Path, x509.Certificate]:
    key = ec.generate_private_key(ec.SECP256R1())
    csr = (x509.CertificateSigningRequestBuilder()
           .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, serial)])).sign(key, hashes.SHA256()))
    cert = load_ca(settings).sign_csr(csr.public_bytes(serialization.Encoding.PEM), serial, 30)
    cert_path, key_path = folder / f"{serial}.crt", folder / f"{serial}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path, cert


REVOKED = "REVOKED-ROBOT-1"  # its certificate is in the CRL the broker starts with


@pytest.fixture
def mosquitto_tls(tmp_path: Path, settings: Settings) -> Iterator["Listeners"]:
    """The system Mosquitto with the shipped configuration on ports of its own (its certificates from the product
    CA, as `python -m cleanfleet broker-certificate` writes them, and a CRL revoking one robot's certificate)."""
    with _mosquitto(tmp_path, settings, product_crl=False) as listeners:
        yield listeners


@pytest.fixture
def mosquitto_product_crl(tmp_path: Path, settings: Settings) -> Iterator["Listeners"]:
    """The same, reading the product's own CRL (the CA's crl.pem, as `make run-cluster`'s Mosquitto does), its pid
    in ``folder/mosquitto.pid`` (CLEANFLEET_BROKER_RELOAD_PID_FILE)."""
    with _mosquitto(tmp_path, settings, product_crl=True) as listeners:
        yield listeners


@contextlib.contextmanager
def _mosquitto(tmp_path: Path, settings: Settings, *, product_crl: bool) -> Iterator["Listeners"]:
    binary = shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None)
    if binary is None:
        pytest.skip("no mosquitto binary on this machine (apt-get install mosquitto)")
    conf = SHIPPED.read_text()
    if not Path(_plugin(conf)).exists():
        pytest.skip(f"Mosquitto's dynamic security plugin is not at {_plugin(conf)}")
    cert_port = free_ports(2)
    port = cert_port + 1
    dynsec_file = tmp_path / "dynamic-security.json"
    dynsec_file.write_text(json.dumps(initial_config(ADMIN, ADMIN_PASSWORD)))
    ca = load_ca(settings)
    cert_pem, key_pem = ca.issue_server(["127.0.0.1"])
    write_key_pair(tmp_path / "broker.crt", tmp_path / "broker.key", cert_pem, key_pem)
    (tmp_path / "ca.pem").write_bytes(ca.certificate_pem)
    _, _, revoked = _robot_certificate(settings, tmp_path, REVOKED)
    now = datetime.now(UTC)
    crl = (x509.CertificateRevocationListBuilder().issuer_name(ca.certificate.subject)
           .last_update(now - timedelta(minutes=5)).next_update(now + timedelta(days=1))
           .add_revoked_certificate(x509.RevokedCertificateBuilder().serial_number(revoked.serial_number)
                                    .revocation_date(now - timedelta(minutes=1)).build())
           .sign(ca.current.key, hashes.SHA256()))
    (tmp_path / "crl.pem").write_bytes(crl.public_bytes(serialization.Encoding.PEM))
    conf = re.sub(r"^listener 8883$", f"listener {cert_port} 127.0.0.1", conf, flags=re.MULTILINE)
    conf = re.sub(r"^listener 8884$", f"listener {port} 127.0.0.1", conf, flags=re.MULTILINE)
    if product_crl:
        conf = conf.replace("/etc/mosquitto/cleanfleet/crl.pem", str(ca.crl_path))
    conf = conf.replace("/etc/mosquitto/cleanfleet/", f"{tmp_path}/")
    conf = re.sub(r"^plugin_opt_config_file .*$", f"plugin_opt_config_file {dynsec_file}", conf, flags=re.MULTILINE)
    assert f"listener {port}" in conf and f"listener {cert_port}" in conf and str(dynsec_file) in conf
    # as root Mosquitto drops to the user "mosquitto", who could not write this test's folder
    (tmp_path / "mosquitto.conf").write_text(f"{conf}\nuser {getpass.getuser()}\n")
    log = (tmp_path / "mosquitto.log").open("w")
    process = subprocess.Popen([binary, "-c", str(tmp_path / "mosquitto.conf")], stdout=log, stderr=log)
    (tmp_path / "mosquitto.pid").write_text(f"{process.pid}\n")
    try:
        deadline = time.monotonic() + 10
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
            assert process.poll() is None, (tmp_path / "mosquitto.log").read_text()
            assert time.monotonic() < deadline, "Mosquitto did not listen"
            time.sleep(0.05)
        context = client_context(ca.certificate_pem)
        CONTEXTS[port] = CONTEXTS[cert_port] = context
        yield Listeners(port, cert_port, tmp_path, process)
    finally:
        process.terminate()
        process.wait(10)
        log.close()


@dataclass(frozen=True)
class Listeners:
    port: int  # the password listener (TLS): the gateway, the admin client, password robots
    cert_port: int  # the certificate listener (TLS, client certificate required)
    folder: Path
    process: "subprocess.Popen[bytes]"


CONTEXTS: dict[int, ssl.SSLContext] = {}  # each listener's client TLS context (the broker verified against the CA)


@pytest.fixture
def mosquitto(mosquitto_tls: Listeners) -> int:
    """The password listener's port."""
    return mosquitto_tls.port


class Client:
    """An MQTT client of the test: every message it gets, in a queue."""

    def __init__(self, mqtt: MqttClient, received: "asyncio.Queue[Message]") -> None:
        self.mqtt, self.received = mqtt, received
        self.task = asyncio.create_task(mqtt.run())

    @classmethod
    async def open(cls, port: int, client_id: str, username: str | None = None,
                   password: str | None = None, context: ssl.SSLContext | None = None) -> "Client":
        received: asyncio.Queue[Message] = asyncio.Queue()
        mqtt = await MqttClient.open("127.0.0.1", port, received.put_nowait, client_id=client_id,
                                     clean_session=True, username=username, password=password,
                                     ssl=context or CONTEXTS[port])
        return cls(mqtt, received)

    async def next(self) -> Message:
        return await asyncio.wait_for(self.received.get(), 10)

    async def close(self) -> None:
        self.mqtt.close()
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, MqttError):
            await self.task


async def _refused(port: int, client_id: str, username: str | None = None, password: str | None = None,
                   context: ssl.SSLContext | None = None) -> str:
    with pytest.raises(MqttError) as refusal:
        await MqttClient.open("127.0.0.1", port, lambda _: None, client_id=client_id, clean_session=True,
                              username=username, password=password, ssl=context or CONTEXTS[port])
    return str(refusal.value)


@pytest.fixture
async def synced(app: Any, mosquitto: int) -> AsyncIterator[tuple[BrokerSync, DynsecAdmin]]:
    settings = app.state.settings.model_copy(update={
        "mqtt_url": f"mqtts://{GATEWAY}:{GATEWAY_PASSWORD}@127.0.0.1:{mosquitto}",
        "mqtt_dynsec_user": ADMIN, "mqtt_dynsec_password": ADMIN_PASSWORD})
    sync = BrokerSync(app.state.db, settings)
    admin = await sync._open()
    try:
        yield sync, admin
    finally:
        await admin.close()


async def test_only_the_robot_speaks_as_the_robot(app, db, make_user, admin, mosquitto, synced) -> None:
    sync, dynsec = synced
    owner, _ = await make_user(3)
    prefix = unique_prefix()
    first, second = f"{prefix}A", f"{prefix}B"
    robots = {first: "first-robot-secret", second: "second-robot-secret"}
    devices = {}
    for sn, secret in robots.items():
        devices[sn] = await robot_device(db, owner, sn, secret=secret)
        await queue_password(db, sync.settings, sn, secret)  # as the device's creation does
    await db.commit()
    await sync.resync(dynsec)
    assert await db.scalar(select(func.count()).select_from(BrokerPassword)
                           .where(BrokerPassword.serial_number.in_(robots))) == 0

    assert "refused" in await _refused(mosquitto, "anyone")
    assert "refused" in await _refused(mosquitto, second, second, robots[first])
    assert "refused" in await _refused(mosquitto, first, first, "a wrong secret")
    assert await _refused(mosquitto, second, first, robots[first])  # its own secret, another's client id
    assert await _refused(mosquitto, "gateway-impostor", GATEWAY, "a wrong password")

    gateway = await Client.open(mosquitto, "cleanfleet-gateway-w0", GATEWAY, GATEWAY_PASSWORD)
    probe = probe_topic("cleanfleet-gateway-w0")
    await gateway.mqtt.subscribe([(f"$share/cleanfleet/{t}", q) for t, q in SUBSCRIPTIONS] + [(probe, 0)])
    robot = await Client.open(mosquitto, first, first, robots[first])
    other = await Client.open(mosquitto, second, second, robots[second])
    await robot.mqtt.subscribe([(f"cf/{first}/down/#", 1)])
    await other.mqtt.subscribe([(f"cf/{second}/down/#", 1)])
    for stolen in (f"cf/{second}/down/#", "cf/+/down/#", "cf/+/up/#", "#"):
        with pytest.raises(MqttError, match="subscription refused"):
            await robot.mqtt.subscribe([(stolen, 1)])

    # forged first: were any let through, the broker would deliver it before what follows (one publisher's order)
    await robot.mqtt.publish_acknowledged(f"cf/{second}/up/status", b'{"forged": "status"}')
    await robot.mqtt.publish_acknowledged(f"cf/{second}/down/cmd", b'{"forged": "command"}')
    await robot.mqtt.publish_acknowledged(probe, b"forged probe")
    await robot.mqtt.publish_acknowledged(f"cf/{first}/up/status", b'{"own": "status"}')
    heard = await gateway.next()
    assert (heard.topic, heard.payload) == (f"cf/{first}/up/status", b'{"own": "status"}')

    await gateway.mqtt.publish_acknowledged(f"cf/{second}/down/cmd", b'{"real": "command"}')
    told = await other.next()
    assert (told.topic, told.payload) == (f"cf/{second}/down/cmd", b'{"real": "command"}')
    await gateway.mqtt.publish_acknowledged(f"cf/{first}/down/cmd", b'{"go": "clean"}')
    told = await robot.next()
    assert (told.topic, told.payload) == (f"cf/{first}/down/cmd", b'{"go": "clean"}')
    gateway.mqtt.publish(probe, b"probe")
    assert (await gateway.next()).payload == b"probe"
    assert robot.received.empty() and other.received.empty()

    answer = await admin.call("/device/deleteDevice", {"deviceId": devices[second].id})
    assert answer.code == 0, answer.body
    await sync.round(dynsec)
    with pytest.raises(MqttError):
        await asyncio.wait_for(other.task, 10)  # the broker disconnected it
    assert "refused" in await _refused(mosquitto, second, second, robots[second])
    for client in (gateway, robot, other):
        await client.close()


async def test_the_sync_keeps_nothing_of_a_robot_whose_device_is_gone(app, db, make_user, mosquitto,
                                                                       synced) -> None:
    """A restart's resync deletes the clients of devices deleted while the product was away."""
    sync, dynsec = synced
    await sync.resync(dynsec)
    from cleanfleet.gateway.brokerauth import dynsec as commands

    await dynsec.run([commands.create_role("cf-robot-GONE-1", []), commands.create_client("GONE-1",
                                                                                           "cf-robot-GONE-1",
                                                                                           password="x")])
    await sync.resync(dynsec)
    assert "GONE-1" not in sync.robots
    assert "refused" in await _refused(mosquitto, "GONE-1", "GONE-1", "x")


async def test_no_password_is_kept_without_a_broker_to_give_it_to(app, db) -> None:
    """With the embedded broker (or EMQX, which asks the product) nothing is queued."""
    await queue_password(db, app.state.settings, "NO-DYNSEC-1", "secret")
    await db.commit()
    assert await db.scalar(select(func.count()).select_from(BrokerPassword)
                           .where(BrokerPassword.serial_number == "NO-DYNSEC-1")) == 0


async def test_a_robot_added_in_the_console_signs_in_to_the_broker_with_its_secret(app, admin, make_user, mosquitto,
                                                                                   synced, monkeypatch) -> None:
    """The console's insertDevice hands the new secret to the broker (devices publishes DEVICE_SECRET_SET in its
    transaction; brokerauth queues it; the sync sets it): the robot signs in with the secret it was shown."""
    sync, dynsec = synced
    from cleanfleet.gateway.brokerauth import passwords

    monkeypatch.setattr(passwords, "get_settings", lambda: sync.settings)  # the server's settings, as in production
    owner, _ = await make_user(3)
    kind = await admin.call("/device/insertDeviceType", {"typeName": f"{unique_prefix()}Type"})
    sn = f"{unique_prefix()}C"
    added = await admin.call("/device/insertDevice", {"deviceSerialNumber": sn, "deviceCode": "Console robot",
                                                      "deviceType": kind.data["typeId"], "userId": owner.id})
    assert added.code == 0, added.body
    await sync.resync(dynsec)
    robot = await Client.open(mosquitto, sn, sn, added.data["deviceSecret"])
    await robot.close()
    assert "refused" in await _refused(mosquitto, sn, sn, "not-its-secret")


async def test_the_certificate_listener_takes_only_a_robots_own_certificate(
        app, db, make_user, settings, mosquitto_tls, synced) -> None:
    """The certificate listener: no anonymous client and no client without a certificate; a revoked certificate
    (in the CRL) refused; a robot's own certificate signs it in as itself, whatever client id it asks for, to its
    own topics only. The password listener: a robot whose tenant switched password robots off is refused."""
    sync, dynsec = synced
    dealer, _ = await make_user(2)
    owner, _ = await make_user(3, parent=dealer)
    prefix = unique_prefix()
    mine, other, by_password = f"{prefix}M", f"{prefix}O", f"{prefix}P"
    for sn in (mine, other, by_password, REVOKED):
        await robot_device(db, owner, sn, secret=f"{sn}-secret")
        await queue_password(db, sync.settings, sn, f"{sn}-secret")
    await db.commit()
    await sync.resync(dynsec)
    cert_port, folder = mosquitto_tls.cert_port, mosquitto_tls.folder
    ca_pem = (folder / "ca.pem").read_bytes()

    def with_certificate(sn: str) -> ssl.SSLContext:
        cert_path, key_path, _ = _robot_certificate(settings, folder, sn)
        return client_context(ca_pem, cert_file=cert_path, key_file=key_path)

    # nobody without a certificate: anonymous, or a robot with its right password
    assert await _refused(cert_port, "anyone")
    assert await _refused(cert_port, mine, mine, f"{mine}-secret")
    # a certificate from another CA
    stranger = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, mine)])
    now = datetime.now(UTC)
    forged = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(stranger.public_key())
              .serial_number(x509.random_serial_number()).not_valid_before(now - timedelta(minutes=5))
              .not_valid_after(now + timedelta(days=1)).sign(stranger, hashes.SHA256()))
    (folder / "forged.crt").write_bytes(forged.public_bytes(serialization.Encoding.PEM))
    (folder / "forged.key").write_bytes(stranger.private_bytes(serialization.Encoding.PEM,
                                                               serialization.PrivateFormat.PKCS8,
                                                               serialization.NoEncryption()))
    assert await _refused(cert_port, mine, context=client_context(
        ca_pem, cert_file=folder / "forged.crt", key_file=folder / "forged.key"))
    # a revoked certificate (the CRL)
    revoked_key = folder / f"{REVOKED}.key"
    assert await _refused(cert_port, REVOKED, context=client_context(
        ca_pem, cert_file=folder / f"{REVOKED}.crt", key_file=revoked_key))

    gateway = await Client.open(mosquitto_tls.port, "cleanfleet-gateway-w0", GATEWAY, GATEWAY_PASSWORD)
    await gateway.mqtt.subscribe([(f"$share/cleanfleet/{t}", q) for t, q in SUBSCRIPTIONS])
    # its own certificate, asking to be the other robot: it is itself (client id and user name from the CN)
    robot = await Client.open(cert_port, other, context=with_certificate(mine))
    await robot.mqtt.subscribe([(f"cf/{mine}/down/#", 1)])
    with pytest.raises(MqttError, match="subscription refused"):
        await robot.mqtt.subscribe([(f"cf/{other}/down/#", 1)])
    await robot.mqtt.publish_acknowledged(f"cf/{other}/up/status", b'{"forged": "status"}')
    await robot.mqtt.publish_acknowledged(f"cf/{mine}/up/status", b'{"own": "status"}')
    heard = await gateway.next()
    assert (heard.topic, heard.payload) == (f"cf/{mine}/up/status", b'{"own": "status"}')
    await gateway.mqtt.publish_acknowledged(f"cf/{mine}/down/cmd", b'{"go": "clean"}')
    assert (await robot.next()).payload == b'{"go": "clean"}'

    # the dealer switches password robots off: the sync takes the robots' passwords; certificates still work
    password_robot = await Client.open(mosquitto_tls.port, by_password, by_password, f"{by_password}-secret")
    await password_robot.close()
    async with app.state.db.sessions() as session:
        await session.execute(update(User).where(User.id == dealer.id).values(password_robots=False))
        await session.commit()
    await sync.round(dynsec)
    assert "refused" in await _refused(mosquitto_tls.port, by_password, by_password, f"{by_password}-secret")
    again = await Client.open(cert_port, by_password, context=with_certificate(by_password))
    for client in (gateway, robot, again):
        await client.close()


async def test_a_revoked_certificate_robot_is_dropped_and_refused_after_the_broker_reads_the_crl(
        app, db, make_user, admin, settings, mosquitto_product_crl, monkeypatch) -> None:
    """A robot connected by its certificate is revoked in the console: the broker sync, woken by the revocation (its
    rounds are 5 minutes apart here), disables its client, so Mosquitto drops it and refuses it; the product rewrites
    the CRL and SIGHUPs Mosquitto (its pid file), which reads it without a restart: enabled again at the broker, the
    revoked certificate is still refused, by TLS itself. Another certificate robot stays connected throughout."""
    from cleanfleet.certificates.service import record
    from cleanfleet.gateway.brokerauth import dynsec as commands

    listeners = mosquitto_product_crl
    monkeypatch.setattr(app.state.settings, "broker_reload_pid_file", listeners.folder / "mosquitto.pid")
    sync_settings = app.state.settings.model_copy(update={
        "mqtt_url": f"mqtts://{GATEWAY}:{GATEWAY_PASSWORD}@127.0.0.1:{listeners.port}",
        "mqtt_dynsec_user": ADMIN, "mqtt_dynsec_password": ADMIN_PASSWORD, "mqtt_dynsec_every": 300.0})
    sync = BrokerSync(app.state.db, sync_settings)
    owner, _ = await make_user(3)
    prefix = unique_prefix()
    revoked_sn, kept_sn = f"{prefix}R", f"{prefix}K"
    contexts, devices = {}, {}
    ca_pem = (listeners.folder / "ca.pem").read_bytes()
    for sn in (revoked_sn, kept_sn):
        devices[sn] = await robot_device(db, owner, sn, secret=f"{sn}-secret")
        cert_path, key_path, cert = _robot_certificate(settings, listeners.folder, sn)
        await record(db, devices[sn], cert)  # as the registration's CSR gives it
        contexts[sn] = client_context(ca_pem, cert_file=cert_path, key_file=key_path)
    await db.commit()
    running = asyncio.create_task(sync.forever())
    inspector = await DynsecAdmin.open("127.0.0.1", listeners.port, ADMIN, ADMIN_PASSWORD, "inspector",
                                       ssl=CONTEXTS[listeners.port])  # the test's own look at the plugin
    try:
        async def client_state() -> dict[str, Any]:
            """The robot's client at the plugin (every admin connection hears every answer: the sync's are skipped)."""
            for _ in range(10):
                answer = await inspector.run([{"command": "getClient", "username": revoked_sn}])
                if answer and answer[0].get("command") == "getClient":
                    return dict(answer[0].get("data", {}).get("client") or {})
            raise AssertionError("the plugin did not answer getClient")

        for _ in range(1200):  # the sync's first round made the robots' clients (a deadline of about a minute,
            if sync.rounds:  # not a timing: a loaded machine's first round took over 10 s)
                break
            await asyncio.sleep(0.05)
        assert sync.rounds and {revoked_sn, kept_sn} <= sync.robots
        robot = await Client.open(listeners.cert_port, revoked_sn, context=contexts[revoked_sn])
        kept = await Client.open(listeners.cert_port, kept_sn, context=contexts[kept_sn])
        await robot.mqtt.publish_acknowledged(f"cf/{revoked_sn}/up/status", b'{"online": true}')

        answer = await admin.call("/device/certificate/revoke", {"deviceId": devices[revoked_sn].id,
                                                                 "reason": "stolen"})
        assert answer.code == 0, answer.body
        with pytest.raises(MqttError):
            await asyncio.wait_for(robot.task, 10)  # the broker dropped it (its client disabled)
        assert (await client_state()).get("disabled") is True
        assert await _refused(listeners.cert_port, revoked_sn, context=contexts[revoked_sn])
        assert listeners.process.poll() is None  # the same Mosquitto: not restarted

        # the CRL alone: the robot's client enabled again at the broker, its revoked certificate still refused
        await inspector.run([commands.enable_client(revoked_sn)])
        assert not (await client_state()).get("disabled")
        refusal = await _refused(listeners.cert_port, revoked_sn, context=contexts[revoked_sn])
        assert "refused" not in refusal  # refused by TLS (the CRL), not by the plugin's CONNACK
        await kept.mqtt.publish_acknowledged(f"cf/{kept_sn}/up/status", b'{"online": true}')  # still connected
        await kept.close()
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        await inspector.close()
