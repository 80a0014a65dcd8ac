"""A simulated robot's client certificate, as a real robot keeps it (issue 46 item 2): it makes its own EC P-256 key
(which never leaves it), sends a CSR (CN = its serial) when it registers, keeps key and certificate in its state
folder (``<sn>.key`` mode 0600, ``<sn>.crt``), and renews by itself from two thirds of the validity on
(POST /api/robot/certificate/renew with its serial, device secret and a CSR of a new key). A refused renewal that
says the certificate was revoked is logged once and not retried: the robot must be registered again.

A robot that has a device record but no certificate yet (an older password robot; the seeded fleet of
``make run-cluster``) enrols the same way (``enrol``: the renew call, with its device secret and a CSR), retrying
while the server is not answering yet, and signs in with the certificate from then on.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp
from aiomqtt.exceptions import MqttConnectError
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

log = logging.getLogger("cleanfleet_sim.certificate")
RENEW_PATH = "/api/robot/certificate/renew"
NO_PERMISSION = 10004  # the server's code for a revoked robot's renewal
RETRY_FIRST_S = 60.0
RETRY_MAX_S = 3600.0


@dataclass(frozen=True)
class KeyAndCsr:
    key_pem: bytes
    csr_pem: str


def make_key_and_csr(sn: str) -> KeyAndCsr:
    key = ec.generate_private_key(ec.SECP256R1())
    csr = (x509.CertificateSigningRequestBuilder()
           .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, sn)])).sign(key, hashes.SHA256()))
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    return KeyAndCsr(key_pem, csr.public_bytes(serialization.Encoding.PEM).decode())


def files(folder: Path, sn: str) -> tuple[Path, Path]:
    """Where the robot keeps its certificate and its key."""
    return folder / f"{sn}.crt", folder / f"{sn}.key"


def save(folder: Path, sn: str, key_pem: bytes, certificate_pem: str) -> tuple[Path, Path]:
    """Writes the key (0600) and the certificate, each through a temporary file, so a crash leaves the old pair."""
    cert_file, key_file = files(folder, sn)
    folder.mkdir(parents=True, exist_ok=True)
    key_tmp, cert_tmp = key_file.with_suffix(".key.tmp"), cert_file.with_suffix(".crt.tmp")
    fd = os.open(key_tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key_pem)
    cert_tmp.write_text(certificate_pem)
    key_tmp.replace(key_file)
    cert_tmp.replace(cert_file)
    return cert_file, key_file


def stored(folder: Path | None, sn: str) -> tuple[Path, Path] | None:
    """The robot's certificate and key files, when it has both."""
    if folder is None:
        return None
    cert_file, key_file = files(folder, sn)
    return (cert_file, key_file) if cert_file.exists() and key_file.exists() else None


def renew_at(cert_file: Path) -> datetime:
    """Two thirds into the certificate's validity (what the server's answer calls renewAfter)."""
    cert = x509.load_pem_x509_certificate(cert_file.read_bytes())
    start, end = cert.not_valid_before_utc, cert.not_valid_after_utc
    return start + (end - start) * 2 / 3


class Revoked(Exception):
    """The server refuses to renew: the robot's certificate was revoked."""


async def renew(session: aiohttp.ClientSession, cloud: str, sn: str, secret: str, folder: Path) -> Path:
    """A new key, its CSR, the server's new certificate saved over the old pair; answers the certificate file."""
    made = make_key_and_csr(sn)
    url = cloud.rstrip("/") + RENEW_PATH
    async with session.post(url, json={"deviceSerialNumber": sn, "deviceSecret": secret, "csr": made.csr_pem},
                            timeout=aiohttp.ClientTimeout(total=15)) as response:
        answer: dict[str, Any] = json.loads(await response.text())
    message = answer.get("message") or {}
    if message.get("code") == NO_PERMISSION:
        raise Revoked(str(message.get("message") or "revoked"))
    if message.get("code") != 0:
        raise RuntimeError(f"renewal refused: {message.get('code')} {message.get('message')}")
    cert_file, _ = save(folder, sn, made.key_pem, answer["data"]["certificate"])
    return cert_file


async def keep_renewed(cloud: str, sn: str, secret: str, folder: Path, *, now: Any = None) -> None:
    """Runs for the robot's life: sleeps until its certificate is due, renews, and again; backs off on failure
    (a minute, doubling to an hour); stops for good once the server says the certificate was revoked."""
    clock = now or (lambda: datetime.now(UTC))
    retry = RETRY_FIRST_S
    async with aiohttp.ClientSession() as session:
        while True:
            pair = stored(folder, sn)
            if pair is None:
                return
            wait = (renew_at(pair[0]) - clock()).total_seconds()
            if wait > 0:
                await asyncio.sleep(min(wait, timedelta(days=1).total_seconds()))
                continue
            try:
                await renew(session, cloud, sn, secret, folder)
            except Revoked as exc:
                log.error("%s: certificate revoked, renewal refused (%s): register the robot again", sn, exc)
                return
            except (aiohttp.ClientError, TimeoutError, RuntimeError, ValueError, KeyError) as exc:
                log.warning("%s: certificate renewal failed (%s); retrying in %.0f s", sn, exc, retry)
                await asyncio.sleep(retry)
                retry = min(retry * 2, RETRY_MAX_S)
                continue
            retry = RETRY_FIRST_S
            log.info("%s: certificate renewed", sn)


ENROL_FIRST_S = 2.0  # a fleet started beside its server asks again until the server answers
ENROL_MAX_S = 30.0


async def enrol(cloud: str, sn: str, secret: str, folder: Path) -> tuple[Path, Path]:
    """A password robot's first certificate: its own key, a CSR sent with its serial and device secret (the server's
    renew call enrols a robot that holds none); answers the certificate and key files. Asked again with backoff
    while the server cannot be reached or refuses for another reason; ``Revoked`` when the robot was revoked."""
    retry = ENROL_FIRST_S
    async with aiohttp.ClientSession() as session:
        while True:
            try:
                await renew(session, cloud, sn, secret, folder)
            except Revoked:
                raise
            except (aiohttp.ClientError, TimeoutError, RuntimeError, ValueError, KeyError) as exc:
                log.info("%s: enrolment not done yet (%s); asking again in %.0f s", sn, exc, retry)
                await asyncio.sleep(retry)
                retry = min(retry * 2, ENROL_MAX_S)
                continue
            return files(folder, sn)


_REFUSED_CODES = (4, 5, 0x86, 0x87)  # MQTT 3.1.1 CONNACK 4/5 and paho's reason codes for them


def refused_sign_in(exc: BaseException) -> bool:
    """The broker answered CONNACK "bad credentials" or "not authorised": a revoked robot, not a network fault.

    Only a refused CONNECT counts: a publish or subscribe on a link the stopping broker has just dropped fails with
    paho's MQTT_ERR_NO_CONN, which is also 4."""
    if not isinstance(exc, MqttConnectError):
        return False
    code = getattr(exc.rc, "value", exc.rc)
    return code in _REFUSED_CODES
