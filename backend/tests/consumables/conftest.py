"""The device fixtures this domain's tests share with tests/devices (a new robot type, a device, an elevator)."""

from tests.devices.conftest import new_device, new_elevator, new_type  # noqa: F401
