"""Starting and stopping the robot link with the server: live hub, relay client, broker, gateway, sweep,
and (for ``python -m cleanfleet run`` only) the simulated fleet.

CLEANFLEET_MQTT_URL unset: an embedded broker on CLEANFLEET_MQTT_BIND (one server process only); set to
``mqtt://host:port``: that broker (several workers: give each its own CLEANFLEET_MQTT_CLIENT_ID and one
CLEANFLEET_MQTT_SHARE_GROUP); ``none``: no robot link (the live hub and the relay still work).
"""

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

import httpx

from cleanfleet.fleet.runner import SimulatedFleet
from cleanfleet.fleet.seed import ensure_fleet_devices
from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest, sweep_forever
from cleanfleet.gateway.link import BrokerAddress, GatewayLink
from cleanfleet.realtime.hub import Hub
from cleanfleet.realtime.wiring import wire_hub
from cleanfleet.settings import Settings

log = logging.getLogger("cleanfleet.gateway")
NO_BROKER = ("none", "off", "")


@dataclass
class RobotLink:
    broker: Any = None  # the embedded broker (gateway.broker.EmbeddedBroker), when it runs
    ingest: Ingest | None = None
    link: GatewayLink | None = None
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    fleet: SimulatedFleet | None = None
    broker_url: str | None = None


async def _device_check(directory: Directory) -> Any:
    async def check(serial_number: str, secret: str) -> bool:
        device = await directory.find(serial_number)
        if device is not None and not device.secret_matches(secret):
            await directory.load()  # the secret may have changed since the cache was filled
            device = directory.get(serial_number)
        return device is not None and device.secret_matches(secret)

    return check


async def _embedded(settings: Settings, directory: Directory) -> tuple[Any, BrokerAddress | None]:
    from cleanfleet.gateway.broker import GATEWAY_USERNAME, EmbeddedBroker  # amqtt loads only when it is used

    broker = EmbeddedBroker(settings.mqtt_bind, await _device_check(directory))
    try:
        await broker.start()
    except Exception as exc:  # amqtt wraps bind errors in its own exceptions
        log.error("the embedded MQTT broker could not listen on %s (%s): robots cannot connect. Free the port, "
                  "set CLEANFLEET_MQTT_BIND, or point CLEANFLEET_MQTT_URL at a broker", settings.mqtt_bind, exc)
        return None, None
    host = settings.mqtt_bind.rsplit(":", 1)[0].strip("[]")
    host = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    log.info("embedded MQTT broker listening on %s", settings.mqtt_bind)
    return broker, BrokerAddress(host, broker.port, GATEWAY_USERNAME, broker.gateway_password)


async def start_robot_link(app: Any) -> RobotLink:
    settings: Settings = app.state.settings
    state = app.state
    state.hub = Hub(settings.live_buffer)
    wire_hub(state.bus, state.hub)
    state.relay_client = httpx.AsyncClient(follow_redirects=False, trust_env=False)
    running = RobotLink()
    if (settings.mqtt_url or "x").strip().lower() in NO_BROKER:
        return running
    start_fleet = bool(getattr(state, "start_fleet", False)) and settings.sim_robots > 0
    if start_fleet:
        async with state.db.sessions() as db:
            await ensure_fleet_devices(db, settings.sim_robots, settings.sim_base_port)
    directory = Directory(state.db)
    await directory.load()
    if settings.mqtt_url:
        address: BrokerAddress | None = BrokerAddress.parse(settings.mqtt_url)
    else:
        running.broker, address = await _embedded(settings, directory)
    if address is None:
        return running
    running.broker_url = address.url()
    running.ingest = Ingest(state.db, state.bus, directory, batch_seconds=settings.heartbeat_batch_seconds)
    running.ingest.start()
    running.link = GatewayLink(address, running.ingest, client_id=settings.mqtt_client_id,
                               share_group=settings.mqtt_share_group)
    running.link.start()
    running.tasks.append(asyncio.create_task(sweep_forever(state.db, state.bus, settings.offline_after),
                                             name="offline-sweep"))
    state.gateway = running.ingest
    if start_fleet:
        running.fleet = SimulatedFleet(settings.sim_robots, settings.sim_speed, settings.sim_base_port,
                                       f"http://127.0.0.1:{settings.port}", running.broker_url,
                                       alarm_rate=settings.sim_alarm_rate)
        await running.fleet.start()
    return running


async def stop_robot_link(app: Any, running: RobotLink) -> None:
    if running.fleet is not None:
        await running.fleet.stop()
    if running.link is not None:
        await running.link.stop()
    if running.ingest is not None:
        await running.ingest.stop()
    for task in running.tasks:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    if running.broker is not None:
        await running.broker.stop()
    await app.state.relay_client.aclose()
