"""A sign-in through an OpenID provider, from the console's button to the console's session (docs/domains/sso.md).

1. ``start``: the browser comes to GET /api/sso/start; a random state, nonce and PKCE verifier are kept (their row
   bound to this browser by a random cookie, only hashes stored) and the browser goes to the provider.
2. ``callback``: the provider sends the browser back to GET /api/sso/callback with a code (or an error); the flow is
   used once (unknown, expired, another browser's: refused), the code exchanged, the ID token checked (oidc.py), the
   person found by (provider, subject) or created just in time under the node their groups land at, their roles
   replaced by those their groups map to now, and the sign-in finished (auth.service.finish_sign_in: a session, or a
   ticket when a second factor is owed). The browser goes to the console's /login with, in the URL's fragment (never
   sent to a server): ``sso=<one-time code>``, ``ticket=...&methods=...`` or ``ssoError=<reason>``.
3. ``redeem``: the console trades the one-time code (2 minutes, once, same browser) for its session.

A person the provider vouches for whose groups map to no role any more (or whose account left the provider's node,
or whose e-mail's domain it no longer serves) is refused, and their sessions and API tokens end at once.
"""

import hashlib
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.apitokens.models import ApiToken
from cleanfleet.auth import service as auth
from cleanfleet.core import sealed
from cleanfleet.core.auth import Caller, hash_token
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.core.outbound import UnsafeUrl, check
from cleanfleet.roles import service as roles
from cleanfleet.roles.models import Role
from cleanfleet.sessions import events
from cleanfleet.settings import Settings
from cleanfleet.sso import oidc, texts
from cleanfleet.sso.models import (
    AUTHORIZE,
    HANDOFF,
    TICKET,
    SsoDomain,
    SsoFlow,
    SsoGroupRole,
    SsoIdentity,
    SsoProvider,
    SsoSession,
)
from cleanfleet.sso.schemas import EVERYONE
from cleanfleet.sso.service import SECRET, after_logout_uri, redirect_uri
from cleanfleet.users import service as users
from cleanfleet.users.models import User

FLOW_SECONDS = 600  # from the button to the provider's answer
HANDOFF_SECONDS = 120  # from the callback to the console redeeming its session
NO_PASSWORD = "!sso"  # the password hash of an account made just in time: no password matches it
VERIFIER, HANDOFF_TOKEN, ID_TOKEN = "sso.verifier", "sso.handoff", "sso.id_token"  # sealing purposes


def digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


@dataclass(frozen=True)
class Outcome:
    """Where the callback sends the browser (the console's /login fragment) and whose rights or sessions changed."""

    fragment: str
    changed_user: int | None = None


def refused(reason: str, changed_user: int | None = None) -> Outcome:
    return Outcome(urlencode({"ssoError": reason}), changed_user)


async def start(db: AsyncSession, settings: Settings, provider_id: int, login_hint: str, browser: str) -> str | None:
    """The provider's authorization address for a new flow, or None when the provider is unknown or off. Raises
    oidc.ProviderFailed when the provider cannot be read."""
    provider = await db.get(SsoProvider, provider_id)
    if provider is None or not provider.enabled:
        return None
    await db.execute(delete(SsoFlow).where(SsoFlow.expires_at < utcnow()))
    await db.commit()  # no connection held while the provider answers
    metadata = await oidc.discover(settings, provider.issuer)
    try:
        check(metadata["authorization_endpoint"], oidc.rules(settings))  # the browser's next stop: https, public
    except UnsafeUrl as exc:
        raise oidc.ProviderFailed("refused", exc.reason) from exc
    state, nonce, verifier = oidc.new_flow()
    db.add(SsoFlow(kind=AUTHORIZE, code_hash=digest(state), browser_hash=digest(browser), provider_id=provider.id,
                   nonce=nonce, verifier_sealed=sealed.seal(settings, VERIFIER, verifier), login_hint=login_hint[:255],
                   expires_at=utcnow() + timedelta(seconds=FLOW_SECONDS)))
    await db.commit()
    return oidc.authorization_url(metadata, client_id=provider.client_id, redirect_uri=redirect_uri(settings),
                                  scopes=provider.scopes, state=state, nonce=nonce, verifier=verifier,
                                  login_hint=login_hint if "@" in login_hint else "")


async def _take_flow(db: AsyncSession, kind: str, code: str, browser: str) -> SsoFlow | None:
    """The flow of this state (or handoff code), used up now; None when unknown, expired or another browser's."""
    flow = await db.scalar(select(SsoFlow).where(SsoFlow.code_hash == digest(code), SsoFlow.kind == kind))
    if flow is None:
        return None
    await db.delete(flow)
    await db.commit()
    if flow.expires_at < utcnow() or not secrets.compare_digest(flow.browser_hash, digest(browser)):
        return None
    return flow


