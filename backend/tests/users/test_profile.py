"""Profile, password, initial password, pad customisation and role assignment of a user."""

from cleanfleet.core.codes import Code
from cleanfleet.core.passwords import verify_password
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_MANUFACTURING, ROLE_OPERATIONS, ROLE_USER
from cleanfleet.users.models import User

PAD = {"aboutUs": "Harbour Cleaning, since 1998", "themeColor": "#1677ff",
       "images": {"loginBackground": "/api/storage/a", "bootAnimation": "https://cdn.example/b.gif",
                  "loginLogo": "/c.png", "mainLogo": "/d.png", "homeTiles": "/e.png"}}


async def reread(db, user_id: int) -> User:
    return await db.get(User, user_id, populate_existing=True)


async def test_a_user_edits_its_own_profile_without_a_key(signed_in, make_user, db):
    user, password = await make_user(3, roles=[])
    api = await signed_in(user, password)
    answer = await api.call("/user/updateUserInfo", {"name": "Night desk", "phone": "13912345678",
                                                     "email": "a@b.com,c@d.org", "emailToTaskReport": 1})
    assert answer.code == 0 and answer.data["name"] == "Night desk"
    stored = await reread(db, user.id)
    assert (stored.phone, stored.email, stored.email_to_task_report) == ("13912345678", "a@b.com,c@d.org", 1)


async def test_a_profile_edit_with_a_bad_field_changes_nothing(admin, make_user, db):
    user, _ = await make_user(3)  # named "Test user"
    answer = await admin.call("/user/updateUserInfo", {"userId": user.id, "name": "After", "email": "x@y"})
    assert answer.code == Code.BAD_PARAMETER and answer.field == "email" and answer.message == "邮箱格式错误：x@y"
    assert (await reread(db, user.id)).name == "Test user"
    renamed = await admin.call("/user/updateUserInfo", {"userId": user.id, "account": "someoneelse", "name": "X"})
    assert renamed.code == Code.BAD_PARAMETER and renamed.field == "account"
    empty = await admin.call("/user/updateUserInfo", {"userId": user.id, "name": ""})
    assert empty.code == Code.BAD_PARAMETER and empty.field == "name"


async def test_editing_a_child_needs_the_edit_key(signed_in, make_user, db):
    user, password = await make_user(3, roles=[ROLE_MANUFACTURING])  # no user keys
    child, _ = await make_user(4, parent=user)
    api = await signed_in(user, password)
    answer = await api.call("/user/updateUserInfo", {"userId": child.id, "name": "Renamed"})
    assert answer.code == Code.NO_PERMISSION and answer.message == "你没有所需的权限：user/index/edit"
    assert (await reread(db, child.id)).name == "Test user"


async def test_password_change_needs_the_current_password(signed_in, make_user, db, api):
    user, password = await make_user(3)
    first = await signed_in(user, password)
    second = await signed_in(user, password)
    wrong = await first.call("/user/updatePassword", {"userId": user.id, "account": user.account,
                                                      "password": "not-it", "newPassword": "Better1234"})
    assert wrong.code == Code.WRONG_CREDENTIALS and wrong.field == "password"
    assert wrong.message == "当前密码不正确"  # one sentence: no English detail after a translated title
    weak = await first.call("/user/updatePassword", {"password": password, "newPassword": "abc"})
    assert weak.code == Code.BAD_PARAMETER and weak.field == "newPassword"
    missing = await first.call("/user/updatePassword", {"newPassword": "Better1234"})
    assert missing.code == Code.BAD_PARAMETER and missing.field == "password"
    assert verify_password((await reread(db, user.id)).password_hash, password)
    done = await first.call("/user/updatePassword", {"userId": user.id, "account": user.account,
                                                     "password": password, "newPassword": "Better1234"})
    assert done.code == 0 and done.data["signedOutSessions"] == 1
    assert (await first.call("/getLanguage")).code == 0
    assert (await second.call("/getLanguage")).code == Code.SESSION_INVALID
    assert (await api.login(user.account, "Better1234")).code == 0


async def test_nobody_changes_another_users_password_here(admin, make_user):
    user, password = await make_user(3)
    answer = await admin.call("/user/updatePassword", {"userId": user.id, "password": password,
                                                       "newPassword": "Better1234"})
    assert answer.code == Code.NO_PERMISSION


async def test_initial_password_reset_signs_the_child_out(admin, signed_in, make_user, api):
    user, password = await make_user(3)
    victim = await signed_in(user, password)
    answer = await admin.call("/user/updateInitialPassword", {"userId": user.id, "password": "Start12345"})
    assert answer.code == 0 and answer.data == {"userId": user.id, "password": "Start12345"}
    assert (await victim.call("/getLanguage")).code == Code.SESSION_INVALID
    assert (await api.login(user.account, "Start12345")).code == 0
    generated = await admin.call("/user/updateInitialPassword", {"userId": user.id})
    assert generated.code == 0 and len(generated.data["password"]) == 10
    assert (await api.login(user.account, generated.data["password"])).code == 0


async def test_initial_password_only_for_child_users(signed_in, make_user):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(dealer, password)
    own = await api.call("/user/updateInitialPassword", {"userId": dealer.id, "password": "Start12345"})
    assert own.code == Code.NO_PERMISSION
    stranger, _ = await make_user(3)
    other = await api.call("/user/updateInitialPassword", {"userId": stranger.id, "password": "Start12345"})
    assert other.code == Code.NOT_FOUND


