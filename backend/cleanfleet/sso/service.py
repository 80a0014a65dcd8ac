"""The identity providers' rules: add, change, delete, list and test a node's OpenID providers (nothing here knows
HTTP). A provider belongs to a node of the caller's subtree (the caller's own acting account or one below it), which
must be able to have accounts below it; another branch's provider answers NOT_FOUND naming ``id``. Its client secret
is sealed (core/sealed.py) and never answered. Each e-mail domain is served by one provider only. A row of the table
group -> role names a role visible at its node that the caller holds every key of (roles.check_roles_grantable), and
a node at or below the provider's.
"""

import re
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import sealed
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, not_found
from cleanfleet.core.outbound import failure_text
from cleanfleet.core.scope import path_prefix
from cleanfleet.roles import service as roles
from cleanfleet.roles.models import Role
from cleanfleet.settings import Settings
from cleanfleet.sso import oidc, texts
from cleanfleet.sso.models import SsoDomain, SsoGroupRole, SsoIdentity, SsoProvider
from cleanfleet.sso.schemas import MAX_PROVIDERS, ProviderIn
from cleanfleet.users import service as users
from cleanfleet.users.models import TYPE_USER, User
from cleanfleet.users.scope import user_in_subtree

SECRET = "sso.client_secret"  # the sealing purpose of a provider's client secret
DOMAIN = re.compile(r"^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$")
CALLBACK_PATH = "/api/sso/callback"
AFTER_LOGOUT_PATH = "/login"


def redirect_uri(settings: Settings) -> str:
    return settings.public_url.rstrip("/") + CALLBACK_PATH


def after_logout_uri(settings: Settings) -> str:
    return settings.public_url.rstrip("/") + AFTER_LOGOUT_PATH


def provider_failed(exc: oidc.ProviderFailed, field: str = "issuer") -> ApiError:
    """A provider that cannot be used, as a refusal naming ``field`` in the caller's language."""
    if exc.reason == "refused":
        return ApiError(Code.BAD_PARAMETER, texts.ISSUER_REFUSED, field=field,
                        values={"why": texts.WHY.get(exc.why, texts.WHY["address"])})
    if exc.reason == "issuer":
        return ApiError(Code.BAD_PARAMETER, texts.ISSUER_MISMATCH, field=field, values={"found": exc.why})
    if exc.reason == "incomplete":
        return ApiError(Code.BAD_PARAMETER, texts.NOT_OPENID, field=field, values={"what": exc.why})
    why = texts.WHY["not_json"] if exc.reason == "not_json" else failure_text(exc.why)
    return ApiError(Code.BAD_PARAMETER, texts.DISCOVERY_FAILED, field=field, values={"why": why})


async def _node(db: AsyncSession, caller: Caller, node_id: int | None, field: str = "nodeId") -> User:
    node = await user_in_subtree(db, caller, node_id or caller.acting_user_id, field=field)
    if node.type != TYPE_USER or node.level_depth not in users.CHILD_LEVEL:
        raise ApiError(Code.BAD_PARAMETER, texts.NODE_HAS_NO_PEOPLE, field=field)
    return node


async def get_own(db: AsyncSession, caller: Caller, provider_id: int) -> tuple[SsoProvider, User]:
    found = (await db.execute(select(SsoProvider, User).join(User, User.id == SsoProvider.node_id).where(
        SsoProvider.id == provider_id, path_prefix(User.path, caller.acting_path)))).first()
    if found is None:
        raise not_found(texts.PROVIDER_NOT_FOUND, field="id", id=provider_id)
    return found[0], found[1]


def _check_domains(domains: list[str]) -> list[str]:
    for n, domain in enumerate(domains):
        if not DOMAIN.match(domain):
            raise bad_parameter(f"domains.{n}", texts.DOMAIN_INVALID, domain=domain)
        if domain in domains[:n]:
            raise bad_parameter(f"domains.{n}", texts.DOMAIN_TWICE, domain=domain)
    return domains


async def _check_table(db: AsyncSession, caller: Caller, node: User, body: ProviderIn) -> list[SsoGroupRole]:
    rows = []
    for n, row in enumerate(body.groups):
        landing = node if row.nodeId in (None, node.id) else await _node(db, caller, row.nodeId, f"groups.{n}.nodeId")
        if not landing.path.startswith(node.path):
            raise ApiError(Code.BAD_PARAMETER, texts.GROUP_NODE_OUTSIDE, field=f"groups.{n}.nodeId",
                           values={"id": landing.id})
        await roles.check_roles_grantable(db, caller, [row.roleId], landing.path, field=f"groups.{n}.roleId")
        rows.append(SsoGroupRole(position=n, group=row.group, role_id=row.roleId, node_id=landing.id))
    return rows


