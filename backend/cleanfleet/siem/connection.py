"""A syslog destination's connection: its host checked by the rules every outbound call holds (core/outbound.py:
looked up once, off the event loop, every address public unless the admin's ``CLEANFLEET_SIEM_ALLOW`` lets its
``host:port`` through, connected to the address checked), then TCP, and TLS unless the destination turned it off.

TLS verifies the destination's certificate and name against ``ca_pem`` when given (only that authority), else the
system's authorities. No client certificate: that would be a private key to keep sealed and rotate per destination;
a receiver limits who may send by address (docs/domains/siem.md). Ports: 514, 601, 6514 (syslog's) and any from
1024 up; the well-known ports of other services (25, 80, 443, ...) are refused.

A failure is a category of ``core.outbound.Failure`` (what the console shows), its text goes to the log only."""

import asyncio
import contextlib
import hashlib
import logging
import ssl
from dataclasses import dataclass

from cleanfleet.core.outbound import Failure, Rules, UnsafeUrl, parse_allowed, resolve

log = logging.getLogger("cleanfleet.siem")
PORTS = frozenset({514, 601, 6514} | set(range(1024, 65536)))
_CONTEXTS: dict[str, ssl.SSLContext] = {}  # by the authority's digest ("" for the system's): made once


class SendFailed(Exception):
    def __init__(self, failure: Failure, detail: str = "") -> None:
        super().__init__(failure.value)
        self.failure, self.detail = failure, detail


@dataclass(frozen=True)
class Where:
    """What a connection is made to (a destination's settings; a change of any makes a new connection)."""

    host: str
    port: int
    tls: bool
    ca_pem: str | None


def rules(allow: str) -> Rules:
    return Rules(frozenset({"https"}), PORTS, allowed=parse_allowed(allow))


def _url(host: str, port: int) -> str:
    literal = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"https://{literal}:{port}/"


async def check_host(host: str, port: int, allow: str) -> str:
    """The address to connect to; ``UnsafeUrl`` (its ``reason``) when the rules refuse the host or port."""
    return (await resolve(_url(host, port), rules(allow))).address


def _context(ca_pem: str | None) -> ssl.SSLContext:
    context = ssl.create_default_context(cadata=ca_pem) if ca_pem else ssl.create_default_context()
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context


async def tls_context(ca_pem: str | None) -> ssl.SSLContext:
    """The context trusting ``ca_pem`` (or the system's authorities), made off the event loop once."""
    key = hashlib.sha256(ca_pem.encode()).hexdigest() if ca_pem else ""
    if key not in _CONTEXTS:
        _CONTEXTS[key] = await asyncio.to_thread(_context, ca_pem)
    return _CONTEXTS[key]


def ca_problem(ca_pem: str) -> str | None:
    """Why ``ca_pem`` cannot be trusted as an authority (not PEM certificates), or None."""
    try:
        _context(ca_pem)
    except (ssl.SSLError, ValueError) as exc:
        return str(exc)
    return None


def category(exc: BaseException) -> Failure:
    if isinstance(exc, UnsafeUrl):
        return Failure.UNREACHABLE if exc.reason == "not_found" else Failure.REJECTED_ADDRESS
    if isinstance(exc, TimeoutError):
        return Failure.TIMEOUT
    if isinstance(exc, ssl.SSLError):
        return Failure.TLS
    return Failure.UNREACHABLE


async def open_link(where: Where, allow: str, seconds: float) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection to the checked address (``SendFailed`` with its category otherwise)."""
    try:
        address = await check_host(where.host, where.port, allow)
        context = await tls_context(where.ca_pem) if where.tls else None
        return await asyncio.wait_for(asyncio.open_connection(
            address, where.port, ssl=context, server_hostname=where.host.strip("[]") if context else None,
            ssl_handshake_timeout=seconds if context else None), seconds)
    except (UnsafeUrl, OSError, TimeoutError, ssl.SSLError) as exc:
        failure = category(exc)
        log.info("syslog destination unreachable", extra={"fields": {
            "host": where.host[:120], "port": where.port, "failure": failure.value, "detail": str(exc)[:300]}})
        raise SendFailed(failure, str(exc)) from exc


async def write(writer: asyncio.StreamWriter, frames: list[bytes], seconds: float) -> None:
    """The frames written and drained (``SendFailed`` when the connection is gone or too slow)."""
    try:
        writer.write(b"".join(frames))
        await asyncio.wait_for(writer.drain(), seconds)
    except (OSError, TimeoutError, ssl.SSLError) as exc:
        raise SendFailed(category(exc), str(exc)) from exc


async def close(writer: asyncio.StreamWriter) -> None:
    writer.close()
    with contextlib.suppress(OSError, TimeoutError, ssl.SSLError):
        await asyncio.wait_for(writer.wait_closed(), 2.0)
