"""Shapes of the field kit's calls (/field/*): the snapshot a phone keeps to read without signal, and a queued
action sent when the connection returns."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Day, Id
from cleanfleet.incidents.schemas import IncidentOut, NoteOut
from cleanfleet.sites.plans.schemas import ByHandMark, ByHandWindow, RunState

ActionId = Annotated[str, StringConstraints(
    strip_whitespace=True, to_lower=True,
    pattern=r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")]
Kind = Literal["acknowledge", "note", "byHand"]


class FieldRun(BaseModel):
    slot: int = Field(description="1 … runs a day")
    state: RunState
    byHand: ByHandMark | None = Field(description="the window's mark when it made this planned run done")


class FieldWindow(BaseModel):
    planItemId: int
    buildingName: str
    floorName: str
    areaName: str
    taskName: str
    windowStart: str = Field(description="HH:MM on the site's clock")
    windowEnd: str = Field(description="HH:MM on the site's clock (24:00: midnight)")
    opensAt: str = Field(description="UTC: before it, the window cannot be marked cleaned by hand")
    runs: list[FieldRun]


class FieldSite(BaseModel):
    siteId: int
    siteName: str
    address: str
    timeZone: str
    day: str = Field(description="today on the site's clock: the day of its windows")
    windows: list[FieldWindow] = Field(description="today's windows of its plan, by floor and time")


class FieldRobot(BaseModel):
    deviceId: int
    deviceName: str
    serialNumber: str
    online: int = Field(description="1 online, 0 not (as every robot list)")
    battery: int | None = Field(description="percent, as last reported")
    charging: bool
    activity: str = Field(description="what it was doing as last reported (api-spec's activity), '' unknown")
    taskName: str
    mapName: str
    heartbeatTime: str | None = Field(description="when it was last heard (UTC); null: never")
    siteId: int | None = Field(description="the site it is at now")
    siteName: str | None


class FieldIncident(IncidentOut):
    alarmText: str = Field(description="the alarm's name in the caller's language")


class SnapshotOut(BaseModel):
    """What the caller needs on site, scoped to its subtree, bounded; each part empty when the caller lacks its key
    (sites: ``site/index`` or ``site/actual``; robots: ``index`` or ``device/index``; incidents:
    ``incident/index``)."""

    generatedAt: str = Field(description="when the server made it (UTC): the phone shows its age")
    userId: int = Field(description="the user it was made for (the acting user): the phone keeps it by this id")
    sites: list[FieldSite] = Field(description="by name, at most 50")
    siteCount: int = Field(description="the caller's sites in all (more than shown: the list was cut)")
    robots: list[FieldRobot] = Field(description="online first, then by name, at most 200")
    robotCount: int = Field(description="the caller's robots in all (more than shown: the list was cut)")
    incidents: list[FieldIncident] = Field(description="open and acknowledged, newest first, at most 200")
    incidentCount: int = Field(description="active incidents in all (more than shown: the list was cut)")


class ActIn(BaseModel):
    """An action a phone queued, sent once the connection returned (perhaps again: it is applied once)."""

    actionId: ActionId = Field(description="a UUID the phone made when the action was queued: its identity")
    kind: Kind = Field(description="acknowledge an incident, add a note to one, or mark a window cleaned by hand")
    incidentId: Id | None = Field(default=None, description="acknowledge, note: the incident")
    planItemId: Id | None = Field(default=None, description="byHand: the plan item")
    day: Day | None = Field(default=None, description="byHand: the site's day of the window")
    note: Annotated[str, StringConstraints(strip_whitespace=True, max_length=1000)] = Field(
        default="", description="note: the note (1 to 1,000 characters); byHand: what was done (up to 500)")


class ActOut(BaseModel):
    actionId: str
    kind: Kind
    replayed: bool = Field(description="true: it had been applied already (this is that first answer again)")
    appliedAt: str = Field(description="when it was applied (UTC)")
    incident: IncidentOut | None = Field(default=None, description="acknowledge: the incident after it")
    note: NoteOut | None = Field(default=None, description="note: the note added")
    window: ByHandWindow | None = Field(default=None, description="byHand: the window as it now reads")
