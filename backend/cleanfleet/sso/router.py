"""Single sign-on (/sso/*; page ``user/sso``, "Identity providers", in the Users menu; issue 50 items 1-4).

Keys: the list and the discovery test need the page key ``user/sso``; adding its ``add`` button, changing its ``edit``
button, deleting its ``delete`` button. All of them are person-only (roles/catalogue.py ``PERSON_ONLY_KEYS``): a
provider creates accounts and gives roles, so an API token never manages one. A provider belongs to a node of the
caller's subtree; another branch's answers NOT_FOUND naming ``id``.

The sign-in's own calls need no session: ``/sso/discover`` (the sign-in page asks which providers serve an e-mail's
domain) and ``/sso/redeem`` (the console trades its one-time code for the session) are signed POSTs like /login;
``GET /api/sso/start`` and ``GET /api/sso/callback`` are browser navigations (to the provider and back), which
carry no ``sign`` header: they are unsigned, their state and the browser's cookie are their proof. ``/sso/signOut``
ends the caller's session and answers the provider's end-session address (RP-initiated logout).
"""

import secrets
from typing import Annotated

from fastapi import Query, Request
from fastapi.responses import RedirectResponse
from starlette.datastructures import URL

from cleanfleet.auth.address import client_address
from cleanfleet.auth.schemas import LoginOut
from cleanfleet.auth.service import SignInContext
from cleanfleet.core.auth import Caller, SessionDep, person_only
from cleanfleet.core.bus import TOKEN_REVOKED, USER_CHANGED
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.roles.service import permission_beans
from cleanfleet.sso import flow, oidc, service
from cleanfleet.sso.schemas import (
    DiscoverIn,
    DiscoverOut,
    ProviderEditIn,
    ProviderIdIn,
    ProviderIn,
    ProviderListIn,
    ProviderOut,
    RedeemIn,
    RoleChoice,
    RolesIn,
    SignOutOut,
    TestIn,
    TestOut,
)
from cleanfleet.users import service as users

PAGE = "user/sso"
COOKIE = "cf_sso"  # binds a sign-in under way to the browser that started it (HttpOnly, SameSite=Lax, /api/sso)
router = ApiRouter(prefix="/sso", tags=["sso"])
browser_router = ApiRouter(prefix="/sso", tags=["sso"], signed=False)


def _context(request: Request) -> SignInContext:
    return SignInContext(address=client_address(request, request.app.state.settings.trusted_proxies),
                         user_agent=request.headers.get("user-agent", "")[:256],
                         platform=request.headers.get("platform", "web"))


@router.call("/provider/list", answer=list[ProviderOut])
async def provider_list(body: ProviderListIn, request: Request, db: DbSession,
                        caller: Caller = person_only(PAGE)) -> JsonResponse:
    """The identity providers of the caller's subtree (or of one node), with their domains and group -> role table;
    never the client secret. Key: ``user/sso``."""
    return ok(await service.listing(db, request.app.state.settings, caller, body.nodeId))


@router.call("/provider/add", answer=ProviderOut)
async def provider_add(body: ProviderIn, request: Request, db: DbSession,
                       caller: Caller = person_only(PAGE, f"{PAGE}/add")) -> JsonResponse:
    """Adds a node's provider. Refused naming the field: a node outside the subtree or that can have no accounts
    below it (``nodeId``), an issuer the server may not call (``issuer``), a domain another provider serves
    (``domains.N``), a role the caller cannot give there (``groups.N.roleId``), no secret (``clientSecret``).
    Key: ``user/sso/add``."""
    return ok(await service.create(db, request.app.state.settings, caller, body))


@router.call("/provider/edit", answer=ProviderOut)
async def provider_edit(body: ProviderEditIn, request: Request, db: DbSession,
                        caller: Caller = person_only(PAGE, f"{PAGE}/edit")) -> JsonResponse:
    """Changes a provider (a left-out ``clientSecret`` keeps the stored one). Key: ``user/sso/edit``."""
    return ok(await service.edit(db, request.app.state.settings, caller, body.id, body))


@router.call("/provider/delete", answer=None)
async def provider_delete(body: ProviderIdIn, db: DbSession,
                          caller: Caller = person_only(PAGE, f"{PAGE}/delete")) -> JsonResponse:
    """Deletes a provider; the accounts it made stay. Key: ``user/sso/delete``."""
    await service.remove(db, caller, body.id)
    return ok()


