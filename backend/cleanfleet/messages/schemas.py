"""Shapes of the message centre's calls (/message/*)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.paging import PageIn

Kind = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)]


class MessageOut(BaseModel):
    id: int
    kind: str = Field(description="alarm_raised | alarm_resolved | task_ended | consumable_due | maintenance_due | "
                                  "incident | …")
    title: str = Field(description="in the caller's language")
    content: str = Field(description="in the caller's language; times in the caller's time zone")
    deviceId: int | None
    read: bool
    time: str = Field(description="when it was written (UTC, ISO 8601); a folded message: its latest repeat's")
    count: int = Field(description="how many it tells of: a robot's alarms of one problem fold into one open (unread) "
                                   "message, which shows the latest; 1 for every other message")
    link: str | None = Field(default=None, description="the console's address of what it tells of (an incident: "
                             "/incident/index?incidentId=<id>); absent when it has none")


class MessagePage(BaseModel):
    list: list[MessageOut]
    total: int
    pageNum: int
    pageSize: int
    unread: int = Field(description="the caller's unread messages (the header's count)")


class MessagesIn(PageIn):
    kind: Kind | None = Field(default=None, description="only messages of this kind")


class MessageReadIn(BaseModel):
    id: Id | None = Field(default=None, description="the message; absent: every unread message of the caller")


class MessageIdIn(BaseModel):
    id: Id


class MessageReadOut(BaseModel):
    changed: int = Field(description="how many messages became read")
    unread: int = Field(description="the caller's unread messages after the change")


class MessageOpenOut(BaseModel):
    message: MessageOut = Field(description="the message, now read")
    unread: int = Field(description="the caller's unread messages after opening it")
