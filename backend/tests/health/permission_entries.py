"""Permission-matrix entries for the robot health calls (/api/robothealth/*): the device world's robot ``d.device``
(owned by ``user``, the dealer's child) is the one asked about; the list is asked for ``user``'s branch."""

from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has devices
from tests.permission_matrix import Entry, register

register(
    Entry("/api/robothealth/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/robothealth/device", lambda w: {"deviceId": w.ids["d.device"]}),
)