async def _write(db: AsyncSession, settings: Settings, caller: Caller, provider: SsoProvider, node: User,
                 body: ProviderIn) -> None:
    """The checks of an add or an edit (nothing written when one fails), then the provider's rows."""
    if "openid" not in body.scopes.split():
        raise bad_parameter("scopes", texts.NO_OPENID_SCOPE)
    domains = _check_domains(body.domains)
    taken = (await db.execute(select(SsoDomain.domain).where(
        SsoDomain.domain.in_(domains), SsoDomain.provider_id != (provider.id or 0)))).scalars().all()
    if taken:
        first = min(taken, key=domains.index)
        raise bad_parameter(f"domains.{domains.index(first)}", texts.DOMAIN_TAKEN, domain=first)
    table = await _check_table(db, caller, node, body)
    try:
        oidc.check_issuer(settings, body.issuer)
    except oidc.ProviderFailed as exc:
        raise provider_failed(exc) from exc
    if body.clientSecret is None and not provider.client_secret_sealed:
        raise bad_parameter("clientSecret", texts.SECRET_REQUIRED)
    provider.node_id, provider.name, provider.issuer = node.id, body.name, oidc.normal_issuer(body.issuer)
    provider.client_id, provider.scopes, provider.groups_claim = body.clientId, body.scopes, body.groupsClaim
    provider.passwords_off, provider.enabled, provider.updated_at = body.passwordsOff, body.enabled, utcnow()
    if body.clientSecret is not None:
        provider.client_secret_sealed = sealed.seal(settings, SECRET, body.clientSecret)
    db.add(provider)
    await db.flush()
    await db.execute(delete(SsoDomain).where(SsoDomain.provider_id == provider.id))
    await db.execute(delete(SsoGroupRole).where(SsoGroupRole.provider_id == provider.id))
    db.add_all(SsoDomain(domain=domain, provider_id=provider.id) for domain in domains)
    for row in table:
        row.provider_id = provider.id
    db.add_all(table)


async def create(db: AsyncSession, settings: Settings, caller: Caller, body: ProviderIn) -> dict[str, Any]:
    node = await _node(db, caller, body.nodeId)
    count = await db.scalar(select(func.count()).select_from(SsoProvider).where(SsoProvider.node_id == node.id))
    if (count or 0) >= MAX_PROVIDERS:
        raise bad_parameter("nodeId", texts.TOO_MANY, max=MAX_PROVIDERS)
    provider = SsoProvider(client_secret_sealed="", created_at=utcnow())
    await _write(db, settings, caller, provider, node, body)
    await db.commit()
    return (await answers(db, settings, [(provider, node)]))[0]


async def edit(db: AsyncSession, settings: Settings, caller: Caller, provider_id: int,
               body: ProviderIn) -> dict[str, Any]:
    provider, _ = await get_own(db, caller, provider_id)
    node = await _node(db, caller, body.nodeId or provider.node_id)
    await _write(db, settings, caller, provider, node, body)
    await db.commit()
    return (await answers(db, settings, [(provider, node)]))[0]


async def remove(db: AsyncSession, caller: Caller, provider_id: int) -> None:
    """Deletes a provider with its domains, table and known subjects; the accounts it made stay (their sessions
    too), and sign in by what else they have (a password an admin sets)."""
    provider, _ = await get_own(db, caller, provider_id)
    await db.delete(provider)
    await db.commit()


async def listing(db: AsyncSession, settings: Settings, caller: Caller, node_id: int | None) -> list[dict[str, Any]]:
    query = select(SsoProvider, User).join(User, User.id == SsoProvider.node_id).where(
        path_prefix(User.path, caller.acting_path))
    if node_id is not None:
        query = query.where(SsoProvider.node_id == (await user_in_subtree(db, caller, node_id, field="nodeId")).id)
    found = [(provider, node) for provider, node in await db.execute(query.order_by(User.path, SsoProvider.id))]
    return await answers(db, settings, found)


