"""API tokens (/integration/token/*, page ``integration/token`` in the Integrations menu; issue 35 item 1).

Keys: listing and the key list need the page key ``integration/token``; creating its ``add`` button, revoking
its ``delete`` button. Every call here needs a signed-in console session (``person_only``: these keys are among
roles/catalogue.py ``PERSON_ONLY_KEYS``): an API token is refused (NO_PERMISSION naming ``Authorization``), so a
leaked token cannot mint or revoke tokens. A user creates tokens for its own account only, and lists and revokes
those of its subtree (itself and the users below it); another branch's token answers NOT_FOUND naming ``id``.
"""

from fastapi import Request

from cleanfleet.apitokens import service
from cleanfleet.apitokens.schemas import (
    MAX_DAYS,
    MAX_LIVE_TOKENS,
    KeysOut,
    TokenCreated,
    TokenIdIn,
    TokenIn,
    TokenListIn,
    TokenPage,
)
from cleanfleet.core.auth import Caller, person_only
from cleanfleet.core.bus import TOKEN_REVOKED
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter, Empty

PAGE = "integration/token"
router = ApiRouter(prefix="/integration/token", tags=["integrations"])


@router.call("/list", answer=TokenPage)
async def token_list(body: TokenListIn, db: DbSession, caller: Caller = person_only(PAGE)) -> JsonResponse:
    """The tokens of the caller's subtree (or of one ``userId`` in it), newest first, paged; never the tokens
    themselves. Key: ``integration/token``."""
    page = await paginate(db, await service.query(db, caller, body.userId), body, scalars=False)
    page["list"] = await service.answers(db, page["list"])
    return ok(page)


@router.call("/keys", answer=KeysOut)
async def token_keys(body: Empty, caller: Caller = person_only(PAGE)) -> JsonResponse:
    """The permission keys the caller holds, in menu order with their groups, each saying whether a token may get
    it (``personOnly``: never), and the limits (longest expiry, live tokens a user may hold). Key:
    ``integration/token``."""
    return ok(KeysOut(list=service.held_keys(caller), maxDays=MAX_DAYS, maxTokens=MAX_LIVE_TOKENS))


@router.call("/insert", answer=TokenCreated)
async def token_insert(body: TokenIn, db: DbSession, caller: Caller = person_only(f"{PAGE}/add")) -> JsonResponse:
    """Create a token for the caller's own account: a name (unique among its tokens), an expiry (after now, at
    most 365 days ahead) and keys (a subset of the caller's, none of those only a person may use: refused naming
    ``keys``). The answer's ``token`` is shown this once; only its hash is kept. Key: ``integration/token/add``."""
    row, token = await service.create(db, caller, name=body.name, expires_at=body.expiresAt, keys=body.keys)
    return ok(TokenCreated(**service.answer(row, caller.user_id, caller.account), token=token))


@router.call("/delete", answer=None)
async def token_delete(body: TokenIdIn, request: Request, db: DbSession,
                       caller: Caller = person_only(f"{PAGE}/delete")) -> JsonResponse:
    """Revoke a token of the caller's subtree, at once on every worker (its cached caller is evicted through
    the bus). Key: ``integration/token/delete``."""
    token_hash = await service.revoke(db, caller, body.id)
    await request.app.state.bus.publish(TOKEN_REVOKED, {"token_hash": token_hash})
    return ok()

