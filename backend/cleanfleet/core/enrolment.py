"""The seam between a robot registering (devices/registration) and its certificate (certificates/): the CSR a robot
may send and the certificate it gets back, and the functions the certificates domain registers at import, so that
devices does not import certificates (which imports devices: tests/core/test_layers.py keeps domains one way)."""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, Field, StringConstraints

MAX_CSR = 16_384
Csr = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_CSR,
                                       pattern=r"^-----BEGIN CERTIFICATE REQUEST-----")]


class IssuedOut(BaseModel):
    """What a robot keeps after registering or renewing with a CSR."""

    certificate: str = Field(description="the robot's client certificate, PEM (CN = its serial, clientAuth)")
    caCertificate: str = Field(description="the product CA(s) the robot trusts for the broker, PEM")
    serial: str = Field(description="the certificate's serial number, hex")
    notBefore: str = Field(description="UTC, ISO 8601")
    notAfter: str = Field(description="UTC, ISO 8601")
    renewAfter: str = Field(description="UTC, ISO 8601: from then on the robot renews (two thirds of the validity)")


@dataclass(frozen=True)
class Enrolment:
    """sign(settings, csr, serial) -> certificate (refuses a bad CSR on field csr); record(db, device, certificate)
    in the caller's transaction; answer(settings, certificate) -> IssuedOut's fields."""

    sign: Callable[[Any, str, str], Any]
    record: Callable[[Any, Any, Any], Awaitable[Any]]
    answer: Callable[[Any, Any], dict[str, Any]]


_registered: list[Enrolment] = []


def register_enrolment(enrolment: Enrolment) -> None:
    _registered[:] = [enrolment]


def enrolment() -> Enrolment:
    if not _registered:
        raise RuntimeError("no certificate enrolment registered (cleanfleet.certificates not imported)")
    return _registered[0]
