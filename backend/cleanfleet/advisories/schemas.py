"""Requests and answers of the advisory calls (camelCase, bounded)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import MAX_ID, MAX_LIST

Serial = Annotated[str, StringConstraints(min_length=1, max_length=64)]


class AdvisoryId(BaseModel):
    id: int = Field(ge=1, le=MAX_ID)


class VersionIdIn(BaseModel):
    versionId: int = Field(ge=1, le=MAX_ID)


class UpdateIn(BaseModel):
    id: int = Field(ge=1, le=MAX_ID, description="the advisory")
    versionId: int = Field(ge=1, le=MAX_ID, description="the fixed firmware to install")
    deviceSerialNumbers: list[str] = Field(
        min_length=1, max_length=MAX_LIST, description="robots the advisory affects, of the caller's")


class Component(BaseModel):
    name: str
    version: str
    purl: str
    group: str = ""


class SbomOut(BaseModel):
    versionId: int
    name: str
    version: str
    hasSbom: bool
    fileName: str
    specVersion: str
    componentCount: int
    createTime: str


class SbomDetail(SbomOut):
    components: list[Component]


class PackageOut(BaseModel):
    ecosystem: str
    name: str
    purl: str


class AdvisoryOut(BaseModel):
    id: int
    osvId: str
    summary: str
    details: str
    aliases: list[str]
    modified: str
    packages: list[PackageOut]
    fixedVersions: list[str]
    createTime: str
    updateTime: str


class AdvisoryRow(AdvisoryOut):
    affectedVersions: int
    affectedRobots: int


class AffectedVersion(BaseModel):
    versionId: int
    name: str
    version: str
    components: list[Component]
    robots: int
    fixedBy: list[int]


class FixedFirmware(BaseModel):
    versionId: int
    name: str
    version: str
    enabled: bool


class AffectedRobot(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    deviceName: str
    firmwareVersion: str
    versionId: int


class AdvisoryDetail(AdvisoryOut):
    versions: list[AffectedVersion]
    fixedFirmware: list[FixedFirmware]
    withoutSbom: int
    robotCount: int
    robots: list[AffectedRobot]


class UpdateOut(BaseModel):
    publicId: int
    robots: int
