"""Role groups: editable, assignable to users and child users, within what the caller may grant."""

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_OPERATIONS, ROLE_USER
from cleanfleet.roles.models import RoleGroup
from tests.conftest import unique_account


async def test_create_list_update_and_delete_a_group(make_user, signed_in, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(dealer, password)
    role = (await api.call("/user/role/insert", {"name": unique_account("r"), "keys": ["index"]})).data
    created = await api.call("/user/role/group/insert", {"name": "Night team", "roleIds": f"[{ROLE_USER}]"})
    assert created.code == 0, created.body
    group = created.data
    assert group["roleIds"] == [ROLE_USER] and group["userId"] == dealer.id and group["editable"]
    listed = await api.call("/user/role/group/list", {})
    assert group["id"] in [g["id"] for g in listed.data]
    updated = await api.call("/user/role/group/update", {"id": group["id"], "roleIds": [ROLE_USER, role["id"]]})
    assert updated.code == 0 and updated.data["roleIds"] == [ROLE_USER, role["id"]]
    user, _ = await make_user(3, parent=dealer)
    assert (await api.call("/user/updateUserPermission", {"userId": user.id, "roleGroupId": group["id"]})).code == 0
    of_user = await api.call("/user/role_group", {"userId": user.id})
    assert of_user.data["roleGroupId"] == group["id"] and of_user.data["group"]["name"] == "Night team"
    deleted = await api.call("/user/role/group/delete", {"id": group["id"]})
    assert deleted.code == 0 and deleted.data == {"id": group["id"], "users": 1}
    assert (await api.call("/user/role_group", {"userId": user.id})).data == {
        "userId": user.id, "roleGroupId": None, "group": None}
    assert await db.get(RoleGroup, group["id"], populate_existing=True) is None


async def test_a_group_holds_only_roles_the_caller_may_grant(make_user, signed_in, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    other, other_password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(dealer, password)
    other_api = await signed_in(other, other_password)
    refused = await api.call("/user/role/group/insert", {"name": "Ops", "roleIds": [ROLE_OPERATIONS]})
    assert refused.code == Code.NO_PERMISSION and refused.field == "roleIds"
    assert refused.message.startswith(f"角色 {ROLE_OPERATIONS} 含有你没有的权限")
    foreign = (await other_api.call("/user/role/insert", {"name": unique_account("r"), "keys": ["index"]})).data
    hidden = await api.call("/user/role/group/insert", {"name": "Foreign", "roleIds": [foreign["id"]]})
    assert hidden.code == Code.NOT_FOUND
    group = (await api.call("/user/role/group/insert", {"name": "Mine", "roleIds": [ROLE_USER]})).data
    renamed = await other_api.call("/user/role/group/update", {"id": group["id"], "name": "x"})
    assert renamed.code == Code.NOT_FOUND
    assert (await other_api.call("/user/role/group/delete", {"id": group["id"]})).code == Code.NOT_FOUND
    stranger, _ = await make_user(3, parent=other)
    assign = await api.call("/user/updateUserPermission", {"userId": stranger.id, "roleGroupId": group["id"]})
    assert assign.code == Code.NOT_FOUND
    mine_group_for_them = await other_api.call("/user/updateUserPermission",
                                               {"userId": stranger.id, "roleGroupId": group["id"]})
    assert mine_group_for_them.code == Code.NOT_FOUND  # another dealer's group is not visible there


async def test_a_group_gives_its_roles_keys_at_once(admin, make_user, signed_in):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(dealer, password)
    user, user_password = await make_user(3, parent=dealer, roles=[])
    session = await signed_in(user, user_password)
    assert (await session.call("/user/selectUserList", {})).code == Code.NO_PERMISSION
    group = (await api.call("/user/role/group/insert", {"name": "Users", "roleIds": [ROLE_USER]})).data
    assert (await api.call("/user/updateUserPermission", {"userId": user.id, "roleGroupId": group["id"]})).code == 0
    assert (await session.call("/user/selectUserList", {})).code == 0
    assert (await api.call("/user/role/group/update", {"id": group["id"], "roleIds": []})).code == 0
    assert (await session.call("/user/selectUserList", {})).code == Code.NO_PERMISSION
