"""Shadow users: act as their owner with their own roles, never beyond the owner's keys."""

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import PRESET_ROLES, ROLE_DEALER, ROLE_OPERATIONS, ROLE_USER
from cleanfleet.users.models import User
from tests.conftest import unique_account


def shadow_body(**fields):
    return {"account": unique_account("s"), "name": "Assistant", "password": "Secret123", **fields}


async def test_a_dealer_creates_a_shadow_that_acts_as_it(signed_in, make_user, api):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    child, _ = await make_user(3, parent=dealer)
    owner = await signed_in(dealer, password)
    created = await owner.call("/user/shadow/insert", shadow_body(roleIds=[ROLE_USER], email="x@y.com"))
    assert created.code == 0, created.body
    data = created.data
    assert data["type"] == "shadow" and data["shadowId"] == dealer.id and data["levelDepth"] == 2
    assert data["roleIds"] == [ROLE_USER]
    login = await api.login(data["account"], "Secret123")
    assert login.code == 0 and login.data["shadowId"] == dealer.id
    assert {bean["key"] for bean in login.data["permissionBeans"]} == PRESET_ROLES[ROLE_USER][1]
    users = await api.call("/user/selectUserList", {})
    assert child.id in [row["userId"] for row in users.data["list"]]  # the owner's subtree
    listed = await owner.call("/user/shadow/list", {})
    assert [row["userId"] for row in listed.data["list"]] == [data["userId"]]
    assert data["userId"] not in [row["userId"] for row in
                                  (await owner.call("/user/selectUserList", {})).data["list"]]


async def test_a_shadow_never_holds_more_than_its_owner(admin, signed_in, make_user, db):
    dealer, password = await make_user(2, roles=[ROLE_USER])
    owner = await signed_in(dealer, password)
    refused = await owner.call("/user/shadow/insert", shadow_body(roleIds=[ROLE_DEALER]))
    assert refused.code == Code.NO_PERMISSION and refused.field == "roleIds"
    assert refused.message.startswith(f"角色 {ROLE_DEALER} 含有你没有的权限")
    shadow, _ = await make_user(2, roles=[], shadow_of=dealer)
    by_admin = await admin.call("/user/shadow/update", {"userId": shadow.id, "roleIds": [ROLE_OPERATIONS]})
    assert by_admin.code == Code.NO_PERMISSION and by_admin.field == "roleIds"
    assert by_admin.message.startswith(f"角色 {ROLE_OPERATIONS} 含有该影子用户的主账号没有的权限")
    by_admin_permission = await admin.call("/user/updateUserPermission", {"userId": shadow.id,
                                                                          "roleIds": [ROLE_OPERATIONS]})
    assert by_admin_permission.code == Code.NO_PERMISSION
    assert (await db.get(User, shadow.id, populate_existing=True)) is not None


async def test_a_shadow_cannot_manage_shadow_users(signed_in, make_user):
    dealer, _ = await make_user(2, roles=[ROLE_DEALER])
    shadow, password = await make_user(2, roles=[ROLE_DEALER], shadow_of=dealer)
    sibling, _ = await make_user(2, roles=[ROLE_USER], shadow_of=dealer)
    api = await signed_in(shadow, password)
    created = await api.call("/user/shadow/insert", shadow_body())
    assert created.code == Code.NO_PERMISSION and created.message == "影子用户不能管理影子用户"
    assert (await api.call("/user/shadow/list", {})).code == Code.NO_PERMISSION
    assert (await api.call("/user/shadow/delete", {"userId": sibling.id})).code == Code.NO_PERMISSION


async def test_edit_and_delete_a_shadow(signed_in, make_user, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    shadow, shadow_password = await make_user(2, roles=[ROLE_USER], shadow_of=dealer)
    owner = await signed_in(dealer, password)
    session = await signed_in(shadow, shadow_password)
    edited = await owner.call("/user/shadow/update", {"userId": shadow.id, "name": "Front desk", "roleIds": []})
    assert edited.code == 0 and edited.data["name"] == "Front desk" and edited.data["roleIds"] == []
    assert (await session.call("/user/selectUserList", {})).code == Code.NO_PERMISSION  # at once
    not_shadow, _ = await make_user(3, parent=dealer)
    wrong = await owner.call("/user/shadow/delete", {"userId": not_shadow.id})
    assert wrong.code == Code.NOT_FOUND and wrong.field == "userId"
    deleted = await owner.call("/user/shadow/delete", {"userId": shadow.id})
    assert deleted.code == 0
    assert await db.get(User, shadow.id, populate_existing=True) is None
    assert (await session.call("/getLanguage")).code == Code.SESSION_INVALID


async def test_shadow_edit_keeps_the_profile_rules(signed_in, make_user):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    shadow, _ = await make_user(2, shadow_of=dealer)
    owner = await signed_in(dealer, password)
    answer = await owner.call("/user/shadow/update", {"userId": shadow.id, "phone": "123"})
    assert answer.code == Code.BAD_PARAMETER and answer.field == "phone" and answer.message == "手机号必须是 11 位数字"
    taken = await owner.call("/user/shadow/insert", shadow_body(account=dealer.account))
    assert taken.code == Code.ALREADY_EXISTS and taken.field == "account"
