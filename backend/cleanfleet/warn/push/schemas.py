"""Shapes of the push calls (/push/key, list, subscribe, unsubscribe, test)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import Short
from cleanfleet.core.outbound import Failure
from cleanfleet.warn.push.models import ENDPOINT_LENGTH

Endpoint = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=ENDPOINT_LENGTH)]
KeyText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]


class PushKeyOut(BaseModel):
    publicKey: str = Field(description="the VAPID application server key: an uncompressed P-256 point, base64url")
    limit: int = Field(description="how many browsers one user may subscribe")


class PushKeys(BaseModel):
    p256dh: KeyText = Field(description="the browser's P-256 public key, base64url (65 bytes)")
    auth: KeyText = Field(description="the browser's authentication secret, base64url (16 bytes)")


class SubscribeIn(BaseModel):
    endpoint: Endpoint = Field(description="the push service's https address for this browser")
    keys: PushKeys
    label: Short = Field(default="", description="what the user calls this browser, e.g. 'Chrome on Android'")


class SubscribedOut(BaseModel):
    id: int


class ListIn(BaseModel):
    endpoint: Endpoint | None = Field(default=None, description="this browser's endpoint: its row answers current")


class SubscriptionOut(BaseModel):
    id: int
    label: str
    createdAt: str
    lastSentAt: str | None
    lastFailure: Failure | None = Field(description="why the last push to it failed, as a category (null: it "
                                       "went, or none was sent yet)")
    current: bool = Field(description="the subscription of the browser that asked")


class UnsubscribeIn(BaseModel):
    endpoint: Endpoint | None = None
    id: Id | None = None


class TestOut(BaseModel):
    sent: int
    failed: int
