"""The test mail goes through a real SMTP server (aiosmtpd on a local port) to every mailbox of the user."""

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import ROLE_MANUFACTURING


async def test_the_test_mail_reaches_every_mailbox(signed_in, make_user, smtp_inbox):
    user, password = await make_user(3, roles=[], email="desk@site.example,boss@site.example")
    api = await signed_in(user, password)
    answer = await api.call("/user/testMail", {})
    assert answer.code == 0, answer.body
    assert answer.data == {"recipients": ["desk@site.example", "boss@site.example"]}
    # only this call's mail: the app's jobs may deliver earlier tests' pending sends to the same inbox
    [(recipients, mail)] = [(to, mail) for to, mail in smtp_inbox.mails if "desk@site.example" in to]
    assert recipients == ["desk@site.example", "boss@site.example"]
    assert mail["From"] == "robots@cleanfleet.example" and "cleanfleet" in mail["Subject"]
    assert "Test user" in mail.get_payload(decode=True).decode()


async def test_the_test_mail_is_in_the_callers_language(admin, make_user, smtp_inbox):
    user, _ = await make_user(3, email="desk@site.example")
    await admin.call("/setLanguage", {"language": "fr"})
    answer = await admin.call("/user/testMail", {"userId": user.id})
    assert answer.code == 0
    mine = [mail for to, mail in smtp_inbox.mails if to == ["desk@site.example"]]
    assert mine[-1]["Subject"] == "cleanfleet : e-mail de test"
    await admin.call("/setLanguage", {"language": "zh-CN"})


async def test_no_mailbox_no_server_and_no_key_are_refused(admin, signed_in, make_user, smtp_inbox, monkeypatch, app):
    nobody, _ = await make_user(3)
    empty = await admin.call("/user/testMail", {"userId": nobody.id})
    assert empty.code == Code.BAD_PARAMETER and empty.field == "email" and empty.message == "该用户没有填写邮箱"
    user, password = await make_user(3, roles=[ROLE_MANUFACTURING], email="a@b.com")
    child, _ = await make_user(4, parent=user, email="c@d.com")
    api = await signed_in(user, password)
    no_key = await api.call("/user/testMail", {"userId": child.id})
    assert no_key.code == Code.NO_PERMISSION and no_key.message == "你没有所需的权限：user/index/test_mail"
    monkeypatch.setattr(app.state.settings, "smtp_host", None)
    unset = await api.call("/user/testMail", {})
    assert unset.code == Code.CONFLICT and unset.field == "email"
    assert unset.message == "服务器未配置邮件发送（CLEANFLEET_SMTP_HOST）"
    assert smtp_inbox.mails == []


async def test_an_unreachable_server_is_a_clear_refusal(signed_in, make_user, smtp_inbox, monkeypatch, app):
    from tests.users.conftest import free_port

    monkeypatch.setattr(app.state.settings, "smtp_port", free_port())
    user, password = await make_user(3, roles=[], email="a@b.com")
    api = await signed_in(user, password)
    answer = await api.call("/user/testMail", {})
    assert answer.code == Code.CONFLICT and answer.field == "email"
    assert answer.message.startswith("测试邮件发送失败：")
