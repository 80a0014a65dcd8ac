"""Request and answer shapes of robot registration (/robot/register) and its auth codes."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.enrolment import Csr, IssuedOut
from cleanfleet.core.fields import Name, SerialNumber, Short


class AuthCodeIn(BaseModel):
    userId: Id | None = Field(default=None, description="the user the robot will belong to; default the caller")


class RegisterIn(BaseModel):
    authCode: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=16)]
    deviceSerialNumber: SerialNumber
    deviceType: Id | None = Field(default=None, description="device type id; or give model")
    model: Short | None = Field(default=None, description="device type name, when deviceType is not given")
    deviceCode: Name | None = Field(default=None, description="name; default the serial number")
    protocolVersion: int = Field(default=3, ge=1, le=99)
    firmwareVersion: Short | None = None
    softVersion: Short | None = None
    padVersion: Short | None = None
    simNo: Annotated[str, StringConstraints(strip_whitespace=True, max_length=32)] | None = None
    csr: Csr | None = Field(default=None, description="a PEM certificate signing request of a key the robot made "
                            "(CN = its serial): the robot also gets a client certificate of the product CA "
                            "(certificates/); without it, the robot signs in by its secret alone")


class MqttOut(BaseModel):
    username: str
    topicUp: str
    topicDown: str


class RegisterOut(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    userId: int
    deviceSecret: str
    mqtt: MqttOut
    certificate: IssuedOut | None = Field(default=None, description="present when the robot sent a csr")
