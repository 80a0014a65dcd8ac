"""Robot certificates (issue 46 item 2): issued at registration from the robot's CSR, renewed by the robot,
revoked by an admin or with the device (state, CRL, the brokers' check), the console's reads and refusals, the
expiry notice."""

import itertools
import os
from datetime import timedelta
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from sqlalchemy import select, update

from cleanfleet.certificates import service
from cleanfleet.certificates.ca import identity_of, load_ca
from cleanfleet.certificates.models import RobotCertificate
from cleanfleet.certificates.scan import scan
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.messages.models import Message
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.gateway.helpers import wait_until

_serials = itertools.count(1)


def _serial() -> str:
    return f"CERT{os.getpid()}N{next(_serials):05d}"


def _csr(common_name: str, key: Any = None) -> tuple[str, Any]:
    key = key or ec.generate_private_key(ec.SECP256R1())
    csr = (x509.CertificateSigningRequestBuilder()
           .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])).sign(key, hashes.SHA256()))
    return csr.public_bytes(serialization.Encoding.PEM).decode(), key


async def _code(console: Any, user_id: int | None = None) -> str:
    answer = await console.call("/device/deviceGenerateAuthCode", {"userId": user_id} if user_id else {})
    assert answer.code == 0, answer.body
    return str(answer.data)


async def _type(admin: Any) -> int:
    answer = await admin.call("/device/insertDeviceType", {"typeName": _serial()})
    assert answer.code == 0, answer.body
    return int(answer.data["typeId"])


async def _register(api: Any, code: str, sn: str, type_id: int, csr: str | None) -> Any:
    body: dict[str, Any] = {"authCode": code, "deviceSerialNumber": sn, "deviceType": type_id}
    if csr is not None:
        body["csr"] = csr
    return await api.call("/robot/register", body, headers={"sign": None})


async def _robot(api: Any, admin: Any, owner_id: int | None = None) -> dict[str, Any]:
    """A robot registered with its CSR: its answer, key and serial."""
    sn = _serial()
    csr, key = _csr(sn)
    answer = await _register(api, await _code(admin, owner_id), sn, await _type(admin), csr)
    assert answer.code == 0, answer.body
    return {**answer.data, "key": key, "sn": sn}


def _cert(pem: str) -> x509.Certificate:
    return x509.load_pem_x509_certificate(pem.encode())


def _crl_serials(app: Any) -> set[int]:
    crl = x509.load_pem_x509_crl(load_ca(app.state.settings).crl_path.read_bytes())
    return {entry.serial_number for entry in crl}


async def test_a_robot_gets_its_certificate_at_registration_from_its_csr(app, api, admin, db):
    robot = await _robot(api, admin)
    issued = robot["certificate"]
    cert = _cert(issued["certificate"])
    ca = load_ca(app.state.settings)
    cert.verify_directly_issued_by(ca.certificate)  # chains to the product CA
    assert identity_of(cert) == robot["sn"] and cert.public_key() == robot["key"].public_key()
    assert cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value == x509.ExtendedKeyUsage(
        [ExtendedKeyUsageOID.CLIENT_AUTH])
    assert ca.current_pem.decode() in issued["caCertificate"] and issued["serial"] == format(cert.serial_number, "x")
    assert cert.not_valid_after_utc - cert.not_valid_before_utc >= timedelta(days=90)
    assert issued["notBefore"] < issued["renewAfter"] < issued["notAfter"]
    row = await db.scalar(select(RobotCertificate).where(RobotCertificate.device_id == robot["deviceId"]))
    assert (row.state, row.robot_serial, row.cert_serial) == ("active", robot["sn"], issued["serial"])
    assert service.certificate_allowed(robot["sn"], cert) and not service.certificate_allowed("SOMEONE", cert)
    listed = await admin.call("/device/certificate/list", {"deviceId": robot["deviceId"]})
    assert listed.code == 0 and [c["state"] for c in listed.data["list"]] == ["active"]
    assert listed.data["list"][0]["fingerprint"] == cert.fingerprint(hashes.SHA256()).hex()
    # the password path stays: no CSR, no certificate
    plain = await _register(api, await _code(admin), _serial(), await _type(admin), None)
    assert plain.code == 0 and plain.data["certificate"] is None and plain.data["deviceSecret"]


