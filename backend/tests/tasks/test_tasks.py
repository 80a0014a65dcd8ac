"""Tasks on a robot through the server: drawn, checked (each refusal naming the field), previewed, saved, run,
paused, resumed, cancelled, renamed and deleted on a real simulated robot."""

import pytest

from cleanfleet.core.codes import Code
from tests.tasks.conftest import RECTANGLE, START, draft, run_robot


async def _names(site) -> list[str]:
    answer = await site.customer.call("/task/list", {"deviceId": site.device_id})
    assert answer.code == 0, answer.body
    return [t["taskName"] for t in answer.data]


async def test_the_robots_maps_come_with_their_frames(site):
    answer = await site.customer.call("/task/maps", {"deviceId": site.device_id})
    assert answer.code == 0, answer.body
    office = next(m for m in answer.data if m["mapName"] == "office-3F")
    assert office["current"] and office["width"] == 640 and office["resolution"] == 0.05


@pytest.mark.parametrize(("fields", "field"), [
    ({"mapName": None}, "mapName"),
    ({"taskName": ""}, "taskName"),
    ({"area": [RECTANGLE, [[10, 10], [12, 10], [12, 12]]]}, "area"),          # two areas
    ({"area": [[2.0, 9.0], [6.0, 9.0]]}, "area"),                             # a line, not an area
    ({"area": []}, "area"),
    ({"startPoint": None}, "startPoint"),
    ({"area": [[2.0, 9.0], [60.0, 9.0], [60.0, 11.0]]}, "area"),              # off the map (32 m wide)
    ({"startPoint": [-1.0, 5.0]}, "startPoint"),
    ({"lowSpeed": 0.6, "middleSpeed": 0.5}, "middleSpeed"),
    ({"middleSpeed": 0.8, "highSpeed": 0.7}, "highSpeed"),
    ({"cleanMode": "mop"}, "cleanMode"),
])
async def test_a_bad_task_is_refused_naming_the_field_and_nothing_is_saved(site, fields, field):
    body = {k: v for k, v in draft(site, **fields).items() if v is not None}
    answer = await site.customer.call("/task/add", body)
    assert answer.code == Code.BAD_PARAMETER, answer.body
    assert answer.field == field
    assert await _names(site) == []


async def test_two_areas_and_speeds_say_why_in_the_callers_language(site):
    two = await site.customer.call("/task/add", draft(site, area=[RECTANGLE, RECTANGLE]),
                                   headers={"accept-language": "en"})
    assert two.message == "Only one area is allowed"
    speeds = await site.customer.call("/task/add", draft(site, lowSpeed=0.7, middleSpeed=0.5),
                                      headers={"accept-language": "de"})
    assert speeds.message.startswith("Die niedrige Geschwindigkeit")


async def test_a_task_is_previewed_saved_run_paused_resumed_and_cancelled(site):
    preview = await site.customer.call("/task/preview", draft(site))
    assert preview.code == 0, preview.body
    assert preview.data["area"] > 0 and preview.data["durationS"] > 0
    assert await _names(site) == []  # a preview saves nothing

    saved = await site.customer.call("/task/add", draft(site, cleanMode="quiet", pathType="spiral"))
    assert saved.code == 0, saved.body
    assert saved.data["cleanMode"] == "quiet" and saved.data["pathType"] == "spiral"
    assert saved.data["area"] == RECTANGLE and saved.data["startPoint"] == START
    again = await site.customer.call("/task/add", draft(site))
    assert again.code == Code.ALREADY_EXISTS

    started = await site.customer.call("/task/start", {"deviceId": site.device_id, "taskName": "Corridor"})
    assert started.code == 0, started.body
    assert started.data["taskName"] == "Corridor"
    run_robot(site, 20)
    paused = await site.customer.call("/task/pause", {"deviceId": site.device_id})
    assert paused.data["state"] == "paused"
    resumed = await site.customer.call("/task/resume", {"deviceId": site.device_id})
    assert resumed.data["state"] != "paused"
    busy = await site.customer.call("/task/delete", {"deviceId": site.device_id, "taskName": "Corridor"})
    assert busy.code == Code.ROBOT_ERROR  # the robot refuses to delete the running task
    cancelled = await site.customer.call("/task/cancel", {"deviceId": site.device_id})
    assert cancelled.data["taskName"] == ""

    renamed = await site.customer.call("/task/rename", {"deviceId": site.device_id, "taskName": "Corridor",
                                                         "newName": "Hallway"})
    assert renamed.code == 0
    assert await _names(site) == ["Hallway"]
    deleted = await site.customer.call("/task/delete", {"deviceId": site.device_id, "taskName": "Hallway"})
    assert deleted.code == 0
    assert await _names(site) == []


