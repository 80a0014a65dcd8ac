"""Request and answer shapes of the device calls (api-spec 7.5), with the spec's camelCase names; the shared field
types (Name, SerialNumber, Text, Short, Port, IdList) are core/fields.py's, UtcTime core/bounds.py's."""

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import Name, Port, SerialNumber, Short, Text
from cleanfleet.core.paging import PageIn


class DeviceId(BaseModel):
    deviceId: Id


class SerialIn(BaseModel):
    deviceSerialNumber: SerialNumber


class UserFilter(BaseModel):
    userId: Id | None = Field(default=None, description="a user in the caller's subtree; default the caller")


class DeviceFields(BaseModel):
    """Every editable field of a device; on update only the fields sent change."""

    deviceCode: Name | None = Field(default=None, description="the device's name")
    deviceType: Id | None = Field(default=None, description="device type id")
    deviceUrl: Annotated[str, StringConstraints(max_length=512)] | None = None
    address: Text | None = None
    address1: Text | None = None
    area: Short | None = Field(default=None, description="area or country")
    customerName: Short | None = None
    customerAddress: Text | None = None
    latitude: float | None = Field(default=None, ge=-90, le=90)
    longitude: float | None = Field(default=None, ge=-180, le=180)
    simNo: Annotated[str, StringConstraints(strip_whitespace=True, max_length=32)] | None = None
    simSupport: int | None = Field(default=None, ge=0, le=3, description=(
        "0 Tianyuan mobile, 1 quantum mobile, 2 digital-signal telecom, 3 SimBoss"))
    rackNumber: Annotated[str, StringConstraints(strip_whitespace=True, max_length=32)] | None = None
    frpHost: Text | None = None
    frpPort: Port | None = None
    sshPort: Port | None = None
    webPort: Port | None = None
    firmwareVersion: Short | None = None
    softVersion: Short | None = None
    padVersion: Short | None = None
    hardDiskInfo: Text | None = None
    protocolVersion: int | None = Field(default=None, ge=1, le=99, description="below 3: older robots (api/)")
    maintenancePassword: Short | None = None
    elevatorId: Id | None = None


class DeviceInsert(DeviceFields):
    deviceSerialNumber: SerialNumber
    deviceCode: Name
    deviceType: Id
    userId: Id | None = Field(default=None, description="the owner; default the caller")


class DeviceUpdate(DeviceFields):
    deviceId: Id


class DeviceListIn(PageIn):
    deviceType: Id | None = None
    deviceCode: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = Field(
        default=None, description="free text found in the name or the serial number")
    deviceCodeForSim: Annotated[str, StringConstraints(strip_whitespace=True, max_length=32)] | None = Field(
        default=None, description="free text found in the SIM number")
    isPc: Annotated[int, Field(ge=0, le=1)] | bool | None = None
    userId: Id | None = Field(default=None, description="owner filter: this user's subtree (inside the caller's)")


class DeviceOut(BaseModel):
    """A device as lists and details answer it (the secret and the maintenance password never appear)."""

    deviceId: int
    deviceSerialNumber: str
    deviceCode: str
    deviceType: int
    typeName: str
    typeUrl: str
    deviceUrl: str
    userId: int
    userName: str
    account: str
    address: str
    address1: str
    city: str
    province: str
    country: str
    area: str
    customerName: str
    customerAddress: str
    latitude: float | None
    longitude: float | None
    simNo: str
    simSupport: int | None
    rackNumber: str
    frpHost: str
    frpPort: int | None
    sshPort: int | None
    webPort: int | None
    firmwareVersion: str
    softVersion: str
    padVersion: str
    hardDiskInfo: str
    protocolVersion: int
    elevatorId: int | None
    bootTime: datetime | None
    createTime: datetime
    updateTime: datetime
    online: int = Field(description="0 offline, 1 online")
    battery: int | None
    charging: int
    mode: str
    map: str = Field(description="map name")
    job: str = Field(description="task name")
    progress: float | None
    heartbeatTime: datetime | None
    brokerAuth: str = Field(default="", description="how the robot last signed in to the broker: password, "
                            "certificate, or empty (not seen since this was recorded); passwordrobots/")


class DevicePage(BaseModel):
    list: list[DeviceOut]
    total: int
    pageNum: int
    pageSize: int


class DeviceCreated(DeviceOut):
    deviceSecret: str = Field(description="shown once: the robot's MQTT password")


class DeviceBrief(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    deviceCode: str
    deviceType: int
    userId: int
    online: int
    elevatorId: int | None


class ElevatorIn(BaseModel):
    elevatorId: Id


class OwnerIn(BaseModel):
    deviceId: Id
    userId: Id = Field(description="the new owner, a user in the caller's subtree")
    elevatorId: Id | None = Field(default=None, description="also set the elevator (updateDeviceUserInfo)")


class BindIn(BaseModel):
    deviceId: Id
    userId: Id | None = Field(default=None, description="required to bind")
    status: int = Field(default=1, ge=0, le=1, description="1 bind to userId, 0 unbind (back to the caller)")


class PasswordOut(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    password: str


class PasswordViewIn(PageIn):
    deviceSerialNumber: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None
    userId: Id | None = None


class PasswordViewOut(BaseModel):
    id: int
    deviceId: int
    deviceSerialNumber: str
    deviceCode: str
    viewerId: int | None
    viewerAccount: str
    viewTime: datetime


class PasswordViewPage(BaseModel):
    list: list[PasswordViewOut]
    total: int
    pageNum: int
    pageSize: int


class OwnUserIn(BaseModel):
    """No field: the whole subtree, nested. parentId or userId: the lazy tree, a flat list of nodes."""

    parentId: Id | None = Field(default=None, description="only this user's child users (one level)")
    userId: Id | None = Field(default=None, description="the line from the caller down to this user, root first")


class OwnUser(BaseModel):
    userId: int
    account: str
    name: str
    levelDepth: int
    parentId: int | None
    hasChildren: bool = Field(description="has child users (shadow accounts do not count)")
    children: list["OwnUser"] = []


class WorkInfo(BaseModel):
    deviceId: int
    workSeconds: int
    workArea: float
    taskCount: int
    workSince: datetime | None


class LbsIn(BaseModel):
    deviceSerialNumber: Annotated[str, StringConstraints(strip_whitespace=True, max_length=2000)] = Field(
        default="", description="one serial number or several, comma-separated; empty: every device with coordinates")

    @property
    def serials(self) -> list[str]:
        return [s.strip() for s in self.deviceSerialNumber.split(",") if s.strip()]


class LbsOut(BaseModel):
    updated: list[dict[str, object]]
    skipped: list[str] = Field(description="serial numbers without coordinates")
