"""Permission-matrix entries for the identity provider calls (/api/sso/provider/*; tests/permission_matrix.py).

The world gets two providers of the dealer's customer ``user`` (``sso.provider``, edited and tested, and
``sso.spare``, deleted last), written as an add would (the client secret sealed) but without the network: a
builder runs for every domain's world. Their issuer is the run's test provider when the server may reach one
(``sso_allow``, set by tests/sso/conftest.py), so the rightful test of a stored provider reads a real discovery.

Not in the matrix (no key, no branch): the sign-in page's ``/api/sso/discover`` and ``/api/sso/redeem`` (signed
calls without a session, like /login), ``/api/sso/signOut`` (any session ends itself, like /logout) and the
browser redirects ``GET /api/sso/start`` and ``/api/sso/callback`` (not POST calls: ``routes_under`` skips them).
"""

from typing import Any

from cleanfleet.core import sealed
from cleanfleet.core.db import utcnow
from cleanfleet.sso.models import SsoDomain, SsoGroupRole, SsoProvider
from cleanfleet.sso.service import SECRET
from tests.permission_matrix import Entry, World, fresh_name, register, register_world_builder

NOT_KEYED = {
    "/api/sso/discover": "the sign-in page asks it before anyone is signed in (which buttons an e-mail gets)",
    "/api/sso/redeem": "the sign-in page trades its one-time code for the session (the code and cookie are proof)",
    "/api/sso/signOut": "ends the caller's own session, as /logout does",
}
CLIENT_ID, CLIENT_SECRET = "cleanfleet", "cleanfleet-test-secret-4f9a"


def _issuer(app: Any) -> str:
    allowed = [entry.strip() for entry in (app.state.settings.sso_allow or "").split(",") if entry.strip()]
    return f"http://{allowed[0]}" if allowed else "https://login.example.com"


def _domain() -> str:
    return f"{fresh_name('corp').replace(' ', '').lower()}.test"


async def build_sso_world(world: World, app: Any) -> None:
    issuer = _issuer(app)
    world.ids["sso.issuer"] = issuer
    async with app.state.db.sessions() as db:
        for key in ("sso.provider", "sso.spare"):
            provider = SsoProvider(node_id=world.id("user"), name=fresh_name("Corp"), issuer=issuer,
                                   client_id=CLIENT_ID, scopes="openid email profile groups", groups_claim="groups",
                                   client_secret_sealed=sealed.seal(app.state.settings, SECRET, CLIENT_SECRET),
                                   created_at=utcnow(), updated_at=utcnow())
            db.add(provider)
            await db.flush()
            db.add(SsoDomain(domain=_domain(), provider_id=provider.id))
            db.add(SsoGroupRole(provider_id=provider.id, position=0, group="staff", role_id=world.ids["role"],
                                node_id=world.id("user")))
            world.ids[key] = provider.id
        await db.commit()


register_world_builder(build_sso_world)


def _provider(world: World) -> dict[str, Any]:
    return {"nodeId": world.id("user"), "name": fresh_name("Acme"), "issuer": world.ids["sso.issuer"],
            "clientId": CLIENT_ID, "clientSecret": CLIENT_SECRET, "scopes": "openid email profile groups",
            "groupsClaim": "groups", "domains": [_domain()],
            "groups": [{"group": "staff", "roleId": world.ids["role"], "nodeId": world.id("user")}]}


def _edit(world: World) -> dict[str, Any]:
    body = {**_provider(world), "id": world.ids["sso.provider"]}
    del body["clientSecret"]  # kept
    return body


register(
    Entry("/api/sso/provider/list", lambda w: {"nodeId": w.id("user")}),
    Entry("/api/sso/provider/roles", lambda w: {"nodeId": w.id("user")}),
    Entry("/api/sso/provider/test", lambda w: {"id": w.ids["sso.provider"]}),
    Entry("/api/sso/provider/add", _provider),
    Entry("/api/sso/provider/edit", _edit),
    Entry("/api/sso/provider/delete", lambda w: {"id": w.ids["sso.spare"]}, last=1),
)
