"""Shapes of the file and knowledge-base calls (/file/*): product-spec 3 "File" (name, category, detail, file)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import LongName
from cleanfleet.core.paging import PageIn

Category = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]


class FileIn(BaseModel):
    name: LongName
    category: Category
    detail: Annotated[str, StringConstraints(strip_whitespace=True, max_length=1000)] = ""
    savePath: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)] = Field(
        description="the file, as /oss/upload answered it")
    isPrivate: bool = True


class FileId(BaseModel):
    id: Id


class FileSearch(PageIn):
    name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=128)] | None = Field(
        default=None, description="part of the name or the detail")
    category: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None
    userId: Id | None = Field(default=None, description="a user in the caller's subtree; default the caller")


class FileOut(BaseModel):
    id: int
    name: str
    category: str
    detail: str
    savePath: str
    isPrivate: bool
    fileName: str
    size: int
    contentType: str
    userId: int
    createTime: str


class FilePage(BaseModel):
    list: list[FileOut]
    total: int
    pageNum: int
    pageSize: int


class CategoryOut(BaseModel):
    category: str
    count: int
