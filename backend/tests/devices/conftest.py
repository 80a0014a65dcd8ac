"""Helpers for the device tests: a device type and devices created through the API."""

import itertools
import os
from typing import Any

import pytest

_serials = itertools.count(1)


def serial(prefix: str = "SN") -> str:
    return f"{prefix}{os.getpid()}N{next(_serials):05d}"


@pytest.fixture
def new_type(admin):  # noqa: ANN201
    async def make(name: str | None = None) -> dict[str, Any]:
        answer = await admin.call("/device/insertDeviceType", {"typeName": name or serial("Type")})
        assert answer.code == 0, answer.body
        return answer.data

    return make


@pytest.fixture
def new_device(admin, new_type):  # noqa: ANN201
    """new_device(owner=None, api=admin, **fields) -> the device answer (with its secret)."""

    async def make(owner: Any = None, api: Any = None, **fields: Any) -> dict[str, Any]:
        if "deviceType" not in fields:
            fields["deviceType"] = (await new_type())["typeId"]
        body = {"deviceSerialNumber": serial(), "deviceCode": "Robot", **fields}
        if owner is not None:
            body["userId"] = owner.id
        answer = await (api or admin).call("/device/insertDevice", body)
        assert answer.code == 0, answer.body
        return answer.data

    return make


@pytest.fixture
def new_elevator(admin):  # noqa: ANN201
    """new_elevator(owner=None, api=admin) -> the id of a new elevator (a device's elevatorId names a real one)."""

    async def make(owner: Any = None, api: Any = None) -> int:
        body: dict[str, Any] = {"elevatorName": serial(), "buildingName": "Tower"}
        if owner is not None:
            body["userId"] = owner.id
        answer = await (api or admin).call("/elevator/insertElevator", body)
        assert answer.code == 0, answer.body
        return int(answer.data["elevatorId"])

    return make
