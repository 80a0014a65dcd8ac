"""Request and answer shapes of the customer end (/customer/end/*)."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Id

# what happens to the customer's robots: given to the dealer without the customer's history, or removed too
RobotChoice = Literal["handover", "remove"]
BIG = Annotated[int, Field(ge=0, le=2**62)]


class EndTarget(BaseModel):
    userId: Id
    robots: RobotChoice = "handover"


class EndStartIn(EndTarget):
    # the customer's name typed again (compared after trimming)
    confirm: str = Field(max_length=64)


class TableCount(BaseModel):
    table: str
    count: BIG


class EndCounts(BaseModel):
    """What goes, by kind (the confirmation's and the receipt's headline), and every table's rows."""

    people: BIG
    robots: BIG  # the robots' records removed (0 when they are handed over)
    robotsHandedOver: BIG
    maps: BIG
    reports: BIG
    alarms: BIG
    incidents: BIG
    sites: BIG
    logs: BIG
    backups: BIG
    files: BIG
    bytes: BIG
    records: BIG  # every row of every table together
    tables: list[TableCount]


class EndPreviewOut(BaseModel):
    userId: int
    name: str
    account: str
    dealerId: int
    dealerName: str
    robots: RobotChoice
    counts: EndCounts


class EndStartOut(BaseModel):
    jobId: int


class ReceiptIn(BaseModel):
    jobId: Id


class HandedRobot(BaseModel):
    id: int
    serialNumber: str
    name: str


class Receipt(BaseModel):
    """What a customer's end removed: kept on the dealer's side after the customer is gone."""

    jobId: int
    customerId: int
    customerName: str
    customerAccount: str
    dealerId: int
    dealerName: str
    robots: RobotChoice
    requestedBy: int
    requestedByAccount: str
    startedAt: str
    finishedAt: str
    removed: EndCounts
    handedOver: list[HandedRobot]
    auditRowsPseudonymised: BIG
