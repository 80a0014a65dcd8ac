"""setLanguage / getLanguage, and the language of the server's messages."""

from cleanfleet.core.codes import Code


async def test_set_then_get_language(signed_in, make_user):
    user, password = await make_user(3)
    api = await signed_in(user, password)
    assert (await api.call("/setLanguage", {"userId": user.id, "language": "ja"})).code == 0
    answer = await api.call("/getLanguage")
    assert answer.data == {"language": "ja"}
    assert answer.message == "成功"  # Japanese title of code 0


async def test_set_language_refuses_an_unknown_language(signed_in, make_user):
    user, password = await make_user(3)
    api = await signed_in(user, password)
    answer = await api.call("/setLanguage", {"userId": user.id, "language": "xx"})
    assert answer.code == Code.BAD_PARAMETER and answer.field == "language"
    assert answer.message.startswith("不支持该语言") and "zh-CN" in answer.message
    assert (await api.call("/getLanguage")).data["language"] == "zh-CN"


async def test_set_language_refuses_another_users_id(signed_in, make_user):
    user, password = await make_user(3)
    other, _ = await make_user(3)
    api = await signed_in(user, password)
    answer = await api.call("/setLanguage", {"userId": other.id, "language": "en"})
    assert answer.code == Code.NO_PERMISSION and answer.field == "userId"


async def test_messages_come_in_the_stored_language(signed_in, make_user):
    user, password = await make_user(3)
    api = await signed_in(user, password)
    await api.call("/setLanguage", {"language": "de"})
    answer = await api.call("/setLanguage", {"language": "zz"})
    assert answer.message.startswith("Sprache nicht unterstützt") and answer.field == "language"


async def test_set_language_needs_a_session(api):
    assert (await api.call("/setLanguage", {"language": "en"})).code == Code.SESSION_INVALID