async def test_a_bad_csr_is_refused_and_keeps_the_code(api, admin):
    code, type_id, sn = await _code(admin), await _type(admin), _serial()
    other, _ = _csr("ANOTHER-ROBOT")
    weak, _ = _csr(sn, rsa.generate_private_key(public_exponent=65537, key_size=1024))
    good, _ = _csr(sn)
    tampered = good.replace(good.splitlines()[3][:8], "AAAAAAAA", 1)
    der = bytearray(x509.load_pem_x509_csr(good.encode()).public_bytes(serialization.Encoding.DER))
    der[-1] ^= 0x01  # the signature's last byte: the structure parses, the signature does not verify
    forged = x509.load_der_x509_csr(bytes(der))
    assert not forged.is_signature_valid
    forged_pem = forged.public_bytes(serialization.Encoding.PEM).decode()
    for csr in (other, weak, tampered, forged_pem, "-----BEGIN CERTIFICATE REQUEST-----\nnonsense\n"):
        answer = await _register(api, code, sn, type_id, csr)
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, "csr"), answer.body
    assert (await _register(api, code, sn, type_id, good)).code == 0  # the code was not used by the refusals


async def test_a_robot_renews_its_certificate(app, api, admin, db):
    robot = await _robot(api, admin)
    csr, key = _csr(robot["sn"])
    body = {"deviceSerialNumber": robot["sn"], "deviceSecret": robot["deviceSecret"], "csr": csr}
    renewed = await api.call("/robot/certificate/renew", body, headers={"sign": None})
    assert renewed.code == 0, renewed.body
    cert = _cert(renewed.data["certificate"])
    assert cert.public_key() == key.public_key() and identity_of(cert) == robot["sn"]
    listed = await admin.call("/device/certificate/list", {"deviceId": robot["deviceId"]})
    assert [c["state"] for c in listed.data["list"]] == ["active", "superseded"]
    wrong = await api.call("/robot/certificate/renew", {**body, "deviceSecret": "not-it"}, headers={"sign": None})
    assert (wrong.code, wrong.field) == (Code.WRONG_CREDENTIALS, "deviceSecret")
    other, _ = _csr("ANOTHER-ROBOT")
    refused = await api.call("/robot/certificate/renew", {**body, "csr": other}, headers={"sign": None})
    assert (refused.code, refused.field) == (Code.BAD_PARAMETER, "csr")


async def test_an_admin_revokes_a_robots_certificates(app, api, admin, db):
    robot = await _robot(api, admin)
    first = _cert(robot["certificate"]["certificate"])
    csr, _ = _csr(robot["sn"])
    body = {"deviceSerialNumber": robot["sn"], "deviceSecret": robot["deviceSecret"], "csr": csr}
    second = _cert((await api.call("/robot/certificate/renew", body, headers={"sign": None})).data["certificate"])
    assert service.certificate_allowed(robot["sn"], second) and not service.robot_barred(robot["sn"])

    revoked = await admin.call("/device/certificate/revoke", {"deviceId": robot["deviceId"], "reason": "stolen"})
    assert revoked.code == 0, revoked.body
    assert [(c["state"], c["revokedBy"], c["revokedReason"]) for c in revoked.data["list"]] == [
        ("revoked", "admin", "stolen")] * 2
    assert {first.serial_number, second.serial_number} <= _crl_serials(app)
    assert not service.certificate_allowed(robot["sn"], second) and not service.certificate_allowed(robot["sn"], first)
    assert service.robot_barred(robot["sn"])  # nor by its password
    again = await api.call("/robot/certificate/renew", {**body, "csr": _csr(robot["sn"])[0]}, headers={"sign": None})
    assert (again.code, again.field) == (Code.NO_PERMISSION, "deviceSerialNumber")
    twice = await admin.call("/device/certificate/revoke", {"deviceId": robot["deviceId"]})
    assert (twice.code, twice.field) == (Code.CONFLICT, "deviceId")


