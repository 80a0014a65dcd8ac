"""Map and flag names are checked by the server (issue 29 item 8, maps/names.py) before a robot sees them: on
/map/import and on the relayed robot calls that name maps or flags. Refusals name the field in the caller's
language, and the robot keeps what it had."""

import pytest

from cleanfleet.core.codes import Code
from tests.maps.test_maps import download

ENGLISH = {"language": "en"}


async def relayed(fleet, call: str, **kwargs):
    robot = fleet.robots[0]
    headers = {**fleet.customer.headers(), **ENGLISH}
    response = await fleet.customer.client.post("/relay", params={"m": f"api2/{call}", "p": str(robot.identity.port)},
                                                headers=headers, **kwargs)
    return response.json()


@pytest.mark.parametrize(("name", "says"), [
    ("x" * 65, "at most 64 characters"),
    ("floor/2", "cannot contain"),
    ("lobby:east", "cannot contain"),
    ("..", "cannot contain"),
])
async def test_an_import_under_a_bad_name_is_refused_naming_map_name(fleet, name, says):
    target = fleet.robots[1]
    data = await download(fleet.customer, fleet.device_ids[0], "office-3F")
    before = set(target.maps)
    response = await fleet.customer.client.post(
        "/api/map/import", data={"deviceId": str(fleet.device_ids[1]), "mapName": name},
        files={"file": ("m.zip", data, "application/zip")}, headers={**fleet.customer.headers(), **ENGLISH})
    message = response.json()["message"]
    assert (message["code"], message["field"]) == (Code.BAD_PARAMETER, "mapName"), message
    assert says in message["message"]
    assert set(target.maps) == before


async def test_a_new_map_cannot_take_a_name_the_robot_has(fleet):
    await fleet.customer.call("/map/selectMap", {"deviceId": fleet.device_ids[0]})  # the record knows its maps
    taken = await relayed(fleet, "map_save", json={"map_name": " office-3F "})
    assert (taken["message"]["code"], taken["message"]["field"]) == (Code.ALREADY_EXISTS, "map_name")
    assert taken["message"]["message"] == "This robot already has a map named office-3F"
    empty = await relayed(fleet, "map_save", json={"map_name": "   "})
    assert (empty["message"]["code"], empty["message"]["field"]) == (Code.BAD_PARAMETER, "map_name")
    assert empty["message"]["message"] == "This field is required"


async def test_flag_names_are_checked_and_unique_on_their_map(fleet):
    robot = fleet.robots[0]
    flags = [f.as_dict() for f in robot.map.flags]
    twice = [*flags, {**flags[0], "x": flags[0]["x"] + 0.5}]
    refused = await relayed(fleet, "map/CloudInfoUpdate", json={"map_name": "office-3F", "flags": twice})
    assert (refused["message"]["code"], refused["message"]["field"]) == (Code.BAD_PARAMETER, "flags")
    assert f"The flag name {flags[0]['name']} is used twice" in refused["message"]["message"]
    long = await relayed(fleet, "map_flag_add", json={"map_name": "office-3F", "name": "p" * 65, "x": 1, "y": 1})
    assert (long["message"]["code"], long["message"]["field"]) == (Code.BAD_PARAMETER, "name")
    assert "at most 64 characters" in long["message"]["message"]
    assert [f.as_dict() for f in robot.map.flags] == flags
    fine = await relayed(fleet, "map/CloudInfoUpdate", json={"map_name": "office-3F", "flags": flags})
    assert fine["code"] == 0, fine


async def test_an_uploaded_map_form_is_checked_too(fleet):
    robot = fleet.robots[0]
    before = set(robot.maps)
    answer = await relayed(fleet, "map/Upload", data={"map_name": "a|b"},
                           files={"file": ("map.png", b"\x89PNG", "image/png")})
    assert (answer["message"]["code"], answer["message"]["field"]) == (Code.BAD_PARAMETER, "map_name")
    assert set(robot.maps) == before
