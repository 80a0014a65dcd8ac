"""Alarm channels are data (issue 31 item 3): the server serves its registered channels in the screen's language,
settings are stored per channel as rows, and a new channel is one adapter: registered, it is served, stored,
read and sent through without a migration."""

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.core.texts import Text
from cleanfleet.warn.channels import Channel, Outgoing, register, unregister
from cleanfleet.warn.models import SEND_SENT, NotificationSend
from cleanfleet.warn.notify import deliver_due
from tests.warn.helpers import raise_alarms

pytestmark = pytest.mark.usefixtures("paused_notifier")
SPEC = ["app", "cloud", "email", "official", "sms", "terminal", "offsite"]


async def test_the_channels_are_served_in_the_screens_language_with_what_the_server_lacks(app, branch, monkeypatch):
    monkeypatch.setattr(app.state.settings, "smtp_host", None)
    monkeypatch.setattr(app.state.settings, "notify_webhook_url", None)
    english = await branch["api"].call("/wmWarnSet/channels", headers={"language": "en"})
    assert english.code == 0, english.body
    served = {c["key"]: c for c in english.data}
    assert [c["key"] for c in english.data] == SPEC  # the settings page's column order
    assert (served["email"]["label"], served["email"]["available"]) == ("E-mail", False)
    assert "CLEANFLEET_SMTP_HOST" in served["email"]["reason"]
    assert served["cloud"]["available"] and served["cloud"]["reason"] == ""
    assert not served["sms"]["available"] and "CLEANFLEET_NOTIFY_WEBHOOK_URL" in served["sms"]["reason"]
    chinese = await branch["api"].call("/wmWarnSet/channels", headers={"language": "zh-CN"})
    assert {c["key"]: c["label"] for c in chinese.data}["sms"] == "短信"


async def test_a_setting_is_stored_per_channel_and_answered_in_both_shapes(branch):
    api = branch["api"]
    changed = await api.call("/wmWarnSet/edit", {"code": "low_battery", "channels": {"sms": True, "email": True}})
    assert changed.code == 0, changed.body
    assert changed.data["channels"] == {key: key in ("sms", "email") for key in SPEC}
    page = await api.call("/wmWarnSet/queryByPage", {"pageSize": 100})
    row = next(r for r in page.data["list"] if r["code"] == "low_battery")
    assert (row["sms"], row["email"], row["cloud"], row["custom"]) == (True, True, False, True)
    flat = await api.call("/wmWarnSet/edit", {"code": "low_battery", "terminal": True})  # the spec's shape
    assert flat.data["channels"] == {key: key == "terminal" for key in SPEC}


async def test_an_unknown_channel_or_a_non_boolean_is_refused_naming_it_and_nothing_changes(branch):
    api = branch["api"]
    await api.call("/wmWarnSet/edit", {"code": "low_battery", "channels": {"sms": True}})
    fax = await api.call("/wmWarnSet/edit", {"code": "low_battery", "channels": {"fax": True}},
                         headers={"language": "en"})
    assert (fax.code, fax.field) == (Code.BAD_PARAMETER, "channels.fax")
    assert "fax" in fax.message and "channel" in fax.message
    chinese = await api.call("/wmWarnSet/edit", {"code": "low_battery", "channels": {"fax": True}},
                             headers={"language": "zh-CN"})
    assert "通知渠道" in chinese.message
    wrong = await api.call("/wmWarnSet/edit", {"code": "low_battery", "sms": "yes"}, headers={"language": "en"})
    assert (wrong.code, wrong.field) == (Code.BAD_PARAMETER, "sms")
    page = await api.call("/wmWarnSet/queryByPage", {"pageSize": 100})
    row = next(r for r in page.data["list"] if r["code"] == "low_battery")
    assert row["channels"] == {key: key == "sms" for key in SPEC}  # still the stored setting


class Pager:
    """A channel added the way a deployment would add one: an adapter module registering itself."""

    def __init__(self) -> None:
        self.received: list[Outgoing] = []

    async def deliver(self, _settings: Any, out: Outgoing) -> None:
        self.received.append(out)


@pytest.fixture
def pager() -> Iterator[Pager]:
    adapter = Pager()
    register(Channel("pager", Text(*["寻呼机"] + ["Pager"] * 8), order=80, deliver=adapter.deliver,
                     recipient=lambda user, _event: f"pager:{user.account}"))
    try:
        yield adapter
    finally:
        unregister("pager")


async def test_a_new_channel_is_one_adapter_served_stored_and_sent_through_without_a_migration(app, db, branch,
                                                                                               pager):
    api = branch["api"]
    served = await api.call("/wmWarnSet/channels", headers={"language": "en"})
    assert served.data[-1] == {"key": "pager", "label": "Pager", "available": True, "reason": ""}
    customer = branch["customer"].id
    changed = await api.call("/wmWarnSet/edit", {"userId": customer, "code": "lidar_dock_failed",
                                                 "channels": {"pager": True, "cloud": True}})
    assert changed.code == 0, changed.body
    assert (changed.data["pager"], changed.data["channels"]["pager"], changed.data["email"]) == (True, True, False)
    await raise_alarms(app, branch["robot"])
    await deliver_due(app.state.db, app.state.settings)
    [out] = pager.received
    assert (out.channel, out.recipient, out.user.id) == ("pager", f"pager:{branch['customer'].account}", customer)
    assert branch["robot"].serial_number in out.text
    sends = list(await db.scalars(select(NotificationSend).where(NotificationSend.channel == "pager")))
    assert [(s.user_id, s.status) for s in sends] == [(customer, SEND_SENT)]
