"""The product's own certificate authority (issue 46 item 2): it signs each robot's client certificate and the
brokers' server certificates. Its key and certificate live OUTSIDE the database, in ``settings.ca_root``
(``CLEANFLEET_CA_DIR``, default ``data_dir/ca``):

- ``ca.key``  the CA's EC P-256 private key, PKCS#8 PEM, mode 0600 (back it up on its own; docs/operations.md)
- ``ca.crt``  the CA's self-signed certificate
- ``crl.pem`` the certificate revocation list(s) for external brokers (Mosquitto ``crlfile``), rewritten by
  ``write_crl`` on every revocation; one CRL per CA, the current one first
- ``retired/<name>/ca.key|ca.crt`` earlier CAs after a rotation: still trusted (``certificate_pem`` carries them)
  and still given a CRL until the operator removes the folder

Both files are made on first use (under a lock, so several workers sharing the directory make one CA) and reused
after. ``load_ca(settings)`` returns the ``ProductCA``:

- ``certificate_pem``      PEM of every CA certificate robots and brokers trust (current first, then retired ones)
- ``current_pem``          PEM of the current CA certificate only (the issuer of new certificates)
- ``issue_server(hosts)``  (cert PEM, key PEM) of a broker server certificate; SAN DNS names and IP addresses
- ``sign_csr(csr_pem, serial_number, days)`` a robot's client certificate (CN = the robot's serial, clientAuth);
  raises ``CsrRefused`` (``reason``: malformed, signature, weak_key, wrong_cn) for a bad CSR
- ``crl_path``             the CRL file ``write_crl(ca, revoked)`` writes

``identity_of(cert)`` gives the robot serial a client certificate names (its CN).
"""

import contextlib
import datetime as dt
import fcntl
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from ipaddress import ip_address
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from cleanfleet.settings import Settings

KEY_FILE = "ca.key"
CERT_FILE = "ca.crt"
CRL_FILE = "crl.pem"
RETIRED_DIR = "retired"
CA_YEARS = 10
SERVER_DAYS = 365
MAX_DAYS = 825
CRL_DAYS = 30  # external brokers refuse every client once the CRL's next_update passed: refreshed on each start too
BACKDATE = dt.timedelta(minutes=5)  # a robot whose clock runs a little behind still accepts a fresh certificate
MIN_EC_BITS = 256
MIN_RSA_BITS = 2048
MAX_CSR_BYTES = 16_384


class CsrRefused(ValueError):
    """A certificate signing request the CA will not sign; ``reason`` names why."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


@dataclass(frozen=True)
class RevokedEntry:
    serial: int  # the certificate's serial number
    revoked_at: dt.datetime


@dataclass
class _Authority:
    key: ec.EllipticCurvePrivateKey
    cert: x509.Certificate


@dataclass
class ProductCA:
    directory: Path
    current: _Authority
    retired: list[_Authority] = field(default_factory=list)

    @property
    def certificate(self) -> x509.Certificate:
        return self.current.cert

    @property
    def current_pem(self) -> bytes:
        return self.current.cert.public_bytes(serialization.Encoding.PEM)

    @property
    def certificate_pem(self) -> bytes:
        return b"".join(a.cert.public_bytes(serialization.Encoding.PEM) for a in [self.current, *self.retired])

    @property
    def crl_path(self) -> Path:
        return self.directory / CRL_FILE

    def trusts(self, cert: x509.Certificate) -> bool:
        """Whether one of this product's CAs (current or retired) signed ``cert``."""
        for authority in [self.current, *self.retired]:
            if cert.issuer != authority.cert.subject:
                continue
            try:
                cert.verify_directly_issued_by(authority.cert)
            except Exception:  # noqa: BLE001 - any failure means "not this CA"
                continue
            return True
        return False

    def issue_server(self, hostnames: list[str]) -> tuple[bytes, bytes]:
        if not hostnames:
            raise ValueError("a server certificate needs at least one host name or address")
        names: list[x509.GeneralName] = []
        for host in hostnames:
            try:
                names.append(x509.IPAddress(ip_address(host.strip("[]"))))
            except ValueError:
                names.append(x509.DNSName(host))
        key = ec.generate_private_key(ec.SECP256R1())
        now = _now()
        cert = (
            self._builder(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hostnames[0][:64])]), key.public_key(),
                          now, now + dt.timedelta(days=SERVER_DAYS))
            .add_extension(x509.SubjectAlternativeName(names), critical=False)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .sign(self.current.key, hashes.SHA256())
        )
        key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                    serialization.NoEncryption())
        return cert.public_bytes(serialization.Encoding.PEM), key_pem

    def sign_csr(self, csr_pem: bytes, serial_number: str, days: int) -> x509.Certificate:
        if not 1 <= days <= MAX_DAYS:
            raise ValueError(f"days must be 1..{MAX_DAYS}")
        if len(csr_pem) > MAX_CSR_BYTES:
            raise CsrRefused("malformed", "the CSR is too long")
        try:
            csr = x509.load_pem_x509_csr(csr_pem)
            public = csr.public_key()  # parsed lazily: a damaged key fails here
            signed = csr.is_signature_valid
        except (ValueError, TypeError) as exc:
            raise CsrRefused("malformed", "not a PEM certificate signing request") from exc
        if not signed:
            raise CsrRefused("signature", "the CSR's signature does not verify")
        if isinstance(public, ec.EllipticCurvePublicKey):
            if public.curve.key_size < MIN_EC_BITS:
                raise CsrRefused("weak_key", f"EC keys need at least {MIN_EC_BITS} bits")
        elif isinstance(public, rsa.RSAPublicKey):
            if public.key_size < MIN_RSA_BITS:
                raise CsrRefused("weak_key", f"RSA keys need at least {MIN_RSA_BITS} bits")
        else:
            raise CsrRefused("weak_key", "only EC (P-256 or larger) and RSA (2048 bits or more) keys")
        names = csr.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
        if len(names) != 1 or names[0].value != serial_number:
            raise CsrRefused("wrong_cn", "the CSR's common name must be the robot's serial")
        now = _now()
        return (
            self._builder(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, serial_number)]), public,
                          now, now + dt.timedelta(days=days))
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.CLIENT_AUTH]), critical=False)
            .sign(self.current.key, hashes.SHA256())
        )

    def _builder(self, subject: x509.Name, public: object, start: dt.datetime,
                 end: dt.datetime) -> x509.CertificateBuilder:
        issuer = self.current.cert
        assert isinstance(public, (ec.EllipticCurvePublicKey, rsa.RSAPublicKey))
        ski = issuer.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
        return (
            x509.CertificateBuilder()
            .subject_name(subject)
            .issuer_name(issuer.subject)
            .public_key(public)
            .serial_number(x509.random_serial_number())
            .not_valid_before(start - BACKDATE)
            .not_valid_after(min(end, issuer.not_valid_after_utc))
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False,
                                         key_encipherment=isinstance(public, rsa.RSAPublicKey),
                                         data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                         crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ski), critical=False)
        )


