"""The embedded broker's TLS listener (issue 46 item 3): MQTT over TLS 1.2 or later, its server certificate from
the product CA (``certificates/ca.py``), robots' client certificates optional and verified against that CA.

The server certificate is made on first start for the hosts the listener serves (``server_hosts``: loopback's
names for a loopback bind) and kept in ``data_dir/broker-tls/`` (``server.crt``, ``server.key`` mode 0600, and
``ca.pem``, the CA certificates local clients verify the broker with); it is
made again when the hosts change, the CA changed, or fewer than ``RENEW_DAYS`` days are left.

A client that presents a certificate gets it verified during the handshake (``CERT_OPTIONAL``: one signed by
another CA, expired, or not a client certificate ends the handshake); ``peer_certificate`` gives the broker the
verified certificate, whose identity the sign-in then checks (``server.EmbeddedBroker.admit``). The handshake
has a deadline (``handshake_seconds``): a client that stalls it holds nothing but its own socket.
"""

import datetime as dt
import ipaddress
import os
import ssl
from pathlib import Path
from typing import TYPE_CHECKING

from cryptography import x509

from cleanfleet.settings import Settings

if TYPE_CHECKING:
    from cleanfleet.gateway.link import BrokerAddress

FOLDER = "broker-tls"
CERT_FILE, KEY_FILE, HOSTS_FILE, CA_FILE = "server.crt", "server.key", "hosts", "ca.pem"
RENEW_DAYS = 30
LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "::1"]


def server_hosts(bind: str, extra: str = "") -> list[str]:
    """The names the server certificate carries: loopback's for a loopback or wildcard bind, else the bound
    address; plus ``extra`` (comma-separated, CLEANFLEET_MQTT_TLS_HOSTS: the names robots reach the server by)."""
    host = bind.rsplit(":", 1)[0].strip("[]")
    hosts: list[str] = []
    if host in ("", "0.0.0.0", "::", "localhost") or _loopback(host):
        hosts += LOOPBACK_HOSTS
    else:
        hosts.append(host)
    for name in extra.split(","):
        name = name.strip()
        if name and name not in hosts:
            hosts.append(name)
    return hosts


def loopback_bind(bind: str) -> bool:
    """Whether ``host:port`` listens on loopback only (a wildcard address does not)."""
    host = bind.rsplit(":", 1)[0].strip("[]")
    return host == "localhost" or _loopback(host)


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def server_files(settings: Settings, hosts: list[str]) -> tuple[Path, Path]:
    """The broker's certificate and key files, made (or made again) from the product CA when needed."""
    from cleanfleet.certificates.ca import load_ca

    ca = load_ca(settings)
    folder = settings.data_dir / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    cert_path, key_path, hosts_path = folder / CERT_FILE, folder / KEY_FILE, folder / HOSTS_FILE
    wanted = ",".join(hosts)
    if not _usable(cert_path, key_path, ca.trusts, hosts_path, wanted):
        cert_pem, key_pem = ca.issue_server(hosts)
        write_key_pair(cert_path, key_path, cert_pem, key_pem)
        hosts_path.write_text(wanted)
    write_ca_file(settings)
    return cert_path, key_path


def ca_file(settings: Settings) -> Path:
    """The product CA's certificates as a file next to the broker's (written by ``write_ca_file``)."""
    return settings.data_dir / FOLDER / CA_FILE


def write_ca_file(settings: Settings) -> Path:
    """``ca_file`` written (again when the CA changed): for local clients, the simulated fleet, mosquitto_sub."""
    from cleanfleet.certificates.ca import load_ca

    pem, path = load_ca(settings).certificate_pem, ca_file(settings)
    if not path.exists() or path.read_bytes() != pem:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pem)
    return path


def write_key_pair(cert_path: Path, key_path: Path, cert_pem: bytes, key_pem: bytes) -> None:
    """The key first (mode 0600 from its creation), then the certificate; each replaced whole."""
    key_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = key_path.with_name(f".{key_path.name}.{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key_pem)
    tmp.replace(key_path)
    tmp = cert_path.with_name(f".{cert_path.name}.{os.getpid()}")
    tmp.write_bytes(cert_pem)
    tmp.replace(cert_path)


def _usable(cert_path: Path, key_path: Path, trusts: object, hosts_path: Path, wanted: str) -> bool:
    if not (cert_path.exists() and key_path.exists() and hosts_path.exists()):
        return False
    if hosts_path.read_text().strip() != wanted:
        return False
    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    except ValueError:
        return False
    left = cert.not_valid_after_utc - dt.datetime.now(dt.UTC)
    return left > dt.timedelta(days=RENEW_DAYS) and bool(trusts(cert))  # type: ignore[operator]


def server_context(settings: Settings, hosts: list[str]) -> ssl.SSLContext:
    """TLS 1.2+, the broker's certificate, client certificates optional and verified against the product CA."""
    from cleanfleet.certificates.ca import load_ca

    cert_path, key_path = server_files(settings, hosts)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert_path, key_path)
    context.load_verify_locations(cadata=load_ca(settings).certificate_pem.decode())
    context.verify_mode = ssl.CERT_OPTIONAL
    # no session tickets: a robot's certificate is checked on every handshake (none comes back on a ticket issued
    # before its revocation), and the robots' clients never resume: the two tickets TLS 1.3 sends by default cost a
    # quarter of each handshake's CPU for nothing (bench/README.md ``reconnect-storm``)
    context.num_tickets = 0
    context.options |= ssl.OP_NO_TICKET
    return context


def client_context(ca_pem: str | bytes | None = None, ca_file: str | Path | None = None,
                   cert_file: str | Path | None = None, key_file: str | Path | None = None) -> ssl.SSLContext:
    """A client's context (the gateway to an external broker, the tests): the broker verified against the CA."""
    context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile=str(ca_file) if ca_file else None,
                                         cadata=ca_pem.decode() if isinstance(ca_pem, bytes) else ca_pem)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    if cert_file is not None:
        context.load_cert_chain(str(cert_file), str(key_file) if key_file else None)
    return context


def gateway_context(settings: Settings, address: "BrokerAddress") -> ssl.SSLContext | None:
    """The gateway's (and the broker sync's) TLS context for an ``mqtts://`` broker: verified against
    CLEANFLEET_MQTT_CA_FILE or the product CA, with CLEANFLEET_MQTT_CERT_FILE/KEY_FILE presented when set."""
    if not address.tls:
        return None
    if settings.mqtt_ca_file is not None:
        return client_context(ca_file=settings.mqtt_ca_file, cert_file=settings.mqtt_cert_file,
                              key_file=settings.mqtt_key_file)
    from cleanfleet.certificates.ca import load_ca

    return client_context(load_ca(settings).certificate_pem, cert_file=settings.mqtt_cert_file,
                          key_file=settings.mqtt_key_file)


def peer_certificate(transport: object) -> x509.Certificate | None:
    """The client certificate the handshake verified (None: plain TCP, or the client presented none)."""
    get = getattr(transport, "get_extra_info", None)
    ssl_object = get("ssl_object") if get is not None else None
    if ssl_object is None:
        return None
    der = ssl_object.getpeercert(binary_form=True)
    return x509.load_der_x509_certificate(der) if der else None
