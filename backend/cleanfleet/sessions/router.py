"""A person's sessions and API tokens (/session/*, issue 50 item 8): the "Sessions and tokens" page of the user
menu, and a child's from the users list.

Every call needs a console session (``SessionDep``: an API token is refused naming ``Authorization``). A person
lists and ends their own without a key; another user's (``userId``, or a session or token of another user) needs the
key ``user/index/sessions`` and that user in the caller's subtree (service.py)."""

from fastapi import Request

from cleanfleet.auth.address import client_address
from cleanfleet.auth.service import SignInContext
from cleanfleet.core.auth import SessionDep
from cleanfleet.core.bus import TOKEN_REVOKED
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.sessions import service
from cleanfleet.sessions.schemas import EndedOut, SessionIdIn, SessionsIn, SessionsOut, TokenIdIn

router = ApiRouter(prefix="/session", tags=["session"])


def _context(request: Request) -> SignInContext:
    """Where the call comes from (kept on the ``session_ended`` event)."""
    return SignInContext(address=client_address(request, request.app.state.settings.trusted_proxies),
                         user_agent=request.headers.get("user-agent", ""))


async def _tell_revoked(request: Request, hashes: list[str]) -> None:
    """Every worker's session cache forgets the ended sessions at once."""
    for token_hash in hashes:
        await request.app.state.bus.publish(TOKEN_REVOKED, {"token_hash": token_hash})


@router.call("/list", answer=SessionsOut)
async def session_list(body: SessionsIn, caller: SessionDep, db: DbSession) -> JsonResponse:
    """The live console sessions (browser and system in words, address, first and last use, how it began, the
    call's own marked ``current``) and the API tokens of the caller, or of ``userId`` (key ``user/index/sessions``,
    a user of the caller's subtree)."""
    return ok(SessionsOut(**await service.sessions_of(db, caller, body.userId)))


@router.call("/end", answer=None)
async def session_end(body: SessionIdIn, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """End one session: the caller's own (not the one of this call: THIS_SESSION naming ``id``), or with the key
    ``user/index/sessions`` one of a user of its subtree. Refused at once on every worker."""
    await _tell_revoked(request, [await service.end(db, caller, body.id, _context(request))])
    return ok()


@router.call("/endOthers", answer=EndedOut)
async def session_end_others(body: SessionsIn, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """End every session of the caller but this one, or (``userId``, key ``user/index/sessions``) every session of a
    user of its subtree; answers how many ended."""
    hashes = await service.end_others(db, caller, body.userId, _context(request))
    await _tell_revoked(request, hashes)
    return ok(EndedOut(ended=len(hashes)))


@router.call("/revokeToken", answer=None)
async def session_revoke_token(body: TokenIdIn, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """Revoke one API token: the caller's own, or with the key ``user/index/sessions`` one of a user of its
    subtree. Refused at once on every worker."""
    await _tell_revoked(request, [await service.revoke_token(db, caller, body.id, _context(request))])
    return ok()
