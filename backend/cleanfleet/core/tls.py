"""The certificate check the server's own HTTPS calls share (to users' URLs: core/outbound.py; to the robots: relay)."""

import functools
import ssl

import httpx


@functools.cache
def verified_tls() -> ssl.SSLContext:
    """The trusted roots httpx verifies with, loaded once per process. httpx loads them again for each transport it
    builds (30 ms of CPU on this machine: each webhook delivery and push paid it); one context serves any number of
    connections and host names (each connection sets its own)."""
    return httpx.create_ssl_context(trust_env=False)
