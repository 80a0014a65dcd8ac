"""A push service on loopback that a test runs, and a browser's subscription keys: the service checks each
message's VAPID header (ES256 JWT signed by the server's key, for this origin, not expired) and decrypts the body
with the browser's private key and secret (RFC 8291, aes128gcm), as a real push service and browser together do."""

import base64
import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

import http_ece
from aiohttp import web
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from tests.users.conftest import free_port


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """A browser's subscription keys."""

    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64(self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                      serialization.PublicFormat.UncompressedPoint))


def check_vapid(header: str, audience: str, server_key: str) -> dict[str, Any]:
    """The claims of a ``vapid t=<jwt>, k=<key>`` header, after checking its signature, key, audience and expiry."""
    scheme, _, rest = header.partition(" ")
    assert scheme == "vapid", header
    parts = dict(item.strip().split("=", 1) for item in rest.split(","))
    assert parts["k"] == server_key, "signed with another key than /push/key gives"
    signing_input, _, signature = parts["t"].rpartition(".")
    raw = unb64(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(parts["k"]))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, signing_input.encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    header_json, claims_json = (json.loads(unb64(p)) for p in signing_input.split("."))
    assert header_json["alg"] == "ES256"
    assert claims_json["aud"] == audience
    assert time.time() < claims_json["exp"] <= time.time() + 24 * 3600
    return claims_json


class PushService:
    """Receives pushes for its browsers at /push/<name>; ``answers`` sets a status per name (default 201)."""

    def __init__(self, server_key: str) -> None:
        self.server_key = server_key
        self.browsers: dict[str, Browser] = {}
        self.received: dict[str, list[dict[str, Any]]] = {}
        self.answers: dict[str, int] = {}
        self.origin = ""
        self._runner: web.AppRunner | None = None

    def endpoint(self, name: str) -> str:
        self.browsers.setdefault(name, Browser())
        return f"{self.origin}/push/{name}"

    def subscription(self, name: str, label: str = "") -> dict[str, Any]:
        endpoint = self.endpoint(name)
        browser = self.browsers[name]
        return {"endpoint": endpoint, "keys": {"p256dh": browser.p256dh, "auth": b64(browser.auth)}, "label": label}

    async def _handle(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        status = self.answers.get(name, 201)
        if status >= 300:
            return web.Response(status=status)
        check_vapid(request.headers["Authorization"], self.origin, self.server_key)
        assert request.headers["Content-Encoding"] == "aes128gcm"
        assert int(request.headers["TTL"]) > 0
        browser = self.browsers[name]
        plain = http_ece.decrypt(await request.read(), private_key=browser.key, auth_secret=browser.auth,
                                 version="aes128gcm")
        self.received.setdefault(name, []).append(json.loads(plain))
        return web.Response(status=201)

    async def start(self) -> None:
        server = web.Application()
        server.router.add_post("/push/{name}", self._handle)
        self._runner = web.AppRunner(server)
        await self._runner.setup()
        port = free_port()
        await web.TCPSite(self._runner, "127.0.0.1", port).start()
        self.origin = f"http://127.0.0.1:{port}"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