async def callback(db: AsyncSession, settings: Settings, params: Mapping[str, str], browser: str,
                   context: auth.SignInContext) -> Outcome:
    flow = await _take_flow(db, AUTHORIZE, params.get("state", ""), browser) if params.get("state") else None
    if flow is None:
        return refused("expired")
    provider = await db.get(SsoProvider, flow.provider_id)
    if provider is None or not provider.enabled:
        return refused("unavailable")

    def note(reason: str, user_id: int | None = None) -> None:
        events.record(db, "provider_refused", user_id=user_id, account=flow.login_hint, method="oidc",
                      address=context.address, user_agent=context.user_agent,
                      detail={"provider": provider.id, "reason": reason})

    if params.get("error") or not params.get("code"):
        note(f"provider: {params.get('error', 'no code')[:64]}")
        await db.commit()
        return refused("refused")
    verifier = sealed.unseal(settings, VERIFIER, flow.verifier_sealed) or ""
    secret = sealed.unseal(settings, SECRET, provider.client_secret_sealed) or ""
    await db.commit()  # no connection held while the provider answers
    try:
        metadata = await oidc.discover(settings, provider.issuer)
        tokens = await oidc.exchange(settings, metadata, client_id=provider.client_id, secret=secret,
                                     code=params["code"], verifier=verifier, redirect_uri=redirect_uri(settings))
        claims = await oidc.id_token_claims(settings, metadata, tokens, client_id=provider.client_id,
                                            nonce=flow.nonce)
        if provider.groups_claim not in claims:
            claims = {**await oidc.userinfo(settings, metadata, str(tokens.get("access_token", ""))), **claims}
    except oidc.ProviderFailed as exc:
        note(exc.reason if exc.reason != "invalid" else exc.why[:120])
        await db.commit()
        return refused("invalid" if exc.reason == "invalid" else "unavailable")
    return await _sign_in(db, settings, provider, claims, tokens["id_token"], context, browser, note)


def _email(claims: Mapping[str, Any]) -> str:
    for key in ("email", "preferred_username", "upn"):
        value = claims.get(key)
        if isinstance(value, str) and "@" in value and len(value) <= 254:
            return value.strip().lower()
    return ""


def _groups(claims: Mapping[str, Any], claim: str) -> set[str]:
    value = claims.get(claim)
    if isinstance(value, str):
        return {value}
    return {str(item) for item in value if isinstance(item, str | int)} if isinstance(value, list) else set()


async def _sign_in(db: AsyncSession, settings: Settings, provider: SsoProvider, claims: dict[str, Any],
                   id_token: str, context: auth.SignInContext, browser: str, note: Any) -> Outcome:
    subject, email = str(claims["sub"])[:255], _email(claims)
    identity = await db.scalar(select(SsoIdentity).where(SsoIdentity.provider_id == provider.id,
                                                         SsoIdentity.subject == subject))
    user = await db.get(User, identity.user_id) if identity else None
    node = await db.get(User, provider.node_id)
    assert node is not None
    served = email and await db.scalar(select(SsoDomain.domain).where(
        SsoDomain.provider_id == provider.id, SsoDomain.domain == email.rpartition("@")[2]))
    groups = _groups(claims, provider.groups_claim) | {EVERYONE}
    table = list(await db.scalars(select(SsoGroupRole).where(
        SsoGroupRole.provider_id == provider.id, SsoGroupRole.group.in_(groups)).order_by(SsoGroupRole.position)))
    reason = "domain" if not served else "noRole" if not table else None
    if user is not None and not user.path.startswith(node.path):
        reason = "moved"
    # a new person lands where their first mapped group says, with that node's roles; a known one keeps their place
    landing_id = table[0].node_id if table else None
    role_ids = await _visible_roles(db, [row.role_id for row in table if user is not None or row.node_id == landing_id],
                                    user.path if user else "")
    if reason is None and user is not None and not role_ids:
        reason = "noRole"
    if reason is not None:
        note(reason, user.id if user else None)
        if user is not None:
            await _end_everything(db, user.id)
        await db.commit()
        return refused(reason, user.id if user else None)
    changed = None
    if user is None:
        user = await _create(db, await db.get(User, landing_id), claims, email, role_ids)
        db.add(SsoIdentity(provider_id=provider.id, subject=subject, user_id=user.id, email=email))
    else:
        assert identity is not None
        if sorted(role_ids) != await roles.role_ids_of_user(db, user.id):
            await roles.assign_roles(db, user.id, role_ids)
            changed = user.id
        identity.email = email
    if identity is not None:
        identity.last_at = utcnow()
    result = await auth.finish_sign_in(db, user, method="oidc", context=context, settings=settings,
                                       mfa_done=oidc.mfa_done(claims))
    if result.token is None:  # a second factor is owed: the console's second step takes the ticket
        # and the session it ends with is linked to the provider then (events.sign_in_happened)
        db.add(SsoFlow(kind=TICKET, code_hash=hash_token(result.ticket or ""), browser_hash=digest(browser),
                       provider_id=provider.id, verifier_sealed=sealed.seal(settings, ID_TOKEN, id_token),
                       expires_at=utcnow() + timedelta(seconds=FLOW_SECONDS)))
        await db.commit()
        return Outcome(urlencode({"ticket": result.ticket or "", "methods": ",".join(result.methods)}), changed)
    code = secrets.token_urlsafe(32)
    db.add(SsoSession(token_hash=hash_token(result.token), provider_id=provider.id, user_id=user.id,
                      id_token_sealed=sealed.seal(settings, ID_TOKEN, id_token)))
    db.add(SsoFlow(kind=HANDOFF, code_hash=digest(code), browser_hash=digest(browser),
                   provider_id=provider.id, verifier_sealed=sealed.seal(settings, HANDOFF_TOKEN, result.token),
                   expires_at=utcnow() + timedelta(seconds=HANDOFF_SECONDS)))
    await db.commit()
    return Outcome(urlencode({"sso": code}), changed)


