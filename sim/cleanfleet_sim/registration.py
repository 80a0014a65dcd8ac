"""A robot's device record: registering with a one-time auth code, and keeping the secret it got.

POST <cloud>/api/robot/register with JSON
  {authCode, deviceSerialNumber, protocolVersion, model, frpPort, firmwareVersion, softVersion, padVersion, csr}
answers the main server's envelope {"message": {"code", "message"}, "data": {"deviceId", "deviceSecret", ...,
"certificate"}}. An auth code lives 2 minutes and works once, so each robot that must register needs its own code.
Credentials are kept in <state-dir>/<sn>.json so a restart does not register again. With a state folder the robot
also makes its key and sends a CSR (certificate.py): key and certificate are kept next to the credentials.
"""

from __future__ import annotations

import base64
import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import aiohttp
from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from cleanfleet_sim import certificate
from cleanfleet_sim.identity import RobotIdentity

REGISTER_PATH = "/api/robot/register"
SIGN_LEAD_MS = 20_000


class RegistrationError(Exception):
    def __init__(self, code: int | None, message: str) -> None:
        super().__init__(f"{code}: {message}" if code is not None else message)
        self.code = code
        self.message = message


@dataclass
class Credentials:
    sn: str
    secret: str
    device_id: str | None = None
    cloud: str | None = None
    registered_at: str | None = None
    cert_file: str | None = None
    key_file: str | None = None


class CredentialStore:
    """One JSON file per robot in a folder; no folder, no memory (every start is a first start)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)

    def _path(self, sn: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{sn}.json"

    def load(self, sn: str) -> Credentials | None:
        path = self._path(sn)
        if path is None or not path.exists():
            return None
        data = json.loads(path.read_text())
        return Credentials(**{k: data.get(k) for k in ("sn", "secret", "device_id", "cloud", "registered_at",
                                                       "cert_file", "key_file")})

    def save(self, credentials: Credentials) -> None:
        path = self._path(credentials.sn)
        if path is None:
            return
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(credentials), indent=2))
        os.chmod(tmp, 0o600)
        tmp.replace(path)


def sign_header(now_ms: int | None = None) -> str:
    """The console's `sign` header (AES-128-CBC of the time in ms + 20 s), keyed like the server."""
    key = os.environ.get("CLEANFLEET_SIGN_KEY", "cleanfleet-sign1").encode()
    iv = os.environ.get("CLEANFLEET_SIGN_IV", "cleanfleet-iv-16").encode()
    moment = (int(time.time() * 1000) if now_ms is None else now_ms) + SIGN_LEAD_MS
    padder = padding.PKCS7(128).padder()
    plain = padder.update(str(moment).encode()) + padder.finalize()
    encryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    return base64.b64encode(encryptor.update(plain) + encryptor.finalize()).decode()


def registration_body(identity: RobotIdentity, auth_code: str, versions: dict[str, str],
                      csr: str | None = None) -> dict[str, Any]:
    body = {"authCode": auth_code, "deviceSerialNumber": identity.sn, "protocolVersion": identity.protocol,
            "model": identity.model, "frpPort": identity.port, "firmwareVersion": versions.get("firmware"),
            "softVersion": versions.get("soft"), "padVersion": versions.get("pad")}
    if csr is not None:
        body["csr"] = csr
    return body


async def register(session: aiohttp.ClientSession, cloud: str, identity: RobotIdentity, auth_code: str,
                   versions: dict[str, str], state_dir: Path | None = None) -> Credentials:
    """Registers with the code; with ``state_dir`` the robot makes its key, sends a CSR, and keeps key and
    certificate there (its credentials name the files)."""
    url = cloud.rstrip("/") + REGISTER_PATH
    headers = {"sign": sign_header(), "platform": "robot", "username": identity.sn}
    made = certificate.make_key_and_csr(identity.sn) if state_dir is not None else None
    body = registration_body(identity, auth_code, versions, made.csr_pem if made else None)
    try:
        async with session.post(url, json=body, headers=headers,
                                timeout=aiohttp.ClientTimeout(total=15)) as response:
            text = await response.text()
            if response.status >= 400:
                raise RegistrationError(response.status, f"HTTP {response.status}: {text[:200]}")
    except aiohttp.ClientError as exc:
        raise RegistrationError(None, f"cloud unreachable: {exc}") from exc
    try:
        answer = json.loads(text)
    except ValueError as exc:
        raise RegistrationError(None, "answer is not JSON") from exc
    message = answer.get("message") if isinstance(answer.get("message"), dict) else answer
    code = message.get("code")
    if code not in (0, 20004, 20007):
        raise RegistrationError(code, str(message.get("message") or message.get("msg") or "refused"))
    data = answer.get("data") or {}
    secret = data.get("deviceSecret")
    if not secret:
        raise RegistrationError(code, "answer has no deviceSecret")
    credentials = Credentials(sn=identity.sn, secret=str(secret), device_id=str(data.get("deviceId") or "") or None,
                              cloud=cloud, registered_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    issued = data.get("certificate")
    if made is not None and state_dir is not None and isinstance(issued, dict) and issued.get("certificate"):
        cert_file, key_file = certificate.save(state_dir, identity.sn, made.key_pem, str(issued["certificate"]))
        credentials.cert_file, credentials.key_file = str(cert_file), str(key_file)
    return credentials
