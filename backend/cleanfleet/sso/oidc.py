"""The relying party's side of OpenID Connect: discovery, the authorization request (code flow with PKCE, state,
nonce), the code exchange, the ID token's checks and the provider's sign-out address (docs/domains/sso.md).

Authlib does the protocol: the authorization request (``prepare_grant_uri``), the PKCE challenge
(``create_s256_code_challenge``), random values (``generate_token``), and the ID token's checks (joserfc's JWS
signature against the provider's JWKS, then ``CodeIDToken``: issuer, audience, ``azp``, expiry and issue time with
``LEEWAY`` seconds of clock skew, nonce, ``at_hash``). Every HTTP call to the provider goes through the server's one
outbound client (core/outbound.py: https on 443 unless ``CLEANFLEET_SSO_ALLOW`` lets a host:port through; the
address checked when it is looked up, no redirect, no proxy), so a provider's address is checked like a webhook's.
Discovery documents and key sets are kept ``CACHE_SECONDS`` per issuer in the worker; a key id not in the set makes
one fresh read (the provider rotated its keys).
"""

import base64
import logging
import time
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import orjson
from authlib.common.security import generate_token
from authlib.common.urls import add_params_to_uri

from cleanfleet.core.outbound import CallFailed, OutboundClient, Rules, UnsafeUrl, check, parse_allowed
from cleanfleet.settings import Settings

if TYPE_CHECKING:  # the protocol's libraries are imported at a sign-in, not in the server's start
    from joserfc.jwk import KeySet

log = logging.getLogger("cleanfleet.sso")

LEEWAY = 120  # seconds of clock difference allowed between the provider and this server
CACHE_SECONDS = 600
# amr values (RFC 8176) that say the provider checked more than one factor itself; else two factors of different
# kinds (something known, had, or been) among the values
MFA_AMR = frozenset({"mfa", "mca"})
FACTOR_KINDS = {"pwd": "know", "pin": "know", "kba": "know", "hwk": "have", "swk": "have", "otp": "have",
                "sms": "have", "tel": "have", "sc": "have", "pop": "have", "fpt": "are", "face": "are",
                "iris": "are", "retina": "are", "vbm": "are"}
_cache: dict[str, tuple[float, dict[str, Any]]] = {}


class ProviderFailed(Exception):
    """The provider could not be used: ``reason`` is ``refused`` (the rules refuse its address: ``why`` is the
    UnsafeUrl reason), ``unreachable`` (no answer, an HTTP error: ``why`` the outbound failure's category),
    ``not_json``, ``issuer`` (the document names another issuer: ``why`` it), ``incomplete`` (``why`` the missing
    key), ``invalid`` (a token failed a check: ``why`` says which, for the log only)."""

    def __init__(self, reason: str, why: str = "") -> None:
        super().__init__(f"{reason}: {why}")
        self.reason, self.why = reason, why


def rules(settings: Settings) -> Rules:
    """Where the server may call a provider: https on 443, and the admin's host:port entries."""
    return Rules(frozenset({"https"}), frozenset({443}), allowed=parse_allowed(settings.sso_allow))


def normal_issuer(issuer: str) -> str:
    return issuer.strip().rstrip("/")


def check_issuer(settings: Settings, issuer: str) -> None:
    """Refuses (``ProviderFailed('refused')``) an issuer URL the rules refuse before any lookup."""
    try:
        check(normal_issuer(issuer) + "/.well-known/openid-configuration", rules(settings))
    except UnsafeUrl as exc:
        raise ProviderFailed("refused", exc.reason) from exc


async def _get_json(settings: Settings, url: str, *, form: dict[str, str] | None = None,
                    headers: dict[str, str] | None = None, accept_error: bool = False) -> dict[str, Any]:
    async with OutboundClient(rules(settings), settings.sso_timeout, "sso") as client:
        try:
            code, body = await client.fetch(url, form=form, headers={"accept": "application/json", **(headers or {})})
        except CallFailed as exc:
            if exc.failure.value == "rejected_address":
                raise ProviderFailed("refused", "address") from exc
            raise ProviderFailed("unreachable", exc.failure.value) from exc
    try:
        found = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        raise ProviderFailed("not_json", f"HTTP {code}") from exc
    if not isinstance(found, dict):
        raise ProviderFailed("not_json", f"HTTP {code}")
    if code >= 400 and not accept_error:
        raise ProviderFailed("unreachable", "http_4xx" if code < 500 else "http_5xx")
    return found


async def discover(settings: Settings, issuer: str, *, fresh: bool = False) -> dict[str, Any]:
    """The provider's discovery document (checked: the issuer it names is ``issuer``, the endpoints a code flow
    needs are there); kept CACHE_SECONDS."""
    issuer = normal_issuer(issuer)
    cached = _cache.get(issuer)
    if cached and not fresh and time.monotonic() - cached[0] < CACHE_SECONDS:
        return cached[1]
    check_issuer(settings, issuer)
    found = await _get_json(settings, issuer + "/.well-known/openid-configuration")
    named = str(found.get("issuer", ""))
    if normal_issuer(named) != issuer:
        raise ProviderFailed("issuer", named[:200])
    for key in ("authorization_endpoint", "token_endpoint", "jwks_uri"):
        if not isinstance(found.get(key), str):
            raise ProviderFailed("incomplete", key)
    _cache[issuer] = (time.monotonic(), found)
    return found


