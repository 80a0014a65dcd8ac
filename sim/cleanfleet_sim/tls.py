"""MQTT over TLS for a simulated robot, as a real robot does it (issue 46 item 4): it verifies the broker against
the product CA (fetched from the server, ``GET /api/robot/ca``, or given as a file) and presents its own client
certificate and key when it has them (``identity.cert_file`` / ``identity.key_file``); without them it signs in
by password over the encrypted link (a tenant may forbid that)."""

from __future__ import annotations

import ssl
from pathlib import Path

import aiohttp

CA_PATH = "/api/robot/ca"
CA_TIMEOUT_S = 10.0
MAX_CA_BYTES = 64 * 1024


class CaUnavailable(Exception):
    """The server did not give its CA certificate."""


async def fetch_ca(cloud: str) -> str:
    """The product CA's certificate(s), PEM, from the server the robot registers with."""
    url = cloud.rstrip("/") + CA_PATH
    try:
        async with aiohttp.ClientSession() as session, session.get(
                url, timeout=aiohttp.ClientTimeout(total=CA_TIMEOUT_S)) as response:
            body = await response.content.read(MAX_CA_BYTES + 1)
            if response.status != 200 or len(body) > MAX_CA_BYTES or b"BEGIN CERTIFICATE" not in body:
                raise CaUnavailable(f"{url}: HTTP {response.status}")
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise CaUnavailable(f"{url}: {exc}") from exc
    return body.decode()


def client_context(ca_pem: str, cert_file: str | Path | None = None,
                   key_file: str | Path | None = None) -> ssl.SSLContext:
    """TLS 1.2+, the broker's certificate verified against the product CA (and its host name), the robot's own
    certificate presented when it has one."""
    context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cadata=ca_pem)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    if cert_file and Path(cert_file).exists() and (key_file is None or Path(key_file).exists()):
        context.load_cert_chain(str(cert_file), str(key_file) if key_file else None)
    return context
