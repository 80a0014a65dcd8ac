"""Request and answer shapes of the role and role group calls (api-spec 7.4)."""

from typing import Annotated

from pydantic import BaseModel, BeforeValidator, Field

from cleanfleet.core.bounds import MAX_LIST, Id
from cleanfleet.core.fields import IdList, parse_list
from cleanfleet.users.schemas import Name, role_ids_field

PermissionKey = Annotated[str, Field(max_length=128)]
KeyList = Annotated[list[PermissionKey], BeforeValidator(parse_list), Field(max_length=MAX_LIST)]
Description = Annotated[str, Field(max_length=255)]


class RoleListIn(BaseModel):
    userId: Id | None = Field(default=None, description="whose roles: a user of the caller's subtree")


class RoleInsertIn(BaseModel):
    name: Name
    keys: KeyList = Field(description="page and button keys of the catalogue; all held by the caller")
    description: Description = ""


class RoleUpdateIn(BaseModel):
    id: Id
    name: Name | None = None
    keys: KeyList | None = Field(default=None, description="replaces the role's keys; absent keeps them")
    description: Description | None = None


class IdIn(BaseModel):
    id: Id


class RoleOut(BaseModel):
    id: int
    name: str
    userId: int | None = Field(description="the owner; none for a preset")
    preset: bool = Field(description="a preset role (ids 10 to 18) is read-only")
    description: str
    keys: list[str]
    createTime: str
    editable: bool = Field(description="the caller may edit or delete it")
    assignable: bool = Field(description="the caller holds every key of it, so may give it to a user")


class RoleDeletedOut(BaseModel):
    id: int
    holders: int = Field(description="users that held the role and lost it")


class GroupInsertIn(BaseModel):
    name: Name
    roleIds: IdList = role_ids_field("the group's roles")
    description: Description = ""


class GroupUpdateIn(BaseModel):
    id: Id
    name: Name | None = None
    roleIds: IdList | None = role_ids_field("replaces the group's roles; absent keeps them")
    description: Description | None = None


class GroupOut(BaseModel):
    id: int
    name: str
    userId: int | None
    description: str
    roleIds: list[int]
    createTime: str
    editable: bool
    assignable: bool = Field(description="the caller holds every key of its roles")


class GroupDeletedOut(BaseModel):
    id: int
    users: int = Field(description="users that had the group and lost it")


class UserGroupOut(BaseModel):
    userId: int
    roleGroupId: int | None
    group: GroupOut | None


class PermissionNode(BaseModel):
    key: str = Field(description="a permission key, or group:<name> for a menu group")
    name: str
    kind: str = Field(description="group, page or button")
    sort: int = 0
    grantable: bool = Field(description="the caller holds it (for a group: at least one key under it)")
    children: list["PermissionNode"] = []