def identity_of(cert: x509.Certificate) -> str:
    """The robot serial a client certificate names: its (single) common name."""
    names = cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    if len(names) != 1:
        raise ValueError("the certificate names no single common name")
    value = names[0].value
    return value.decode() if isinstance(value, bytes) else value


def fingerprint(cert: x509.Certificate) -> str:
    """SHA-256 of the DER certificate, lowercase hex (what the console shows and openssl -fingerprint prints)."""
    return cert.fingerprint(hashes.SHA256()).hex()


def serial_hex(cert: x509.Certificate) -> str:
    return format(cert.serial_number, "x")


def write_crl(ca: ProductCA, revoked: Iterable[RevokedEntry]) -> Path:
    """Write ``crl.pem``: one CRL per CA (current, then retired), each listing the revoked certificates it issued
    (a serial is random 159 bits, so listing every revoked serial under every CA is harmless and needs no issuer
    bookkeeping). Written to a temporary file and renamed, so a broker reading it never sees half a file."""
    entries = list(revoked)
    now = _now()
    pems = []
    for authority in [ca.current, *ca.retired]:
        builder = (x509.CertificateRevocationListBuilder()
                   .issuer_name(authority.cert.subject)
                   .last_update(now - BACKDATE)
                   .next_update(now + dt.timedelta(days=CRL_DAYS)))
        for entry in entries:
            builder = builder.add_revoked_certificate(
                x509.RevokedCertificateBuilder().serial_number(entry.serial)
                .revocation_date(entry.revoked_at.replace(tzinfo=entry.revoked_at.tzinfo or dt.UTC)).build())
        pems.append(builder.sign(authority.key, hashes.SHA256()).public_bytes(serialization.Encoding.PEM))
    path = ca.crl_path
    tmp = path.with_name(f".{CRL_FILE}.{os.getpid()}")
    tmp.write_bytes(b"".join(pems))
    tmp.chmod(0o644)
    tmp.replace(path)
    return path


def load_ca(settings: Settings) -> ProductCA:
    return _load(settings.ca_root.resolve())


@lru_cache(maxsize=8)
def _load(directory: Path) -> ProductCA:
    directory.mkdir(parents=True, exist_ok=True)
    with _locked(directory):
        if not (directory / KEY_FILE).exists():
            _create(directory)
        current = _read(directory)
        retired = [_read(sub) for sub in sorted((directory / RETIRED_DIR).glob("*"), reverse=True)
                   if (sub / KEY_FILE).exists() and (sub / CERT_FILE).exists()]
        ca = ProductCA(directory, current, retired)
        if not ca.crl_path.exists():
            write_crl(ca, [])
    return ca


def _read(directory: Path) -> _Authority:
    key = serialization.load_pem_private_key((directory / KEY_FILE).read_bytes(), password=None)
    if not isinstance(key, ec.EllipticCurvePrivateKey):
        raise RuntimeError(f"{directory / KEY_FILE} is not an EC private key")
    cert = x509.load_pem_x509_certificate((directory / CERT_FILE).read_bytes())
    if cert.public_key() != key.public_key():
        raise RuntimeError(f"{directory / CERT_FILE} does not belong to {directory / KEY_FILE}")
    return _Authority(key, cert)


def _create(directory: Path) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "cleanfleet"),
                      x509.NameAttribute(NameOID.COMMON_NAME, f"cleanfleet robot CA {_now():%Y-%m-%d %H%M%S}")])
    now = _now()
    cert = (
        x509.CertificateBuilder()
        .subject_name(name).issuer_name(name).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - BACKDATE).not_valid_after(now + dt.timedelta(days=365 * CA_YEARS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                     crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    key_path = directory / KEY_FILE
    fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                    serialization.NoEncryption()))
    key_path.chmod(0o600)
    (directory / CERT_FILE).write_bytes(cert.public_bytes(serialization.Encoding.PEM))


@contextlib.contextmanager
def _locked(directory: Path) -> Iterator[None]:
    """Several workers (or servers) sharing the directory make one CA: the first takes the lock and writes it."""
    with open(directory / ".lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(microsecond=0)
