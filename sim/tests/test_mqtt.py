"""Robots talking to a real Mosquitto on 127.0.0.1:1883: heartbeats, alarms, reports, commands, last will."""

import asyncio
import contextlib
import json
import uuid

import aiomqtt
import pytest
from conftest import free_ports, mosquitto_up, unique_prefix

from cleanfleet_sim.clock import SimClock
from cleanfleet_sim.fleet import Fleet, FleetOptions, default_fleet
from cleanfleet_sim.link import Broker
from cleanfleet_sim.robot import FAIL_CHANCE

pytestmark = pytest.mark.skipif(not mosquitto_up(), reason="needs Mosquitto on 127.0.0.1:1883")


class Listener:
    """Subscribes to robots' topics and keeps every message, to wait for the one a test expects."""

    def __init__(self, topics):
        self.topics = topics
        self.messages = []
        self.task = None
        self.ready = asyncio.Event()

    async def run(self):
        async with aiomqtt.Client("127.0.0.1", 1883, identifier=f"test-{uuid.uuid4().hex[:8]}") as client:
            for topic in self.topics:
                await client.subscribe(topic, qos=1)
            self.ready.set()
            async for message in client.messages:
                self.messages.append((str(message.topic), json.loads(message.payload), message.retain))

    async def __aenter__(self):
        self.task = asyncio.create_task(self.run())
        await asyncio.wait_for(self.ready.wait(), 5)
        return self

    async def __aexit__(self, *exc):
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task

    async def wait_for(self, topic_end, within=10.0, **match):
        for _ in range(int(within / 0.05)):
            for topic, payload, _ in self.messages:
                if topic.endswith(topic_end) and all(payload.get(k) == v for k, v in match.items()):
                    return payload
            await asyncio.sleep(0.05)
        raise AssertionError(f"no {topic_end} {match} within {within} s; got {[t for t, _, _ in self.messages]}")


async def start_fleet(n=2, speed=1.0, heartbeat=0.5):
    identities = default_fleet(5, n, base_port=free_ports(n), serial_prefix=unique_prefix())
    options = FleetOptions(seed=5, speed=speed, mqtt=Broker.parse("mqtt://127.0.0.1:1883"), cloud=None,
                           heartbeat_s=heartbeat, alarm_rate=0, busy_rate=0)
    fleet = Fleet(identities, options, SimClock(speed))
    await fleet.start()
    return fleet


async def test_heartbeat_and_alarm_arrive_at_the_broker():
    fleet = await start_fleet()
    robot = fleet.robots[0]
    try:
        async with Listener([f"cf/{r.sn}/up/#" for r in fleet.robots]) as heard:
            beat = await heard.wait_for(f"{robot.sn}/up/heartbeat")
            assert beat["v"] == 2 and beat["online"] is True and beat["sn"] == robot.sn
            assert beat["protocol"] == 3 and beat["map"] == "office-3F" and 0 <= beat["battery"] <= 100
            assert set(beat["pose"]) == {"x", "y", "yaw"} and beat["frpPort"] == robot.identity.port
            other = await heard.wait_for(f"{fleet.robots[1].sn}/up/heartbeat")
            assert other["protocol"] == 2

            robot.alarms.raise_("replan_failed")
            raised = await heard.wait_for(f"{robot.sn}/up/alarm", action="raise")
            assert raised["code"] == "0x0205" and raised["codeNum"] == 0x0205 and raised["kind"] == "fault"
            robot.alarms.clear("replan_failed")
            cleared = await heard.wait_for(f"{robot.sn}/up/alarm", action="clear")
            assert cleared["alarmId"] == raised["alarmId"] and cleared["msgId"] != raised["msgId"]

            msg_ids = [p["msgId"] for t, p, _ in heard.messages if "/heartbeat" in t]
            assert len(msg_ids) == len(set(msg_ids)), "every message has its own msgId"
    finally:
        await fleet.stop()


async def test_last_will_arrives_when_the_connection_drops():
    fleet = await start_fleet()
    dropped, stays = fleet.robots
    try:
        async with Listener([f"cf/{r.sn}/up/status" for r in fleet.robots]) as heard:
            await heard.wait_for(f"{dropped.sn}/up/status", online=True)
            fleet.links[dropped.sn].sever()
            will = await heard.wait_for(f"{dropped.sn}/up/status", online=False)
            assert will["reason"] == "lost" and will["sn"] == dropped.sn
            assert not [p for t, p, _ in heard.messages if t.endswith(f"{stays.sn}/up/status") and not p["online"]]
            back = await heard.wait_for(f"{dropped.sn}/up/status", within=15, online=True, reason="connected")
            assert back["msgId"] != will["msgId"]
    finally:
        await fleet.stop()