@router.call("/provider/test", answer=TestOut)
async def provider_test(body: TestIn, request: Request, db: DbSession,
                        caller: Caller = person_only(PAGE)) -> JsonResponse:
    """What a provider says about itself (its discovery document and key set, read now): a stored one's (``id``)
    or an issuer's before it is saved (``issuer``). Key: ``user/sso``."""
    return ok(await service.test(db, request.app.state.settings, caller, body.id, body.issuer))


@router.call("/provider/roles", answer=list[RoleChoice])
async def provider_roles(body: RolesIn, db: DbSession, caller: Caller = person_only(PAGE)) -> JsonResponse:
    """The preset and custom roles the table may map a group to at a node (visible there, every key held by the
    caller). Key: ``user/sso``."""
    return ok(await service.role_choices(db, caller, body.nodeId))


@router.call("/discover", answer=DiscoverOut)
async def discover(body: DiscoverIn, db: DbSession) -> JsonResponse:
    """The providers serving the domain of the e-mail typed on the sign-in page (none for an account name). No
    session."""
    return ok({"providers": await service.discover_buttons(db, body.login)})


@router.call("/redeem", answer=LoginOut)
async def redeem(body: RedeemIn, request: Request, db: DbSession) -> JsonResponse:
    """The console's session after an OpenID sign-in: the one-time code of the callback (2 minutes, once, the
    browser that started it); refused CODE_EXPIRED naming ``code``. Answers as /login does."""
    caller, token = await flow.redeem(db, request.app.state.settings, body.code, request.cookies.get(COOKIE, ""))
    request.state.session = caller
    user = await users.get(db, caller.user_id)
    user_url = user.url if user is not None else ""
    return ok(LoginOut(
        userId=caller.user_id, token=token, permissionBeans=await permission_beans(db, caller.keys),
        account=caller.account, name=caller.name, levelDepth=caller.level_depth,
        shadowId=None if not caller.is_shadow else caller.acting_user_id, url=user_url,
        language=caller.language, expiresAt=caller.expires_at.isoformat()))


@router.call("/signOut", answer=SignOutOut)
async def sign_out(_: Empty, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """Ends this console session (as /logout) and answers where to send the browser next: the provider's
    end-session address when an OpenID sign-in began the session and the provider offers one, else null."""
    redirect = await flow.sign_out(db, request.app.state.settings, caller, _context(request))
    await request.app.state.bus.publish(TOKEN_REVOKED, {"token_hash": caller.token_hash})
    return ok({"redirect": redirect})


def _to_console(request: Request, fragment: str) -> RedirectResponse:
    answer = RedirectResponse(f"/login#{fragment}", status_code=303)
    answer.headers["cache-control"] = "no-store"
    answer.headers["referrer-policy"] = "no-referrer"
    return answer


@browser_router.get("/start", response_class=RedirectResponse, status_code=303,
                    responses={303: {"description": "to the provider, or back to /login#ssoError=unavailable"},
                               200: {"description": "a refusal (BAD_PARAMETER naming provider: not an id)"}})
async def start(request: Request, db: DbSession, provider: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
                login: Annotated[str, Query(max_length=255)] = "") -> RedirectResponse:
    """The sign-in page's "Sign in with <name>": a new flow, and the browser goes to the provider's sign-in."""
    browser = secrets.token_urlsafe(32)
    try:
        url = await flow.start(db, request.app.state.settings, provider, login, browser) if provider else None
    except oidc.ProviderFailed:
        url = None
    if url is None:
        return _to_console(request, "ssoError=unavailable")
    answer = RedirectResponse(url, status_code=303)
    answer.headers["cache-control"] = "no-store"
    secure = URL(request.app.state.settings.public_url).scheme == "https"
    answer.set_cookie(COOKIE, browser, max_age=flow.FLOW_SECONDS, path="/api/sso", httponly=True, samesite="lax",
                      secure=secure)
    return answer


@browser_router.get("/callback", response_class=RedirectResponse, status_code=303,
                    responses={303: {"description": "to /login with sso=, ticket= or ssoError= in the fragment"}})
async def callback(request: Request, db: DbSession) -> RedirectResponse:
    """Where the provider sends the browser back (the redirect URI to register at the provider)."""
    params = {key: value[:2048] for key, value in request.query_params.items()}
    outcome = await flow.callback(db, request.app.state.settings, params, request.cookies.get(COOKIE, ""),
                                  _context(request))
    if outcome.changed_user is not None:
        await request.app.state.bus.publish(USER_CHANGED, {"user_id": outcome.changed_user})
    return _to_console(request, outcome.fragment)
