"""Custom roles: who sees, creates, edits and deletes them; presets are read-only; keys stay within the editor's."""

from sqlalchemy import func, select

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import ALL_KEYS, PRESET_ROLES, ROLE_ADMIN, ROLE_DEALER, ROLE_USER
from cleanfleet.roles.models import Role, RolePermission
from tests.conftest import unique_account


async def role_rows(db) -> int:
    return await db.scalar(select(func.count()).select_from(Role))


async def keys_of(db, role_id: int) -> set[str]:
    return set(await db.scalars(select(RolePermission.key).where(RolePermission.role_id == role_id)))


async def dealer_api(make_user, signed_in):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    return dealer, await signed_in(dealer, password)


async def test_a_dealer_creates_edits_and_deletes_its_role(make_user, signed_in, db):
    dealer, api = await dealer_api(make_user, signed_in)
    name = unique_account("Supervisor")
    created = await api.call("/user/role/insert", {"name": name, "keys": "index,device/index", "description": "d"})
    assert created.code == 0, created.body
    role = created.data
    assert role["userId"] == dealer.id and role["keys"] == ["device/index", "index"] and role["editable"]
    assert role["preset"] is False and role["assignable"] is True and role["id"] >= 100
    updated = await api.call("/user/role/update", {"id": role["id"], "name": name + "x", "keys": ["index"]})
    assert updated.code == 0 and updated.data["keys"] == ["index"] and updated.data["name"] == name + "x"
    deleted = await api.call("/user/role/delete", {"id": role["id"]})
    assert deleted.code == 0 and deleted.data == {"id": role["id"], "holders": 0}
    assert await db.get(Role, role["id"], populate_existing=True) is None


async def test_nobody_grants_a_key_they_do_not_hold(make_user, signed_in, db):
    _, api = await dealer_api(make_user, signed_in)
    before = await role_rows(db)
    answer = await api.call("/user/role/insert", {"name": "Versions", "keys": ["index", "version/app"]})
    assert answer.code == Code.NO_PERMISSION and answer.field == "keys"
    assert answer.message == "你没有所需的权限：version/app"
    assert await role_rows(db) == before
    role = (await api.call("/user/role/insert", {"name": unique_account("r"), "keys": ["index"]})).data
    widened = await api.call("/user/role/update", {"id": role["id"], "keys": ["index", "version/soft/publish"]})
    assert widened.code == Code.NO_PERMISSION and widened.field == "keys" and "version/soft/publish" in widened.message
    assert await keys_of(db, role["id"]) == {"index"}


async def test_role_fields_are_checked(make_user, signed_in, db):
    _, api = await dealer_api(make_user, signed_in)
    before = await role_rows(db)
    unknown = await api.call("/user/role/insert", {"name": "X", "keys": ["index", "no/such/key"]})
    assert unknown.code == Code.BAD_PARAMETER and unknown.field == "keys"
    assert unknown.message == "未知的权限：no/such/key"
    empty = await api.call("/user/role/insert", {"name": "X", "keys": []})
    assert empty.code == Code.BAD_PARAMETER and empty.field == "keys"
    nameless = await api.call("/user/role/insert", {"name": " ", "keys": ["index"]})
    assert nameless.code == Code.BAD_PARAMETER and nameless.field == "name"
    name = unique_account("Twice")
    assert (await api.call("/user/role/insert", {"name": name, "keys": ["index"]})).code == 0
    twice = await api.call("/user/role/insert", {"name": name.upper(), "keys": ["index"]})
    assert twice.code == Code.ALREADY_EXISTS and twice.field == "name"
    assert twice.message == f"名称 {name.upper()} 已被使用"
    assert await role_rows(db) == before + 1