async def test_clean_stop_says_offline_without_the_will():
    fleet = await start_fleet(n=1)
    robot = fleet.robots[0]
    async with Listener([f"cf/{robot.sn}/up/status"]) as heard:
        await heard.wait_for(f"{robot.sn}/up/status", online=True)
        await fleet.stop(clean=True)
        bye = await heard.wait_for(f"{robot.sn}/up/status", online=False)
        await asyncio.sleep(0.5)
        assert bye["reason"] == "stopped"
        assert [p["reason"] for t, p, _ in heard.messages if not p["online"]] == ["stopped"]


async def test_commands_run_and_report_progress(monkeypatch):
    # no chance failure midway (3 in 100 backups fail as real ones do): this test follows the success; it failed a
    # clean-clone run with a "failed" event after "packing"
    monkeypatch.setitem(FAIL_CHANCE, "backup", 0.0)
    fleet = await start_fleet(n=1, speed=100)
    robot = fleet.robots[0]
    try:
        async with Listener([f"cf/{robot.sn}/up/event"]) as heard:
            await fleet.links[robot.sn].connected.wait()
            async with aiomqtt.Client("127.0.0.1", 1883, identifier=f"cloud-{uuid.uuid4().hex[:8]}") as cloud:
                call = {"v": 1, "cmdId": "c-1", "cmd": "call", "args": {"path": "api1/robot_pose"}}
                await cloud.publish(f"cf/{robot.sn}/down/cmd", json.dumps(call), qos=1)
                answer = await heard.wait_for("/up/event", kind="cmd_result", cmdId="c-1")
                assert answer["code"] == 0 and answer["answer"]["map_name"] == "office-3F"

                backup = {"v": 1, "cmdId": "c-2", "cmd": "backup", "args": {}}
                await cloud.publish(f"cf/{robot.sn}/down/cmd", json.dumps(backup), qos=1)
                await cloud.publish(f"cf/{robot.sn}/down/cmd", json.dumps(backup), qos=1)  # a redelivery
                await heard.wait_for("/up/event", kind="cmd_ack", cmdId="c-2", msg="started")
                done = await heard.wait_for("/up/event", within=15, kind="backup", cmdId="c-2", state="finished")
                assert done["progress"] == 100 and done["file"]["name"].endswith(".tar.gz")
                states = [p["state"] for _, p, _ in heard.messages if p.get("kind") == "backup"]
                assert states[0] == "packing" and "uploading" in states
                acks = [p["msg"] for _, p, _ in heard.messages if p.get("kind") == "cmd_ack" and p["cmdId"] == "c-2"]
                assert acks == ["started", "duplicate"]
    finally:
        await fleet.stop()


async def test_task_report_and_messages_sent_while_offline_arrive_after_reconnect():
    fleet = await start_fleet(n=1, speed=50)
    robot = fleet.robots[0]
    try:
        async with Listener([f"cf/{robot.sn}/up/#"]) as heard:
            link = fleet.links[robot.sn]
            await link.connected.wait()
            robot.work.start_tasks(["office corridor"])
            report = await heard.wait_for("/up/report", within=30, result="finished")
            assert report["taskName"] == "office corridor" and report["coverage"] >= 99
            assert {"startTime", "endTime", "workArea", "cleanedArea", "efficiency", "alarms"} <= set(report)

            link.sever()
            await heard.wait_for("/up/status", online=False)
            robot.alarms.raise_("imu")
            alarm = await heard.wait_for("/up/alarm", within=15, key="imu")
            assert alarm["action"] == "raise"
    finally:
        await fleet.stop()


async def test_reboot_drops_the_line_and_the_robot_comes_back():
    fleet = await start_fleet(n=1, speed=15)  # a reboot lasts 30 simulated s: 2 wall seconds here
    robot = fleet.robots[0]
    try:
        async with Listener([f"cf/{robot.sn}/up/status"]) as heard:
            await heard.wait_for("/up/status", online=True)
            robot.reboot()
            lost = await heard.wait_for("/up/status", online=False)
            assert lost["reason"] == "lost"
            for _ in range(400):
                if sum(1 for _, p, _ in heard.messages if p["online"]) >= 2:
                    break
                await asyncio.sleep(0.05)
            assert sum(1 for _, p, _ in heard.messages if p["online"]) == 2, "back online after the reboot"
    finally:
        await fleet.stop()