async def test_deleting_the_device_revokes_its_certificate(app, api, admin, db):
    robot = await _robot(api, admin)
    cert = _cert(robot["certificate"]["certificate"])
    assert (await admin.call("/device/deleteDevice", {"deviceId": robot["deviceId"]})).code == 0
    await wait_until(lambda: cert.serial_number in _crl_serials(app), 10, "the CRL lists it")
    assert not service.certificate_allowed(robot["sn"], cert)
    serial = robot["certificate"]["serial"]
    row = await db.scalar(select(RobotCertificate).where(RobotCertificate.cert_serial == serial))
    await db.refresh(row)
    assert (row.state, row.device_id, row.revoked_reason) == ("revoked", None, "device deleted")


async def test_only_the_robots_branch_reads_and_only_the_key_revokes(api, admin, make_user, signed_in):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_password = await make_user(3, parent=dealer, roles=[ROLE_USER])
    outsider, outsider_password = await make_user(2, roles=[ROLE_DEALER])
    robot = await _robot(api, admin, customer.id)
    stranger = await signed_in(outsider, outsider_password)
    for path in ("/device/certificate/list", "/device/certificate/revoke"):
        answer = await stranger.call(path, {"deviceId": robot["deviceId"]})
        assert (answer.code, answer.field) == (Code.NOT_FOUND, "deviceId"), path
    assert (await stranger.call("/device/certificate/expiring", {"days": 365})).data["total"] == 0
    owner = await signed_in(customer, customer_password)
    assert (await owner.call("/device/certificate/list", {"deviceId": robot["deviceId"]})).code == 0
    assert (await owner.call("/device/certificate/revoke", {"deviceId": robot["deviceId"]})).code == Code.NO_PERMISSION
    branch = await signed_in(dealer, password)
    expiring = await branch.call("/device/certificate/expiring", {"days": 365})
    assert [r["deviceId"] for r in expiring.data["list"]] == [robot["deviceId"]]
    assert (await branch.call("/device/certificate/revoke", {"deviceId": robot["deviceId"]})).code == 0


async def test_an_owner_is_told_before_the_certificate_ends(app, api, admin, make_user, db):
    owner, _ = await make_user(3)
    robot = await _robot(api, admin, owner.id)
    await db.execute(update(RobotCertificate).where(RobotCertificate.device_id == robot["deviceId"])
                     .values(not_after=utcnow() + timedelta(days=3)))
    await db.commit()
    assert await scan(db, 14) >= 1
    assert await scan(db, 14) == 0  # once per certificate
    told = (await db.scalars(select(Message).where(Message.user_id == owner.id,
                                                   Message.kind == "certificate_expiring"))).all()
    assert len(told) == 1 and robot["sn"] in told[0].content
    await db.execute(update(RobotCertificate).where(RobotCertificate.device_id == robot["deviceId"])
                     .values(not_after=utcnow() - timedelta(minutes=1)))
    await db.commit()
    await scan(db, 14)
    row = await db.scalar(select(RobotCertificate).where(RobotCertificate.device_id == robot["deviceId"]))
    await db.refresh(row)
    assert row.state == "expired"


async def test_a_revoked_robot_registered_again_starts_afresh(app, api, admin):
    robot = await _robot(api, admin)
    assert (await admin.call("/device/certificate/revoke", {"deviceId": robot["deviceId"]})).code == 0
    assert service.robot_barred(robot["sn"])
    assert (await admin.call("/device/deleteDevice", {"deviceId": robot["deviceId"]})).code == 0
    await wait_until(lambda: not service.robot_barred(robot["sn"]), 10, "no longer barred once its device is gone")
    csr, _ = _csr(robot["sn"])
    again = await _register(api, await _code(admin), robot["sn"], await _type(admin), csr)
    assert again.code == 0, again.body
    assert service.certificate_allowed(robot["sn"], _cert(again.data["certificate"]["certificate"]))
