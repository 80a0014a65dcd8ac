"""The relay's HTTP client (app.py's lifespan starts and stops it): one pool of connections to the robots.

It follows no redirect (a robot's answer goes back to the console as it came) and ignores the proxy
variables of the environment (the robots are reached directly, through their transfer node's ports).
"""

import httpx

from cleanfleet.core.tls import verified_tls


def start_relay_client() -> httpx.AsyncClient:
    """The client ``/relay`` forwards with; the router finds it as ``app.state.relay_client``."""
    return httpx.AsyncClient(verify=verified_tls(), follow_redirects=False, trust_env=False)


async def stop_relay_client(client: httpx.AsyncClient) -> None:
    await client.aclose()
