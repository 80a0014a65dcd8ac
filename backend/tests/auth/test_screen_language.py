"""Answers come in the language of the screen that made the call, not of the account's last sign-in (issue 30
item 1); what the server sends unasked (e-mail) keeps the account's stored language."""

from typing import Any

from cleanfleet.core.codes import Code
from tests.users.conftest import smtp_inbox  # noqa: F401 - the fixture, for the test mail

BROWSER_EN = {"accept-language": "en-US,en;q=0.9"}  # what a browser set to English sends on every call


def cookie(language: str) -> dict[str, str]:
    return {"cookie": f"language={language}"}


def screen(language: str) -> dict[str, str]:
    """The console's header: the language it shows, also before any language was chosen (no cookie yet)."""
    return {"language": language, **BROWSER_EN}


async def unknown_language(api: Any, headers: dict[str, str]) -> Any:
    answer = await api.call("/setLanguage", {"language": "zz"}, headers=headers)
    assert answer.code == Code.BAD_PARAMETER and answer.field == "language"
    return answer


async def test_a_refusal_follows_the_screen_after_the_account_signed_in_elsewhere_in_english(signed_in, make_user):
    user, password = await make_user(3)
    chinese_screen = await signed_in(user, password)
    english_screen = await signed_in(user, password)  # signs in later, in English
    assert (await english_screen.call("/setLanguage", {"language": "en"}, headers=cookie("en"))).code == 0

    assert (await unknown_language(chinese_screen, cookie("zh-CN"))).message.startswith("不支持该语言")
    assert (await unknown_language(chinese_screen, cookie("de"))).message.startswith("Sprache nicht unterstützt")
    assert (await unknown_language(chinese_screen, screen("zh-CN"))).message.startswith("不支持该语言")
    assert (await unknown_language(english_screen, cookie("en"))).message.startswith("Unsupported language")
    # the envelope's message on success too; the stored language itself is unchanged
    answer = await chinese_screen.call("/getLanguage", headers=cookie("zh-CN"))
    assert answer.message == "成功" and answer.data == {"language": "en"}


async def test_a_client_naming_no_language_gets_the_stored_one(signed_in, make_user):
    user, password = await make_user(3)
    api = await signed_in(user, password)
    await api.call("/setLanguage", {"language": "ja"})
    assert (await unknown_language(api, {})).message.startswith("サポートされていない言語です")


async def test_the_sign_in_answer_is_in_the_sign_in_pages_language(api, signed_in, make_user):
    user, password = await make_user(3)
    await (await signed_in(user, password)).call("/setLanguage", {"language": "en"})
    answer = await api.call("/login", {"account": user.account, "password": password}, headers=screen("de"))
    assert answer.code == 0 and answer.message == "Erfolgreich" and answer.data["language"] == "en"


async def test_a_bad_signature_is_refused_in_the_screens_language(api, signed_in, make_user):
    user, password = await make_user(3)
    english = await signed_in(user, password)
    await english.call("/setLanguage", {"language": "en"})
    bad = {"sign": "bm90IGEgc2lnbmF0dXJl", "Authorization": f"Bearer {english.token}"}
    for headers in (cookie("zh-CN"), screen("zh-CN")):  # a chosen language, and the sign-in page's default
        answer = await api.call("/getLanguage", headers={**bad, **headers})
        assert answer.code == Code.BAD_SIGNATURE and answer.message == "请求签名无效"
    refused = await api.call("/login", {"account": user.account, "password": password},
                             headers={**bad, **screen("zh-CN")})
    assert refused.code == Code.BAD_SIGNATURE and refused.message == "请求签名无效"


async def test_a_throttled_sign_in_is_refused_in_the_screens_language(api, app, make_user):
    user, password = await make_user(3)
    for _ in range(app.state.settings.login_max_failures):
        assert (await api.call("/login", {"account": user.account, "password": "bad"})).code == Code.WRONG_CREDENTIALS
    for headers in ({**cookie("fr"), **BROWSER_EN}, screen("fr")):
        locked = await api.call("/login", {"account": user.account, "password": password}, headers=headers)
        assert locked.code == Code.LOGIN_LOCKED
        assert locked.message.startswith("Trop d'échecs de connexion, réessayez dans")


async def test_a_body_over_the_limit_is_refused_in_the_screens_language(api, app):
    limit = app.state.settings.max_body_bytes
    response = await api.client.post("/api/getLanguage", content=b"x" * (limit + 1),
                                      headers={**api.headers(), **cookie("de"), **BROWSER_EN})
    body = response.json()["message"]
    assert body["code"] == Code.BODY_TOO_LARGE and body["message"].startswith("Der Anfragetext überschreitet")


async def test_the_mail_keeps_the_stored_language_while_the_answer_follows_the_screen(
        signed_in, make_user, smtp_inbox):  # noqa: F811 - the imported fixture
    user, password = await make_user(3, email="desk@site.example")
    api = await signed_in(user, password)
    await api.call("/setLanguage", {"language": "en"})
    answer = await api.call("/user/testMail", {}, headers=cookie("zh-CN"))
    assert answer.code == 0 and answer.message == "成功"
    assert smtp_inbox.mails[-1][1]["Subject"] == "cleanfleet test mail"


async def test_a_message_is_read_in_the_language_of_the_screen_reading_it(app, signed_in, make_user):
    """Issue 48 item 7: what the server wrote is stored as a key and values and read in the reader's language (the
    screen's), not in the account's stored language."""
    from cleanfleet.core.db import utcnow
    from cleanfleet.messages.service import insert_messages, message_row

    user, password = await make_user(3)
    api = await signed_in(user, password)
    await api.call("/setLanguage", {"language": "en"})
    values = {"device": "R1", "serial": "SN1", "alarmKey": "replan_failed", "code": "0x0205",
              "content": "replan failed", "time": utcnow().isoformat()}
    async with app.state.db.sessions() as db:
        await insert_messages(db, [message_row(user.id, None, "alarm_raised", values, f"lang:{user.id}", utcnow())])
        await db.commit()
    unread = await api.call("/message/findMessageByUnRead", {}, headers=cookie("zh-CN"))
    assert unread.message == "成功" and unread.data["list"][0]["title"] == "R1 告警：路径重规划失败"
    unread = await api.call("/message/findMessageByUnRead", {}, headers=cookie("en"))
    assert unread.data["list"][0]["title"] == "Alarm on R1: Path replanning failed"
