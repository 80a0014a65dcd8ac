"""Text to speech (/tencent/ttsUrl): WAV audio from the offline engine, refusals, and the cloud voice adapter."""

import httpx
import pytest

from cleanfleet.core.codes import Code
from cleanfleet.speech.engines import HttpVoice, VoiceError
from tests.files.uploads import wav_seconds

TEXTS = {"zh-CN": "机器人开始清洁", "en": "The robot starts cleaning", "fr": "Le robot commence",
         "ko": "청소를 시작합니다", "de": "Der Roboter beginnt", "nl": "De robot begint", "ja": "そうじをはじめます",
         "es": "El robot empieza", "ar": "يبدأ الروبوت التنظيف"}


async def speak(api, body, headers=None):
    merged = {**api.headers(), **(headers or {})}
    return await api.client.post("/api/tencent/ttsUrl", data=body, headers=merged)


@pytest.mark.parametrize("language", list(TEXTS))
async def test_every_console_language_is_spoken_as_wav(admin, language):
    answer = await speak(admin, {"token": admin.token, "content": TEXTS[language], "language": language})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "audio/wav"
    assert answer.content[:4] == b"RIFF" and answer.content[8:12] == b"WAVE"
    assert wav_seconds(answer.content) > 0.3


async def test_a_longer_text_gives_longer_audio_and_the_token_may_be_a_header(admin):
    short = await speak(admin, {"content": "Hello", "language": "en"})
    longer = await speak(admin, {"content": "Hello, the robot will now clean the whole lobby", "language": "en"})
    assert wav_seconds(longer.content) > wav_seconds(short.content) > 0


async def test_an_unsupported_language_is_refused_naming_it(admin):
    answer = await speak(admin, {"token": admin.token, "content": "hallo", "language": "xx"},
                         headers={"Accept-Language": "en"})
    body = answer.json()
    assert body["message"]["code"] == Code.BAD_PARAMETER and body["message"]["field"] == "language"
    assert "xx" in body["message"]["message"] and "zh-CN" in body["message"]["message"]


async def test_empty_or_too_long_content_and_a_bad_token_are_refused(admin, api):
    empty = (await speak(admin, {"token": admin.token, "content": "  ", "language": "en"})).json()["message"]
    assert empty["code"] == Code.BAD_PARAMETER and empty["field"] == "content"
    long = (await speak(admin, {"token": admin.token, "content": "a" * 501, "language": "en"})).json()["message"]
    assert long["code"] == Code.BAD_PARAMETER and long["field"] == "content"
    bad = (await speak(api, {"token": "nope", "content": "hi", "language": "en"})).json()["message"]
    assert bad["code"] == Code.SESSION_INVALID
    anonymous = (await speak(api, {"content": "hi", "language": "en"})).json()["message"]
    assert anonymous["code"] == Code.SESSION_INVALID


async def test_the_cloud_voice_adapter_posts_the_text_and_answers_its_audio():
    seen = {}

    def cloud(request: httpx.Request) -> httpx.Response:
        seen["auth"] = request.headers["authorization"]
        seen["body"] = request.read()
        return httpx.Response(200, content=b"ID3 mp3 bytes", headers={"content-type": "audio/mpeg"})

    voice = HttpVoice("https://voice.example/tts", "key-1", transport=httpx.MockTransport(cloud))
    speech = await voice.speak("你好", "zh-CN")
    assert speech.content_type == "audio/mpeg" and speech.audio == b"ID3 mp3 bytes"
    assert seen["auth"] == "Bearer key-1" and b'"language":"zh-CN"' in seen["body"].replace(b" ", b"")
    assert voice.speaks("ar") and not voice.speaks("xx")

    failing = HttpVoice("https://voice.example/tts", None,
                        transport=httpx.MockTransport(lambda r: httpx.Response(500, json={"error": "down"})))
    with pytest.raises(VoiceError):
        await failing.speak("hi", "en")
