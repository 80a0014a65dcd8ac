"""Two factors (/factors/*, issue 50 items 5-7; docs/domains/factors.md).

- A person's own factors (the "Two factors" page): every call needs a signed-in console session (``SessionDep``):
  an API token never reads or changes factors (NO_PERMISSION naming ``Authorization``). No key: each acts on the
  caller's own account only.
- The branch policy: ``user/index/factor_policy`` (person-only), on a node of the caller's subtree.
- The sign-in's second step (/factors/verify, /factors/ticket/*) and a passkey alone (/factors/passkey/signIn*):
  no session yet; the ticket or the passkey is the credential, throttled as passwords are.
"""

from fastapi import Request

from cleanfleet.auth.address import client_address
from cleanfleet.auth.schemas import LoginLocked
from cleanfleet.auth.service import SignInContext, SignInResult
from cleanfleet.core.auth import Caller, SessionDep, person_only
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.factors import passkeys, service, signin
from cleanfleet.factors.schemas import (
    Confirm,
    Options,
    PasskeyAdded,
    PasskeyAddIn,
    PasskeyIdIn,
    PasskeyOut,
    PasskeyRenameIn,
    PasskeySignInIn,
    PolicyGetIn,
    PolicyIn,
    PolicyOut,
    RecoveryOut,
    SignedIn,
    StatusOut,
    TicketIn,
    TicketPasskeyAddIn,
    TicketTotpConfirmIn,
    TotpConfirmIn,
    TotpStart,
    VerifyIn,
)
from cleanfleet.roles.service import permission_beans

POLICY_KEY = "user/index/factor_policy"
LOCKED = {Code.LOGIN_LOCKED: LoginLocked}  # codes and passkeys are throttled as passwords are
router = ApiRouter(prefix="/factors", tags=["factors"])


def context_of(request: Request) -> SignInContext:
    return SignInContext(address=client_address(request, request.app.state.settings.trusted_proxies),
                         user_agent=request.headers.get("user-agent", ""),
                         platform=request.headers.get("platform", "web"),
                         browser=request.headers.get("browser-id", "")[:64])


def party(request: Request) -> passkeys.Party:
    return passkeys.party_of(request, request.app.state.settings)


def mark(request: Request):  # noqa: ANN201 - the sign-in's caller, for the operation log (as /login does)
    return lambda caller: setattr(request.state, "session", caller)


async def signed_in_answer(db: DbSession, result: SignInResult, codes: list[str] | None = None) -> SignedIn:
    user, caller, token = result.user, result.caller, result.token
    assert caller is not None and token is not None
    return SignedIn(userId=user.id, token=token, permissionBeans=await permission_beans(db, caller.keys),
                    account=user.account, name=user.name, levelDepth=user.level_depth, shadowId=user.shadow_of_id,
                    url=user.url, language=user.language, expiresAt=caller.expires_at.isoformat(),
                    recoveryCodes=codes)


# -- the person's own factors --------------------------------------------------------------------------------------

