"""Request and answer shapes of the device type calls (api-spec 7.5, /device/*DeviceType, uploadTypeImage)."""

from typing import Annotated

from pydantic import BaseModel, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import Name, Text

ImageUrl = Annotated[str, StringConstraints(strip_whitespace=True, max_length=512)]


class TypeIn(BaseModel):
    typeName: Name
    typeUrl: ImageUrl = ""
    description: Text = ""


class TypeUpdate(BaseModel):
    typeId: Id
    typeName: Name | None = None
    typeUrl: ImageUrl | None = None
    description: Text | None = None


class TypeId(BaseModel):
    typeId: Id


class TypeOut(BaseModel):
    typeId: int
    typeName: str
    typeUrl: str
    description: str
    createTime: str


class ImageOut(BaseModel):
    typeUrl: str
