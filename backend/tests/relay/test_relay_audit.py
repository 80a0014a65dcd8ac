"""The audit trail records remote control (issue 51 item 1): the lease taken and given back, every command the relay
sends a robot with the robot's answer as its outcome, and driving as one drive session, not one row per command."""

from typing import Any

import orjson

from tests.relay.conftest import relay


async def _events(admin: Any, device_id: int) -> list[dict[str, Any]]:
    found = await admin.call("/audit/list", {"target": f"device#{device_id}", "pageSize": 100})
    assert found.code == 0, found.body
    return list(reversed(found.data["list"]))  # oldest first


async def test_control_commands_and_a_drive_session_are_recorded(site: Any, admin: Any) -> None:
    taken = await site.customer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 10})
    assert taken.code == 0, taken.body
    assert (await relay(site.customer, "api1/robot_lock", site.port, json={"lock": 0})).json()["code"] == 0
    assert (await relay(site.customer, "api1/robot_pose", site.port)).status_code == 200  # a reading call
    for speed in (0.2, 0.3, 0.2):  # the joystick: several drive commands, one session
        await relay(site.customer, "api1/cmdvel_ctrl", site.port, json={"linear": speed, "angular": 0})
    refused = await relay(site.customer, "api1/no_such_call", site.port)
    assert refused.status_code == 404
    released = await site.customer.call("/device/control/release", {"deviceId": site.device_id})
    assert released.code == 0, released.body

    events = await _events(admin, site.device_id)
    assert [(e["kind"], e["outcome"]) for e in events] == [
        ("control_taken", "ok"), ("robot_command", "ok"), ("drive_session", "ok"), ("robot_command", "failed"),
        ("control_released", "ok")]
    assert {e["actorName"] for e in events} == {site.customer_user.account}
    details = [orjson.loads(e["detail"]) for e in events]
    assert details[0]["minutes"] == 10 and details[1]["call"] == "robot_lock" and details[2]["call"] == "cmdvel_ctrl"
    assert all(e["address"] for e in events)


async def test_a_task_command_sent_by_the_server_is_recorded(site: Any, admin: Any) -> None:
    started = await site.customer.call("/task/cancel", {"deviceId": site.device_id})
    events = await _events(admin, site.device_id)
    commands = [e for e in events if e["kind"] == "robot_command"]
    assert len(commands) == 1 and "via" not in orjson.loads(commands[0]["detail"])
    assert commands[0]["outcome"] == ("ok" if started.code == 0 else "failed")
