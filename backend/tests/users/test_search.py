"""The users page: the search over the caller's subtree, and the lazy tree of selectUserInfo."""

import pytest
from sqlalchemy import update

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from cleanfleet.users.models import User


@pytest.fixture
def named(make_user, db):  # noqa: ANN201
    """make_user with a display name."""

    async def make(level: int, name: str, **kwargs):
        user, password = await make_user(level, **kwargs)
        await db.execute(update(User).where(User.id == user.id).values(name=name))
        await db.commit()
        user.name = name
        return user, password

    return make


async def branch(named, name: str = "Branch"):
    dealer, password = await named(2, f"{name} dealer", roles=[ROLE_DEALER])
    user, _ = await named(3, f"{name} hospital", parent=dealer)
    sub, _ = await named(4, f"{name} night shift", parent=user)
    return dealer, password, user, sub


async def test_a_dealer_sees_its_subtree_and_not_another_dealers(signed_in, make_user, named):
    dealer, password, user, sub = await branch(named, "Harbour")
    _, _, stranger, _ = await branch(named, "Northwind")
    api = await signed_in(dealer, password)
    answer = await api.call("/user/selectUserList", {"pageSize": 30, "currentPage": 1})
    assert answer.code == 0
    ids = [row["userId"] for row in answer.data["list"]]
    assert ids == [user.id, sub.id] and answer.data["total"] == 2
    assert stranger.id not in ids and dealer.id not in ids  # a dealer's search offers levels 3 and 4
    row = answer.data["list"][0]
    assert row["hasChildren"] is True and row["parentId"] == dealer.id and row["role"] == f"[{ROLE_USER}]"
    outside = await api.call("/user/selectUserList", {"userId": stranger.id})
    assert outside.code == Code.NOT_FOUND and outside.field == "userId"  # core/scope.py's refusal


async def test_level_filter_offers_the_levels_of_the_callers_level(admin, signed_in, make_user, named):
    dealer, password, user, sub = await branch(named)
    api = await signed_in(dealer, password)
    only_subs = await api.call("/user/selectUserList", {"levelDepth": 4})
    assert [row["userId"] for row in only_subs.data["list"]] == [sub.id]
    refused = await api.call("/user/selectUserList", {"levelDepth": 2})
    assert refused.code == Code.BAD_PARAMETER and refused.field == "levelDepth"
    assert refused.message == "级别只能是：3, 4"
    dealers = await admin.call("/user/selectUserList", {"levelDepth": 2, "keyword": dealer.name, "pageSize": 1000000})
    assert dealer.id in [row["userId"] for row in dealers.data["list"]]
    assert (await admin.call("/user/selectUserList", {"levelDepth": 5})).code == Code.BAD_PARAMETER


async def test_a_sub_user_has_no_levels_to_search(signed_in, make_user, named):
    _, _, user, _ = await branch(named)
    sub, password = await make_user(4, parent=user, roles=[ROLE_USER])
    api = await signed_in(sub, password)
    assert (await api.call("/user/selectUserList", {})).data["total"] == 0
    refused = await api.call("/user/selectUserList", {"levelDepth": 4})
    assert refused.code == Code.BAD_PARAMETER and refused.field == "levelDepth"
    assert refused.message == "你的账号不能按级别查找用户"


async def test_keyword_matches_account_or_name_and_pages(signed_in, make_user, named):
    dealer, password, user, _ = await branch(named, "Quay")
    for _ in range(3):
        await named(3, "Airport terminal", parent=dealer)
    api = await signed_in(dealer, password)
    by_name = await api.call("/user/selectUserList", {"keyword": "airport", "pageSize": 2, "currentPage": 2})
    assert by_name.data["total"] == 3 and len(by_name.data["list"]) == 1 and by_name.data["pageNum"] == 2
    by_account = await api.call("/user/selectUserList", {"keyword": user.account})
    assert [row["userId"] for row in by_account.data["list"]] == [user.id]
    past_the_end = await api.call("/user/selectUserList", {"keyword": "airport", "pageSize": 2, "currentPage": 9})
    assert past_the_end.data["list"] == [] and past_the_end.data["total"] == 3
    everything = await api.call("/user/selectUserList", {"keyword": "airport", "pageSize": 1000000})
    assert len(everything.data["list"]) == 3 and everything.data["total"] == 3
    wildcard = await api.call("/user/selectUserList", {"keyword": "%"})
    assert wildcard.data["total"] == 0


async def test_select_user_info_loads_the_tree_one_level_at_a_time(signed_in, make_user, named):
    dealer, password, user, sub = await branch(named)
    shadow, _ = await make_user(2, shadow_of=dealer)
    api = await signed_in(dealer, password)
    top = await api.call("/user/selectUserInfo", {"showChild": 1, "pageSize": 10})
    assert top.code == 0
    assert top.data["user"]["userId"] == dealer.id and top.data["user"]["hasChildren"] is True
    children = top.data["childs"]["list"]
    assert [c["userId"] for c in children] == [user.id]  # the shadow user is not a child user
    assert shadow.id not in [c["userId"] for c in children]
    assert children[0]["hasChildren"] is True
    below = await api.call("/user/selectUserInfo", {"userId": user.id, "showChild": "true"})
    assert [c["userId"] for c in below.data["childs"]["list"]] == [sub.id]
    assert below.data["childs"]["list"][0]["hasChildren"] is False
    plain = await api.call("/user/selectUserInfo", {"userId": sub.id})
    assert plain.data["childs"] is None and plain.data["user"]["levelDepth"] == 4


async def test_select_user_info_outside_the_subtree_is_refused(signed_in, make_user, named):
    dealer, password, _, _ = await branch(named)
    _, _, stranger, _ = await branch(named)
    api = await signed_in(dealer, password)
    answer = await api.call("/user/selectUserInfo", {"userId": stranger.id, "showChild": True})
    assert answer.code == Code.NOT_FOUND and answer.data is None


async def test_every_user_reads_its_own_info_without_a_key(signed_in, make_user, named):
    user, password = await make_user(3, roles=[])
    api = await signed_in(user, password)
    answer = await api.call("/user/selectUserInfo", {})
    assert answer.code == 0 and answer.data["user"]["account"] == user.account
    assert answer.data["user"]["roleIds"] == [] and answer.data["user"]["role"] == "[]"
