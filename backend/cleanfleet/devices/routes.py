"""Every router of the device side (devices, groups, summaries, hardware, batches, consumables, hosts,
repairs, leases, robot registration), for app.py to include in one line."""

from cleanfleet.batches.router import router as batches_router
from cleanfleet.consumables.router import consumables, maintain
from cleanfleet.devices.group_router import router as groups_router
from cleanfleet.devices.robot_router import robot
from cleanfleet.devices.router import router as devices_router
from cleanfleet.devices.summary_router import router as summary_router
from cleanfleet.devices.user_router import router as user_devices_router
from cleanfleet.hardware.router import device_hard, supports
from cleanfleet.hires.router import router as hires_router
from cleanfleet.hosts.router import nodes, servers
from cleanfleet.repairs.router import router as repairs_router

DEVICE_ROUTERS = (
    devices_router, groups_router, summary_router, user_devices_router, supports, device_hard, batches_router,
    consumables, maintain, nodes, servers, repairs_router, hires_router, robot,
)
