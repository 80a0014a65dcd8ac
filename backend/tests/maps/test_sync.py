"""Map sync (/api/map/sync, syncRetry, syncList): the map goes whole to each target through a command,
and each side's outcome (send, receive) is kept per robot, with a retry for a failed one."""

from datetime import datetime, timedelta

from sqlalchemy import update

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import DeviceState
from cleanfleet.maps import texts
from cleanfleet.maps.models import MapSync
from tests.gateway.helpers import wait_until

ZONE = [(1.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0)]


def a_new_map(fleet, name: str = "east wing") -> None:
    source = fleet.robots[0]
    made = source.map.copy(name)
    made.forbidden_zones = [list(ZONE)]
    made.touch()
    source.maps[name] = made


async def outcomes(fleet, device_id: int) -> list[dict]:
    answer = await fleet.customer.call("/map/syncList", {"deviceId": device_id})
    assert answer.code == 0, answer.body
    return answer.data


async def test_a_map_syncs_to_a_second_robot_and_both_sides_show_success(fleet):
    a_new_map(fleet)
    source_id, target_id = fleet.device_ids
    answer = await fleet.customer.call("/map/sync", {"deviceId": source_id, "mapName": "east wing",
                                                     "targetDeviceIds": [target_id]})
    assert answer.code == 0, answer.body
    [row] = answer.data
    assert (row["sendState"], row["receiveState"], row["targetDeviceId"]) == ("success", "pending", target_id)
    [command] = fleet.sent
    assert command["topic"] == f"cf/{fleet.robots[1].sn}/down/cmd" and command["cmd"] == "map_sync"
    assert "east wing" not in fleet.robots[1].maps  # not before the robot's job ends

    async def received() -> bool:
        await fleet.run(5)
        return (await outcomes(fleet, source_id))[0]["receiveState"] == "success"

    await wait_until(received, what="the target's map sync to finish")
    got = fleet.robots[1].maps["east wing"]
    assert got.forbidden_zones == [ZONE] and got.width == fleet.robots[0].map.width
    [seen_by_target] = await outcomes(fleet, target_id)
    assert seen_by_target["progress"] == 100 and seen_by_target["mapName"] == "east wing"


async def test_a_refused_receive_is_shown_and_a_retry_sends_it_again(fleet):
    a_new_map(fleet, "office-3F copy")
    target = fleet.robots[1]
    target.maps["office-3F copy"] = target.map.copy("office-3F copy")
    target.load_map("office-3F copy")
    target.run = object()  # a task runs on that map on the target: it refuses the map (stop all tasks first)
    source_id, target_id = fleet.device_ids
    [row] = (await fleet.customer.call("/map/sync", {"deviceId": source_id, "mapName": "office-3F copy",
                                                     "targetDeviceIds": [target_id]})).data
    await fleet.deliver()
    await wait_until(lambda: _state(fleet, source_id, "receiveState", "failed"), what="the refusal to arrive")
    [failed] = await outcomes(fleet, source_id)
    assert failed["sendState"] == "success" and "stop all tasks" in failed["message"]
    # the robot's words are quoted after a lead in the reader's language
    assert failed["message"].startswith(("The target robot refused the map: “", "目标机器人拒绝接收地图：“"))
    target.run = None
    retried = await fleet.customer.call("/map/syncRetry", {"id": row["id"]})
    assert retried.code == 0 and retried.data["attempts"] == 2 and retried.data["receiveState"] == "pending"
    assert fleet.sent[0]["cmdId"] != fleet.sent[1]["cmdId"]

    async def received() -> bool:
        await fleet.run(5)
        return (await outcomes(fleet, source_id))[0]["receiveState"] == "success"

    await wait_until(received, what="the retried sync to finish")
    assert target.maps["office-3F copy"].forbidden_zones == [ZONE]


async def _state(fleet, device_id: int, key: str, value: str) -> bool:
    rows = await outcomes(fleet, device_id)
    return bool(rows) and rows[0][key] == value


async def test_a_send_that_the_link_refuses_fails_only_that_target_and_is_retried(fleet, app):
    a_new_map(fleet)
    source_id, target_id = fleet.device_ids
    working = app.state.robot_commands._publish

    async def broken(topic: str, payload: bytes) -> None:
        raise OSError("the broker went away")

    app.state.robot_commands._publish = broken
    [row] = (await fleet.customer.call("/map/sync", {"deviceId": source_id, "mapName": "east wing",
                                                     "targetDeviceIds": [target_id]})).data
    assert row["sendState"] == "failed" and "broker went away" in row["message"]
    [listed] = (await fleet.customer.call("/map/syncList", {"deviceId": source_id},
                                          headers={"language": "fr"})).data
    assert listed["message"] == texts.SYNC_SEND_FAILED.render("fr", {"detail": "the broker went away"})
    app.state.robot_commands._publish = working
    retried = await fleet.customer.call("/map/syncRetry", {"id": row["id"]})
    assert retried.code == 0 and retried.data["sendState"] == "success"
    running = await fleet.customer.call("/map/syncRetry", {"id": row["id"]})
    assert running.code == Code.CONFLICT and running.message == texts.SYNC_STILL_RUNNING.render(None)


