"""Shapes of the SIEM streaming calls (/audit/siem/*): requests (bounded, camelCase) and answers."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import Name
from cleanfleet.core.outbound import Failure

MAX_DESTINATIONS = 5  # per node
Host = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=253,
                                        pattern=r"^([A-Za-z0-9.-]+|\[?[0-9A-Fa-f:.]+\]?)$")]
AppName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=48,
                                           pattern=r"^[!-~]+$")]
CaPem = Annotated[str, StringConstraints(strip_whitespace=True, max_length=20_000)]
Group = Literal["signin", "change", "robot", "data", "refused", "token", "other"]  # audit/streamed.py GROUPS
State = Literal["ok", "failing", "waiting", "off"]


class DestinationIdIn(BaseModel):
    destinationId: Id


class DestinationIn(BaseModel):
    nodeId: Id | None = Field(default=None, description="whose branch it streams: the caller's own account (unset) "
                                                         "or a user below it; fixed once added")
    name: Name = Field(description="what the destination is (up to 64 characters)")
    host: Host = Field(description="a public host name or address (CLEANFLEET_SIEM_ALLOW lets others through)")
    port: int = Field(default=6514, ge=1, le=65535, description="514, 601, 6514 or from 1024 up")
    tls: bool = Field(default=True, description="RFC 5425 (TLS); off: plain TCP (RFC 6587)")
    caPem: CaPem | None = Field(default=None, description="the authority to trust, in PEM (unset: the system's)")
    appName: AppName = Field(default="cleanfleet", description="APP-NAME of every message (printable ASCII)")
    kinds: list[Group] = Field(min_length=1, max_length=7, description="the kinds' groups it receives")
    active: bool = True


class DestinationEditIn(DestinationIn, DestinationIdIn):
    pass


class DestinationOut(BaseModel):
    destinationId: int
    nodeId: int
    nodeAccount: str = Field(description="the account whose branch it streams")
    name: str
    host: str
    port: int
    tls: bool
    caPem: str | None
    appName: str
    kinds: list[Group]
    active: bool
    state: State = Field(description="ok: sending; failing: its last round failed; waiting: nothing sent yet; off")
    sent: int = Field(description="messages sent since it was added")
    backlog: int = Field(description="sealed events of its branch not sent yet (at its last round)")
    lastSentAt: str | None
    lastError: Failure | None = Field(description="why its last round failed, as a category")
    lastErrorText: str | None = Field(description="the category in the reader's language")
    lastErrorAt: str | None
    retryAt: str | None = Field(description="its next try after a failure")
    createdAt: str


class DestinationList(BaseModel):
    list: list[DestinationOut]
    max: int = Field(description="destinations a node may have")


class TestOut(BaseModel):
    ok: bool
    error: Failure | None = Field(description="why the test message could not be sent, as a category")
    errorText: str | None = Field(description="the category in the reader's language")
    durationMs: int
