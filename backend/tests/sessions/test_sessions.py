"""A person's sessions and API tokens (issue 50 item 8): listed in one answer with how, where and in what browser
each began, the call's own marked; one ended, or all others, refused at once; a parent sees and ends a child's,
another branch and an API token are refused; last use moves at most once a minute."""

from datetime import timedelta

from sqlalchemy import select

from cleanfleet.auth.models import Token
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from cleanfleet.sessions import service
from tests.apitokens.conftest import TokenClient, days_ahead
from tests.conftest import new_client
from tests.sessions.conftest import CHROME, FIREFOX, IPHONE, browser_id


async def test_the_list_shows_how_where_and_in_what_browser_each_session_began(make_user, browser):
    user, password = await make_user(3, roles=[ROLE_USER])
    desk = await browser(user, password, CHROME, browser_id())
    phone = await browser(user, password, IPHONE, browser_id())
    listed = await desk.call("/session/list", {})
    assert listed.code == 0, listed.body
    data = listed.data
    assert data["userId"] == user.id and data["own"] is True and data["tokens"] == []
    by_browser = {s["browser"]: s for s in data["sessions"]}
    assert set(by_browser) == {"Chrome 131", "Mobile Safari 17"}
    chrome, safari = by_browser["Chrome 131"], by_browser["Mobile Safari 17"]
    assert chrome["current"] is True and safari["current"] is False
    assert chrome["system"] == "Windows 10" and safari["system"] == "iOS 17" and safari["device"] == "iPhone"
    assert chrome["method"] == safari["method"] == "password"
    assert chrome["address"].startswith("10.") and chrome["address"] != safari["address"]
    assert chrome["lastUsedAt"] is not None  # this very call used it
    assert safari["createdAt"] and safari["expiresAt"]
    # the phone sees the same two, its own marked
    mine = {s["browser"]: s["current"] for s in (await phone.call("/session/list", {})).data["sessions"]}
    assert mine == {"Chrome 131": False, "Mobile Safari 17": True}


async def test_an_ended_session_is_refused_at_once_and_the_other_stays(make_user, browser):
    user, password = await make_user(3, roles=[ROLE_USER])
    desk = await browser(user, password, CHROME, browser_id())
    other = await browser(user, password, FIREFOX, browser_id())
    assert (await other.call("/session/list", {})).code == 0  # its caller is cached now
    sessions = (await desk.call("/session/list", {})).data["sessions"]
    [firefox] = [s for s in sessions if s["browser"].startswith("Firefox")]
    [mine] = [s for s in sessions if s["current"]]
    ended = await desk.call("/session/end", {"id": firefox["id"]})
    assert ended.code == 0, ended.body
    assert (await other.call("/session/list", {})).code == Code.SESSION_INVALID
    assert (await desk.call("/session/list", {})).code == 0
    again = await desk.call("/session/end", {"id": firefox["id"]})
    assert again.code == Code.NOT_FOUND and again.field == "id"
    own = await desk.call("/session/end", {"id": mine["id"]}, headers={"language": "en"})
    assert own.code == Code.BAD_PARAMETER and own.field == "id" and "sign out" in own.message
    bad = await desk.call("/session/end", {"id": 0})
    assert bad.code == Code.BAD_PARAMETER and bad.field == "id"


async def test_end_all_others_keeps_only_this_session(make_user, browser):
    user, password = await make_user(3, roles=[ROLE_USER])
    keep = await browser(user, password, CHROME, browser_id())
    gone = [await browser(user, password, agent, browser_id()) for agent in (FIREFOX, IPHONE)]
    answer = await keep.call("/session/endOthers", {})
    assert answer.code == 0 and answer.data == {"ended": 2}
    for api in gone:
        assert (await api.call("/session/list", {})).code == Code.SESSION_INVALID
    listed = (await keep.call("/session/list", {})).data["sessions"]
    assert [s["current"] for s in listed] == [True]