async def test_a_finished_run_is_in_the_history_with_the_robots_clock(site):
    await site.customer.call("/task/add", draft(site))
    await site.customer.call("/task/start", {"deviceId": site.device_id, "taskName": "Corridor"})
    for _ in range(60):
        run_robot(site, 30)
        state = await site.customer.call("/task/state", {"deviceId": site.device_id})
        if state.data["taskName"] == "":
            break
    history = await site.customer.call("/task/history", {"deviceId": site.device_id})
    assert history.code == 0, history.body
    assert history.data["runs"][0]["taskName"] == "Corridor"
    assert history.data["now"].startswith("2026-11-23")


async def test_groups_are_added_listed_run_and_refuse_a_task_twice(site):
    await site.customer.call("/task/add", draft(site))
    await site.customer.call("/task/add", draft(site, taskName="Second"))
    twice = await site.customer.call("/task/groupAdd", {"deviceId": site.device_id, "groupName": "Morning",
                                                        "taskList": ["Corridor", "Corridor"]})
    assert twice.code == Code.BAD_PARAMETER and twice.field == "taskList"
    added = await site.customer.call("/task/groupAdd", {"deviceId": site.device_id, "groupName": "Morning",
                                                        "taskList": ["Corridor", "Second"]})
    assert added.code == 0, added.body
    groups = await site.customer.call("/task/groups", {"deviceId": site.device_id})
    assert groups.data == [{"groupName": "Morning", "taskList": ["Corridor", "Second"]}]
    started = await site.customer.call("/task/start", {"deviceId": site.device_id, "groupName": "Morning"})
    assert started.code == 0 and started.data["taskName"] == "Corridor" and started.data["queue"] == ["Second"]


async def test_another_branch_cannot_see_the_robot_and_an_offline_robot_is_said_so(site, app):
    hidden = await site.other_dealer.call("/task/list", {"deviceId": site.device_id})
    assert hidden.code == Code.NOT_FOUND
    from cleanfleet.devices.models import DeviceState

    async with app.state.db.sessions() as db:
        state = await db.get(DeviceState, site.device_id)
        state.online = False
        await db.commit()
    offline = await site.customer.call("/task/add", draft(site))
    assert offline.code == Code.DEVICE_OFFLINE and offline.field == "deviceId"


async def test_a_command_waits_for_another_users_remote_control(site):
    taken = await site.dealer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 10})
    assert taken.code == 0, taken.body
    refused = await site.customer.call("/task/add", draft(site))
    assert refused.code == Code.CONFLICT
    assert (await site.customer.call("/task/list", {"deviceId": site.device_id})).code == 0  # reading still works


async def test_a_map_picture_comes_as_png(site):
    import base64

    answer = await site.customer.call("/task/mapImage", {"deviceId": site.device_id, "mapName": "office-3F"})
    assert answer.code == 0, answer.body
    assert base64.b64decode(answer.data["png"]).startswith(b"\x89PNG")
    missing = await site.customer.call("/task/mapImage", {"deviceId": site.device_id, "mapName": "no such map"})
    assert missing.code == Code.NOT_FOUND
