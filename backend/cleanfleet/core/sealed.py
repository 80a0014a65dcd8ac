"""Secrets the server must read back later, stored sealed (issue 50): an OpenID provider's client secret (sso/),
an authenticator app's shared secret (factors/). A hash would not do: the server sends or computes with them.

Sealed with Fernet (AES-128-CBC + HMAC-SHA256, ``cryptography``) under a key derived from
``CLEANFLEET_SEAL_KEY``, or else a random key created once in ``data_dir/seal-key`` (as ``link-secret``: the first
server to start writes it; every server of a cluster must share it). A database copy alone then reveals no secret.
Each value is sealed with a purpose (``sso.client_secret``), so a sealed value copied into another column does not
open there. ``unseal`` answers None for a value sealed under another key (the key was changed: the secret must be
entered again).
"""

import base64
import hashlib
import secrets
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

from cleanfleet.settings import Settings

_keys: dict[Path, str] = {}


def _root_key(settings: Settings) -> str:
    if settings.seal_key:
        return settings.seal_key
    path = (settings.data_dir / "seal-key").resolve()
    if path not in _keys:
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                with path.open("x") as out:  # the first server to start writes it; the others read it
                    out.write(secrets.token_hex(32))
            except FileExistsError:
                pass
            path.chmod(0o600)
        _keys[path] = path.read_text().strip()
    return _keys[path]


def _fernet(settings: Settings, purpose: str) -> Fernet:
    key = hashlib.sha256(f"cleanfleet-sealed:{purpose}:{_root_key(settings)}".encode()).digest()
    return Fernet(base64.urlsafe_b64encode(key))


def seal(settings: Settings, purpose: str, secret: str) -> str:
    """``secret`` sealed for ``purpose`` (ASCII text, about 4/3 of the secret's length plus 100 characters)."""
    return _fernet(settings, purpose).encrypt(secret.encode()).decode()


def unseal(settings: Settings, purpose: str, sealed: str) -> str | None:
    """The secret, or None when it was sealed under another key or purpose."""
    try:
        return _fernet(settings, purpose).decrypt(sealed.encode()).decode()
    except (InvalidToken, ValueError):
        return None
