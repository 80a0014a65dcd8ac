"""The server's texts: nine translations with the same placeholders, values shown in the caller's zone."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from cleanfleet.core.i18n import LANGUAGES
from cleanfleet.core.texts import Text, time_zone
from cleanfleet.core.validation import REQUIRED, TOO_LONG

HELD = Text("遥控正被 {holder} 占用，直到 {until}", "Remote control is held by {holder} until {until}",
            "Télécommande tenue par {holder} jusqu'à {until}", "{holder}이(가) {until}까지 원격 제어 중입니다",
            "Fernsteuerung von {holder} belegt bis {until}", "Bediening in gebruik door {holder} tot {until}",
            "{holder} が {until} まで遠隔操作中です", "Control remoto en uso por {holder} hasta {until}",
            "التحكم عن بعد مع {holder} حتى {until}")


def test_a_text_needs_every_language():
    with pytest.raises(ValueError, match="nine|9"):
        Text("只有中文", "English only")


def test_a_translation_missing_a_placeholder_is_refused_at_definition():
    texts = ["{name} x"] * len(LANGUAGES)
    texts[4] = "kein Platzhalter"
    with pytest.raises(ValueError, match="placeholders"):
        Text(*texts)


def test_a_time_is_shown_in_the_callers_zone():
    until = datetime(2026, 11, 22, 8, 2, 39, tzinfo=UTC)
    shanghai = HELD.render("zh-CN", {"holder": "dealerA", "until": until}, ZoneInfo("Asia/Shanghai"))
    assert shanghai == "遥控正被 dealerA 占用，直到 2026-11-22 16:02"
    assert HELD.render("en", {"holder": "dealerA", "until": until}) == \
        "Remote control is held by dealerA until 2026-11-22 08:02 UTC"


def test_an_unknown_language_falls_back_to_english_and_a_missing_value_stays_visible():
    assert TOO_LONG.render("xx", {}) == "At most {max} characters"
    assert REQUIRED.render("de") == "Dieses Feld ist erforderlich"


def test_an_unknown_or_oversized_zone_name_is_ignored():
    assert time_zone("Mars/Olympus") is None
    assert time_zone("A" * 200) is None
    assert time_zone("Europe/Paris") == ZoneInfo("Europe/Paris")


async def test_a_validation_refusal_is_one_translated_sentence_with_its_field(admin):
    answer = await admin.call("/device/selectDeviceByDeviceId", {})
    assert (answer.code, answer.field) == (10001, "deviceId")
    assert answer.message == REQUIRED.render("zh-CN")  # the admin's stored language
