"""Deleting a user: refused while it has children or records, or they move; never orphans."""

from sqlalchemy import func, select

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import ROLE_DEALER
from cleanfleet.roles.models import Role
from cleanfleet.users import removal as users_removal
from cleanfleet.users.models import User


async def reread(db, user_id: int) -> User | None:
    return await db.get(User, user_id, populate_existing=True)


async def orphans(db) -> int:
    parent = User.__table__.alias("parent")
    query = select(func.count()).select_from(User).where(
        User.parent_id.is_not(None), ~select(parent.c.id).where(parent.c.id == User.parent_id).exists())
    return await db.scalar(query)


async def test_a_user_without_children_is_deleted_and_signed_out(admin, signed_in, make_user, db):
    user, password = await make_user(3)
    shadow, shadow_password = await make_user(3, shadow_of=user)
    victim = await signed_in(user, password)
    shadow_api = await signed_in(shadow, shadow_password)
    answer = await admin.call("/user/deleteUserInfo", {"userId": user.id})
    assert answer.code == 0 and answer.data == {"userId": user.id, "movedTo": None, "moved": {}, "deletedShadows": 1}
    assert await reread(db, user.id) is None and await reread(db, shadow.id) is None
    assert (await victim.call("/getLanguage")).code == Code.SESSION_INVALID
    assert (await shadow_api.call("/getLanguage")).code == Code.SESSION_INVALID


async def test_a_user_with_children_is_refused_with_a_clear_message(admin, make_user, db):
    dealer, _ = await make_user(2)
    child, _ = await make_user(3, parent=dealer)
    answer = await admin.call("/user/deleteUserInfo", {"userId": dealer.id})
    assert answer.code == Code.CONFLICT and answer.field == "moveToUserId"
    assert answer.message == "该用户仍有 1 个下级用户，请先选择接收它们的用户"
    assert answer.data["users"] == 1
    assert await reread(db, dealer.id) is not None and (await reread(db, child.id)).parent_id == dealer.id


async def test_children_move_to_another_user_of_the_same_level(admin, make_user, db):
    dealer, _ = await make_user(2, roles=[ROLE_DEALER])
    other, _ = await make_user(2)
    user, _ = await make_user(3, parent=dealer)
    sub, _ = await make_user(4, parent=user)
    sub_shadow, _ = await make_user(4, shadow_of=sub)
    role = Role(name="Dealer role", user_id=dealer.id, is_preset=False)
    db.add(role)
    await db.commit()
    answer = await admin.call("/user/deleteUserInfo", {"userId": dealer.id, "moveToUserId": other.id})
    assert answer.code == 0, answer.body
    assert answer.data["movedTo"] == other.id and answer.data["moved"]["users"] == 1
    assert await reread(db, dealer.id) is None
    moved_user, moved_sub, moved_shadow = [await reread(db, u.id) for u in (user, sub, sub_shadow)]
    assert moved_user.parent_id == other.id and moved_user.path == f"{other.path}{user.id}/"
    assert moved_sub.path == f"{other.path}{user.id}/{sub.id}/"
    assert moved_shadow.path == f"{other.path}{user.id}/{sub.id}/{sub_shadow.id}/"
    assert (await db.get(Role, role.id, populate_existing=True)).user_id == other.id
    assert await orphans(db) == 0


async def test_the_move_target_must_fit(admin, signed_in, make_user, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    user, _ = await make_user(3, parent=dealer)
    sub, _ = await make_user(4, parent=user)
    spare_sub, _ = await make_user(4, parent=user)
    other_user, _ = await make_user(3, parent=dealer)
    stranger, _ = await make_user(3)
    api = await signed_in(dealer, password)
    other_sub, _ = await make_user(4, parent=other_user)
    wrong_level = await api.call("/user/deleteUserInfo", {"userId": user.id, "moveToUserId": other_sub.id})
    assert wrong_level.code == Code.BAD_PARAMETER and wrong_level.field == "moveToUserId"
    assert wrong_level.message == "接收用户必须与被删除用户同为 3 级账号"
    below = await api.call("/user/deleteUserInfo", {"userId": user.id, "moveToUserId": spare_sub.id})
    assert below.code == Code.BAD_PARAMETER and below.message == "接收用户必须是被删除用户之外的另一个账号"
    inside = await admin.call("/user/deleteUserInfo", {"userId": dealer.id, "moveToUserId": other_user.id})
    assert inside.code == Code.BAD_PARAMETER and inside.field == "moveToUserId"
    outside = await api.call("/user/deleteUserInfo", {"userId": user.id, "moveToUserId": stranger.id})
    assert outside.code == Code.NOT_FOUND and outside.field == "moveToUserId"  # core/scope.py's refusal
    assert (await reread(db, sub.id)).parent_id == user.id
    assert (await api.call("/user/deleteUserInfo", {"userId": user.id, "moveToUserId": other_user.id})).code == 0
    assert (await reread(db, sub.id)).parent_id == other_user.id


async def test_nobody_deletes_itself_or_outside_its_subtree(signed_in, make_user, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    stranger, _ = await make_user(3)
    api = await signed_in(dealer, password)
    assert (await api.call("/user/deleteUserInfo", {"userId": dealer.id})).code == Code.NO_PERMISSION
    assert (await api.call("/user/deleteUserInfo", {"userId": stranger.id})).code == Code.NOT_FOUND
    assert await reread(db, stranger.id) is not None


async def test_registered_records_block_the_delete_or_move_with_the_children(admin, make_user, db):
    moved_to: list[tuple[int, int]] = []
    holdings = {}

    async def count(session, user_id):
        return holdings.get(user_id, 0)

    async def move(session, from_user_id, to_user):
        moved_to.append((from_user_id, to_user.id))
        holdings[to_user.id] = holdings.get(to_user.id, 0) + holdings.pop(from_user_id, 0)
        return holdings[to_user.id]

    users_removal.register_owned_records("robots", count, move)
    try:
        user, _ = await make_user(3)
        target, _ = await make_user(3)
        holdings[user.id] = 2
        refused = await admin.call("/user/deleteUserInfo", {"userId": user.id})
        assert refused.code == Code.CONFLICT and "2 robots" in refused.message  # a name without a text of its own
        done = await admin.call("/user/deleteUserInfo", {"userId": user.id, "moveToUserId": target.id})
        assert done.code == 0 and done.data["moved"]["robots"] == 2 and done.data["moved"]["users"] == 0
        assert moved_to == [(user.id, target.id)]
    finally:
        users_removal._owned.pop("robots", None)
