"""Shapes of the webhook calls (/integration/webhook/*): requests (bounded, camelCase) and answers."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import Name
from cleanfleet.core.outbound import MAX_URL, Failure
from cleanfleet.core.paging import PageIn

Url = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_URL)]
EventName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)]
DeliveryState = Literal["pending", "delivered", "failed"]
MAX_SUBSCRIPTIONS = 20
TESTS_A_MINUTE = 5  # webhook.test events per subscription a minute


class SubscriptionIdIn(BaseModel):
    subscriptionId: Id


class SubscriptionIn(BaseModel):
    name: Name = Field(description="what the integration is (up to 64 characters)")
    url: Url = Field(description="http(s) on port 80 or 443 to a public host (up to 2,048 characters)")
    events: list[EventName] = Field(min_length=1, max_length=32, description="names of the catalogue")
    active: bool = True


class SubscriptionEditIn(SubscriptionIn, SubscriptionIdIn):
    pass


class SubscriptionOut(BaseModel):
    subscriptionId: int
    name: str
    url: str
    events: list[str]
    active: bool = Field(description="turned on by its owner")
    state: Literal["active", "paused", "off"] = Field(description="paused: the server stopped it after failing")
    pausedAt: str | None
    failingSince: str | None
    lastAt: str | None = Field(description="its last attempt")
    lastCode: int | None
    lastState: Literal["delivered", "failed"] | None
    dropped: int = Field(default=0, description="pending deliveries dropped, the oldest first, because it held "
                         "1,000 waiting (its receiver did not keep up)")
    createdAt: str


class SubscriptionList(BaseModel):
    list: list[SubscriptionOut]
    max: int = Field(description="subscriptions a user may have")


class SecretOut(SubscriptionOut):
    secret: str = Field(description="whsec_ + base64: shown this once")


class DeliveryListIn(PageIn):
    subscriptionId: Id
    state: DeliveryState | None = None


class AttemptOut(BaseModel):
    at: str
    state: Literal["delivered", "failed"]
    code: int | None
    durationMs: int
    error: Failure | None = Field(description="why it failed, as a category (docs/integrations.md); null when "
                                  "delivered")


class DeliveryOut(BaseModel):
    deliveryId: int
    eventId: str
    eventType: str
    state: DeliveryState
    attempts: int
    nextAt: str | None = Field(description="the next attempt, while pending")
    lastCode: int | None
    lastError: Failure | None = Field(description="why its last attempt failed, as a category")
    lastDurationMs: int | None
    createdAt: str
    deliveredAt: str | None
    tries: list[AttemptOut] = Field(description="every attempt, newest first")


class DeliveryPage(BaseModel):
    list: list[DeliveryOut]
    total: int
    pageNum: int
    pageSize: int


class DeliveryIdIn(BaseModel):
    deliveryId: Id


class TestOut(BaseModel):
    deliveryId: int
    eventId: str


class CatalogueEvent(BaseModel):
    name: str
    group: str
    key: str = Field(description="the permission key the subscription's owner needs to receive it")
    description: str
    bodySchema: dict[str, Any] = Field(description="JSON schema of a delivery's body")
    sample: dict[str, Any]


class CatalogueGroup(BaseModel):
    name: str
    label: str = Field(description="the group's name in the reader's language")


class CatalogueOut(BaseModel):
    version: int
    groups: list[CatalogueGroup] = Field(description="the events' groups in the checklist's order")
    events: list[CatalogueEvent]