async def test_a_parent_sees_and_ends_a_childs_sessions_and_tokens(make_user, browser, signed_in):
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    child, child_pw = await make_user(3, parent=dealer, roles=[ROLE_USER])
    parent = await browser(dealer, dealer_pw)
    kid = await browser(child, child_pw, FIREFOX, browser_id())
    made = await kid.call("/integration/token/insert", {"name": "Sync", "expiresAt": days_ahead(5),
                                                        "keys": ["elevator/index"]})
    assert made.code == 0, made.body
    listed = await parent.call("/session/list", {"userId": child.id})
    assert listed.code == 0, listed.body
    assert listed.data["own"] is False and listed.data["account"] == child.account
    [session] = listed.data["sessions"]
    assert session["browser"] == "Firefox 133" and session["current"] is False
    [token] = listed.data["tokens"]
    assert token["name"] == "Sync" and "token" not in token
    assert (await parent.call("/session/end", {"id": session["id"]})).code == 0
    assert (await kid.call("/session/list", {})).code == Code.SESSION_INVALID
    bot = TokenClient(new_client(parent.client._transport.app), made.data["token"])  # type: ignore[attr-defined]
    assert (await bot.call("/elevator/list", {})).code == 0
    assert (await parent.call("/session/revokeToken", {"id": token["id"]})).code == 0
    assert (await bot.call("/elevator/list", {})).code == Code.SESSION_INVALID
    await bot.client.aclose()
    assert (await parent.call("/session/list", {"userId": child.id})).data["tokens"] == []


async def test_other_branches_children_without_the_key_and_api_tokens_are_refused(make_user, browser, app, db):
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    child, child_pw = await make_user(3, parent=dealer, roles=[ROLE_USER])
    stranger, stranger_pw = await make_user(2, roles=[ROLE_DEALER])
    outsider = await browser(stranger, stranger_pw)
    kid = await browser(child, child_pw, FIREFOX)
    parent = await browser(dealer, dealer_pw)
    foreign = await outsider.call("/session/list", {"userId": child.id}, headers={"language": "en"})
    assert foreign.code == Code.NOT_FOUND and foreign.field == "userId"
    child_session = (await kid.call("/session/list", {})).data["sessions"][0]["id"]
    refused = await outsider.call("/session/end", {"id": child_session})
    assert refused.code == Code.NOT_FOUND and refused.field == "id"
    everyone = await outsider.call("/session/endOthers", {"userId": child.id})
    assert everyone.code == Code.NOT_FOUND and everyone.field == "userId"
    assert (await kid.call("/session/list", {})).code == 0  # nothing ended
    upward = await kid.call("/session/list", {"userId": dealer.id})
    assert upward.code in (Code.NO_PERMISSION, Code.NOT_FOUND) and upward.field == "userId"
    made = await parent.call("/integration/token/insert", {"name": "Reader", "expiresAt": days_ahead(5),
                                                           "keys": ["user/index"]})
    assert made.code == 0, made.body
    bot = TokenClient(new_client(app), made.data["token"])
    for path, body in (("/session/list", {}), ("/session/list", {"userId": child.id}),
                       ("/session/endOthers", {"userId": child.id}), ("/session/end", {"id": child_session})):
        answer = await bot.call(path, body)
        assert answer.code == Code.NO_PERMISSION and answer.field == "Authorization", (path, answer.body)
    await bot.client.aclose()
    assert (await kid.call("/session/list", {})).code == 0


async def test_a_child_without_the_key_sees_only_its_own(make_user, browser):
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    parent = await browser(dealer, dealer_pw)
    role = await parent.call("/user/role/insert", {"name": "viewer-sessions", "keys": ["index", "user/index"]})
    assert role.code == 0, role.body
    manager, manager_pw = await make_user(3, parent=dealer, roles=[role.data["id"]])
    child, child_pw = await make_user(4, parent=manager, roles=[ROLE_USER])
    await browser(child, child_pw)
    api = await browser(manager, manager_pw)
    assert (await api.call("/session/list", {})).code == 0
    refused = await api.call("/session/list", {"userId": child.id})
    assert refused.code == Code.NO_PERMISSION and "user/index/sessions" in refused.message


async def test_last_use_moves_at_most_once_a_minute(make_user, browser, app, db, monkeypatch):
    user, password = await make_user(3, roles=[ROLE_USER])
    api = await browser(user, password)
    row = await db.scalar(select(Token).where(Token.user_id == user.id))
    assert row.last_used_at is None  # signing in is no use yet
    await db.commit()
    assert (await api.call("/session/list", {})).code == 0
    first = await db.scalar(select(Token.last_used_at).where(Token.id == row.id))
    assert first is not None
    await db.commit()
    for _ in range(3):
        assert (await api.call("/session/list", {})).code == 0
    assert await db.scalar(select(Token.last_used_at).where(Token.id == row.id)) == first
    await db.commit()
    gate = app.state.session_gate
    later = utcnow() + timedelta(seconds=61)
    clock = gate.clock
    monkeypatch.setattr(gate, "clock", lambda: clock() + 61)
    monkeypatch.setattr(service, "utcnow", lambda: later)
    assert (await api.call("/session/list", {})).code == 0
    assert await db.scalar(select(Token.last_used_at).where(Token.id == row.id)) == later
