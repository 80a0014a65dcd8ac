"""A URL the server will call on someone's word (a browser's push endpoint; later, integrations' webhooks) is checked
before it is ever called: HTTPS only, a host name or address that is public, no user name or password in it, and
no more than ``MAX_URL`` characters. The host's addresses are looked up (off the event loop) right before each call
and every one must be public, so a name that points at the server's own network (127.0.0.1, 10.0.0.0/8,
169.254.169.254 ...) is refused even if it changed since it was stored.

Loopback over plain HTTP is allowed only when the caller says so (``allow_loopback``: the tests' and journeys' push
service on 127.0.0.1, behind ``CLEANFLEET_PUSH_ALLOW_HTTP_LOOPBACK``).

Webhooks (``check_webhook_url``, ``resolve_webhook``; issue 35) are stricter about ports and looser about the scheme:
http or https on port 80 or 443 only, no user name or password, and every address the host has right before each
call must be public (not loopback, private, link-local, CGNAT, multicast, reserved or a cloud metadata address).
The sender connects to the address that was checked (``Target.connect_url``), so the name cannot be looked up again
to point elsewhere between the check and the call, and it never follows a redirect. ``host:port`` entries of the
admin's ``CLEANFLEET_WEBHOOK_ALLOW`` are let through anyway (the tests' and journeys' receiver on loopback).
"""

import ipaddress
import socket
from dataclasses import dataclass
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


# --- webhooks (issue 35): http(s) on 80/443, every address checked, the checked address is the one connected to ---

WEBHOOK_PORTS = {"http": 80, "https": 443}
# cloud metadata services, refused by name too (they are link-local or unique-local, so refused anyway)
METADATA = frozenset({ipaddress.ip_address("169.254.169.254"), ipaddress.ip_address("fd00:ec2::254"),
                      ipaddress.ip_address("100.100.100.200")})
CGNAT = ipaddress.ip_network("100.64.0.0/10")

Allowed = frozenset[tuple[str, int]]


def parse_allowed(entries: str) -> Allowed:
    """``host:port`` entries (comma-separated; ``[::1]:8080`` for IPv6) the admin lets webhooks reach anyway;
    hosts compared lower-case as written in the URL (no lookup: ``localhost:80`` does not allow ``127.0.0.1:80``)."""
    found = set()
    for entry in (part.strip() for part in entries.split(",")):
        if not entry:
            continue
        host, _, port = entry.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"{entry!r} is not host:port")
        found.add((host.strip("[]").lower(), int(port)))
    return frozenset(found)


@dataclass(frozen=True)
class Target:
    """Where a webhook goes: the URL's parts and the address that was checked (the one to connect to)."""

    scheme: str
    host: str
    port: int
    target: str  # path and query, "/" when empty
    address: str  # the checked IP address, without brackets

    def connect_url(self) -> str:
        """The URL with the checked address in place of the host (the Host header and TLS name stay the host's)."""
        literal = f"[{self.address}]" if ":" in self.address else self.address
        return f"{self.scheme}://{literal}:{self.port}{self.target}"

    def host_header(self) -> str:
        literal = f"[{self.host}]" if ":" in self.host else self.host
        return literal if WEBHOOK_PORTS[self.scheme] == self.port else f"{literal}:{self.port}"


def _refused_address(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    """Why the server may not post to this address, or None (a public unicast address)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if address in METADATA:
        return "a cloud metadata address"
    if address.is_loopback:
        return "a loopback address"
    if address.is_link_local:
        return "a link-local address"
    if address.is_multicast:
        return "a multicast address"
    if isinstance(address, ipaddress.IPv4Address) and address in CGNAT:
        return "a shared (CGNAT) address"
    if address.is_private or address.is_reserved or address.is_unspecified or not address.is_global:
        return "a private or reserved address"
    return None


def check_webhook_url(url: str, allowed: Allowed = frozenset()) -> tuple[str, str, int, str, bool]:
    """The URL's scheme, host, port, path and whether the admin allows its host:port; refuses (``UnsafeUrl``) what
    no lookup can make right: not http(s), a user name or password, a port other than 80/443, a literal address
    that is not public, longer than ``MAX_URL``."""
    if len(url) > MAX_URL:
        raise UnsafeUrl(f"longer than {MAX_URL} characters")
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:
        raise UnsafeUrl("not a URL") from exc
    scheme = parts.scheme.lower()
    if scheme not in WEBHOOK_PORTS:
        raise UnsafeUrl("not http or https")
    host = (parts.hostname or "").lower()
    if not host:
        raise UnsafeUrl("no host")
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise UnsafeUrl("a user name or password in it")
    port = port if port is not None else WEBHOOK_PORTS[scheme]
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    if (host, port) in allowed:
        return scheme, host, port, target, True
    if port not in WEBHOOK_PORTS.values():
        raise UnsafeUrl(f"port {port} (only 80 and 443)")
    literal = _address(host)
    if host == "localhost" or host.endswith(".localhost"):
        raise UnsafeUrl("a loopback address")
    if literal is not None and (why := _refused_address(literal)):
        raise UnsafeUrl(why)
    return scheme, host, port, target, False


def _lookup(host: str, port: int) -> list[str]:
    found = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(str(sockaddr[0]).split("%")[0] for *_rest, sockaddr in found))


async def resolve_webhook(url: str, allowed: Allowed = frozenset()) -> Target:
    """``check_webhook_url``, then the host's addresses now (looked up off the event loop): every one must be
    public unless the admin allows the URL's host:port; answers the first, which the sender connects to, so no
    second lookup can point the call elsewhere (DNS rebinding)."""
    scheme, host, port, target, allow = check_webhook_url(url, allowed)
    try:
        addresses = await anyio.to_thread.run_sync(_lookup, host, port)
    except OSError as exc:
        raise UnsafeUrl(f"the host {host} cannot be found") from exc
    if not addresses:
        raise UnsafeUrl(f"the host {host} cannot be found")
    if not allow:
        for address in addresses:
            if why := _refused_address(ipaddress.ip_address(address)):
                raise UnsafeUrl(f"the host {host} points at {why}")
    return Target(scheme, host, port, target, addresses[0])
