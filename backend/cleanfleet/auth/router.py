"""Session calls of api-spec 7.2: login, logout, setLanguage, getLanguage."""

from fastapi import Request
from sqlalchemy import update

from cleanfleet.auth import service
from cleanfleet.auth.address import client_address
from cleanfleet.auth.schemas import LanguageIn, LanguageOut, LoginIn, LoginLocked, LoginOut
from cleanfleet.core.auth import CallerDep
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import bad_parameter, no_permission
from cleanfleet.core.i18n import DEFAULT_LANGUAGE, LANGUAGES
from cleanfleet.core.language import request_language
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.roles.service import permission_beans
from cleanfleet.users.models import User

router = ApiRouter(tags=["session"])


@router.call("/login", answer=LoginOut, refusals={Code.LOGIN_LOCKED: LoginLocked})
async def login(body: LoginIn, request: Request, db: DbSession) -> JsonResponse:
    """Sign in with account and password; answers the token and the permission keys."""
    app = request.app.state
    user, row, token = await service.login(
        db, account=body.account, password=body.password, address=client_address(request, app.settings.trusted_proxies),
        platform=request.headers.get("platform", "web"), settings=app.settings,
    )
    caller = await service.caller_for(db, user, row)
    answer = LoginOut(
        userId=user.id, token=token, permissionBeans=await permission_beans(db, caller.keys),
        account=user.account, name=user.name, levelDepth=user.level_depth, shadowId=user.shadow_of_id,
        url=user.url, language=user.language, expiresAt=caller.expires_at.isoformat(),
    )
    return ok(answer, language=user.language or request_language(request))


@router.call("/logout")
async def logout(body: Empty, request: Request, caller: CallerDep, db: DbSession) -> JsonResponse:
    """Revoke the token of this call."""
    await service.revoke_token(db, caller.token_hash)
    await request.app.state.bus.publish("auth.token_revoked", {"token_hash": caller.token_hash})
    return ok(language=request_language(request))


@router.call("/setLanguage")
async def set_language(body: LanguageIn, request: Request, caller: CallerDep, db: DbSession) -> JsonResponse:
    """Keep the caller's interface language (also used for the server's messages and e-mails)."""
    if body.language not in LANGUAGES:
        raise bad_parameter("language", f"must be one of {', '.join(LANGUAGES)}")
    if body.userId is not None and body.userId != caller.user_id:
        raise no_permission("userId")
    await db.execute(update(User).where(User.id == caller.user_id).values(language=body.language))
    await db.commit()
    await request.app.state.bus.publish("auth.user_changed", {"user_id": caller.user_id})
    return ok(language=body.language)


@router.call("/getLanguage", answer=LanguageOut)
async def get_language(body: Empty, request: Request, caller: CallerDep) -> JsonResponse:
    """The caller's interface language."""
    language = caller.language or request_language(request) or DEFAULT_LANGUAGE
    return ok(LanguageOut(language=language), language=language)