async def test_sync_refusals_change_nothing(fleet, app, db):
    a_new_map(fleet)
    source_id, target_id = fleet.device_ids
    itself = await fleet.customer.call("/map/sync", {"deviceId": source_id, "mapName": "east wing",
                                                     "targetDeviceIds": [source_id, target_id]})
    assert itself.code == Code.BAD_PARAMETER and itself.field == "targetDeviceIds"
    missing_map = await fleet.customer.call("/map/sync", {"deviceId": source_id, "mapName": "no such map",
                                                          "targetDeviceIds": [target_id]})
    assert missing_map.code == Code.NOT_FOUND
    no_name = await fleet.customer.call("/map/sync", {"deviceId": source_id, "mapName": " ",
                                                      "targetDeviceIds": [target_id]})
    assert no_name.code == Code.BAD_PARAMETER and no_name.field == "mapName"
    stranger = await fleet.other_dealer.call("/map/sync", {"deviceId": source_id, "mapName": "east wing",
                                                           "targetDeviceIds": [target_id]})
    assert stranger.code == Code.NOT_FOUND
    await db.execute(update(DeviceState).where(DeviceState.device_id == source_id).values(online=False))
    await db.commit()
    offline = await fleet.customer.call("/map/sync", {"deviceId": source_id, "mapName": "east wing",
                                                      "targetDeviceIds": [target_id]})
    assert offline.code == Code.DEVICE_OFFLINE
    assert fleet.sent == [] and await outcomes(fleet, source_id) == []


async def test_a_send_without_robot_link_is_a_failed_row_in_the_list_and_its_retry_is_delivered(fleet, app):
    a_new_map(fleet)
    source_id, target_id = fleet.device_ids
    earlier, app.state.robot_commands = app.state.robot_commands, None
    try:
        answer = await fleet.customer.call("/map/sync", {"deviceId": source_id, "mapName": "east wing",
                                                         "targetDeviceIds": [target_id]}, headers={"language": "en"})
    finally:
        app.state.robot_commands = earlier
    assert answer.code == 0, answer.body
    [listed] = await outcomes(fleet, target_id)
    assert (listed["sendState"], listed["receiveState"]) == ("failed", "pending") and fleet.sent == []
    assert listed["message"] == texts.NO_ROBOT_LINK.render(None) and listed["waitingSince"] is None
    retried = await fleet.customer.call("/map/syncRetry", {"id": listed["id"]})
    assert retried.code == 0 and retried.data["sendState"] == "success" and retried.data["message"] == ""

    async def received() -> bool:
        await fleet.run(5)
        return (await outcomes(fleet, source_id))[0]["receiveState"] == "success"

    await wait_until(received, what="the retried sync to finish")
    assert "east wing" in fleet.robots[1].maps


async def test_a_target_that_never_takes_the_map_fails_after_the_expiry_and_can_be_retried(fleet, db):
    a_new_map(fleet)
    source_id, target_id = fleet.device_ids
    target = fleet.robots[1]
    offline_commands: list[dict] = []
    target.handle_command = offline_commands.append  # switched off: the command waits in the broker
    [row] = (await fleet.customer.call("/map/sync", {"deviceId": source_id, "mapName": "east wing",
                                                     "targetDeviceIds": [target_id]})).data
    assert row["receiveState"] == "pending" and row["waitingSince"] == row["updatedAt"]
    waited = datetime.fromisoformat(row["expiresAt"]) - datetime.fromisoformat(row["waitingSince"])
    assert waited == timedelta(hours=24)
    not_yet = await fleet.customer.call("/map/syncRetry", {"id": row["id"]})
    assert not_yet.code == Code.CONFLICT
    await db.execute(update(MapSync).where(MapSync.id == row["id"])
                     .values(updated_at=utcnow() - timedelta(hours=24, minutes=1)))
    await db.commit()
    [expired] = (await fleet.customer.call("/map/syncList", {"deviceId": source_id},
                                           headers={"language": "de"})).data
    assert (expired["sendState"], expired["receiveState"]) == ("success", "failed")
    assert expired["message"] == texts.SYNC_EXPIRED.render("de", {"hours": 24}) and expired["expiresAt"] is None
    del target.handle_command  # back online
    retried = await fleet.customer.call("/map/syncRetry", {"id": row["id"]})
    assert retried.code == 0 and retried.data["attempts"] == 2 and retried.data["receiveState"] == "pending"

    async def received() -> bool:
        await fleet.run(5)
        return (await outcomes(fleet, source_id))[0]["receiveState"] == "success"

    await wait_until(received, what="the retried sync to finish")
    assert "east wing" in target.maps
