"""The retention calls' requests and answers."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Id

KindName = Literal["telemetry", "reports", "alarms", "messages", "logs", "backups", "videos", "files", "audit"]


class NodeIn(BaseModel):
    userId: Id | None = Field(default=None, description="a node of the caller's subtree; default the caller's own")


class SetIn(BaseModel):
    userId: Id | None = Field(default=None, description="a node of the caller's subtree; default the caller's own")
    kind: KindName
    days: int | None = Field(ge=1, le=3650, description="the node's period in days; null: as the nodes above (or "
                                                        "the deployment) say")


class PreviewIn(BaseModel):
    userId: Id | None = None
    kind: KindName
    days: int = Field(ge=1, le=3650)


class KindOut(BaseModel):
    kind: KindName
    days: int = Field(description="the period in force at this node")
    own: int | None = Field(description="this node's own period (null: none)")
    above: int | None = Field(description="the period the nodes above set (null: none: the deployment's default)")
    default: int = Field(description="the deployment's default")
    least: int = Field(description="the fewest days the deployment allows")
    most: int = Field(description="the most days this node may set (the deployment's most, or less when a node "
                                  "above keeps this kind less)")
    settable: bool = Field(description="this node may set its own period of this kind")


class RunOut(BaseModel):
    kind: str = Field(description="the kind, or * for a whole round")
    userId: int | None = Field(description="the node of the part purged (null: the whole tree at the default)")
    days: int
    removed: int
    startedAt: datetime
    finishedAt: datetime


class RetentionOut(BaseModel):
    userId: int
    root: bool = Field(description="the node is the root: its periods are the deployment's (read only)")
    kinds: list[KindOut]
    lastRound: RunOut | None = Field(description="the purge job's last round (when, how much in all: admin only)")
    runs: list[RunOut] = Field(description="the last purges of this node's branch, newest first (at most 50)")


class PreviewOut(BaseModel):
    count: int = Field(description="records of this node's branch older than the period (at most ``capped``)")
    capped: bool = Field(description="there are more than ``count``")
    before: datetime = Field(description="the cut-off: records older than this go at the next purge")
