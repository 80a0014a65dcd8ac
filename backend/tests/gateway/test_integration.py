"""The issue's integration test: the server (its own gateway on Mosquitto) and five simulated robots.

Online within seconds, offline after one is stopped, an alarm arrives, a relay call returns the pose, a
relay call to another branch's robot and to an unregistered port is refused.
"""

import uuid

import aiomqtt
import pytest
from cleanfleet_sim.clock import SimClock
from cleanfleet_sim.fleet import Fleet, FleetOptions, default_fleet
from cleanfleet_sim.link import Broker
from sqlalchemy import select

from cleanfleet.app import create_app
from cleanfleet.core.codes import Code
from cleanfleet.devices.models import DeviceState
from cleanfleet.gateway.link import BrokerAddress
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from cleanfleet.warn.models import Alarm
from tests.conftest import Api, new_client
from tests.gateway.helpers import MOSQUITTO, free_ports, mosquitto_up, robot_device, unique_prefix, wait_until
from tests.gateway.test_mqtt import forget_session
from tests.relay.conftest import code_of, relay

pytestmark = pytest.mark.skipif(not mosquitto_up(), reason="needs Mosquitto on 127.0.0.1:1883")


async def online_states(app, device_ids: list[int]) -> dict[int, bool]:
    async with app.state.db.sessions() as db:
        rows = await db.execute(select(DeviceState.device_id, DeviceState.online)
                                .where(DeviceState.device_id.in_(device_ids)))
        return {device_id: online for device_id, online in rows}


async def signed_in_to(app, account: str, password: str) -> Api:
    api = Api(new_client(app), app.state.signer)
    assert (await api.login(account, password)).code == 0
    return api


async def test_server_and_five_simulated_robots(app, db, make_user):
    client_id = f"test-gateway-{uuid.uuid4().hex[:8]}"
    settings = app.state.settings.model_copy(update={"mqtt_url": MOSQUITTO, "mqtt_client_id": client_id,
                                                     "heartbeat_batch_seconds": 0.2})
    server = create_app(settings)
    dealer, _ = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_pw = await make_user(3, parent=dealer, roles=[ROLE_USER])
    other, _ = await make_user(2, roles=[ROLE_DEALER])
    identities = default_fleet(3, 5, base_port=free_ports(5), serial_prefix=unique_prefix())
    devices = [await robot_device(db, other if i == 4 else customer, robot.sn, port=robot.port,
                                  protocol=robot.protocol, secret=robot.secret) for i, robot in enumerate(identities)]
    ids = [d.id for d in devices]
    fleet = Fleet(identities, FleetOptions(seed=3, mqtt=Broker.parse(MOSQUITTO), cloud=None, heartbeat_s=0.5,
                                           alarm_rate=0, busy_rate=0), SimClock(1.0))
    async with server.router.lifespan_context(server):
        console = await signed_in_to(server, customer.account, customer_pw)
        try:
            await fleet.start()

            async def all_online() -> bool:
                return all((await online_states(server, ids)).values())

            await wait_until(all_online, 20, "five robots online")

            stopped = identities[1]
            await fleet.links[stopped.sn].stop(clean=False)  # the line drops: the broker sends its will

            async def stopped_offline() -> bool:
                states = await online_states(server, ids)
                return states[ids[1]] is False and sum(states.values()) == 4

            await wait_until(stopped_offline, 20, "the stopped robot offline, the others online")

            fleet.robot(identities[0].sn).raise_alarm("lidar_dock_failed")

            async def alarm_stored() -> bool:
                async with server.state.db.sessions() as session:
                    return await session.scalar(select(Alarm.code).where(Alarm.device_id == ids[0])) == "0x0610"

            await wait_until(alarm_stored, 20, "the robot's alarm stored")

            pose = await relay(console, "api1/robot_pose", identities[0].port)
            assert pose.status_code == 200 and pose.json()["code"] == 0 and {"x", "y", "yaw"} <= set(pose.json())
            assert code_of(await relay(console, "api1/robot_pose", identities[4].port)) == Code.NOT_FOUND
            assert code_of(await relay(console, "api1/robot_pose", free_ports(1))) == Code.NOT_FOUND
        finally:
            await console.client.aclose()
            await fleet.stop(clean=True)
    await forget_session(BrokerAddress.parse(MOSQUITTO), client_id)
    await clear_retained([robot.sn for robot in identities])


async def clear_retained(serials: list[str]) -> None:
    """Leaves no retained status of these test robots on the shared broker."""
    async with aiomqtt.Client("127.0.0.1", 1883, identifier=f"cleanup-{uuid.uuid4().hex[:8]}") as client:
        for sn in serials:
            await client.publish(f"cf/{sn}/up/status", b"", qos=1, retain=True)
