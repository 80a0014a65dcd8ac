"""Shapes of the object storage calls (/oss/*, api-spec 7.8)."""

from typing import Annotated

from pydantic import BaseModel, BeforeValidator, Field, StringConstraints

from cleanfleet.core.paging import PageIn

SavePath = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)]


def _split(value: object) -> object:
    return [part.strip() for part in value.split(",") if part.strip()] if isinstance(value, str) else value


class OssIn(BaseModel):
    isPrivate: bool = Field(default=True, description="private files are read only through signed links")
    savePath: SavePath = Field(description="the path /oss/upload answered: <owner id>/<folder>/<name>")


class OssDeleteIn(BaseModel):
    isPrivate: bool = True
    savePath: Annotated[list[SavePath], BeforeValidator(_split), Field(min_length=1, max_length=100)] = Field(
        description="one save path or several, comma-joined")


class OssListIn(PageIn):
    isPrivate: bool | None = Field(default=None, description="only private (true) or public (false) files")
    folder: Annotated[str, StringConstraints(strip_whitespace=True, max_length=160)] | None = None
    name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=128)] | None = Field(
        default=None, description="part of the file name")


class OssObjectOut(BaseModel):
    id: int
    savePath: str
    folder: str
    name: str
    isPrivate: bool
    size: int
    contentType: str
    sha256: str
    userId: int = Field(description="the owner (the acting user who uploaded it)")
    createTime: str


class UploadOut(OssObjectOut):
    token: str = Field(description="the signed access token of the file (its download link's query), valid "
                                   "expiresIn ms; empty for a public file, whose url does not expire")
    url: str = Field(description="the download link")
    expiresIn: int = Field(description="ms the link stays valid (6,600,000); 0 for a public file's lasting url")


class LinkOut(BaseModel):
    url: str
    expiresAt: int | None = Field(description="Unix ms after which a private file's link stops working; null "
                                             "for a public file's lasting url")
    name: str
    size: int


class OssDeleted(BaseModel):
    savePath: list[str]


class OssPage(BaseModel):
    list: list[OssObjectOut]
    total: int
    pageNum: int
    pageSize: int


class FolderUsage(BaseModel):
    folder: str
    count: int
    bytes: int


class StoreInfo(BaseModel):
    storage: str = Field(description="local (a folder of the server) or s3 (an S3-compatible store)")
    folders: list[FolderUsage]
