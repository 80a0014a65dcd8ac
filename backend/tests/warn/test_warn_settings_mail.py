"""The alarm settings list says whether the server can send mail (issue 30): without an SMTP server the e-mail
channel sends nothing, and the console says so instead of showing switches that silently do nothing."""

from typing import Any

import pytest

from cleanfleet.roles.catalogue import ROLE_DEALER


@pytest.fixture
async def dealer_api(make_user, signed_in) -> Any:
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    return await signed_in(dealer, password)


async def test_without_an_smtp_server_the_list_says_mail_is_not_configured(app, dealer_api, monkeypatch):
    monkeypatch.setattr(app.state.settings, "smtp_host", None)
    page = await dealer_api.call("/wmWarnSet/queryByPage", {"pageSize": 5})
    assert page.code == 0, page.body
    assert page.data["mailConfigured"] is False
    # e-mail stays on by default: a user's own emailToWarn decides whether mail is wanted at all
    assert all(row["email"] for row in page.data["list"])


async def test_with_an_smtp_server_the_list_says_mail_is_configured(app, dealer_api, monkeypatch):
    monkeypatch.setattr(app.state.settings, "smtp_host", "mail.example.com")
    page = await dealer_api.call("/wmWarnSet/queryByPage", {"pageSize": 5})
    assert page.code == 0, page.body
    assert (page.data["mailConfigured"], len(page.data["list"])) == (True, 5)
