"""An integration reads the MassRobotics reports with an API token alone (no sign, no session): the creator's
branch only, and only when the token carries the device list's key."""

from cleanfleet.core.codes import Code
from cleanfleet.interop import massrobotics
from tests.apitokens.conftest import TokenClient, days_ahead
from tests.conftest import new_client
from tests.interop.test_massrobotics import STATUS, fleet  # noqa: F401  - the fixture


async def _token(api, keys: list[str]) -> str:
    answer = await api.call("/integration/token/insert", {"name": f"Building system {keys[0]}",
                                                         "expiresAt": days_ahead(7), "keys": keys})
    assert answer.code == 0, answer.body
    return answer.data["token"]


async def test_a_token_reads_its_creators_robots_and_needs_the_device_key(app, fleet):  # noqa: F811
    async with new_client(app) as client:
        building = TokenClient(client, await _token(fleet["api"], ["device/index"]))
        answer = await building.call(STATUS, {"pageSize": 50})
        assert answer.code == 0, answer.body
        seen = {report["uuid"] for report in answer.data["list"]}
        assert massrobotics.robot_uuid(fleet["working"].serial_number) in seen
        assert massrobotics.robot_uuid(fleet["elsewhere"].serial_number) not in seen

        keyless = TokenClient(client, await _token(fleet["api"], ["message/index"]))
        assert (await keyless.call(STATUS, {})).code == Code.NO_PERMISSION


async def test_without_sign_or_token_nothing_is_answered(app):
    async with new_client(app) as client:
        response = await client.post("/api" + STATUS, json={})
        assert response.json()["message"]["code"] != 0 and response.json()["data"] is None
