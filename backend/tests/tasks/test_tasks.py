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
    ({"area": [[24.0, 11.0], [27.0, 11.0], [27.0, 14.0], [24.0, 14.0]]}, "area"),  # over office-3F's forbidden zone
    ({"area": [[26.0, 13.0], [28.0, 13.0], [28.0, 15.0]]}, "area"),            # inside it
    ({"startPoint": [26.0, 13.0]}, "startPoint"),                             # a start inside it
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


async def test_an_area_over_a_forbidden_zone_is_refused_naming_the_zone_and_one_around_it_is_saved(site):
    over = await site.customer.call("/task/add", draft(site, area=[[24.0, 11.0], [27.0, 11.0], [27.0, 14.0]]),
                                    headers={"accept-language": "en"})
    assert (over.code, over.field) == (Code.BAD_PARAMETER, "area")
    assert over.message.startswith("The cleaning area overlaps forbidden zone 1")
    preview = await site.customer.call("/task/preview", draft(site, startPoint=[26.0, 13.0]),
                                       headers={"accept-language": "fr"})
    assert (preview.field, preview.message) == ("startPoint", "Le point de départ est dans la zone interdite 1")
    # the zone (25-31 m × 12-19 m) wholly inside the area: an island the robot cleans around
    around = [[24.0, 11.0], [31.8, 11.0], [31.8, 19.8], [24.0, 19.8]]
    saved = await site.customer.call("/task/add", draft(site, area=around, startPoint=[24.5, 11.5]))
    assert saved.code == 0, saved.body


async def test_the_walls_and_zones_of_a_map_are_given_to_draw_a_task_on(site):
    answer = await site.customer.call("/task/mapMarks", {"deviceId": site.device_id, "mapName": "office-3F"})
    assert answer.code == 0, answer.body
    assert answer.data == {"mapName": "office-3F", "walls": [[[30.5, 8.7], [30.5, 11.5]]],
                           "zones": [[[25.0, 12.0], [31.0, 12.0], [31.0, 19.0], [25.0, 19.0]]]}
    missing = await site.customer.call("/task/mapMarks", {"deviceId": site.device_id, "mapName": "no such map"})
    assert missing.code == Code.NOT_FOUND


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
                                                        "taskList": ["Corridor", "Second"], "groupType": 2})
    assert added.code == 0, added.body
    groups = await site.customer.call("/task/groups", {"deviceId": site.device_id})
    assert groups.data == [{"groupName": "Morning", "taskList": ["Corridor", "Second"], "groupType": 2}]
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


async def test_a_group_across_maps_is_refused_when_saved_and_its_type_is_bounded(site):
    await site.customer.call("/task/add", draft(site))
    lobby = await site.customer.call("/task/add", draft(site, taskName="Entrance", mapName="lobby-hall"))
    assert lobby.code == 0, lobby.body
    body = {"deviceId": site.device_id, "groupName": "Across", "taskList": ["Corridor", "Entrance"], "groupType": 3}
    across = await site.customer.call("/task/groupAdd", body, headers={"accept-language": "en"})
    assert across.code == Code.BAD_PARAMETER and across.field == "taskList"
    assert across.message == ("The tasks of a group must be on one map: Corridor (office-3F), "
                              "Entrance (lobby-hall)")
    assert site.robot.book.groups == {}
    bad_type = await site.customer.call("/task/groupAdd", {**body, "taskList": ["Corridor"], "groupType": 4})
    assert bad_type.code == Code.BAD_PARAMETER and bad_type.field == "groupType"
    untyped = {"deviceId": site.device_id, "groupName": "Across", "taskList": ["Corridor"]}
    ordinary = await site.customer.call("/task/groupAdd", untyped)
    assert ordinary.code == 0, ordinary.body
    groups = (await site.customer.call("/task/groups", {"deviceId": site.device_id})).data
    assert groups == [{"groupName": "Across", "taskList": ["Corridor"], "groupType": 0}]
