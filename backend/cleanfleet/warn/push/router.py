"""The push calls: the server's key, and the signed-in user's own browsers (subscribe, list, remove, test).

They need a signed-in caller and no page key: a subscription is personal (the user's own browser), and a user sees
and removes only their own. Which alarms reach it is the alarm settings' "Mobile app" switch.
"""

from fastapi import Request

from cleanfleet.core.auth import CallerDep
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.language import request_language
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.warn.push import keys, service, texts
from cleanfleet.warn.push.models import MAX_PER_USER
from cleanfleet.warn.push.schemas import (
    ListIn,
    PushKeyOut,
    SubscribedOut,
    SubscribeIn,
    SubscriptionOut,
    TestOut,
    UnsubscribeIn,
)
from cleanfleet.warn.push.send import message

router = ApiRouter(prefix="/push", tags=["push notifications"])


@router.call("/key", answer=PushKeyOut)
async def key(body: Empty, request: Request, _caller: CallerDep) -> JsonResponse:
    """The application server key browsers subscribe with, and how many browsers a user may subscribe."""
    return ok(PushKeyOut(publicKey=keys.public_key(request.app.state.settings), limit=MAX_PER_USER))


@router.call("/list", answer=list[SubscriptionOut])
async def list_subscriptions(body: ListIn, db: DbSession, caller: CallerDep) -> JsonResponse:
    """The caller's subscribed browsers; ``current`` marks the one whose endpoint the body gives."""
    return ok(await service.listed(db, caller, body.endpoint))


@router.call("/subscribe", answer=SubscribedOut)
async def subscribe(body: SubscribeIn, request: Request, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Subscribes this browser to the caller's notifications (the caller's own endpoint again updates it; an endpoint
    another user registered is refused, ALREADY_EXISTS naming ``endpoint``)."""
    return ok(SubscribedOut(id=await service.subscribe(db, request.app.state.settings, caller, body)))


@router.call("/unsubscribe", answer=None)
async def unsubscribe(body: UnsubscribeIn, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Removes one of the caller's subscriptions, by this browser's endpoint or by id."""
    await service.unsubscribe(db, caller, body.endpoint, body.id)
    return ok()


@router.call("/test", answer=TestOut)
async def test(body: Empty, request: Request, db: DbSession, caller: CallerDep) -> JsonResponse:
    """A test notification to every browser the caller subscribed, in the screen's language."""
    language = request_language(request)
    payload = message(texts.TEST_TITLE.render(language), texts.TEST_BODY.render(language), "/index", "test", "test",
                      None)
    sent, failed = await service.send_test(db, request.app.state.settings, caller.user_id, payload)
    return ok(TestOut(sent=sent, failed=failed))
