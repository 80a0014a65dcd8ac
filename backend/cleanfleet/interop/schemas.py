"""The MassRobotics AMR Interoperability Standard (v1.0) reports as this API answers them, and the list call's input.

The report shapes follow the standard's JSON schema field for field (names, types, enums, required keys); the keys
the standard marks optional are left out when the server does not know them (the standard's schema allows no null
and no extra key), so they are ``NotRequired`` here rather than nullable. docs/domains/interop.md maps each field.
"""

from typing import Literal, NotRequired

from pydantic import BaseModel, Field
from typing_extensions import TypedDict  # pydantic needs typing_extensions' TypedDict below Python 3.12

from cleanfleet.core.bounds import Id, PageNo
from cleanfleet.core.paging import Page

MAX_PAGE_SIZE = 500  # a building system polls the whole fleet: a page of 500 reports is about 200 kB
OPERATIONAL_STATES = ("navigating", "idle", "disabled", "offline", "charging", "waitingHumanEvent",
                      "waitingExternalEvent", "waitingInternalEvent", "manualOverride")
OperationalState = Literal["navigating", "idle", "disabled", "offline", "charging", "waitingHumanEvent",
                           "waitingExternalEvent", "waitingInternalEvent", "manualOverride"]


class ReportsIn(BaseModel):
    """One page of the caller's robots (or of a user's inside its subtree), oldest registered first."""

    pageSize: int = Field(default=100, ge=1, le=MAX_PAGE_SIZE, description=f"1 to {MAX_PAGE_SIZE}")
    currentPage: PageNo = 1
    userId: Id | None = Field(default=None, description="only this user's subtree (inside the caller's)")


class Envelope3D(TypedDict):
    """The robot's footprint in metres (x along its heading, y across, z its height)."""

    x: float
    y: float
    z: NotRequired[float]


class Quaternion(TypedDict):
    x: float
    y: float
    z: float
    w: float


class Location(TypedDict):
    """A point on a planar datum: metres on the robot's map, the heading as a quaternion about z."""

    x: float
    y: float
    z: NotRequired[float]
    angle: Quaternion
    planarDatum: str


class IdentityReport(TypedDict):
    """MassRobotics identityReport (standard section 4)."""

    uuid: str
    timestamp: str
    manufacturerName: str
    robotModel: str
    robotSerialNumber: str
    baseRobotEnvelope: Envelope3D
    maxSpeed: NotRequired[float]


class StatusReport(TypedDict):
    """MassRobotics statusReport (standard section 5)."""

    uuid: str
    timestamp: str
    operationalState: OperationalState
    location: Location
    batteryPercentage: NotRequired[float]
    errorCodes: NotRequired[list[str]]


IdentityPage = Page[IdentityReport]
StatusPage = Page[StatusReport]
