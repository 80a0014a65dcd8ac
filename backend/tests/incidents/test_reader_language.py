"""Issue 48 item 7 for incidents: an incident told while the customer's account read German is read in Arabic and
in Chinese (its message in the message centre; the timeline keeps facts, not sentences, so it reads the same in
every language), and the escalation's mails go to each recipient in its own language."""

from datetime import timedelta
from email.header import decode_header, make_header

import pytest

from cleanfleet.core.db import utcnow
from cleanfleet.incidents.escalation import escalate_due
from cleanfleet.messages.service import render
from cleanfleet.warn.channels import get_channel
from tests.incidents.helpers import incidents_of, robot_alarm
from tests.users.conftest import mail_text, smtp_inbox  # noqa: F401  - the SMTP fixture
from tests.warn.helpers import set_user

POLICY = {"code": "replan_failed", "opens": True, "urgency": "high", "reminderMinutes": 10, "reminderLimit": 0,
          "levels": [{"up": 0, "waitMinutes": 0}, {"up": 1, "waitMinutes": 1}]}


@pytest.fixture
async def told(app, branch, db, smtp_inbox):  # noqa: F811
    customer = branch["customer_api"]
    assert (await customer.call("/setLanguage", {"language": "de"}, headers={"language": "de"})).code == 0
    await set_user(db, branch["dealer"], language="ar")
    assert (await branch["api"].call("/incident/rule/edit", {"userId": branch["dealer"].id, **POLICY})).code == 0
    t0 = utcnow().replace(microsecond=0) - timedelta(hours=1)
    await robot_alarm(app, branch["robot"], at=t0)
    [incident] = await incidents_of(app, branch["robot"])
    await escalate_due(app.state.db, app.state.settings, t0)
    await escalate_due(app.state.db, app.state.settings, t0 + timedelta(minutes=1))
    return incident


@pytest.mark.parametrize("language", ["ar", "zh-CN"])
async def test_an_incident_told_in_german_reads_in_the_screens_language(branch, told, language):
    answer = await branch["customer_api"].call("/message/findAllMessage", {"kind": "incident"},
                                               headers={"language": language})
    assert answer.code == 0 and answer.data["list"], answer.body
    message = answer.data["list"][0]
    german = await branch["customer_api"].call("/message/findAllMessage", {"kind": "incident"},
                                               headers={"language": "de"})
    assert message["title"] != german.data["list"][0]["title"]
    values = {"id": told.id, "device": branch["robot"].name, "alarmKey": "replan_failed", "code": told.code,
              "content": "", "serial": branch["robot"].serial_number}
    assert message["title"] == render("incident", values, language)[0]
    detail = {lang: await branch["customer_api"].call("/incident/detail", {"incidentId": told.id},
                                                      headers={"language": lang}) for lang in (language, "de")}
    assert detail[language].code == 0, detail[language].body
    facts = {lang: [{k: v for k, v in item.items() if k != "channelName"} for item in detail[lang].data["timeline"]]
             for lang in detail}
    assert facts[language] == facts["de"]  # facts, told by the console
    for lang in detail:  # each channel as the server names it, in the screen's language
        for item in detail[lang].data["timeline"]:
            if item["kind"] == "sent":
                channel = get_channel(item["channel"])
                assert channel is not None and item["channelName"] == channel.label.render(lang)
    cloud = {lang: next(item["channelName"] for item in detail[lang].data["timeline"] if item.get("channel") == "cloud")
             for lang in detail}
    assert cloud[language] != cloud["de"] == "Cloud-Plattform"
    assert {item["kind"] for item in detail[language].data["timeline"]} >= {"opened", "sent"}


async def test_the_escalation_mails_each_recipient_in_its_own_language(branch, told, smtp_inbox):  # noqa: F811
    serial = branch["robot"].serial_number
    mails = {to[0]: mail_text(mail) for to, mail in smtp_inbox.mails
             if serial in str(make_header(decode_header(mail["Subject"]))) + mail_text(mail)}
    assert {"customer@example.com", "dealer@example.com"} <= set(mails), [to for to, _ in smtp_inbox.mails]
    assert "Roboter" in mails["customer@example.com"]  # German
    assert any("\u0600" <= ch <= "\u06ff" for ch in mails["dealer@example.com"])  # Arabic


async def test_figures_refuse_a_future_end_date_naming_the_end(branch):
    """Issue 48 item 8: /incident/figures refused a future endDate saying "The start must not be after today"."""
    tomorrow = (utcnow() + timedelta(days=2)).date().isoformat()
    for path in ("/incident/figures", "/incident/chart"):
        answer = await branch["api"].call(path, {"endDate": tomorrow}, headers={"language": "en"})
        assert (answer.field, answer.body["message"]["message"]) == (
            "endDate", "The end date must not be after today"), path