async def test_presets_are_read_only(admin, db):
    for call, body in (("/user/role/update", {"id": ROLE_USER, "name": "Renamed"}),
                       ("/user/role/update", {"id": ROLE_DEALER, "keys": ["index"]}),
                       ("/user/role/delete", {"id": ROLE_ADMIN})):
        answer = await admin.call(call, body)
        assert answer.code == Code.CONFLICT and answer.field == "id"
        assert answer.message == f"角色 {body['id']} 是预设角色，不能修改"
    assert await keys_of(db, ROLE_DEALER) == PRESET_ROLES[ROLE_DEALER][1]
    assert (await db.get(Role, ROLE_USER, populate_existing=True)).name == "ordinary user"


async def test_visibility_follows_the_tree(make_user, signed_in):
    dealer, api = await dealer_api(make_user, signed_in)
    other, other_api = await dealer_api(make_user, signed_in)
    user, user_password = await make_user(3, parent=dealer, roles=[ROLE_DEALER])
    mine = (await api.call("/user/role/insert", {"name": unique_account("own"), "keys": ["index"]})).data
    theirs = (await other_api.call("/user/role/insert", {"name": unique_account("own"), "keys": ["index"]})).data
    listed = await api.call("/user/role/list", {})
    ids = [role["id"] for role in listed.data]
    assert mine["id"] in ids and theirs["id"] not in ids and set(PRESET_ROLES) <= set(ids)
    preset = next(role for role in listed.data if role["id"] == ROLE_ADMIN)
    assert preset["preset"] and not preset["editable"] and not preset["assignable"]
    user_api = await signed_in(user, user_password)
    seen_below = await user_api.call("/user/role/list", {})
    inherited = next(role for role in seen_below.data if role["id"] == mine["id"])
    assert inherited["editable"] is False  # its dealer's role: visible, not editable
    touch = await other_api.call("/user/role/update", {"id": mine["id"], "name": "Taken over"})
    assert touch.code == Code.NOT_FOUND
    assert (await other_api.call("/user/role/delete", {"id": mine["id"]})).code == Code.NOT_FOUND
    assert (await user_api.call("/user/role/delete", {"id": mine["id"]})).code == Code.NO_PERMISSION
    other_list = await api.call("/user/role/list", {"userId": other.id})
    assert other_list.code == Code.NOT_FOUND


async def test_a_role_edit_applies_at_once_on_the_server_and_at_next_login_in_the_menu(make_user, signed_in, api):
    dealer, owner = await dealer_api(make_user, signed_in)
    role = (await owner.call("/user/role/insert", {"name": unique_account("desk"),
                                                   "keys": ["index", "user/index"]})).data
    user, password = await make_user(3, parent=dealer, roles=[role["id"]])
    session = await signed_in(user, password)
    assert (await session.call("/user/selectUserList", {})).code == 0
    assert (await owner.call("/user/role/update", {"id": role["id"], "keys": ["index"]})).code == 0
    assert (await session.call("/user/selectUserList", {})).code == Code.NO_PERMISSION
    login = await api.login(user.account, password)
    assert {bean["key"] for bean in login.data["permissionBeans"]} == {"index"}
    deleted = await owner.call("/user/role/delete", {"id": role["id"]})
    assert deleted.data["holders"] == 1
    assert (await api.login(user.account, password)).data["permissionBeans"] == []


async def test_the_permission_tree_is_grouped_like_the_menu(admin, make_user, signed_in):
    tree = await admin.call("/user/role/permissionTree", {})
    assert tree.code == 0
    groups = [node["key"] for node in tree.data]
    assert groups[:3] == ["group:home", "group:device", "group:user"]
    keys = set()

    def walk(nodes):
        for node in nodes:
            if node["kind"] != "group":
                keys.add(node["key"])
            walk(node["children"])

    walk(tree.data)
    assert keys == ALL_KEYS
    user_group = next(node for node in tree.data if node["key"] == "group:user")
    users_page = next(node for node in user_group["children"] if node["key"] == "user/index")
    assert "user/index/add" in [button["key"] for button in users_page["children"]]
    _, api = await dealer_api(make_user, signed_in)
    dealer_tree = await api.call("/user/role/permissionTree", {})
    version = next(node for node in dealer_tree.data if node["key"] == "group:version")
    assert version["grantable"] is False and all(not page["grantable"] for page in version["children"])
