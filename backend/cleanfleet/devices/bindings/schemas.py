"""Request and answer shapes of the user-device bindings (/user/updateDeviceList, /user/selectUserDeviceList)."""

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import IdList


class UserDevicesIn(BaseModel):
    userId: Id = Field(description="a user below the caller")
    deviceIds: IdList = Field(description="the devices the user shall own (list, JSON list or comma-separated)")


class UserDevicesOut(BaseModel):
    userId: int
    assigned: int
    released: int = Field(description="devices the user owned before and gave back to its parent")


class UserIn(BaseModel):
    userId: Id
