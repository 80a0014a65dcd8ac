"""Permission-matrix entries for the wear forecast's calls (/api/wear/*).

The world gets the serial number of the device world's robot ``d.device`` (owned by ``user``, the dealer's child).
"""

from typing import Any

from cleanfleet.devices.models import Device
from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has devices
from tests.permission_matrix import Entry, World, register, register_world_builder


async def build_wear_world(world: World, app: Any) -> None:
    async with app.state.db.sessions() as db:
        device = await db.get(Device, world.ids["d.device"])
        assert device is not None
        world.ids["w.serial"] = device.serial_number


register_world_builder(build_wear_world)

register(
    Entry("/api/wear/device", lambda w: {"deviceSerialNumber": w.ids["w.serial"]}),
    Entry("/api/wear/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/wear/settings", lambda w: {"userId": w.id("user")}),
    Entry("/api/wear/settings/edit", lambda w: {"userId": w.id("user"), "leadDays": 10}),
)