async def answers(db: AsyncSession, settings: Settings, found: list[tuple[SsoProvider, User]]) -> list[dict[str, Any]]:
    ids = [provider.id for provider, _ in found]
    domains: dict[int, list[str]] = {i: [] for i in ids}
    for domain, provider_id in await db.execute(select(SsoDomain.domain, SsoDomain.provider_id).where(
            SsoDomain.provider_id.in_(ids)).order_by(SsoDomain.domain)):
        domains[provider_id].append(domain)
    tables: dict[int, list[dict[str, Any]]] = {i: [] for i in ids}
    for row, role_name, account in await db.execute(
            select(SsoGroupRole, Role.name, User.account).join(Role, Role.id == SsoGroupRole.role_id)
            .join(User, User.id == SsoGroupRole.node_id).where(SsoGroupRole.provider_id.in_(ids))
            .order_by(SsoGroupRole.position, SsoGroupRole.id)):
        tables[row.provider_id].append({"group": row.group, "roleId": row.role_id, "roleName": role_name,
                                        "nodeId": row.node_id, "nodeAccount": account})
    people = dict((await db.execute(select(SsoIdentity.provider_id, func.count()).where(
        SsoIdentity.provider_id.in_(ids)).group_by(SsoIdentity.provider_id))).all())
    return [{"id": p.id, "nodeId": node.id, "nodeAccount": node.account, "nodeName": node.name, "name": p.name,
             "issuer": p.issuer, "clientId": p.client_id, "secretSet": bool(p.client_secret_sealed),
             "scopes": p.scopes, "groupsClaim": p.groups_claim, "domains": domains[p.id], "groups": tables[p.id],
             "passwordsOff": p.passwords_off, "enabled": p.enabled, "redirectUri": redirect_uri(settings),
             "logoutRedirectUri": after_logout_uri(settings), "people": people.get(p.id, 0),
             "createdAt": p.created_at.isoformat(), "updatedAt": p.updated_at.isoformat()} for p, node in found]


async def test(db: AsyncSession, settings: Settings, caller: Caller, provider_id: int | None,
               issuer: str | None) -> dict[str, Any]:
    """What the provider says about itself (discovery, read afresh, and its key set)."""
    if provider_id is not None:
        issuer = (await get_own(db, caller, provider_id))[0].issuer
    field = "id" if provider_id is not None else "issuer"
    if not issuer:
        raise bad_parameter("issuer", texts.NOT_OPENID, what="issuer")
    await db.commit()  # no connection held while the provider answers
    try:
        found = await oidc.discover(settings, issuer, fresh=True)
        keys = await oidc.key_set(settings, found, fresh=True)
    except oidc.ProviderFailed as exc:
        raise provider_failed(exc, field) from exc

    def strings(key: str) -> list[str]:
        value = found.get(key)
        return [str(item)[:128] for item in value[:100]] if isinstance(value, list) else []

    def url(key: str) -> str | None:
        value = found.get(key)
        return value[:2048] if isinstance(value, str) else None

    return {"issuer": str(found["issuer"]), "authorizationEndpoint": found["authorization_endpoint"],
            "tokenEndpoint": found["token_endpoint"], "userinfoEndpoint": url("userinfo_endpoint"),
            "endSessionEndpoint": url("end_session_endpoint"), "scopesSupported": strings("scopes_supported"),
            "claimsSupported": strings("claims_supported"),
            "signingAlgorithms": strings("id_token_signing_alg_values_supported"), "keys": len(keys.keys)}


async def discover_buttons(db: AsyncSession, login: str) -> list[dict[str, Any]]:
    """The enabled providers serving the domain of an e-mail (none for an account name)."""
    _, at, domain = login.strip().lower().rpartition("@")
    if not at or not domain:
        return []
    rows = await db.execute(select(SsoProvider.id, SsoProvider.name).join(
        SsoDomain, SsoDomain.provider_id == SsoProvider.id).where(SsoDomain.domain == domain,
                                                                  SsoProvider.enabled.is_(True)))
    return [{"id": provider_id, "name": name} for provider_id, name in rows]


async def role_choices(db: AsyncSession, caller: Caller, node_id: int | None) -> list[dict[str, Any]]:
    """The roles a row of the table may give at a node: visible there, every key held by the caller."""
    node = await user_in_subtree(db, caller, node_id or caller.acting_user_id, field="nodeId")
    found = await roles.roles_visible_to(db, node.path)
    keys = await roles.keys_of_roles(db, [role.id for role in found])
    return [{"id": role.id, "name": role.name, "preset": role.is_preset} for role in found
            if keys[role.id] <= caller.keys]
