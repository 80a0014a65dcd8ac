"""The `sign` header: base64(AES-128-CBC, PKCS#7) of the caller's Unix time in ms plus 20,000.

A signature is valid while the server's clock has not passed its time by more than the allowed
skew, and refused when it claims a time further ahead than 20 s plus the skew.
"""

import base64
import binascii
import time

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

SIGN_LEAD_MS = 20_000


class SignatureError(ValueError):
    pass


class Signer:
    def __init__(self, key: str, iv: str, skew_seconds: int) -> None:
        self._key = key.encode()
        self._iv = iv.encode()
        self._skew_ms = skew_seconds * 1000

    def sign(self, now_ms: int | None = None) -> str:
        """What a client sends: used by tests, the benchmark and the simulator."""
        moment = (int(time.time() * 1000) if now_ms is None else now_ms) + SIGN_LEAD_MS
        padder = padding.PKCS7(128).padder()
        plain = padder.update(str(moment).encode()) + padder.finalize()
        encryptor = Cipher(algorithms.AES(self._key), modes.CBC(self._iv)).encryptor()
        return base64.b64encode(encryptor.update(plain) + encryptor.finalize()).decode()

    def signed_time(self, header: str | None) -> int:
        if not header:
            raise SignatureError("missing")
        try:
            raw = base64.b64decode(header, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise SignatureError("not base64") from exc
        if not raw or len(raw) % 16:
            raise SignatureError("wrong length")
        decryptor = Cipher(algorithms.AES(self._key), modes.CBC(self._iv)).decryptor()
        unpadder = padding.PKCS7(128).unpadder()
        try:
            plain = unpadder.update(decryptor.update(raw) + decryptor.finalize()) + unpadder.finalize()
            return int(plain.decode("ascii"))
        except (ValueError, UnicodeDecodeError) as exc:
            raise SignatureError("does not decrypt") from exc

    def verify(self, header: str | None, now_ms: int | None = None) -> None:
        moment = self.signed_time(header)
        now = int(time.time() * 1000) if now_ms is None else now_ms
        if moment + self._skew_ms < now:
            raise SignatureError("expired")
        if moment > now + SIGN_LEAD_MS + self._skew_ms:
            raise SignatureError("from the future")
