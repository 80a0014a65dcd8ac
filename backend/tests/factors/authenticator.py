"""A software authenticator: a real P-256 key that answers WebAuthn registration (attestation "none") and assertion
requests as a browser's authenticator would, signed with ``cryptography``. The server's py_webauthn checks what it
makes exactly as it checks a security key's answer: nothing of the library is mocked."""

import base64
import hashlib
import json
import os
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

ORIGIN = "http://cleanfleet.test"  # the tests' client (tests/conftest.py new_client)
RP_ID = "cleanfleet.test"
UP, UV, AT = 0x01, 0x04, 0x40


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class SoftAuthenticator:
    def __init__(self, *, origin: str = ORIGIN, rp_id: str = RP_ID, verifies_user: bool = True) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = os.urandom(16)
        self.origin, self.rp_id, self.verifies_user = origin, rp_id, verifies_user
        self.counter = 0
        self.user_handle: str | None = None

    def _cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})

    def _auth_data(self, attested: bool) -> bytes:
        self.counter += 1
        flags = UP | (UV if self.verifies_user else 0) | (AT if attested else 0)
        data = hashlib.sha256(self.rp_id.encode()).digest() + bytes([flags]) + self.counter.to_bytes(4, "big")
        if attested:
            data += bytes(16) + len(self.credential_id).to_bytes(2, "big") + self.credential_id + self._cose_key()
        return data

    def _client_data(self, kind: str, challenge: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin,
                           "crossOrigin": False}).encode()

    def register(self, options_json: str) -> str:
        options: dict[str, Any] = json.loads(options_json)
        self.user_handle = options["user"]["id"]
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": self._auth_data(attested=True)})
        client = self._client_data("webauthn.create", options["challenge"])
        return json.dumps({"id": b64(self.credential_id), "rawId": b64(self.credential_id), "type": "public-key",
                           "response": {"clientDataJSON": b64(client), "attestationObject": b64(attestation),
                                        "transports": ["internal"]},
                           "clientExtensionResults": {}, "authenticatorAttachment": "platform"})

    def sign_in(self, options_json: str) -> str:
        options: dict[str, Any] = json.loads(options_json)
        allowed = [entry["id"] for entry in options.get("allowCredentials") or []]
        assert not allowed or b64(self.credential_id) in allowed, "the server did not offer this credential"
        data = self._auth_data(attested=False)
        client = self._client_data("webauthn.get", options["challenge"])
        signature = self.key.sign(data + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256()))
        return json.dumps({"id": b64(self.credential_id), "rawId": b64(self.credential_id), "type": "public-key",
                           "response": {"clientDataJSON": b64(client), "authenticatorData": b64(data),
                                        "signature": b64(signature), "userHandle": self.user_handle},
                           "clientExtensionResults": {}})