@router.call("/status", answer=StatusOut)
async def factor_status(body: Empty, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """The caller's factors: the authenticator app, recovery codes left, passkeys; whether the branch requires a
    second factor and allows a passkey alone."""
    user = await service.person(db, caller)
    return ok(await service.status(db, user, request.app.state.settings))


@router.call("/totp/start", answer=TotpStart)
async def totp_start(body: Empty, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """A new authenticator secret with its QR code; not on until /factors/totp/confirm checks one code."""
    return ok(await service.start_totp(db, await service.person(db, caller), request.app.state.settings))


@router.call("/totp/confirm", answer=RecoveryOut, refusals=LOCKED)
async def totp_confirm(body: TotpConfirmIn, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """Turns the authenticator app on once a code checks (throttled); ten recovery codes when it is the first
    factor (else ``recoveryCodes`` is empty: the earlier ones stay)."""
    made = await service.turn_on_totp(db, await service.person(db, caller), body.code, context_of(request),
                                      request.app.state.settings)
    return ok(RecoveryOut(recoveryCodes=made or []))


@router.call("/totp/remove", answer=None, refusals=LOCKED)
async def totp_remove(body: Confirm, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """Turns the authenticator app off, confirmed by the password or a current code; refused while the branch
    requires two factors and it is the last one."""
    await service.remove_totp(db, await service.person(db, caller), body, context_of(request),
                              request.app.state.settings)
    return ok()


@router.call("/recovery/regenerate", answer=RecoveryOut, refusals=LOCKED)
async def recovery_regenerate(body: Confirm, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """Ten new recovery codes (the old ones stop working), confirmed by the password or a current code."""
    made = await service.regenerate_recovery(db, await service.person(db, caller), body, context_of(request),
                                             request.app.state.settings)
    return ok(RecoveryOut(recoveryCodes=made))


@router.call("/passkey/options", answer=Options)
async def passkey_options(body: Empty, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """Registration options for a new passkey or security key of the caller."""
    return ok(await service.passkey_options(db, await service.person(db, caller), party(request)))


@router.call("/passkey/add", answer=PasskeyAdded)
async def passkey_add(body: PasskeyAddIn, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """Registers the browser's new credential under a name (unique among the caller's)."""
    row, made = await service.register_passkey(db, await service.person(db, caller), party(request),
                                               name=body.name, handle=body.handle, credential=body.credential,
                                               context=context_of(request))
    return ok(PasskeyAdded(passkey=service.passkey_out(row), recoveryCodes=made))


@router.call("/passkey/rename", answer=PasskeyOut)
async def passkey_rename(body: PasskeyRenameIn, caller: SessionDep, db: DbSession) -> JsonResponse:
    return ok(await service.rename_passkey(db, await service.person(db, caller), body.id, body.name))


@router.call("/passkey/remove", answer=None)
async def passkey_remove(body: PasskeyIdIn, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """Removes one of the caller's passkeys; refused while the branch requires two factors and it is the last."""
    await service.remove_passkey(db, await service.person(db, caller), body.id, context_of(request),
                                 request.app.state.settings)
    return ok()


# -- the branch policy ---------------------------------------------------------------------------------------------

@router.call("/policy/get", answer=PolicyOut)
async def policy_get(body: PolicyGetIn, db: DbSession, caller: Caller = person_only(POLICY_KEY)) -> JsonResponse:
    """A node's own policy and the one in force there. Key: ``user/index/factor_policy``."""
    return ok(await service.policy_of(db, caller, body.userId))


@router.call("/policy/set", answer=PolicyOut)
async def policy_set(body: PolicyIn, db: DbSession, caller: Caller = person_only(POLICY_KEY)) -> JsonResponse:
    """Sets a node's policy: require two factors for its branch; allow or forbid a passkey alone (null: as above).
    People without a factor are led to enrol at their next sign-in. Key: ``user/index/factor_policy``."""
    return ok(await service.set_policy(db, caller, body.userId, body.requireTwo, body.passkeyAlone))


# -- the sign-in's second step -------------------------------------------------------------------------------------

@router.call("/verify", answer=SignedIn, refusals=LOCKED)
async def verify(body: VerifyIn, request: Request, db: DbSession) -> JsonResponse:
    """Redeems a ticket of SECOND_FACTOR_REQUIRED with a code (the app's, or a recovery code) or a passkey's
    assertion (``handle`` from /factors/ticket/options and ``credential``); answers the session as /login does."""
    result = await signin.verify(db, body.ticket, code=body.code, handle=body.handle, credential=body.credential,
                                 party=party(request), context=context_of(request),
                                 settings=request.app.state.settings, signed_in=mark(request))
    return ok(await signed_in_answer(db, result))


@router.call("/ticket/options", answer=Options)
async def ticket_options(body: TicketIn, request: Request, db: DbSession) -> JsonResponse:
    """Assertion options for the ticket's person's passkeys."""
    return ok(await signin.ticket_options(db, body.ticket, party(request)))


@router.call("/ticket/totp/start", answer=TotpStart)
async def ticket_totp_start(body: TicketIn, request: Request, db: DbSession) -> JsonResponse:
    """With an enrolment ticket: a new authenticator secret and its QR code."""
    return ok(await signin.enrol_totp_start(db, body.ticket, request.app.state.settings))


@router.call("/ticket/totp/confirm", answer=SignedIn, refusals=LOCKED)
async def ticket_totp_confirm(body: TicketTotpConfirmIn, request: Request, db: DbSession) -> JsonResponse:
    """With an enrolment ticket: the app is on once a code checks, and the session begins (with recovery codes)."""
    result, made = await signin.enrol_totp_confirm(db, body.ticket, body.code, context=context_of(request),
                                                   settings=request.app.state.settings, signed_in=mark(request))
    return ok(await signed_in_answer(db, result, made))


@router.call("/ticket/passkey/options", answer=Options)
async def ticket_passkey_options(body: TicketIn, request: Request, db: DbSession) -> JsonResponse:
    """With an enrolment ticket: registration options for a first passkey."""
    return ok(await signin.enrol_passkey_options(db, body.ticket, party(request)))


@router.call("/ticket/passkey/add", answer=SignedIn)
async def ticket_passkey_add(body: TicketPasskeyAddIn, request: Request, db: DbSession) -> JsonResponse:
    """With an enrolment ticket: registers the first passkey, and the session begins (with recovery codes)."""
    result, made = await signin.enrol_passkey_add(
        db, body.ticket, name=body.name, handle=body.handle, credential=body.credential, party=party(request),
        context=context_of(request), settings=request.app.state.settings, signed_in=mark(request))
    return ok(await signed_in_answer(db, result, made))


@router.call("/passkey/signInOptions", answer=Options)
async def passkey_sign_in_options(body: Empty, request: Request, db: DbSession) -> JsonResponse:
    """Options to sign in with a passkey alone (the browser offers the passkeys it holds for this site)."""
    return ok(await signin.alone_options(db, party(request)))


@router.call("/passkey/signIn", answer=SignedIn, refusals=LOCKED)
async def passkey_sign_in(body: PasskeySignInIn, request: Request, db: DbSession) -> JsonResponse:
    """Signs in with a passkey alone, where the person's branch allows it (else NO_PERMISSION naming
    ``credential``); the authenticator must have verified its user."""
    result = await signin.alone(db, body.handle, body.credential, party=party(request), context=context_of(request),
                                settings=request.app.state.settings, signed_in=mark(request))
    return ok(await signed_in_answer(db, result))