async def _visible_roles(db: AsyncSession, role_ids: list[int], path: str) -> list[int]:
    """The roles of ``role_ids`` still visible at ``path`` (a custom role of another branch is dropped)."""
    if not path:
        return sorted(set(role_ids))
    found = await db.scalars(select(Role).where(Role.id.in_(role_ids)))
    return sorted({role.id for role in found if roles.visible_on(role.user_id, path, role.is_preset)})


async def _create(db: AsyncSession, node: User | None, claims: dict[str, Any], email: str, role_ids: list[int]) -> User:
    assert node is not None
    base = re.sub(r"[^A-Za-z0-9]", "", str(claims.get("preferred_username") or email).partition("@")[0])[:40]
    base = base or "user"
    account = base
    for n in range(2, 200):
        if not await users.account_taken(db, account):
            break
        account = f"{base}{n}"
    else:
        account = f"{base}{secrets.token_hex(4)}"
    name = str(claims.get("name") or email.partition("@")[0] or account).strip()[:64] or account
    return await users.create(db, account=account, name=name, level_depth=users.CHILD_LEVEL[node.level_depth],
                              parent=node, role_ids=sorted(set(role_ids)), password_hash=NO_PASSWORD,
                              email=email[:512])


async def _end_everything(db: AsyncSession, user_id: int) -> None:
    """A person the provider no longer vouches for: every session and API token of theirs ends (the caller commits
    and evicts them from the session caches)."""
    await db.execute(delete(ApiToken).where(ApiToken.user_id == user_id))
    await db.execute(delete(SsoSession).where(SsoSession.user_id == user_id))
    await auth.revoke_user_tokens(db, user_id)


async def redeem(db: AsyncSession, settings: Settings, code: str, browser: str) -> tuple[Caller, str]:
    """The session the callback made (its caller and token), for the browser that started the sign-in (once, within
    HANDOFF_SECONDS)."""
    flow = await _take_flow(db, HANDOFF, code, browser)
    token = sealed.unseal(settings, HANDOFF_TOKEN, flow.verifier_sealed) if flow else None
    caller = await auth.resolve_caller(db, hash_token(token)) if token else None
    if caller is None or token is None:
        raise ApiError(Code.CODE_EXPIRED, texts.HANDOFF_EXPIRED, field="code")
    return caller, token


async def sign_out(db: AsyncSession, settings: Settings, caller: Caller, context: auth.SignInContext) -> str | None:
    """Ends this console session; answers the provider's end-session address when an OpenID sign-in began it and
    the provider offers one (RP-initiated logout: the browser goes there, and back to the console's /login)."""
    row = await db.get(SsoSession, caller.token_hash)
    found = None
    if row is not None:
        provider = await db.get(SsoProvider, row.provider_id)
        id_token = sealed.unseal(settings, ID_TOKEN, row.id_token_sealed)
        found = (provider.issuer, provider.client_id, id_token) if provider and id_token else None
        await db.delete(row)
    await auth.sign_out(db, caller, context)  # the token revoked and the sign-out recorded; commits
    if found is None:
        return None
    try:
        metadata = await oidc.discover(settings, found[0])
    except oidc.ProviderFailed:
        return None
    return oidc.logout_url(metadata, id_token=found[2], client_id=found[1], after=after_logout_uri(settings))
