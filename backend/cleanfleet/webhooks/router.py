"""Webhook subscriptions (/integration/webhook/*, page ``integration/webhook`` in the Integrations menu; issue 35).

Keys: the list, the deliveries and the catalogue need the page key ``integration/webhook``; creating needs its
``add`` button; changing, rotating the secret, resuming, sending a test event and replaying a delivery its ``edit``
button; deleting its ``delete`` button. Each event name needs its group's key too (webhooks/catalogue.py), checked
when subscribing and again when an event is written. A subscription is its owner's alone (the user the caller acts
as); another's answers NOT_FOUND naming ``subscriptionId`` (or ``deliveryId``).

The events are also published as OpenAPI 3.1 ``webhooks`` (``register_openapi``), so the API reference shows each
body's schema.
"""

from fastapi import FastAPI, Request

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.webhooks import catalogue, service
from cleanfleet.webhooks.schemas import (
    MAX_SUBSCRIPTIONS,
    CatalogueOut,
    DeliveryIdIn,
    DeliveryListIn,
    DeliveryOut,
    DeliveryPage,
    SecretOut,
    SubscriptionEditIn,
    SubscriptionIdIn,
    SubscriptionIn,
    SubscriptionList,
    SubscriptionOut,
    TestOut,
)

router = ApiRouter(prefix="/integration/webhook", tags=["webhooks"])
PAGE = "integration/webhook"


@router.call("/list", answer=SubscriptionList)
async def webhook_list(_: Empty, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The caller's subscriptions with their state and last attempt. Key: ``integration/webhook``."""
    return ok({"list": await service.listing(db, caller), "max": MAX_SUBSCRIPTIONS})


@router.call("/add", answer=SecretOut)
async def webhook_add(body: SubscriptionIn, request: Request, db: DbSession,
                      caller: Caller = require(PAGE, f"{PAGE}/add")) -> JsonResponse:
    """Subscribes a URL to events of the caller's subtree; answers the signing secret, shown this once. Refused:
    a URL the server may not post to (``url``), an unknown event or one whose key the caller lacks (``events.N``),
    more than 20 subscriptions. Key: ``integration/webhook/add``."""
    return ok(await service.create(db, request.app.state.settings, caller, body))


@router.call("/edit", answer=SubscriptionOut)
async def webhook_edit(body: SubscriptionEditIn, request: Request, db: DbSession,
                       caller: Caller = require(PAGE, f"{PAGE}/edit")) -> JsonResponse:
    """Changes a subscription's name, URL, events and whether it is on. Key: ``integration/webhook/edit``."""
    return ok(await service.edit(db, request.app.state.settings, caller, body.subscriptionId, body))


@router.call("/rotate", answer=SecretOut)
async def webhook_rotate(body: SubscriptionIdIn, db: DbSession,
                         caller: Caller = require(PAGE, f"{PAGE}/edit")) -> JsonResponse:
    """A new signing secret (shown this once; the old one stops at once). Key: ``integration/webhook/edit``."""
    return ok(await service.rotate(db, caller, body.subscriptionId))


@router.call("/resume", answer=SubscriptionOut)
async def webhook_resume(body: SubscriptionIdIn, db: DbSession,
                         caller: Caller = require(PAGE, f"{PAGE}/edit")) -> JsonResponse:
    """Turns a paused subscription on again. Key: ``integration/webhook/edit``."""
    return ok(await service.resume(db, caller, body.subscriptionId))


@router.call("/test", answer=TestOut)
async def webhook_test(body: SubscriptionIdIn, db: DbSession,
                       caller: Caller = require(PAGE, f"{PAGE}/edit")) -> JsonResponse:
    """Queues a ``webhook.test`` event for this subscription (also when paused). Key: ``integration/webhook/edit``."""
    return ok(await service.send_test(db, caller, body.subscriptionId))


@router.call("/delete", answer=None)
async def webhook_delete(body: SubscriptionIdIn, db: DbSession,
                         caller: Caller = require(PAGE, f"{PAGE}/delete")) -> JsonResponse:
    """Deletes a subscription with its deliveries. Key: ``integration/webhook/delete``."""
    await service.delete(db, caller, body.subscriptionId)
    return ok(None)


@router.call("/deliveries", answer=DeliveryPage)
async def webhook_deliveries(body: DeliveryListIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """A subscription's deliveries, newest first, each with its attempts. Key: ``integration/webhook``."""
    return ok(await service.deliveries(db, caller, body))


@router.call("/replay", answer=DeliveryOut)
async def webhook_replay(body: DeliveryIdIn, db: DbSession,
                         caller: Caller = require(PAGE, f"{PAGE}/edit")) -> JsonResponse:
    """Sends a delivery again now (same event, a new attempt). Key: ``integration/webhook/edit``."""
    return ok(await service.replay(db, caller, body.deliveryId))


@router.call("/catalogue", answer=CatalogueOut)
async def webhook_catalogue(_: Empty, caller: Caller = require(PAGE)) -> JsonResponse:
    """Every event with the key it needs, the JSON schema of its body and a sample. Key: ``integration/webhook``."""
    return ok(service.catalogue_out())


def register_openapi(app: FastAPI) -> None:
    """Each event as an OpenAPI 3.1 webhook: the POST the server sends, with the body's schema and sample."""
    for name, (group, key, model, _) in catalogue.EVENTS.items():
        schema = catalogue.schema_of(name)
        sample = catalogue.sample(name)

        async def event() -> None:  # the body is declared in openapi_extra: no parameter, so no 422 answer
            """Documentation only: the server posts this; nothing here answers."""

        app.webhooks.post(
            name, summary=name, tags=[f"webhook events: {group}"],
            description=f"{(model.__doc__ or '').strip()}\n\nThe subscription's owner needs the key `{key}`. "
                        "Headers: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks). "
                        "Answer 2xx within 10 s; anything else is retried.",
            openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
                "schema": schema, "example": sample}}}},
            responses={200: {"description": "received (any 2xx)"}},
        )(event)
