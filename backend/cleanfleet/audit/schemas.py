"""Shapes of the audit trail's calls (/audit/*)."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.audit.kinds import KINDS, Kind
from cleanfleet.audit.models import ACTOR_TYPES, OUTCOMES
from cleanfleet.core.bounds import Id, UtcTime
from cleanfleet.core.paging import PageIn

Search = Annotated[str, StringConstraints(strip_whitespace=True, max_length=128)]
EXPORT_ROWS = 100_000


class AuditFilter(BaseModel):
    actorName: Search | None = Field(default=None, description="part of who did it (account, or token's name)")
    actorType: Literal[ACTOR_TYPES] | None = Field(  # type: ignore[valid-type]
        default=None, description="person, shadow, token, robot or system")
    kind: list[Kind] | None = Field(default=None, max_length=len(KINDS), description="only these kinds "
                                    "(audit/kinds.py; docs/domains/audit.md)")
    outcome: Literal[OUTCOMES] | None = Field(default=None)  # type: ignore[valid-type]
    target: Search | None = Field(default=None, description="part of what it concerned: a call's path, "
                                                            "\"device#12\", \"user#7\"")
    userId: Id | None = Field(default=None, description="only what this person did or was done on their behalf "
                                                        "(a user of the caller's branch)")
    startTime: UtcTime | None = Field(default=None, description="at or after; with endTime at most 366 days before")
    endTime: UtcTime | None = Field(default=None, description="at or before")


class AuditPageIn(PageIn, AuditFilter):
    pass


class AuditExportIn(AuditFilter):
    format: Literal["csv", "jsonl"] = Field(default="csv", description="CSV (a spreadsheet) or JSON Lines (a SIEM)")


class AuditOut(BaseModel):
    id: int
    at: str = Field(description="ISO 8601, UTC")
    kind: Kind
    outcome: str
    actorType: str
    actorId: int | None
    actingId: int | None = Field(description="on whose behalf: a shadow's owner, a token's user")
    actorName: str
    address: str | None
    client: str | None
    target: str
    detail: str | None = Field(description="the event's details as JSON text: the call, the records it changed "
                                           "([kind, action, id, name]), a refusal's field and reason, a sign-in's "
                                           "method")
    chain: str = Field(description="the tenant's chain the row is sealed in")
    seq: int | None = Field(description="its place in the chain; null for a moment after it was written")
    sealed: bool


class AuditPage(BaseModel):
    list: list[AuditOut]
    total: int
    pageNum: int
    pageSize: int
