"""Connects the hub to the bus: the gateway's batches in, session changes closing consoles."""

from typing import Any

from cleanfleet.core.bus import Bus
from cleanfleet.gateway.ingest import ALARMS_CHANNEL, DEVICES_CHANNEL
from cleanfleet.realtime.hub import Hub


def wire_hub(bus: Bus, hub: Hub) -> None:
    def devices(event: dict[str, Any]) -> None:
        hub.publish("devices", event.get("states", []))

    def alarms(event: dict[str, Any]) -> None:
        hub.publish("alarms", event.get("alarms", []))

    bus.subscribe(DEVICES_CHANNEL, devices)
    bus.subscribe(ALARMS_CHANNEL, alarms)
    bus.subscribe("auth.token_revoked", lambda event: hub.close_where("revoked", token_hash=event["token_hash"]))
    bus.subscribe("auth.user_changed", lambda event: hub.close_where("changed", user_id=int(event["user_id"])))
    bus.subscribe("auth.roles_changed", lambda _event: hub.close_where("changed", everyone=True))