async def test_pad_customisation_of_a_dealer(signed_in, make_user, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(dealer, password)
    answer = await api.call("/user/updatePadConfig", PAD)
    assert answer.code == 0 and answer.data["themeColor"] == "#1677ff"
    info = await api.call("/user/selectUserInfo", {})
    assert info.data["padConfig"]["aboutUs"] == PAD["aboutUs"]
    default_colour = await api.call("/user/updatePadConfig", {k: v for k, v in PAD.items() if k != "themeColor"})
    assert default_colour.data["themeColor"] == "#017465"


async def test_pad_customisation_is_validated_and_only_for_dealers(signed_in, make_user, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(dealer, password)
    short = await api.call("/user/updatePadConfig", {**PAD, "aboutUs": " a "})
    assert short.code == Code.BAD_PARAMETER and short.field == "aboutUs"
    colour = await api.call("/user/updatePadConfig", {**PAD, "themeColor": "green"})
    assert colour.code == Code.BAD_PARAMETER and colour.field == "themeColor"
    images = {**PAD["images"]}
    del images["mainLogo"]
    missing = await api.call("/user/updatePadConfig", {**PAD, "images": images})
    assert missing.code == Code.BAD_PARAMETER and missing.field == "images.mainLogo"
    script = await api.call("/user/updatePadConfig", {**PAD, "images": {**PAD["images"], "loginLogo": "javascript:x"}})
    assert script.code == Code.BAD_PARAMETER and script.field == "images.loginLogo"
    assert (await reread(db, dealer.id)).pad_config is None
    user, user_password = await make_user(3, parent=dealer)
    user_api = await signed_in(user, user_password)
    refused = await user_api.call("/user/updatePadConfig", PAD)
    assert refused.code == Code.NO_PERMISSION and refused.field == "userId"


async def test_assigning_roles_and_a_role_group(signed_in, make_user, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    user, _ = await make_user(3, parent=dealer)
    api = await signed_in(dealer, password)
    role = await api.call("/user/role/insert", {"name": "Night supervisor", "keys": ["index", "device/index"]})
    group = await api.call("/user/role/group/insert", {"name": "Night team", "roleIds": [ROLE_USER]})
    answer = await api.call("/user/updateUserPermission", {"userId": user.id, "role": f"[{role.data['id']}]",
                                                           "roleGroupId": group.data["id"]})
    assert answer.code == 0, answer.body
    assert answer.data["roleIds"] == [role.data["id"]] and answer.data["roleGroupId"] == group.data["id"]
    keep_roles = await api.call("/user/updateUserPermission", {"userId": user.id, "roleGroupId": 0})
    assert keep_roles.data["roleIds"] == [role.data["id"]] and keep_roles.data["roleGroupId"] is None


async def test_nobody_assigns_a_role_with_keys_they_do_not_hold(signed_in, make_user, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    user, _ = await make_user(3, parent=dealer, roles=[ROLE_USER])
    api = await signed_in(dealer, password)
    answer = await api.call("/user/updateUserPermission", {"userId": user.id, "roleIds": [ROLE_OPERATIONS]})
    assert answer.code == Code.NO_PERMISSION and answer.field == "roleIds"
    assert answer.message.startswith(f"角色 {ROLE_OPERATIONS} 含有你没有的权限：")
    assert "device/index/hostManage" in answer.message
    own = await api.call("/user/updateUserPermission", {"userId": dealer.id, "roleIds": [ROLE_USER]})
    assert own.code == Code.NO_PERMISSION
    unknown = await api.call("/user/updateUserPermission", {"userId": user.id, "roleIds": [999999]})
    assert unknown.code == Code.NOT_FOUND and unknown.field == "roleIds" and unknown.message == "角色 999999 不存在"
    from cleanfleet.roles.service import role_ids_of_user

    assert await role_ids_of_user(db, user.id) == [ROLE_USER]


async def test_roles_the_user_already_holds_are_kept_without_a_check(admin, signed_in, make_user, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    user, _ = await make_user(3, parent=dealer, roles=[ROLE_OPERATIONS])  # given by the admin
    api = await signed_in(dealer, password)
    answer = await api.call("/user/updateUserPermission", {"userId": user.id, "roleIds": [ROLE_OPERATIONS, ROLE_USER]})
    assert answer.code == 0 and answer.data["roleIds"] == [ROLE_USER, ROLE_OPERATIONS]


async def test_a_role_change_applies_to_the_servers_checks_at_once(admin, signed_in, make_user):
    user, password = await make_user(3, roles=[ROLE_USER])
    api = await signed_in(user, password)
    assert (await api.call("/user/selectUserList", {})).code == 0
    assert (await admin.call("/user/updateUserPermission", {"userId": user.id, "roleIds": []})).code == 0
    refused = await api.call("/user/selectUserList", {})
    assert refused.code == Code.NO_PERMISSION and refused.message == "你没有所需的权限：user/index"


async def test_the_group_assign_key_alone_sets_a_group_but_not_roles(admin, signed_in, make_user, db):
    viewer = await admin.call("/user/role/insert", {"name": "Index only", "keys": ["index"]})
    assigner = await admin.call("/user/role/insert", {"name": "Group assigner",
                                                      "keys": ["index", "user/index", "user/index/role_group/assign"]})
    group = await admin.call("/user/role/group/insert", {"name": "Front desk", "roleIds": [viewer.data["id"]]})
    dealer, password = await make_user(2, roles=[assigner.data["id"]])
    user, _ = await make_user(3, parent=dealer, roles=[viewer.data["id"]])
    api = await signed_in(dealer, password)
    answer = await api.call("/user/updateUserPermission", {"userId": user.id, "roleGroupId": group.data["id"]})
    assert answer.code == 0 and answer.data["roleGroupId"] == group.data["id"], answer.body
    roles = await api.call("/user/updateUserPermission", {"userId": user.id, "roleIds": [viewer.data["id"]]})
    assert roles.code == Code.NO_PERMISSION and roles.field == "roleIds" and "user/index/assign_role" in roles.message
