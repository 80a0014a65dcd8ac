"""Permission-matrix entries for the remote control lease calls (/api/device/control/*).

The world's ``device`` belongs to the dealer's user; the dealer's preset holds device_control/index/control.
"""

from typing import Any

from tests.permission_matrix import Entry, World, register


def _device(w: World) -> dict[str, Any]:
    return {"deviceId": w.ids["device"]}


register(
    Entry("/api/device/control/state", _device),
    Entry("/api/device/control/take", lambda w: {**_device(w), "minutes": 10}),
    Entry("/api/device/control/release", _device, last=1),
)
