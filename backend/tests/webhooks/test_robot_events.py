"""The robot events come through the real gateway: a robot's heartbeats over MQTT (Mosquitto) tell robot.online
and run.started once however many beats name the task, and its run report tells run.ended once."""

import json
import uuid
from typing import Any

import aiomqtt
import pytest

from cleanfleet.gateway.link import BrokerAddress
from cleanfleet.webhooks.delivery import send_due
from tests.gateway.helpers import heartbeat, mosquitto_up, report, topic, wait_until
from tests.gateway.test_embedded_server import battery_of
from tests.gateway.test_gateway_subscriptions import gateway_on
from tests.webhooks.test_delivery import subscribe, verified

pytestmark = pytest.mark.skipif(not mosquitto_up(), reason="needs Mosquitto on 127.0.0.1:1883")


def told(receiver: Any, kind: str) -> list[dict[str, Any]]:
    return [got for got in receiver.got if json.loads(got["body"])["type"] == kind]


async def test_beats_and_a_report_tell_online_run_started_and_run_ended_once(app, branch, receiver):
    sub = await subscribe(branch["customer_api"], receiver.url(), ["robot.online", "run.started", "run.ended"])
    sn = branch["robot"].serial_number
    async with gateway_on(app, BrokerAddress.parse("mqtt://127.0.0.1:1883"), f"test-gateway-{uuid.uuid4().hex[:8]}"), \
            aiomqtt.Client("127.0.0.1", 1883, identifier=sn, username=sn, password="secret") as robot:

        async def beat_until(kind: str) -> bool:  # a fresh subscription may miss the first beat: beat until told
            await robot.publish(topic(sn, "heartbeat"), heartbeat(sn, task="Morning sweep", map="office-3F"), qos=1)
            await send_due(app.state.db, app.state.settings)
            return bool(told(receiver, kind))

        await wait_until(lambda: beat_until("run.started"), 20, "run.started delivered")
        for _ in range(3):  # the same run goes on: no second start
            await robot.publish(topic(sn, "heartbeat"), heartbeat(sn, task="Morning sweep", map="office-3F"), qos=1)
        await robot.publish(topic(sn, "report"), report(sn, f"{sn}-report-1"), qos=1)

        async def ended() -> bool:
            await send_due(app.state.db, app.state.settings)
            return bool(told(receiver, "run.ended"))

        await wait_until(ended, 20, "run.ended delivered")
        await robot.publish(topic(sn, "report"), report(sn, f"{sn}-report-1"), qos=1)  # redelivered: not a new run

        async def last_beat_stored() -> bool:  # the batches after the report are written before counting
            await robot.publish(topic(sn, "heartbeat"), heartbeat(sn, task="Morning sweep", battery=33), qos=1)
            return await battery_of(app, branch["robot"].id) == 33

        await wait_until(last_beat_stored, 20, "the last beat stored")
    await send_due(app.state.db, app.state.settings)
    [online], [started], [ended_run] = (told(receiver, kind) for kind in ("robot.online", "run.started", "run.ended"))
    started_data = verified(sub["secret"], started)["data"]
    assert started_data["robotId"] == branch["robot"].id
    assert (started_data["taskName"], started_data["mapName"]) == ("Morning sweep", "office-3F")
    ended_data = verified(sub["secret"], ended_run)["data"]
    assert ended_data["taskName"] == "Morning sweep" and ended_data["durationSeconds"] == 2400
    assert verified(sub["secret"], online)["data"]["serialNumber"] == sn