async def key_set(settings: Settings, metadata: dict[str, Any], *, fresh: bool = False) -> "KeySet":
    from joserfc.errors import JoseError
    from joserfc.jwk import KeySet

    uri = metadata["jwks_uri"]
    cached = _cache.get(uri)
    if cached and not fresh and time.monotonic() - cached[0] < CACHE_SECONDS:
        return KeySet.import_key_set(cached[1])  # type: ignore[arg-type]
    found = await _get_json(settings, uri)
    _cache[uri] = (time.monotonic(), found)
    try:
        return KeySet.import_key_set(found)  # type: ignore[arg-type]
    except (JoseError, ValueError, KeyError, TypeError) as exc:
        raise ProviderFailed("invalid", "jwks") from exc


def new_flow() -> tuple[str, str, str]:
    """(state, nonce, PKCE verifier), random."""
    return generate_token(43), generate_token(32), generate_token(64)


def authorization_url(metadata: dict[str, Any], *, client_id: str, redirect_uri: str, scopes: str, state: str,
                      nonce: str, verifier: str, login_hint: str = "") -> str:
    from authlib.oauth2.rfc6749.parameters import prepare_grant_uri
    from authlib.oauth2.rfc7636 import create_s256_code_challenge

    extra = {"nonce": nonce, "code_challenge": create_s256_code_challenge(verifier), "code_challenge_method": "S256"}
    if login_hint:
        extra["login_hint"] = login_hint
    return str(prepare_grant_uri(metadata["authorization_endpoint"], client_id, "code", redirect_uri=redirect_uri,
                                 scope=scopes, state=state, **extra))


async def exchange(settings: Settings, metadata: dict[str, Any], *, client_id: str, secret: str, code: str,
                   verifier: str, redirect_uri: str) -> dict[str, Any]:
    """The code for tokens (client_secret_basic, or client_secret_post when the provider offers only that)."""
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri, "code_verifier": verifier}
    headers: dict[str, str] = {}
    methods = metadata.get("token_endpoint_auth_methods_supported") or ["client_secret_basic"]
    if "client_secret_basic" in methods:
        pair = f"{quote(client_id, safe='')}:{quote(secret, safe='')}".encode()
        headers["authorization"] = "Basic " + base64.b64encode(pair).decode()
    else:
        form |= {"client_id": client_id, "client_secret": secret}
    found = await _get_json(settings, metadata["token_endpoint"], form=form, headers=headers, accept_error=True)
    if "error" in found or not isinstance(found.get("id_token"), str):
        raise ProviderFailed("invalid", f"token endpoint: {str(found.get('error', 'no id_token'))[:64]}")
    return found


async def id_token_claims(settings: Settings, metadata: dict[str, Any], tokens: dict[str, Any], *, client_id: str,
                          nonce: str) -> dict[str, Any]:
    """The ID token's claims once its signature, issuer, audience, times (LEEWAY), nonce and at_hash hold."""
    from authlib.oidc.core import CodeIDToken
    from joserfc import jwt
    from joserfc.errors import InvalidKeyIdError, JoseError
    from joserfc.jws import JWSRegistry

    algorithms = metadata.get("id_token_signing_alg_values_supported") or ["RS256"]
    registry = JWSRegistry(algorithms=[alg for alg in algorithms if alg != "none"], strict_check_header=False)
    try:
        try:
            token = jwt.decode(tokens["id_token"], await key_set(settings, metadata), registry=registry)
        except InvalidKeyIdError:
            token = jwt.decode(tokens["id_token"], await key_set(settings, metadata, fresh=True), registry=registry)
        claims = CodeIDToken(token.claims, token.header, {
            "iss": {"essential": True, "value": metadata["issuer"]},
            "aud": {"essential": True, "value": client_id}},
            {"nonce": nonce, "client_id": client_id, "access_token": tokens.get("access_token")})
        claims.validate(leeway=LEEWAY)
    except (JoseError, ValueError) as exc:
        raise ProviderFailed("invalid", f"id_token: {type(exc).__name__} {exc}"[:200]) from exc
    return dict(claims)


async def userinfo(settings: Settings, metadata: dict[str, Any], access_token: str) -> dict[str, Any]:
    """The provider's userinfo (where groups are when the ID token leaves them out), or {} when it has none."""
    if not isinstance(metadata.get("userinfo_endpoint"), str) or not access_token:
        return {}
    return await _get_json(settings, metadata["userinfo_endpoint"], headers={"authorization": f"Bearer {access_token}"})


def mfa_done(claims: dict[str, Any]) -> bool:
    """Whether the provider says it checked more than one factor (its ``amr``): see MFA_AMR."""
    amr = claims.get("amr")
    if not isinstance(amr, list):
        return False
    values = {str(value).lower() for value in amr}
    return bool(values & MFA_AMR) or len({FACTOR_KINDS[v] for v in values if v in FACTOR_KINDS}) >= 2


def logout_url(metadata: dict[str, Any], *, id_token: str, client_id: str, after: str) -> str | None:
    """The provider's end-session address (RP-initiated logout), or None when it offers none."""
    endpoint = metadata.get("end_session_endpoint")
    if not isinstance(endpoint, str):
        return None
    return str(add_params_to_uri(endpoint, {"id_token_hint": id_token, "client_id": client_id,
                                            "post_logout_redirect_uri": after}))
