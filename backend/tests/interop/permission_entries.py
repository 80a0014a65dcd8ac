"""Permission-matrix entries for the MassRobotics export (/api/integration/massrobotics/*): reads of the device
world's robots (``user``'s), refused to another branch, to a user below ``user``, to a shadow without the device
list's key and to a caller signed out."""

from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has devices
from tests.permission_matrix import Entry, register

register(
    Entry("/api/integration/massrobotics/identity", lambda w: {"userId": w.id("user")}),
    Entry("/api/integration/massrobotics/status", lambda w: {"userId": w.id("user")}),
)
