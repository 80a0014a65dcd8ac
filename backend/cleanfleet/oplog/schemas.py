"""Shapes of the operation log calls (/log/*)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id, UtcTime
from cleanfleet.core.paging import PageIn

Search = Annotated[str, StringConstraints(strip_whitespace=True, max_length=128)]
EXPORT_ROWS = 10_000


class LogFilter(BaseModel):
    account: Search | None = Field(default=None, description="part of the account name")
    call: Search | None = Field(default=None, description="part of the call's path, e.g. elevator/insert")
    target: Search | None = Field(default=None, description="part of a changed record's name, e.g. Tower lift")
    ip: Search | None = Field(default=None, description="part of the client address")
    userId: Id | None = Field(default=None, description="only this user's changes (a user in the caller's subtree)")
    tokenId: Id | None = Field(default=None, description="only the changes made with this API token (its id, "
                                                         "also after it was revoked)")
    startTime: UtcTime | None = Field(default=None, description="at or after; with endTime at most 7 days before "
                                                                "it, not in the future (core/ranges.py)")
    endTime: UtcTime | None = Field(default=None, description="at or before")


class LogPageIn(PageIn, LogFilter):
    pass


class LogOut(BaseModel):
    id: int
    time: str = Field(description="ISO 8601, UTC")
    userId: int
    account: str
    shadow: bool = Field(description="made by a shadow account acting for its owner")
    call: str = Field(description="the call's path, e.g. /api/elevator/insertElevator")
    target: str = Field(description="what changed, in the reader's language, e.g. \"Elevator Tower lift: "
                                    "created\"; several separated by \"; \"")
    ip: str
    platform: str
    token: str | None = Field(default=None, description="the name of the API token the change was made with "
                                                      "(\"via token <name>\"); null: a console session")
    tokenId: int | None = Field(default=None, description="that token's id (names are reused after a revocation, "
                                                          "ids never); null: a console session")


class LogPage(BaseModel):
    list: list[LogOut]
    total: int
    pageNum: int
    pageSize: int


class LogExport(BaseModel):
    list: list[LogOut]
    truncated: bool = Field(description=f"more than {EXPORT_ROWS} rows matched: only the newest are here")
