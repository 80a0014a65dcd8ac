"""Calls that carry no console signature: a robot registering itself.

POST /api/robot/register {authCode, deviceSerialNumber, deviceType | model, protocolVersion, ...}
→ {deviceId, deviceSecret, mqtt}: the robot presents a one-time code (deviceGenerateAuthCode, valid
2 minutes, single use) and is registered to the user who asked for the code. An expired or used code
answers CODE_EXPIRED (10016) and changes nothing. The secret is the robot's MQTT password (shown once).
"""

from typing import Annotated

from fastapi import Request
from pydantic import BaseModel, Field, StringConstraints
from sqlalchemy import select

from cleanfleet.core.bounds import Id
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import bad_parameter
from cleanfleet.core.language import request_language
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices import service
from cleanfleet.devices.models import DeviceType
from cleanfleet.devices.schemas import Name, SerialNumber, Short

robot = ApiRouter(prefix="/robot", tags=["robot"], signed=False)


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


async def _type_id(db: DbSession, body: RegisterIn) -> int:
    if body.deviceType is not None:
        if await db.get(DeviceType, body.deviceType) is None:
            raise bad_parameter("deviceType", f"no device type {body.deviceType}")
        return body.deviceType
    if body.model:
        type_id = await db.scalar(select(DeviceType.id).where(DeviceType.name == body.model))
        if type_id is None:
            raise bad_parameter("model", f"no device type named {body.model}")
        return type_id
    raise bad_parameter("deviceType", "give deviceType or model")


@robot.call("/register", answer=RegisterOut)
async def register(body: RegisterIn, request: Request, db: DbSession) -> JsonResponse:
    """A new robot registers with a one-time auth code (unsigned; the code is the credential)."""
    type_id = await _type_id(db, body)
    fields = body.model_dump(exclude_unset=True, exclude={"authCode", "deviceSerialNumber", "deviceType", "model"})
    fields["protocolVersion"] = body.protocolVersion
    device, secret = await service.register_robot(db, body.authCode, body.deviceSerialNumber, type_id, fields)
    sn = device.serial_number
    answer = {"deviceId": device.id, "deviceSerialNumber": sn, "userId": device.user_id, "deviceSecret": secret,
              "mqtt": {"username": sn, "topicUp": f"cf/{sn}/up/", "topicDown": f"cf/{sn}/down/cmd"}}
    return ok(answer, language=request_language(request))
