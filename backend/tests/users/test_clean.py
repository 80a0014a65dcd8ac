"""Clear token and clear data from the user menu (keys index/clear_token and index/clear_data)."""

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import ROLE_MANUFACTURING, ROLE_USER


async def test_clean_token_signs_the_user_out_everywhere(signed_in, make_user):
    user, password = await make_user(3, roles=[ROLE_USER])
    first = await signed_in(user, password)
    second = await signed_in(user, password)
    answer = await first.call("/user/cleanToken")
    assert answer.code == 0 and answer.data["revoked"] == 2
    assert (await first.call("/getLanguage")).code == Code.SESSION_INVALID
    assert (await second.call("/getLanguage")).code == Code.SESSION_INVALID


async def test_clean_token_needs_its_key(signed_in, make_user):
    from cleanfleet.roles.service import assign_roles

    user, password = await make_user(3, roles=[ROLE_MANUFACTURING])
    api = await signed_in(user, password)
    # manufacturing holds index/clear_token; take every role away and the refusal is immediate
    async with api.client._transport.app.state.db.sessions() as db:  # type: ignore[attr-defined]
        await assign_roles(db, user.id, [])
        await db.commit()
    await api.client._transport.app.state.bus.publish("auth.roles_changed", {})  # type: ignore[attr-defined]
    answer = await api.call("/user/cleanToken")
    assert answer.code == Code.NO_PERMISSION and answer.message == "你没有所需的权限：index/clear_token"
    assert (await api.call("/getLanguage")).code == 0  # nothing was revoked


async def test_clean_token_for_a_user_outside_the_subtree_is_refused(signed_in, make_user):
    dealer, password = await make_user(2, roles=[16])
    stranger, stranger_password = await make_user(3)
    api = await signed_in(dealer, password)
    victim = await signed_in(stranger, stranger_password)
    answer = await api.call("/user/cleanToken", {"userId": stranger.id})
    assert answer.code == Code.NOT_FOUND
    assert (await victim.call("/getLanguage")).code == 0


async def test_admin_cleans_a_child_users_tokens(admin, signed_in, make_user):
    user, password = await make_user(3)
    victim = await signed_in(user, password)
    assert (await admin.call("/user/cleanToken", {"userId": user.id})).code == 0
    assert (await victim.call("/getLanguage")).code == Code.SESSION_INVALID


async def test_clean_cache_answers_what_it_removed(admin):
    answer = await admin.call("/user/cleanCache")
    assert answer.code == 0
    assert "tokens" in answer.data["removed"]


async def test_a_shadow_user_cannot_clean_its_owners_tokens(signed_in, make_user):
    from cleanfleet.roles.catalogue import ROLE_DEALER

    owner, owner_password = await make_user(2, roles=[ROLE_DEALER])
    shadow, shadow_password = await make_user(2, parent=owner, roles=[ROLE_DEALER], shadow_of=owner)
    owner_api = await signed_in(owner, owner_password)
    shadow_api = await signed_in(shadow, shadow_password)
    answer = await shadow_api.call("/user/cleanToken", {"userId": owner.id})
    assert answer.code == Code.NO_PERMISSION
    assert (await owner_api.call("/getLanguage")).code == 0
    assert (await shadow_api.call("/user/cleanToken", {})).code == 0
    assert (await shadow_api.call("/getLanguage")).code == Code.SESSION_INVALID
    assert (await owner_api.call("/getLanguage")).code == 0
