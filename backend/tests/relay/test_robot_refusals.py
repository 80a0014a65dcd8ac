"""A robot's refusal through /relay gains its sentence in the caller's language and the field it concerns
(relay.refusals), beside the robot's own answer; an unknown robot text comes quoted after a translated lead."""

from typing import Any

from cleanfleet.relay import refusals
from tests.relay.conftest import relay

SQUARE = [[2.0, 12.0], [5.0, 12.0], [5.0, 15.0], [2.0, 15.0]]
BOW_TIE = [[1.0, 1.0], [5.0, 5.0], [5.0, 1.0], [1.0, 5.0]]
BEYOND = [[2.0, 12.0], [99.0, 12.0], [99.0, 15.0], [2.0, 15.0]]


async def _in(api, language: str, m: str, port: int, body: dict[str, Any]) -> dict[str, Any]:
    answer = await api.client.request("POST", "/relay", params={"m": m, "p": str(port)}, json=body,
                                      headers={**api.headers(), "language": language})
    assert answer.status_code == 200
    return answer.json()


async def test_a_zone_the_map_editor_saves_that_crosses_itself_is_named_in_the_callers_language(site):
    body = {"map_name": "office-3F", "forbidden_zone": [SQUARE, BOW_TIE]}
    german = await _in(site.customer, "de", "api2/map/CloudInfoUpdate", site.port, body)
    chinese = await _in(site.customer, "zh-CN", "api2/map/CloudInfoUpdate", site.port, body)
    assert german["refusal"] == {"message": "Sperrzone 2 überschneidet sich selbst", "field": "forbidden_zone",
                                 "reason": "crosses_itself", "index": 2}
    assert chinese["refusal"]["message"] == "禁行区 2 的边自相交叉"
    assert german["code"] == 2 and german["msg"].startswith("forbidden_zone:")  # the robot's own answer stays


async def test_a_zone_beyond_the_map_edge_names_the_zone_not_the_walls(site):
    body = {"map_name": "office-3F", "forbidden_zone": [BEYOND]}
    german = await _in(site.customer, "de", "api2/map/CloudInfoUpdate", site.port, body)
    assert german["refusal"]["field"] == "forbidden_zone"
    assert german["refusal"]["message"] == "Sperrzone 1 reicht über den Kartenrand hinaus"


async def test_a_robot_text_we_do_not_know_is_quoted_after_a_translated_lead(site):
    body = {"params": {"nonsense": 1}}
    german = await _in(site.customer, "de", "api1/robot_params_set", site.port, body)
    chinese = await _in(site.customer, "zh-CN", "api1/robot_params_set", site.port, body)
    assert german["refusal"] == {"message": "Der Roboter hat nonsense nicht angenommen: „unknown parameter“",
                                 "field": "nonsense", "reason": None}
    assert chinese["refusal"]["message"] == "机器人不接受nonsense：“unknown parameter”"


async def test_a_success_is_not_touched(site):
    answer = await relay(site.customer, "api1/robot_pose", site.port)
    assert "refusal" not in answer.json()


def test_an_older_robot_without_reason_keys_still_gets_its_field_and_code_sentences():
    """Robots of the api-spec send only code and msg: the field comes from the msg, codes of one meaning are
    translated whole, anything else is quoted."""
    field = refusals.explain({"code": 2, "msg": "virlines_wall: wall, zone or eraser beyond map edge"})
    assert field.field == "virlines_wall"
    assert field.render("de") == \
        "Der Roboter hat Virtuelle Wand nicht angenommen: „wall, zone or eraser beyond map edge“"
    assert refusals.explain({"code": 6, "msg": "robot is locked"}).render("de") == \
        "Der Roboter ist gesperrt: zuerst entsperren"
    assert refusals.explain({"code": 1, "msg": "no task is running"}).render("zh-CN") == \
        "机器人拒绝了该操作：“no task is running”"
    unknown_key = refusals.explain({"code": 1, "msg": "odd", "reason": "something_new", "values": {"index": "x"}})
    assert unknown_key.render("en") == "The robot refused: “odd”"
    missing_values = refusals.explain({"code": 2, "msg": "forbidden_zone: crosses", "reason": "crosses_itself"})
    assert missing_values.render("en") == "The robot did not accept Forbidden zone: “crosses”"
