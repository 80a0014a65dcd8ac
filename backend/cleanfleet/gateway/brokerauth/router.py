"""EMQX's HTTP authenticator and authorizer ask the product: ``POST /api/broker/authenticate`` and
``/api/broker/authorize`` (deploy/compose.yaml and deploy/k8s configure them).

Called only by the broker: not signed, not in the published API, answered only with the shared secret
CLEANFLEET_BROKER_AUTH_SECRET in the ``X-Broker-Secret`` header (403 otherwise, and always while it is unset).
The answer is EMQX's ``{"result": "allow" | "deny"}``; the rules are the embedded broker's: a robot signs in with
client id = user name = serial and password = device secret, publishes only ``cf/<sn>/up/...`` and subscribes
only to ``cf/<sn>/down/...``; the gateway (the user name and password of CLEANFLEET_MQTT_URL) reads every ``up``
and writes every ``down``. Nobody else: EMQX's own ``no_match = deny`` and no anonymous access.
"""

import hmac
from collections.abc import Awaitable, Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy import select

from cleanfleet.certificates.service import robot_barred
from cleanfleet.devices.models import Device
from cleanfleet.gateway.brokerauth.rules import gateway_may_use, may_use, serial_usable
from cleanfleet.gateway.directory import KnownDevice
from cleanfleet.gateway.link import BrokerAddress
from cleanfleet.passwordrobots.service import (
    CERTIFICATE,
    PASSWORD,
    PasswordPolicy,
    password_allowed,
    switched_off_ids,
)
from cleanfleet.settings import Settings

router = APIRouter(include_in_schema=False)
ALLOW, DENY = {"result": "allow"}, {"result": "deny"}


class SignIn(BaseModel):
    clientid: str = Field(default="", max_length=128)
    username: str = Field(default="", max_length=128)
    password: str = Field(default="", max_length=256)
    # EMQX's ${cert_common_name}: the CN of the client certificate its ssl listener verified against the product CA
    # ("" or the unfilled placeholder: none)
    cert_common_name: str = Field(default="", max_length=128)


class Use(BaseModel):
    clientid: str = Field(default="", max_length=128)
    username: str = Field(default="", max_length=128)
    action: Literal["publish", "subscribe"]
    topic: str = Field(min_length=1, max_length=256)


def _from_broker(settings: Settings, secret: str | None) -> bool:
    expected = settings.broker_auth_secret
    return bool(expected and secret) and hmac.compare_digest(str(secret).encode(), str(expected).encode())


def _gateway(settings: Settings) -> BrokerAddress | None:
    if not settings.mqtt_url or "://" not in settings.mqtt_url:
        return None
    try:
        address = BrokerAddress.parse(settings.mqtt_url)
    except ValueError:
        return None
    return address if address.username and address.password else None


async def robot_signs_in(request: Request, serial_number: str, secret: str) -> bool:
    """The embedded broker's check (runtime._device_check): a device with this serial and this secret, whose
    tenant still allows password robots (passwordrobots/)."""
    if not serial_usable(serial_number) or not secret or robot_barred(serial_number):
        return False  # a robot whose certificate was revoked signs in by password no more (certificates/)
    async with request.app.state.db.sessions() as db:
        row = (await db.execute(select(Device.secret_hash, Device.owner_path)
                                .where(Device.serial_number == serial_number))).first()
        if row is None or not KnownDevice(0, serial_number, row[0], "", 0, ("", "", "")).secret_matches(secret):
            return False
        if not password_allowed(row[1], await switched_off_ids(db)):
            return False
    _policy(request).note(serial_number, PASSWORD)
    return True


async def robot_signs_in_by_certificate(request: Request, serial_number: str) -> bool:
    """A robot whose client certificate EMQX verified against the product CA (its CN is the serial): the device
    exists and its certificate was not revoked without a new one (EMQX does not pass the certificate itself:
docs/operations.md "Broker TLS")."""
    from cleanfleet.certificates.service import robot_barred

    if not serial_usable(serial_number) or robot_barred(serial_number):
        return False
    async with request.app.state.db.sessions() as db:
        if await db.scalar(select(Device.id).where(Device.serial_number == serial_number)) is None:
            return False
    _policy(request).note(serial_number, CERTIFICATE)
    return True


def _policy(request: Request) -> PasswordPolicy:
    policy = getattr(request.app.state, "password_policy", None)
    if policy is None:
        policy = request.app.state.password_policy = PasswordPolicy(request.app.state.db)
    return policy


async def _answer(request: Request, secret: str | None,
                  decide: Callable[[BrokerAddress | None], Awaitable[bool]]) -> JSONResponse:
    """403 unless the broker asks (its shared secret); else EMQX's verdict, ``decide`` given the gateway's address."""
    settings: Settings = request.app.state.settings
    if not _from_broker(settings, secret):
        return JSONResponse(DENY, status_code=403)
    return JSONResponse(ALLOW if await decide(_gateway(settings)) else DENY)


@router.post("/api/broker/authenticate")
async def authenticate(body: SignIn, request: Request,
                       x_broker_secret: Annotated[str | None, Header()] = None) -> JSONResponse:
    async def decide(gateway: BrokerAddress | None) -> bool:
        if gateway is not None and body.username == gateway.username:
            return hmac.compare_digest(body.password.encode(), str(gateway.password).encode())
        common_name = "" if body.cert_common_name.startswith("${") else body.cert_common_name
        if common_name:  # a certificate robot: its identity is its client id (and its user name, if it sent one)
            return (body.clientid == common_name and body.username in ("", common_name)
                    and await robot_signs_in_by_certificate(request, common_name))
        # a robot signs in as its serial number (client id and user name), with its secret
        return body.clientid == body.username and await robot_signs_in(request, body.username, body.password)

    return await _answer(request, x_broker_secret, decide)


@router.post("/api/broker/authorize")
async def authorize(body: Use, request: Request,
                    x_broker_secret: Annotated[str | None, Header()] = None) -> JSONResponse:
    async def decide(gateway: BrokerAddress | None) -> bool:
        if gateway is not None and body.username == gateway.username:
            return gateway_may_use(body.action, body.topic)
        robot = body.username
        return robot == body.clientid and serial_usable(robot) and may_use(robot, body.action, body.topic)

    return await _answer(request, x_broker_secret, decide)
