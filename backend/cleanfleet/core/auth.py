"""Who is calling: the signature check, the token → caller resolution (cached), and permission keys.

Every router under /api/ gets ``verify_signature``. A call that needs a signed-in user declares
``caller: CallerDep``; one that needs a key declares ``Depends(require("user/index/add"))``.

An integration's API token (``cft_...``, apitokens/, issue 35) is a bearer too: it resolves through the same
cache and ``resolve_caller`` to a Caller that carries the token (``api_token_id``, ``api_token_name``) and only
the token's keys. Such a call needs no ``sign`` header; ``app.state.api_token_gate`` (rate limit, last use) is
run once per request before it goes on. A call a token must never make (managing tokens, signing out, changing
a password) declares ``SessionDep`` instead of ``CallerDep``; one that needs a key a token may never hold (it makes
a credential or ends a session: roles/catalogue.py ``PERSON_ONLY_KEYS``, issue 45) declares
``person_only(key)`` instead of ``require(key)``.
"""

import hashlib
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Depends, Request

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.core.signature import SignatureError
from cleanfleet.core.texts import LACKS_ANY_KEY, LACKS_KEYS, NOT_SIGNED_IN, SIGN_CLOCK, SIGN_INVALID, SIGN_MISSING, Text

API_TOKEN_PREFIX = "cft_"  # every API token starts so (apitokens/): a bearer that does may skip the sign
API_TOKEN_INVALID = Text(
    "API 令牌无效、已过期或已撤销", "The API token is unknown, expired or revoked",
    "Le jeton d'API est inconnu, expiré ou révoqué", "API 토큰이 없거나 만료되었거나 취소되었습니다",
    "Das API-Token ist unbekannt, abgelaufen oder widerrufen", "Het API-token is onbekend, verlopen of ingetrokken",
    "API トークンが不明、期限切れ、または取り消されています",
    "El token de API es desconocido, ha caducado o fue revocado",
    "رمز API غير معروف أو منتهي الصلاحية أو ملغى")
SESSION_ONLY = Text(
    "此操作需要登录控制台，不能使用 API 令牌", "This call needs a signed-in console session, not an API token",
    "Cet appel exige une session de console, pas un jeton d'API",
    "이 호출은 API 토큰이 아닌 콘솔 로그인 세션이 필요합니다",
    "Dieser Aufruf braucht eine angemeldete Konsolensitzung, kein API-Token",
    "Deze aanroep vereist een aangemelde consolesessie, geen API-token",
    "この操作には API トークンではなく、コンソールへのサインインが必要です",
    "Esta llamada necesita una sesión iniciada en la consola, no un token de API",
    "يتطلب هذا الاستدعاء جلسة وحدة تحكم مسجّلة الدخول، وليس رمز API")
PERSON_ONLY = Text(
    "此操作会创建账号、密码、令牌或角色，或让他人退出登录：必须由本人登录控制台操作，不能使用 API 令牌",
    "This call makes an account, a password, a token or a role, or signs people out: a person signed in to the "
    "console must make it, never an API token",
    "Cet appel crée un compte, un mot de passe, un jeton ou un rôle, ou déconnecte des personnes : une personne "
    "connectée à la console doit le faire, jamais un jeton d'API",
    "이 호출은 계정, 비밀번호, 토큰 또는 역할을 만들거나 다른 사람을 로그아웃시킵니다: API 토큰이 아니라 콘솔에 "
    "로그인한 사람이 해야 합니다",
    "Dieser Aufruf erstellt ein Konto, ein Passwort, ein Token oder eine Rolle oder meldet Personen ab: eine an der "
    "Konsole angemeldete Person muss ihn ausführen, nie ein API-Token",
    "Deze aanroep maakt een account, een wachtwoord, een token of een rol, of meldt mensen af: een persoon die in de "
    "console is aangemeld moet hem doen, nooit een API-token",
    "この操作はアカウント、パスワード、トークン、ロールを作成するか、他の人をサインアウトさせます。API "
    "トークンではなく、コンソールにサインインした本人が行う必要があります",
    "Esta llamada crea una cuenta, una contraseña, un token o un rol, o cierra la sesión de personas: debe hacerla "
    "una persona con sesión iniciada en la consola, nunca un token de API",
    "ينشئ هذا الاستدعاء حسابًا أو كلمة مرور أو رمزًا أو دورًا، أو يسجّل خروج أشخاص: يجب أن يجريه شخص سجّل الدخول "
    "إلى وحدة التحكم، وليس رمز API أبدًا")


