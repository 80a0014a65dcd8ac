from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import Name, Port, Text
from cleanfleet.core.paging import PageIn

# the host's flag and support type columns hold 32 characters (hosts/models.py)
Flag = Annotated[str, StringConstraints(strip_whitespace=True, max_length=32)]
Domain = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=255,
                                          pattern=r"^[A-Za-z0-9.:\[\]_-]+$")]


class HostFields(BaseModel):
    name: Name | None = None
    domain: Domain | None = Field(default=None, description="host name or address (no scheme, no path)")
    supportType: Flag | None = None
    flag: Flag | None = None
    region: int | None = Field(default=None, ge=0, le=4, description=(
        "nodes: 0 China, 1 Russia, 2 Singapore, 3 USA, 4 Australia; servers: 0 domestic, 1 Singapore, 2 France, 3 EU"))
    sshPort: Port | None = None
    webPort: Port | None = None
    frpPort: Port | None = None
    remark: Text | None = None


class HostIn(HostFields):
    name: Name
    domain: Domain


class HostUpdate(HostFields):
    id: Id


class HostId(BaseModel):
    id: Id


class HostPageIn(PageIn):
    name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None
    region: int | None = Field(default=None, ge=0, le=4)


class HostOut(BaseModel):
    id: int
    name: str
    domain: str
    supportType: str
    flag: str
    region: int
    regionName: str
    sshPort: int | None
    webPort: int | None
    frpPort: int | None
    remark: str
    createTime: str


class HostPage(BaseModel):
    list: list[HostOut]
    total: int
    pageNum: int
    pageSize: int


class FrpIn(BaseModel):
    frpHost: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=255)]


class FrpOut(BaseModel):
    frpHost: str
    frpPort: int
