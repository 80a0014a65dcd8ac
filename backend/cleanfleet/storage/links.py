"""Signed, expiring download links for private files: ``/api/storage/signed/<id>?expires=&name=&sig=``.

The signature is an HMAC-SHA256 over the file id, the expiry (Unix ms) and the download name, with a key
only the server knows: ``CLEANFLEET_LINK_SECRET``, or else a random key created once in
``data_dir/link-secret`` (several servers sharing a store must share the secret). A link is valid until
its expiry (6,600,000 ms after it was handed out, the upload token's life of api-spec 7.8); changing the
secret revokes every link at once.
"""

import hashlib
import hmac
import secrets
import time
from pathlib import Path
from urllib.parse import quote

from cleanfleet.settings import Settings

LINK_TTL_MS = 6_600_000
SIGNED_PREFIX = "/api/storage/signed/"
_keys: dict[Path, bytes] = {}


def _key(settings: Settings) -> bytes:
    if settings.link_secret:
        return settings.link_secret.encode()
    path = (settings.data_dir / "link-secret").resolve()
    if path not in _keys:
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                with path.open("x") as out:  # the first server to start writes it; the others read it
                    out.write(secrets.token_hex(32))
            except FileExistsError:
                pass
            path.chmod(0o600)
        _keys[path] = path.read_text().strip().encode()
    return _keys[path]


def _signature(settings: Settings, file_id: str, expires: int, name: str) -> str:
    message = f"{file_id}|{expires}|{name}".encode()
    return hmac.new(_key(settings), message, hashlib.sha256).hexdigest()[:40]


def now_ms() -> int:
    return int(time.time() * 1000)


def signed_link(settings: Settings, file_id: str, name: str, ttl_ms: int = LINK_TTL_MS) -> tuple[str, int]:
    """(url, expiry in Unix ms) of a link that downloads the file as ``name`` until the expiry."""
    expires = now_ms() + ttl_ms
    sig = _signature(settings, file_id, expires, name)
    return f"{SIGNED_PREFIX}{file_id}?expires={expires}&name={quote(name, safe='')}&sig={sig}", expires


def link_valid(settings: Settings, file_id: str, expires: int, name: str, sig: str) -> bool:
    if expires < now_ms():
        return False
    return hmac.compare_digest(_signature(settings, file_id, expires, name), sig)