@dataclass(frozen=True)
class Caller:
    """The signed-in account behind a request, and the user it acts as (its owner, for a shadow)."""

    user_id: int
    account: str
    name: str
    level_depth: int
    acting_user_id: int
    acting_path: str
    acting_level: int
    is_shadow: bool
    keys: frozenset[str]
    language: str | None
    token_hash: str
    expires_at: datetime = field(compare=False)
    # set when the bearer is an integration's API token (apitokens/): the token's id and name, for the rate
    # limit and the operation log; ``keys`` are then the token's keys that its creator still holds
    api_token_id: int | None = None
    api_token_name: str | None = None

    @property
    def via_token(self) -> bool:
        return self.api_token_id is not None

    def holds(self, key: str) -> bool:
        return key in self.keys

    def owns_path(self, path: str) -> bool:
        """True when a user with this tree path lies in the caller's subtree (itself included)."""
        return path.startswith(self.acting_path)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class SessionCache:
    """Resolved callers by token hash for a few seconds; the bus evicts entries on any change.

    A caller read from the database while a change was being evicted may already be stale (read before the
    change's commit, stored after its eviction), and would then be served for the whole TTL: a language just
    set, a role just taken away. Each eviction starts a new generation, and a read stores its caller only if no
    eviction happened since it began (``generation()`` before the read, ``put(caller, generation)`` after).
    """

    def __init__(self, ttl_seconds: float) -> None:
        self._ttl = ttl_seconds
        self._entries: dict[str, tuple[float, Caller]] = {}
        self._generation = 0

    def generation(self) -> int:
        return self._generation

    def get(self, token_hash: str) -> Caller | None:
        entry = self._entries.get(token_hash)
        if entry is None:
            return None
        stored_at, caller = entry
        if time.monotonic() - stored_at > self._ttl or caller.expires_at <= datetime.now(UTC):
            self._entries.pop(token_hash, None)
            return None
        return caller

    def put(self, caller: Caller, generation: int | None = None) -> None:
        """Keeps ``caller``, unless an eviction happened since ``generation`` (when the read began)."""
        if self._ttl > 0 and (generation is None or generation == self._generation):
            self._entries[caller.token_hash] = (time.monotonic(), caller)

    def evict_token(self, token_hash: str) -> None:
        self._generation += 1
        self._entries.pop(token_hash, None)

    def evict_user(self, user_id: int) -> None:
        self._generation += 1
        for token_hash, (_, caller) in list(self._entries.items()):
            if user_id in (caller.user_id, caller.acting_user_id):
                self._entries.pop(token_hash, None)

    def clear(self) -> None:
        self._generation += 1
        self._entries.clear()


SIGNATURE_CHECKED = "signature_checked"


async def verify_signature(request: Request) -> None:
    """Refuses a call without a valid ``sign`` header, unless its bearer is a live API token (an integration
    has no console to sign with): that token is resolved here, becomes the request's caller and is admitted
    (rate limit). An unknown, expired or revoked ``cft_`` bearer is refused SESSION_INVALID: it is no session.
    Checked once a request: the route checks it before reading the body, then FastAPI's dependency asks again."""
    if getattr(request.state, SIGNATURE_CHECKED, False):
        return
    token = bearer_token(request)
    if token is not None and token.startswith(API_TOKEN_PREFIX):
        caller = await caller_for_token(request.app.state, token)
        if caller is None or not caller.via_token:
            raise ApiError(Code.SESSION_INVALID, API_TOKEN_INVALID)
        await _admit(request, caller)
        setattr(request.state, SIGNATURE_CHECKED, True)
        return
    try:
        request.app.state.signer.verify(request.headers.get("sign"))
    except SignatureError as exc:
        reason = {"missing": SIGN_MISSING, "expired": SIGN_CLOCK, "from the future": SIGN_CLOCK}.get(
            str(exc), SIGN_INVALID)
        raise ApiError(Code.BAD_SIGNATURE, reason, field="sign") from exc
    setattr(request.state, SIGNATURE_CHECKED, True)


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


