"""Authenticator apps (RFC 6238 through pyotp: 30-second steps, 6 digits, SHA-1 as every app reads it, one step of
drift either way) and recovery codes (ten, single use, only their hashes kept).

A TOTP secret is 160 random bits (RFC 4226's recommendation) in base32, sealed at rest (core/sealed.py). A code is
taken once: the step it matched is kept, and a code of that step or an earlier one is refused (RFC 6238 5.2).
The QR code is drawn on the server as SVG (segno), so the console's first load carries no QR library.
"""

import hashlib
import io
import re
import secrets
from datetime import datetime

import pyotp
import segno

ISSUER = "CleanFleet"
STEP_SECONDS = 30
DRIFT_STEPS = 1
SEAL_PURPOSE = "factors.totp"
_RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i
_TOTP_CODE = re.compile(r"^\d{6}$")
_RECOVERY_CODE = re.compile(r"^[a-z0-9]{5}-?[a-z0-9]{5}$")


def new_secret() -> str:
    return pyotp.random_base32(32)


def provisioning_uri(secret: str, account: str) -> str:
    """The otpauth:// URI the QR code holds: the issuer and the account as an app lists them."""
    return pyotp.TOTP(secret).provisioning_uri(name=account, issuer_name=ISSUER)


def qr_svg(uri: str) -> str:
    out = io.BytesIO()
    segno.make(uri, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False, svgns=True,
                                    title=ISSUER, dark="#000", light="#fff")
    return out.getvalue().decode()


def is_totp_code(code: str) -> bool:
    return bool(_TOTP_CODE.match(code.replace(" ", "")))


def is_recovery_code(code: str) -> bool:
    return bool(_RECOVERY_CODE.match(code.strip().lower()))


def matching_step(secret: str, code: str, now: datetime, last_step: int | None) -> int | None:
    """The time step ``code`` belongs to (within one step of now), when it is later than ``last_step``."""
    code = code.replace(" ", "")
    totp = pyotp.TOTP(secret, interval=STEP_SECONDS)
    current = totp.timecode(now)
    for step in range(current - DRIFT_STEPS, current + DRIFT_STEPS + 1):
        if last_step is not None and step <= last_step:
            continue
        if secrets.compare_digest(totp.generate_otp(step), code):
            return step
    return None


def new_recovery_codes(count: int) -> list[str]:
    codes = []
    for _ in range(count):
        raw = "".join(secrets.choice(_RECOVERY_ALPHABET) for _ in range(10))
        codes.append(f"{raw[:5]}-{raw[5:]}")
    return codes


def recovery_hash(code: str) -> str:
    """The stored form of a recovery code: about 49 random bits each, throttled like passwords, so SHA-256 serves."""
    normal = code.strip().lower().replace("-", "")
    return hashlib.sha256(f"cleanfleet-recovery:{normal}".encode()).hexdigest()
