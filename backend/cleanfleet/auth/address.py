"""The client address a sign-in counts against: the connecting peer, or what a trusted proxy forwarded.

X-Forwarded-For is read from the right: each hop was appended by the one before it, so only entries
added by proxies of CLEANFLEET_TRUSTED_PROXIES are believed. Anyone else may write anything there.
"""

from ipaddress import IPv4Address, IPv6Address, ip_address

from fastapi import Request

from cleanfleet.settings import proxy_networks


def _parsed(text: str) -> IPv4Address | IPv6Address | None:
    try:
        return ip_address(text.strip())
    except ValueError:
        return None


def client_address(request: Request, trusted_proxies: str) -> str:
    """The address of the client behind any trusted proxies (the socket peer when none are trusted)."""
    peer = request.client.host if request.client else "unknown"
    networks = proxy_networks(trusted_proxies)
    if not networks:
        return peer
    hops = [hop for header in request.headers.getlist("x-forwarded-for") for hop in header.split(",")]
    address = peer
    for hop in reversed(hops):
        current = _parsed(address)
        if current is None or not any(current in network for network in networks):
            break
        forwarded = _parsed(hop)
        if forwarded is None:
            break
        address = str(forwarded)
    return address
