"""Session calls of api-spec 7.2: login, logout, setLanguage, getLanguage."""

from fastapi import Request

from cleanfleet.auth import service
from cleanfleet.auth.address import client_address
from cleanfleet.auth.schemas import LanguageIn, LanguageOut, LoginIn, LoginLocked, LoginOut, SecondFactorOwed
from cleanfleet.core.auth import CallerDep, SessionDep
from cleanfleet.core.bus import TOKEN_REVOKED, USER_CHANGED
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import ApiError
from cleanfleet.core.i18n import DEFAULT_LANGUAGE
from cleanfleet.core.language import request_language
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.roles.service import permission_beans

router = ApiRouter(tags=["session"])


@router.call("/login", answer=LoginOut,
             refusals={Code.LOGIN_LOCKED: LoginLocked, Code.SECOND_FACTOR_REQUIRED: SecondFactorOwed})
async def login(body: LoginIn, request: Request, db: DbSession) -> JsonResponse:
    """Sign in with account and password; answers the token and the permission keys. When the person owes a second
    factor (or must first enrol one: factors/), SECOND_FACTOR_REQUIRED with a ticket for /factors/verify."""
    app = request.app.state
    result = await service.login(
        db, account=body.account, password=body.password, context=sign_in_context(request), settings=app.settings,
        signed_in=lambda caller: setattr(request.state, "session", caller),
    )
    if result.ticket is not None:
        raise ApiError(Code.SECOND_FACTOR_REQUIRED, data=SecondFactorOwed(ticket=result.ticket,
                                                                           methods=list(result.methods)))
    user, caller, token = result.user, result.caller, result.token
    assert caller is not None and token is not None
    answer = LoginOut(
        userId=user.id, token=token, permissionBeans=await permission_beans(db, caller.keys),
        account=user.account, name=user.name, levelDepth=user.level_depth, shadowId=user.shadow_of_id,
        url=user.url, language=user.language, expiresAt=caller.expires_at.isoformat(),
    )
    return ok(answer)  # in the sign-in page's language (core/language.py), not the one stored for the user


def sign_in_context(request: Request) -> service.SignInContext:
    """The client address (behind trusted proxies), browser and platform of a sign-in request."""
    return service.SignInContext(
        address=client_address(request, request.app.state.settings.trusted_proxies),
        user_agent=request.headers.get("user-agent", ""), platform=request.headers.get("platform", "web"),
        browser=request.headers.get("browser-id", "")[:128])


@router.call("/logout", answer=None)
async def logout(body: Empty, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """Revoke the token of this call (a console session's; an API token is revoked on its page instead)."""
    await service.sign_out(db, caller, sign_in_context(request))
    await request.app.state.bus.publish(TOKEN_REVOKED, {"token_hash": caller.token_hash})
    return ok()


@router.call("/setLanguage", answer=None)
async def set_language(body: LanguageIn, request: Request, caller: CallerDep, db: DbSession) -> JsonResponse:
    """Keep the caller's interface language (also used for the server's messages and e-mails). The answer is
    written in the new language already."""
    await service.set_language(db, caller, body.userId, body.language)
    await request.app.state.bus.publish(USER_CHANGED, {"user_id": caller.user_id})
    return ok(language=body.language)


@router.call("/getLanguage", answer=LanguageOut)
async def get_language(body: Empty, request: Request, caller: CallerDep) -> JsonResponse:
    """The caller's interface language."""
    language = caller.language or request_language(request) or DEFAULT_LANGUAGE
    return ok(LanguageOut(language=language))
