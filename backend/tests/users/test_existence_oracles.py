"""No answer tells another branch's records from missing ones (issue 10, item 8): for every call that takes a
user, role, role group or relay port, another branch's id and an id that does not exist get the same code
and the same message (but for the id itself)."""

from collections.abc import Callable
from typing import Any

import pytest

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.conftest import Answer, Api, unique_account
from tests.gateway.helpers import free_ports, robot_device, unique_prefix

MISSING = 2_000_000_000
SPAN = {"startDate": "2026-02-01", "endDate": "2026-02-03"}

# call -> the body naming the user id
USER_CALLS: dict[str, Callable[[int], dict[str, Any]]] = {
    "/user/selectUserInfo": lambda uid: {"userId": uid, "showChild": True},
    "/user/selectUserList": lambda uid: {"userId": uid},
    "/user/deleteUserInfo": lambda uid: {"userId": uid},
    "/user/updateInitialPassword": lambda uid: {"userId": uid, "password": "Start12345"},
    "/user/cleanToken": lambda uid: {"userId": uid},
    "/user/insertUser": lambda uid: {"account": unique_account("o"), "name": "x", "password": "Secret123",
                                     "parentId": uid},
    "/user/updateUserInfo": lambda uid: {"userId": uid, "name": "Renamed"},
    "/user/shadow/list": lambda uid: {"userId": uid},
    "/device/selectDevicePc": lambda uid: {"userId": uid},
    "/device/selectDeviceList": lambda uid: {"userId": uid},
    "/device/selectOwnUser": lambda uid: {"parentId": uid},
    "/deviceGroup/selectAll": lambda uid: {"userId": uid},
    "/summary/chartOnLineNum": lambda uid: {**SPAN, "userId": uid},
}


def same_answer(foreign: Answer, missing: Answer, foreign_id: int) -> None:
    assert foreign.status == missing.status
    assert foreign.code == missing.code == Code.NOT_FOUND, (foreign.body, missing.body)
    assert foreign.message.replace(str(foreign_id), "<id>") == missing.message.replace(str(MISSING), "<id>")
    assert foreign.data is None and missing.data is None


@pytest.fixture
async def two_branches(make_user, signed_in) -> tuple[Api, Any, Any]:
    """A dealer signed in, and another dealer's customer (whose id it must not learn)."""
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    other, _ = await make_user(2, roles=[ROLE_DEALER])
    stranger, _ = await make_user(3, parent=other, roles=[ROLE_USER])
    return await signed_in(dealer, password), dealer, stranger


@pytest.mark.parametrize("path", sorted(USER_CALLS))
async def test_another_branch_s_user_answers_as_a_missing_one(two_branches, path):
    api, _, stranger = two_branches
    body = USER_CALLS[path]
    foreign = await api.call(path, body(stranger.id))
    missing = await api.call(path, body(MISSING))
    same_answer(foreign, missing, stranger.id)


async def test_an_ancestor_is_known_and_refused_as_such(two_branches):
    api, dealer, _ = two_branches
    above = await api.call("/user/selectUserInfo", {"userId": dealer.parent_id})
    assert above.code == Code.NO_PERMISSION


async def test_another_branch_s_role_and_role_group_answer_as_missing_ones(admin, make_user, signed_in):
    owner, owner_password = await make_user(2, roles=[ROLE_DEALER])
    theirs = await signed_in(owner, owner_password)
    role = await theirs.call("/user/role/insert", {"name": unique_account("r"), "keys": ["index"]})
    group = await theirs.call("/user/role/group/insert", {"name": unique_account("g"), "roleIds": [ROLE_USER]})
    assert role.code == 0 and group.code == 0, (role.body, group.body)
    outsider, outsider_password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(outsider, outsider_password)
    for path, record, body in (("/user/role/update", role.data["id"], {"name": "Taken"}),
                               ("/user/role/delete", role.data["id"], {}),
                               ("/user/role/group/update", group.data["id"], {"name": "Taken"}),
                               ("/user/role/group/delete", group.data["id"], {})):
        foreign = await api.call(path, {"id": record, **body})
        missing = await api.call(path, {"id": MISSING, **body})
        foreign.body["message"]["message"] = foreign.message.replace(str(record), str(MISSING))
        same_answer(foreign, missing, MISSING)


async def test_another_branch_s_relay_port_answers_as_an_unused_one(app, db, two_branches):
    api, _, stranger = two_branches
    port = free_ports(2)
    await robot_device(db, stranger, f"{unique_prefix()}oracle", port=port, online=True)
    answers = []
    for p in (port, port + 1):  # another branch's robot; a port nobody uses
        response = await api.client.post("/relay", params={"m": "api1/robot_pose", "p": str(p)},
                                         headers=api.headers())
        answers.append(Answer(response.status_code, response.json()))
    foreign, unused = answers
    assert foreign.code == unused.code == Code.NOT_FOUND
    assert foreign.message.replace(str(port), "<p>") == unused.message.replace(str(port + 1), "<p>")
