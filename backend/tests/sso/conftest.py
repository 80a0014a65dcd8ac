"""Single sign-on's test ground: a real OpenID provider (panva's OpenID-certified ``oidc-provider``, the script the
journeys use too: web/e2e/oidc/provider.mjs) started once on a free loopback port, allowed for the server through
``sso_allow``; a branch (a dealer above a customer, and another dealer); and ``sign_in_through``, which follows the
whole code flow over real HTTP: the console's button (GET /api/sso/start), the provider's own sign-in and consent
pages (its forms posted as a browser would), and the way back (GET /api/sso/callback) to the console's fragment."""

import json
import os
import subprocess
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import httpx
import pytest

from cleanfleet.roles.catalogue import ROLE_DEALER
from cleanfleet.settings import REPO_ROOT, Settings
from tests.conftest import Api, new_client, unique_account

SCRIPT = REPO_ROOT / "web" / "e2e" / "oidc" / "provider.mjs"
CLIENT_ID, CLIENT_SECRET = "cleanfleet", "cleanfleet-test-secret-4f9a"


@dataclass
class Provider:
    port: int
    process: subprocess.Popen[str]

    @property
    def issuer(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def people(self, people: dict[str, dict[str, Any]]) -> None:
        """Replaces the provider's people (a group removed, a person disabled)."""
        answer = httpx.post(f"{self.issuer}/_test/people", content=json.dumps(people), trust_env=False)
        assert answer.status_code == 204, answer.text


@pytest.fixture(scope="session")
def oidc_provider(settings: Settings) -> Iterator[Provider]:
    public = settings.public_url.rstrip("/")
    env = {**os.environ, "OIDC_PORT": "0", "OIDC_CLIENT_ID": CLIENT_ID, "OIDC_CLIENT_SECRET": CLIENT_SECRET,
           "OIDC_REDIRECT_URIS": f"{public}/api/sso/callback", "OIDC_LOGOUT_URIS": f"{public}/login",
           "OIDC_PEOPLE": "{}"}
    process = subprocess.Popen(["node", str(SCRIPT)], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True)
    assert process.stdout is not None
    for line in process.stdout:  # its first line says the port (or it ended: the loop ends with it)
        if line.startswith("listening "):
            port = int(line.split()[1])
            break
    else:
        raise RuntimeError(f"the test provider did not start (exit {process.wait()}): is web/node_modules there?")
    try:
        yield Provider(port, process)
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(autouse=True)
def provider_allowed(app: Any, oidc_provider: Provider) -> Iterator[None]:
    settings = app.state.settings
    before = settings.sso_allow
    settings.sso_allow = f"127.0.0.1:{oidc_provider.port}"
    yield
    settings.sso_allow = before


@dataclass
class Branch:
    dealer: Any
    dealer_api: Api
    customer: Any
    other_api: Api
    domain: str


@pytest.fixture
async def branch(make_user: Any, signed_in: Any) -> Branch:
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    customer, _ = await make_user(3, parent=dealer)
    other, other_password = await make_user(2, roles=[ROLE_DEALER])
    return Branch(dealer, await signed_in(dealer, password), customer, await signed_in(other, other_password),
                  f"{unique_account('acme').lower()}.test")


def provider_body(branch: Branch, oidc_provider: Provider, groups: list[dict[str, Any]],
                  **fields: Any) -> dict[str, Any]:
    return {"name": "Acme", "issuer": oidc_provider.issuer, "clientId": CLIENT_ID, "clientSecret": CLIENT_SECRET,
            "scopes": "openid email profile groups",
            "domains": [branch.domain], "groups": groups, **fields}


@dataclass
class Landed:
    """Where the callback sent the browser: the console's /login and what its fragment says."""

    fragment: dict[str, str]
    browser: httpx.AsyncClient


async def start(browser: httpx.AsyncClient, provider_id: int, login: str = "") -> str:
    answer = await browser.get("/api/sso/start", params={"provider": provider_id, "login": login})
    assert answer.status_code == 303, answer.text
    return answer.headers["location"]


async def through_provider(url: str, login: str, password: str) -> str:
    """Follows the provider's pages as a browser: its sign-in form, its consent, until it sends the browser back to
    the console (answers that address)."""
    async with httpx.AsyncClient(trust_env=False, timeout=10) as provider:
        for _ in range(12):
            answer = await provider.get(url)
            while answer.status_code in (302, 303):
                url = str(answer.url.join(answer.headers["location"]))
                if "/api/sso/callback" in url:
                    return url
                answer = await provider.get(url)
            assert answer.status_code == 200, answer.text
            action = answer.text.split('action="', 1)[1].split('"', 1)[0]
            fields = {"login": login, "password": password} if "/login" in action else {}
            answer = await provider.post(str(answer.url.join(action)), data=fields)
            assert answer.status_code in (302, 303), answer.text
            url = str(answer.url.join(answer.headers["location"]))
            if "/api/sso/callback" in url:
                return url
    raise AssertionError("the provider never sent the browser back")


async def back_to_console(browser: httpx.AsyncClient, callback_url: str) -> dict[str, str]:
    parts = urlsplit(callback_url)
    answer = await browser.get(f"{parts.path}?{parts.query}")
    assert answer.status_code == 303, answer.text
    location = answer.headers["location"]
    assert location.startswith("/login#"), location
    return dict(parse_qsl(location.split("#", 1)[1]))


@pytest.fixture
async def browsers(app: Any) -> AsyncIterator[Any]:
    """new() -> an Api whose client is one browser (its cookies kept)."""
    clients: list[httpx.AsyncClient] = []

    def new() -> Api:
        client = new_client(app)
        clients.append(client)
        return Api(client, app.state.signer)

    yield new
    for client in clients:
        await client.aclose()


async def sign_in_through(browser: Api, provider_id: int, login: str, password: str = "pw") -> dict[str, str]:
    """The whole flow in one browser; answers the console's fragment (sso=..., ticket=..., or ssoError=...); with
    ``sso``, the browser's Api holds the session redeemed."""
    url = await start(browser.client, provider_id, login)
    fragment = await back_to_console(browser.client, await through_provider(url, login, password))
    if "sso" in fragment:
        answer = await browser.call("/sso/redeem", {"code": fragment["sso"]})
        assert answer.code == 0, answer.body
        browser.token, browser.account = answer.data["token"], answer.data["account"]
    return fragment
