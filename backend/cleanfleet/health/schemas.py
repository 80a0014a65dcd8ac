"""Shapes of the robot health calls (/robothealth/*): requests (bounded, camelCase) and answers."""

from typing import Literal

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Id
from cleanfleet.core.paging import PageIn

Grade = Literal["A", "B", "C", "D"]
Indicator = Literal["alarms", "efficiency", "coverage", "charging", "online"]
State = Literal["ok", "watch", "drift", "noData"]
Basis = Literal["map", "type", "none"]
Bucket = Literal["small", "medium", "large"]


class HealthListIn(PageIn):
    pageSize: int = Field(default=30, ge=1, le=200, description="robots on a page (at most 200)")
    userId: Id | None = Field(default=None, description="a branch of the caller's subtree (default: the caller's)")
    grade: list[Grade] | None = Field(default=None, max_length=4, description="any of these grades (default: all)")


class HealthDeviceIn(BaseModel):
    deviceId: Id


class HealthReason(BaseModel):
    indicator: Indicator
    level: Literal["watch", "drift"]
    against: Literal["peers", "self"] = Field(description="the peers' median, or the robot's own previous 30 days")
    value: float | None = Field(description="the robot's figure in the window")
    reference: float | None = Field(description="the peers' median, or the robot's figure of the 30 days before")
    z: float | None = Field(description="robust z against the peers (None against itself)")
    link: str = Field(description="the console page holding the evidence, filtered to the robot and the window")


class HealthIndicator(BaseModel):
    indicator: Indicator
    value: float | None = Field(description="alarms and charging: per run hour; efficiency m²/h; coverage, online %")
    previous: float | None = Field(default=None, description="alarms only: per run hour, the 30 days before")
    peerMedian: float | None
    peerLow: float | None = Field(description="the peers' band: median - 2 x spread")
    peerHigh: float | None = Field(description="median + 2 x spread")
    z: float | None
    state: State
    link: str


class HealthRow(BaseModel):
    deviceId: int
    deviceCode: str = Field(description="the robot's name")
    deviceSerialNumber: str
    typeName: str
    grade: Grade
    drifts: int
    watches: int
    peerBasis: Basis = Field(description="map: same type and map size; type: too few of those; none: too few peers")
    peers: int
    reasons: list[HealthReason]


class GradeCounts(BaseModel):
    A: int
    B: int
    C: int
    D: int


class HealthPage(BaseModel):
    list: list[HealthRow]
    total: int
    pageNum: int
    pageSize: int
    counts: GradeCounts = Field(description="robots per grade in the branch (the grade filter aside)")
    windowStart: str | None = Field(description="the window's first UTC day (None before the first scan)")
    windowEnd: str | None
    computedAt: str | None


class HealthDetail(HealthRow):
    areaBucket: Bucket = Field(description="its largest map: small < 500 m², medium 500-2,000, large > 2,000")
    indicators: list[HealthIndicator]
    windowStart: str
    windowEnd: str
    computedAt: str


class HealthDeviceOut(BaseModel):
    computed: bool = Field(description="false until the scan has graded this robot (a robot added since)")
    health: HealthDetail | None
