"""Every sign-in, refused sign-in, throttle refusal, sign-out and session end is recorded (kind, who, when, from
where), the refusals too although their calls fail; a sign-in from a new browser is told once, in the message
centre and by e-mail through the outbox, in the person's language."""

from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.core.outbox_sender import run_round
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from cleanfleet.sessions.models import SignInEvent
from tests.conftest import unique_account
from tests.sessions.conftest import CHROME, FIREFOX, IPHONE, browser_id
from tests.users.conftest import mail_text


async def events_of(db, **where):
    query = select(SignInEvent).order_by(SignInEvent.id)
    for column, value in where.items():
        query = query.where(getattr(SignInEvent, column) == value)
    rows = list(await db.scalars(query))
    await db.commit()
    return rows


async def test_sign_in_failure_lock_sign_out_and_end_are_recorded(make_user, browser, app, db, monkeypatch):
    monkeypatch.setattr(app.state.settings, "login_max_failures", 2)
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    user, password = await make_user(3, parent=dealer, roles=[ROLE_USER])
    api = await browser(user, password, FIREFOX, browser_id())
    [signed] = await events_of(db, user_id=user.id, kind="sign_in")
    assert signed.method == "password" and signed.address.startswith("10.") and "Firefox" in signed.user_agent
    await browser(user, "wrong-one", expect=Code.WRONG_CREDENTIALS)
    [failed] = await events_of(db, user_id=user.id, kind="sign_in_failed")
    assert failed.account == user.account and failed.method == "password"
    nobody = unique_account("ghost")
    ghost = type("Ghost", (), {"account": nobody})()
    await browser(ghost, "whatever", expect=Code.WRONG_CREDENTIALS)
    [unknown] = await events_of(db, account=nobody)
    assert unknown.kind == "sign_in_failed" and unknown.user_id is None
    await browser(user, "wrong-two", expect=Code.WRONG_CREDENTIALS)
    await browser(user, password, expect=Code.LOGIN_LOCKED)
    [locked] = await events_of(db, user_id=user.id, kind="sign_in_locked")
    assert locked.account == user.account
    assert (await api.call("/logout", {})).code == 0
    [out] = await events_of(db, user_id=user.id, kind="sign_out")
    assert out.address == signed.address
    parent = await browser(dealer, dealer_pw)
    child = await make_user(3, parent=dealer, roles=[ROLE_USER])
    await browser(child[0], child[1], IPHONE)
    [session] = (await parent.call("/session/list", {"userId": child[0].id})).data["sessions"]
    assert (await parent.call("/session/end", {"id": session["id"]})).code == 0
    [ended] = await events_of(db, user_id=child[0].id, kind="session_ended")
    assert ended.by_user_id == dealer.id and ended.detail == {"session": session["id"]}
    assert all("password" not in (event.detail or {}) for event in await events_of(db, user_id=user.id))


async def test_a_new_browser_is_told_once_by_message_and_mail(make_user, browser, app, db, smtp_inbox):
    user, password = await make_user(3, roles=[ROLE_USER], email="night.shift@example.com")
    from cleanfleet.users.models import User

    await db.execute(User.__table__.update().where(User.id == user.id).values(language="de"))
    await db.commit()
    home = browser_id()
    first = await browser(user, password, CHROME, home)  # the very first browser: nothing to tell
    await run_round(app.state.db, app.state.settings, ("sign_in",))
    assert smtp_inbox.mails == []
    assert (await first.call("/message/findAllMessage", {})).data["list"] == []
    await browser(user, password, CHROME, home)  # the same browser again: known
    await run_round(app.state.db, app.state.settings, ("sign_in",))
    assert smtp_inbox.mails == []
    await browser(user, password, FIREFOX, browser_id())  # a new one
    await run_round(app.state.db, app.state.settings, ("sign_in",))
    [(to, mail)] = smtp_inbox.mails
    assert to == ["night.shift@example.com"]
    assert "Browser" in mail["Subject"]  # German
    text = mail_text(mail)
    assert "Firefox 133 · Ubuntu" in text and "10." in text and user.account in text
    assert "/user/sessions" in text and "Sitzungen und Token" in text
    messages = (await first.call("/message/findAllMessage", {}, headers={"language": "en"})).data["list"]
    [message] = messages
    assert message["kind"] == "sign_in" and message["link"] == "/user/sessions"
    assert "Firefox 133" in message["content"] and "another browser" in message["title"]
    again = await browser(user, password, FIREFOX, browser_id())  # a second new browser: told again
    await run_round(app.state.db, app.state.settings, ("sign_in",))
    assert len(smtp_inbox.mails) == 2
    await again.call("/logout", {})
    await browser(user, password, CHROME, home)
    await run_round(app.state.db, app.state.settings, ("sign_in",))
    assert len(smtp_inbox.mails) == 2
