"""Shapes of the privacy calls (/privacy/*): a person's export and erasure, and the data jobs."""

from typing import Literal

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Id
from cleanfleet.core.paging import Page, PageIn
from cleanfleet.privacy.models import KINDS, STATES

JobKind = Literal[KINDS]  # type: ignore[valid-type]
JobState = Literal[STATES]  # type: ignore[valid-type]


class ExportIn(BaseModel):
    userId: Id | None = Field(default=None, description="a user of the caller's subtree (needs the key "
                                                        "user/index/export_data); default the caller itself")


class EraseTargetIn(BaseModel):
    userId: Id = Field(description="the user to erase: below the caller (needs the key user/index/erase)")


class EraseIn(EraseTargetIn):
    confirm: str = Field(max_length=64, description="the user's account name, typed to confirm")


class JobIdIn(BaseModel):
    id: Id = Field(description="the data job's id")


class JobListIn(PageIn):
    kind: JobKind | None = None
    subjectId: Id | None = Field(default=None, description="only the jobs about this user (or customer)")


class ErasableOut(BaseModel):
    userId: int
    account: str
    allowed: bool = Field(description="whether the erasure may be asked now")
    reason: str | None = Field(description="why not, and what to do first (in the caller's language)")


class JobOut(BaseModel):
    id: int
    kind: JobKind
    subjectId: int
    subjectName: str = Field(description="the subject's account name when asked; an erased person's pseudonym")
    own: bool = Field(description="the job is about the caller")
    state: JobState
    progress: int = Field(ge=0, le=100)
    step: str = Field(description="the current step's text key ('' before the first)")
    stepText: str = Field(description="the current step in the caller's language")
    error: str | None = Field(description="a failed job's reason as a text key")
    errorText: str | None = Field(description="a failed job's reason in the caller's language")
    counts: dict[str, int] = Field(description="what the job wrote or changed, by part")
    pseudonym: str | None = Field(description="an erasure's pseudonym (what the audit trail shows instead)")
    link: str | None = Field(description="the result's signed download link, until linkExpiresAt; null: none "
                                         "(not ready, expired, or the job makes no file)")
    linkExpiresAt: str | None = Field(description="ISO 8601, UTC")
    createdAt: str
    startedAt: str | None
    finishedAt: str | None


JobPage = Page[JobOut]
