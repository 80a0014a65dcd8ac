"""Permission-matrix entries for the robot certificate calls (/api/device/certificate/*, /api/robot/certificate/*).

The world gets a robot ``c.device`` of ``user`` (the dealer's child) holding an active certificate of the product
CA (issued from a CSR of a key made here, as registration does); the dealer (device list preset) reads and revokes
it; revoking runs last. The robot's own renewal is unsigned by design: its device secret is the credential."""

from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has a device type
from tests.permission_matrix import Entry, World, fresh_name, register, register_world_builder

OWN = "answers only the caller's own subtree; another branch gets its own (empty) share"
ROBOT = "a robot's call: unsigned by design, its device secret is the credential (test_certificates)"


def csr_for(serial: str) -> str:
    key = ec.generate_private_key(ec.SECP256R1())
    csr = (x509.CertificateSigningRequestBuilder()
           .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, serial)])).sign(key, hashes.SHA256()))
    return csr.public_bytes(serialization.Encoding.PEM).decode()


async def build_certificate_world(world: World, app: Any) -> None:
    from cleanfleet.certificates import service
    from cleanfleet.devices.models import Device

    serial = fresh_name("PC")
    answer = await world.admin.call("/device/insertDevice", {
        "deviceSerialNumber": serial, "deviceCode": "Certified", "deviceType": world.ids["d.type"],
        "userId": world.id("user")})
    assert answer.code == 0, answer.body
    async with app.state.db.sessions() as db:
        device = await db.get(Device, answer.data["deviceId"])
        await service.record(db, device, service.sign(app.state.settings, csr_for(serial), serial))
        await db.commit()
    world.ids.update({"c.device": answer.data["deviceId"], "c.sn": serial, "c.secret": answer.data["deviceSecret"]})


register_world_builder(build_certificate_world)

register(
    Entry("/api/device/certificate/list", lambda w: {"deviceId": w.ids["c.device"]}),
    Entry("/api/device/certificate/expiring", lambda w: {"days": 365},
          not_applicable={"other_branch": OWN, "lower_level": OWN}),
    Entry("/api/device/certificate/revoke", lambda w: {"deviceId": w.ids["c.device"], "reason": "matrix"}, last=1),
    Entry("/api/robot/certificate/renew", lambda w: {"deviceSerialNumber": w.ids["c.sn"],
                                                     "deviceSecret": w.ids["c.secret"], "csr": csr_for(w.ids["c.sn"])},
          not_applicable={case: ROBOT for case in ("other_branch", "lower_level", "shadow_without_key",
                                                   "signed_out")}),
)
