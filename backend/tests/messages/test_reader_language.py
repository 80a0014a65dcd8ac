"""Issue 48 item 7: what the server wrote is read in the reader's language. A message written while its account read
German is read in Arabic and in Chinese on screens in those languages (the screen's language, not the account's
stored one); a message from before keys shows its stored text; one notice to two recipients is mailed to each in
its own language, the one its account has when the mail goes out."""

from email.header import decode_header, make_header
from typing import Any

import pytest
from sqlalchemy import select

from cleanfleet.core.db import utcnow
from cleanfleet.core.texts import render_stored, stored, text_key
from cleanfleet.messages.models import Message
from cleanfleet.messages.service import insert_messages, keyed_row, message_row, render
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from cleanfleet.sites import texts as site_texts
from cleanfleet.warn.models import EVENT_SITE_PLAN, NotificationSend
from cleanfleet.warn.notify import UserNotice, deliver_due, queue_user_notices
from tests.users.conftest import mail_text, smtp_inbox  # noqa: F401  - the SMTP fixture
from tests.warn.conftest import paused_notifier  # noqa: F401  - a test runs the notifier's rounds itself
from tests.warn.helpers import set_user

WINDOW = {"site": "HQ", "building": "A", "floor": "F1", "day": "2025-03-12", "start": "06:00", "end": "08:00",
          "planned": 1, "done": 0, "missed": 1, "short": 0}


@pytest.fixture
async def german(app, make_user, signed_in):
    """A user whose account reads German (setLanguage de), with a site plan message, an incident message and a
    message from before keys."""
    user, password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(user, password)
    assert (await api.call("/setLanguage", {"language": "de"}, headers={"language": "de"})).code == 0
    now = utcnow()
    incident = {"id": 7, "device": "R1", "serial": "SN1", "alarmKey": "replan_failed", "code": "0x0205",
                "content": "", "time": now.isoformat(), "urgency": "high", "link": "/incident/index?incidentId=7"}
    async with app.state.db.sessions() as db:
        await insert_messages(db, [
            keyed_row(user.id, None, "site_plan", site_texts.MISSED_TITLE, site_texts.WINDOW_CONTENT,
                      {**WINDOW, "item": site_texts.ANY_TASK}, now, f"lang:{user.id}:plan"),
            message_row(user.id, None, "incident", incident, f"lang:{user.id}:incident", now),
            {"user_id": user.id, "device_id": None, "kind": "site_plan", "title": "Alte Nachricht",
             "content": "Vor den Schlüsseln geschrieben", "read": False, "deleted": False, "created_at": now,
             "dedup_key": f"lang:{user.id}:old"}])
        await db.commit()
    return {"api": api, "user": user, "incident": incident}


async def _read(api: Any, language: str) -> dict[str, dict[str, Any]]:
    answer = await api.call("/message/findAllMessage", {}, headers={"language": language})
    assert answer.code == 0, answer.body
    return {m["kind"] + ("-old" if m["title"] == "Alte Nachricht" else ""): m for m in answer.data["list"]}


@pytest.mark.parametrize("language", ["ar", "zh-CN"])
async def test_a_message_written_while_the_account_read_german_reads_in_the_screens_language(german, language):
    shown = await _read(german["api"], language)
    item = site_texts.ANY_TASK.render(language)
    assert shown["site_plan"]["title"] == site_texts.MISSED_TITLE.render(language, {"site": "HQ", "item": item})
    assert shown["site_plan"]["content"] == site_texts.WINDOW_CONTENT.render(language, {**WINDOW, "item": item})
    title, _ = render("incident", german["incident"], language)
    assert shown["incident"]["title"] == title
    assert shown["incident"]["title"] != render("incident", german["incident"], "de")[0]
    # written before keys: its stored text, as it was
    assert (shown["site_plan-old"]["title"], shown["site_plan-old"]["content"]) == (
        "Alte Nachricht", "Vor den Schlüsseln geschrieben")


async def test_the_german_screen_still_reads_german_and_the_row_keeps_no_language(app, german):
    shown = await _read(german["api"], "de")
    assert shown["site_plan"]["title"] == "HQ: Die Reinigung von beliebige Aufgabe ist ausgefallen"
    assert "1 Lauf geplant" in shown["site_plan"]["content"]  # a count in its plural form
    async with app.state.db.sessions() as db:
        row = await db.scalar(select(Message).where(Message.dedup_key == f"lang:{german['user'].id}:plan"))
    assert (row.text_key, row.content_key) == ("sites.MISSED_TITLE", "sites.WINDOW_CONTENT")
    assert row.text_values["item"] == {"@text": "sites.ANY_TASK"}
    assert row.title == "HQ: the cleaning of any task was missed"  # the English fallback


def test_a_stored_key_maps_back_to_its_text_and_an_unknown_key_shows_nothing():
    kept = stored(site_texts.OTHER_TASK_RAN, {"runs": 2, "task": "Mop"})
    assert kept["@text"] == text_key(site_texts.OTHER_TASK_RAN) == "sites.OTHER_TASK_RAN"
    assert render_stored(kept["@text"], kept["values"], "de") == \
        "2 Läufe eines anderen Auftrags begannen im Zeitfenster (der Plan verlangt Mop)"
    assert render_stored("sites.NO_SUCH_TEXT", {}, "de") is None
    assert render_stored("nosuchdomain.TEXT", {}, "de") is None


def _subject(mail: Any) -> str:
    return str(make_header(decode_header(mail["Subject"])))


async def test_one_notice_is_mailed_to_each_recipient_in_its_own_language(
        app, db, make_user, smtp_inbox, paused_notifier):  # noqa: F811
    dealer, _ = await make_user(2, roles=[ROLE_DEALER])
    customer, _ = await make_user(3, parent=dealer, roles=[ROLE_USER])
    await set_user(db, dealer, email="lang-dealer@example.com", email_to_warn=1, language="de")
    await set_user(db, customer, email="lang-customer@example.com", email_to_warn=1, language="de")
    values = {**WINDOW, "item": "Lobby"}
    notice = UserNotice(customer.path, EVENT_SITE_PLAN, None, {"url": "/site/actual"},
                        (site_texts.MISSED_TITLE, site_texts.WINDOW_CONTENT, values))
    async with app.state.db.sessions() as session:
        assert await queue_user_notices(session, [notice]) >= 2
        await session.commit()
    # queued while both read German; the customer switches to Arabic before the mail goes
    await set_user(db, customer, language="ar")
    sends = list(await db.scalars(select(NotificationSend).where(
        NotificationSend.user_id.in_({dealer.id, customer.id}), NotificationSend.event == EVENT_SITE_PLAN)))
    assert all("subject" not in s.values and s.values["subjectKey"] == "sites.MISSED_TITLE" for s in sends)
    await deliver_due(app.state.db, app.state.settings)
    mails = {to[0]: mail for to, mail in smtp_inbox.mails if to[0].startswith("lang-")}
    for address, language in (("lang-dealer@example.com", "de"), ("lang-customer@example.com", "ar")):
        assert _subject(mails[address]) == site_texts.MISSED_TITLE.render(language, {"site": "HQ", "item": "Lobby"})
        assert site_texts.WINDOW_CONTENT.render(language, values) in mail_text(mails[address])
