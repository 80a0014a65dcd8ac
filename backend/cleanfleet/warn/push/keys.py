"""The install's VAPID key pair (RFC 8292): made once, on first use, and kept in ``data_dir/vapid-private.pem``
(mode 0600), so every browser subscribed keeps working across restarts and upgrades. Several servers sharing a data
directory share it (the first to start writes it). A file that is not a P-256 private key stops the push channel
with an error naming the file: a new key would silently cut off every subscribed browser.
"""

import base64
from functools import lru_cache
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

from cleanfleet.settings import Settings

KEY_FILE = "vapid-private.pem"


class BadVapidKey(RuntimeError):
    pass


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _create(path: Path) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with path.open("xb") as out:  # the first server to start writes it; the others read it
            out.write(pem)
    except FileExistsError:
        return
    path.chmod(0o600)


@lru_cache(maxsize=4)
def _load(path: Path) -> Vapid02:
    if not path.exists():
        _create(path)
    try:
        vapid = Vapid02.from_pem(path.read_bytes())
    except Exception as exc:
        raise BadVapidKey(f"{path} is not a VAPID (P-256) private key: move it away to make a new one "
                          f"(subscribed browsers then subscribe again)") from exc
    if not isinstance(vapid.private_key.curve, ec.SECP256R1):
        raise BadVapidKey(f"{path} holds a key that is not on P-256")
    return vapid


def vapid(settings: Settings) -> Vapid02:
    return _load((settings.data_dir / KEY_FILE).resolve())


def public_key(settings: Settings) -> str:
    """The application server key a browser subscribes with: the uncompressed P-256 point, base64url."""
    point = vapid(settings).public_key.public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint)
    return b64url(point)
