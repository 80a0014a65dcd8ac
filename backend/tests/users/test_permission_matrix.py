"""Every /api/user/ call (users, shadow users, roles, role groups) refused for the wrong callers.

Each call is tried as a dealer of another branch, as a lower level, as a shadow user without the key
and signed out: each is refused and changes nothing. A call added under /api/user/ without an entry
here fails ``test_every_user_call_is_in_the_matrix``.
"""

from tests.permission_matrix import (
    CASES,
    MATRIX,
    Entry,
    build_world,
    close_world,
    fresh_name,
    png_bytes,
    refusals,
    register,
    rightful,
    routes_under,
    upload,
)
from tests.users.test_pad_images import image, upload_pad

PREFIX = "/api/user/"
PAD = {"aboutUs": "Harbour Cleaning", "themeColor": "#017465",
       "images": {"loginBackground": "/a.png", "bootAnimation": "/b.png", "loginLogo": "/c.png",
                  "mainLogo": "/d.png", "homeTiles": "/e.png"}}
OWN_ONLY = "touches only the caller's own catalogue view; there is no other branch's record in it"

register(
    Entry("/api/user/insertUser", lambda w: {"account": fresh_name("new"), "name": "New", "password": "Secret123",
                                             "parentId": w.id("user")}),
    Entry("/api/user/updateUserPermission", lambda w: {"userId": w.id("user"), "roleIds": [w.ids["role"]]}),
    Entry("/api/user/deleteUserInfo", lambda w: {"userId": w.id("user"), "moveToUserId": w.id("spare")},
          last=9),
    Entry("/api/user/updateUserInfo", lambda w: {"userId": w.id("user"), "name": "Changed", "phone": "13900000000"}),
    Entry("/api/user/uploadHeadPicture", send=lambda api, w: upload(api, png_bytes(), user_id=w.id("user"))),
    Entry("/api/user/updateHeadPicture", lambda w: {"userId": w.id("user"), "url": w.ids["avatarUrl"]}),
    Entry("/api/user/updatePadConfig", lambda w: {"userId": w.id("dealer"), **PAD}),
    Entry("/api/user/uploadPadImage", send=lambda api, w: upload_pad(api, "mainLogo", image(600, 270),
                                                                     user_id=w.id("dealer"))),
    Entry("/api/user/updateInitialPassword", lambda w: {"userId": w.id("user"), "password": "Reset12345"},
          last=2),
    Entry("/api/user/selectUserList", lambda w: {"userId": w.id("user"), "keyword": ""}),
    Entry("/api/user/updatePassword", lambda w: {"userId": w.id("user"), "password": w.passwords["user"],
                                                 "newPassword": "Another123"}, rightful="user", last=1),
    Entry("/api/user/testMail", lambda w: {"userId": w.id("user")}),
    Entry("/api/user/selectUserInfo", lambda w: {"userId": w.id("user"), "showChild": True}),
    Entry("/api/user/cleanToken", lambda w: {"userId": w.id("user")}, last=3),
    Entry("/api/user/cleanCache", lambda w: {"userId": w.id("user")}),
    Entry("/api/user/shadow/list", lambda w: {"userId": w.id("dealer")}),
    Entry("/api/user/shadow/insert", lambda w: {"account": fresh_name("shade"), "name": "Shade",
                                                "password": "Secret123", "roleIds": [w.ids["role"]]}),
    Entry("/api/user/shadow/update", lambda w: {"userId": w.id("shadowTarget"), "name": "Renamed"}),
    Entry("/api/user/shadow/delete", lambda w: {"userId": w.id("shadowTarget")}, last=4),
    Entry("/api/user/role/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/user/role/insert", lambda w: {"name": fresh_name("r"), "keys": ["version/app", "index"]}),
    Entry("/api/user/role/update", lambda w: {"id": w.ids["role"], "name": fresh_name("renamed"),
                                              "keys": ["index", "user/role"]}),
    Entry("/api/user/role/delete", lambda w: {"id": w.ids["role"]}, last=6),
    Entry("/api/user/role/permissionTree", not_applicable={"other_branch": OWN_ONLY}),
    Entry("/api/user/role/group/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/user/role/group/insert", lambda w: {"name": fresh_name("g"), "roleIds": [w.ids["role"]]}),
    Entry("/api/user/role/group/update", lambda w: {"id": w.ids["group"], "name": fresh_name("g2")}),
    Entry("/api/user/role/group/delete", lambda w: {"id": w.ids["group"]}, last=5),
    Entry("/api/user/role_group", lambda w: {"userId": w.id("user")}),
)


async def test_every_user_call_is_in_the_matrix(app):
    missing = routes_under(app, PREFIX) - set(MATRIX)
    assert not missing, f"add these calls to the permission matrix: {sorted(missing)}"


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    """One world for the four kinds of wrong caller: a refusal changes nothing, so they can share it."""
    world = await build_world(app, admin, make_user, signed_in)
    failures = await refusals(app, world, CASES, PREFIX)
    await close_world(world)
    assert not failures, "\n".join(failures)


async def test_every_matrix_body_works_for_the_rightful_caller(app, admin, make_user, signed_in, smtp_inbox):
    """Guards the matrix itself: a refusal above is about the caller, not a broken body."""
    world = await build_world(app, admin, make_user, signed_in)
    failures = await rightful(world, PREFIX)
    await close_world(world)
    assert not failures, "\n".join(failures)
