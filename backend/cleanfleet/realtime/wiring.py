"""The live hub's start and stop (app.py's lifespan): one hub per worker, hearing the bus.

The gateway's batches come in on ``live.devices`` and ``live.alarms``, remote control leases on ``live.leases``;
a revoked session, a changed user or changed roles close the consoles concerned (they reconnect with their new
rights, or stop when revoked).
"""

from typing import Any

from cleanfleet.core.bus import (
    LIVE_ALARMS,
    LIVE_DEVICES,
    LIVE_LEASES,
    LIVE_UPDATES,
    ROLES_CHANGED,
    TOKEN_REVOKED,
    USER_CHANGED,
    Bus,
)
from cleanfleet.realtime.hub import Hub

STOPPING = "stopping"  # no close code of its own: the consoles reconnect (to another worker, or after the restart)


def wire_hub(bus: Bus, hub: Hub) -> None:
    def devices(event: dict[str, Any]) -> None:
        hub.publish("devices", event.get("states", []))

    def alarms(event: dict[str, Any]) -> None:
        hub.publish("alarms", event.get("alarms", []))

    bus.subscribe(LIVE_DEVICES, devices)
    bus.subscribe(LIVE_ALARMS, alarms)
    bus.subscribe(LIVE_UPDATES, lambda event: hub.publish("updates", event.get("updates", [])))
    bus.subscribe(LIVE_LEASES, lambda event: hub.publish("leases", event.get("leases", [])))
    bus.subscribe(TOKEN_REVOKED, lambda event: hub.close_where("revoked", token_hash=event["token_hash"]))
    bus.subscribe(USER_CHANGED, lambda event: hub.close_where("changed", user_id=int(event["user_id"])))
    bus.subscribe(ROLES_CHANGED, lambda _event: hub.close_where("changed", everyone=True))


def start_live(bus: Bus, capacity: int) -> Hub:
    """The worker's hub, wired to the bus; ``/api/ws`` finds it as ``app.state.hub``."""
    hub = Hub(capacity, bus)
    wire_hub(bus, hub)
    return hub


def stop_live(hub: Hub) -> None:
    """Asks the consoles still connected to go: they reconnect once a server answers again."""
    hub.close_where(STOPPING, everyone=True)
    hub.stop_watching()
