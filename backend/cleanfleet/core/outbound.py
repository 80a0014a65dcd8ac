"""A URL the server will call on someone's word (a browser's push endpoint; later, integrations' webhooks) is checked
before it is ever called: HTTPS only, a host name or address that is public, no user name or password in it, and
no more than ``MAX_URL`` characters. The host's addresses are looked up (off the event loop) right before each call
and every one must be public, so a name that points at the server's own network (127.0.0.1, 10.0.0.0/8,
169.254.169.254 ...) is refused even if it changed since it was stored.

Loopback over plain HTTP is allowed only when the caller says so (``allow_loopback``: the tests' and journeys' push
service on 127.0.0.1, behind ``CLEANFLEET_PUSH_ALLOW_HTTP_LOOPBACK``).
"""

import ipaddress
import socket
from urllib.parse import urlsplit

import anyio

MAX_URL = 2048


class UnsafeUrl(ValueError):
    """Why the URL may not be called (English, for logs and stored errors; callers translate for users)."""


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None


def _public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return address.is_global and not address.is_multicast


def check_url(url: str, *, allow_loopback: bool = False) -> None:
    """Refuses (``UnsafeUrl``) a URL that is not one the server may call, without looking the host up."""
    if len(url) > MAX_URL:
        raise UnsafeUrl(f"longer than {MAX_URL} characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise UnsafeUrl("not a URL") from exc
    host = (parts.hostname or "").lower()
    if not host or parts.username or parts.password or port == 0:
        raise UnsafeUrl("no host, or a user name or password in it")
    address = _address(host)
    loopback = host == "localhost" or (address is not None and address.is_loopback)
    if parts.scheme == "http" and loopback and allow_loopback:
        return
    if parts.scheme != "https":
        raise UnsafeUrl("not https")
    if loopback and not allow_loopback:
        raise UnsafeUrl("a loopback address")
    if address is not None and not address.is_loopback and not _public(address):
        raise UnsafeUrl("not a public address")


async def check_resolved(url: str, *, allow_loopback: bool = False) -> None:
    """``check_url``, then every address the host has now must be public (or loopback when allowed)."""
    check_url(url, allow_loopback=allow_loopback)
    parts = urlsplit(url)
    host = parts.hostname or ""
    try:
        found = await anyio.to_thread.run_sync(
            lambda: socket.getaddrinfo(host, parts.port or 443, proto=socket.IPPROTO_TCP))
    except OSError as exc:
        raise UnsafeUrl(f"the host {host} cannot be found") from exc
    for *_rest, sockaddr in found:
        address = ipaddress.ip_address(sockaddr[0])
        if not (_public(address) or (allow_loopback and address.is_loopback)):
            raise UnsafeUrl(f"the host {host} points at a non-public address")
