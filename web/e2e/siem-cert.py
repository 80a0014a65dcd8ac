"""A CA and a server certificate for 127.0.0.1 for the SIEM journey's syslog receiver (e2e/siem.spec.ts), printed as
JSON {"ca", "cert", "key"} in PEM: made with `cryptography` (a backend dependency), so the run needs no openssl."""

import datetime
import ipaddress
import json

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


def signed(subject, issuer, public, signer, ca):
    now = datetime.datetime.now(datetime.UTC)
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer).public_key(public)
               .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
               .not_valid_after(now + datetime.timedelta(days=1))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if not ca:
        builder = builder.add_extension(x509.SubjectAlternativeName(
            [x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
    return builder.sign(signer, hashes.SHA256())


ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "cleanfleet e2e SIEM CA")])
ca = signed(ca_name, ca_name, ca_key.public_key(), ca_key, True)
cert = signed(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "siem-e2e")]), ca_name, key.public_key(), ca_key,
              False)
pem = serialization.Encoding.PEM
print(json.dumps({"ca": ca.public_bytes(pem).decode(), "cert": cert.public_bytes(pem).decode(),
                  "key": key.private_bytes(pem, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()).decode()}))