async def caller_for_token(state: Any, token: str) -> Caller | None:
    """The caller a token stands for (cached), or None; ``state`` is the app's state."""
    token_hash = hash_token(token)
    cache: SessionCache = state.session_cache
    caller = cache.get(token_hash)
    if caller is None:
        generation = cache.generation()
        async with state.db.sessions() as db:
            caller = await state.resolve_caller(db, token_hash)
        if caller is not None:
            cache.put(caller, generation)
    return caller


async def _admit(request: Request, caller: Caller) -> None:
    """Makes ``caller`` the request's; an API token's call passes its gate (rate limit, last use) once, a console
    session's its own (``session_gate``: its last use, sessions/gate.py)."""
    request.state.session = caller
    if caller.via_token and not getattr(request.state, "api_token_admitted", False):
        request.state.api_token_admitted = True
        gate = getattr(request.app.state, "api_token_gate", None)
        if gate is not None:
            await gate(request, caller)
    elif not caller.via_token and not getattr(request.state, "session_admitted", False):
        request.state.session_admitted = True
        session_gate = getattr(request.app.state, "session_gate", None)
        if session_gate is not None:
            await session_gate(caller)


async def current_caller(request: Request) -> Caller:
    known = getattr(request.state, "session", None)
    if isinstance(known, Caller):  # already resolved for this request, before its body was read
        return known
    token = bearer_token(request)
    if token is None:
        raise ApiError(Code.SESSION_INVALID, NOT_SIGNED_IN)
    caller = await caller_for_token(request.app.state, token)
    if caller is None:
        raise ApiError(Code.SESSION_INVALID, API_TOKEN_INVALID if token.startswith(API_TOKEN_PREFIX) else None)
    await _admit(request, caller)
    return caller


CallerDep = Annotated[Caller, Depends(current_caller)]


async def session_caller(caller: CallerDep) -> Caller:
    """The caller of a signed-in console session: an API token is refused (NO_PERMISSION naming the
    Authorization header), so a leaked token cannot mint other tokens, sign out or change a password."""
    if caller.via_token:
        raise ApiError(Code.NO_PERMISSION, SESSION_ONLY, field="Authorization")
    return caller


SessionDep = Annotated[Caller, Depends(session_caller)]


def _holds_all(caller: Caller, keys: tuple[str, ...]) -> Caller:
    missing = [key for key in keys if not caller.holds(key)]
    if missing:
        raise ApiError(Code.NO_PERMISSION, LACKS_KEYS, values={"keys": missing})
    return caller


def _holds_any(caller: Caller, keys: tuple[str, ...]) -> Caller:
    if not any(caller.holds(key) for key in keys):
        raise ApiError(Code.NO_PERMISSION, LACKS_ANY_KEY, values={"keys": keys})
    return caller


def _marked(check: Any, keys: tuple[str, ...], *, any_of: bool, person: bool) -> Any:
    """``check`` as a dependency, carrying the keys it admits by (tests/apitokens/test_person_only.py walks every
    route with them)."""
    check.admits = (keys, any_of, person)
    return Depends(check)


def require(*keys: str):  # noqa: ANN201 - a FastAPI dependency
    """A dependency that admits a caller holding every one of ``keys``."""

    async def check(caller: CallerDep) -> Caller:
        return _holds_all(caller, keys)

    return _marked(check, keys, any_of=False, person=False)


def require_any(*keys: str):  # noqa: ANN201 - a FastAPI dependency
    """A dependency that admits a caller holding at least one of ``keys``."""

    async def check(caller: CallerDep) -> Caller:
        return _holds_any(caller, keys)

    return _marked(check, keys, any_of=True, person=False)


def person_only(*keys: str, any_of: bool = False):  # noqa: ANN201 - a FastAPI dependency
    """``require`` (``require_any`` with ``any_of``) for a call that makes a credential or ends a session: a console
    session only. An API token is refused before its keys are looked at (NO_PERMISSION naming ``Authorization``,
    PERSON_ONLY): it never holds such keys anyway (apitokens/ drops them), and the refusal says why."""

    async def check(caller: CallerDep) -> Caller:
        if caller.via_token:
            raise ApiError(Code.NO_PERMISSION, PERSON_ONLY, field="Authorization")
        return _holds_any(caller, keys) if any_of else _holds_all(caller, keys)

    return _marked(check, keys, any_of=any_of, person=True)
