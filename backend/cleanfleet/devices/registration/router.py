"""Robot registration: the console draws a one-time auth code; a robot registers itself with it.

POST /api/robot/register {authCode, deviceSerialNumber, deviceType | model, protocolVersion, ...}
→ {deviceId, deviceSecret, mqtt, certificate}: the robot presents a one-time code (deviceGenerateAuthCode, valid
2 minutes, single use) and is registered to the user who asked for the code. An expired or used code
answers CODE_EXPIRED (10016) and changes nothing. The secret is the robot's MQTT password (shown once).
The robot's call carries no console signature: the code is the credential.
"""

from fastapi import Request

from cleanfleet.core.auth import Caller, person_only
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.registration import service
from cleanfleet.devices.registration.schemas import AuthCodeIn, RegisterIn, RegisterOut

robot = ApiRouter(prefix="/robot", tags=["robot"], signed=False)
router = ApiRouter(prefix="/device", tags=["devices"])


@router.call("/deviceGenerateAuthCode", answer=str)
async def device_generate_auth_code(body: AuthCodeIn, db: DbSession,
                                    caller: Caller = person_only("device/index/authCode")) -> JsonResponse:
    """A one-time code, valid 2 minutes, that a new robot presents to register to the caller (or userId): a
    credential (the robot gets its secret with it), so a person signed in to the console asks for it, never a token."""
    code = await service.generate_auth_code(db, caller, body.userId)
    return ok(code.code)


@robot.call("/register", answer=RegisterOut)
async def register(body: RegisterIn, request: Request, db: DbSession) -> JsonResponse:
    """A new robot registers with a one-time auth code (unsigned; the code is the credential). With a ``csr`` (a
    key the robot made, CN = its serial) it also gets its client certificate of the product CA."""
    device, secret, certificate = await service.register_robot(db, body, request.app.state.settings)
    return ok(service.registration_answer(device, secret, certificate))
