"""Shapes of /site/availability/*: camelCase as the console sends them. Shares are thousandths (985: 98.5 %), times
seconds, days the site's."""

from typing import Annotated

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Day, Id
from cleanfleet.sites.schemas import StateCounts

Thousandths = Annotated[int, Field(ge=0, le=1000)]
AckMinutes = Annotated[int, Field(ge=1, le=10080)]


class AvailabilityIn(BaseModel):
    siteId: Id
    startDay: Day | None = Field(default=None, description="the first site day; default the first of endDay's month. "
                                                           "At most 366 days from startDay to endDay")
    endDay: Day | None = Field(default=None, description="the last site day; default the site's today (not after it)")


class AvailabilityTableIn(BaseModel):
    day: Day | None = Field(default=None, description="a day of the month; default today on each site's clock")
    userId: Id | None = Field(default=None, description="only the sites of this customer's subtree")


class TargetsIn(BaseModel):
    siteId: Id
    availability: Thousandths | None = Field(default=None, description="availability at least (thousandths); null: "
                                                                       "no target")
    ackMinutes: AckMinutes | None = Field(default=None, description="mean time to acknowledge an incident at most "
                                                                    "(minutes, up to a week); null: no target")
    runsDone: Thousandths | None = Field(default=None, description="closed planned runs done, on time or late, at "
                                                                   "least (thousandths); null: no target")


class Targets(BaseModel):
    availability: int | None
    ackMinutes: int | None
    runsDone: int | None


class TargetsOut(Targets):
    siteId: int


class Met(BaseModel):
    availability: bool | None = Field(description="null: no target, or nothing scheduled")
    ack: bool | None = Field(description="null: no target, or no incident acknowledged")
    runsDone: bool | None = Field(description="null: no target, or no planned run closed")


class Lost(BaseModel):
    offline: int
    fault: int
    waiting: int


class Excluded(BaseModel):
    update: int
    maintenance: int


class HoursOut(BaseModel):
    scheduledSeconds: int = Field(description="scheduled time, updates and maintenance left out")
    availableSeconds: int
    availability: int | None = Field(description="thousandths; null: nothing scheduled")
    lost: Lost = Field(description="seconds lost by cause (a moment counts for its first cause)")
    excluded: Excluded = Field(description="seconds of the plan's windows left out")


class SeverityOut(BaseModel):
    severity: str = Field(description="high, medium, low (the incidents' urgency) or all")
    count: int
    acknowledged: int
    resolved: int
    mttaSeconds: int | None = Field(description="mean time to acknowledge; null: none acknowledged")
    mttrSeconds: int | None = Field(description="mean time to resolve; null: none resolved")


class PeriodOut(HoursOut):
    start: str
    end: str
    incidents: list[SeverityOut]
    runs: StateCounts


class RobotOut(HoursOut):
    deviceId: int
    deviceCode: str


class DayOut(BaseModel):
    day: str
    scheduledSeconds: int
    availableSeconds: int
    availability: int | None


class ProblemOut(BaseModel):
    day: str
    windowStart: str = Field(description="HH:MM on the site's clock")
    windowEnd: str
    building: str
    floor: str
    item: str = Field(description="the area's name or the task's")
    state: str = Field(description="missed or short")
    reasons: list[str] = Field(description="in the caller's language")


class SiteAvailabilityOut(BaseModel):
    siteId: int
    siteName: str
    timeZone: str
    customerName: str
    current: PeriodOut
    previous: PeriodOut = Field(description="the period before: the calendar month before a month, else as many days")
    robots: list[RobotOut]
    days: list[DayOut]
    problems: list[ProblemOut] = Field(description="the newest 300 missed and short runs")
    problemCount: int
    targets: Targets
    met: Met


class TableRowOut(BaseModel):
    siteId: int
    siteName: str
    timeZone: str
    customerId: int
    customerName: str
    current: PeriodOut
    targets: Targets
    met: Met
    notMet: int = Field(description="targets not met")


class AvailabilityTableOut(BaseModel):
    rows: list[TableRowOut] = Field(description="worst first: most targets not met, then lowest availability")
