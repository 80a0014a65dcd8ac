"""Reading a text out with the configured voice (``CLEANFLEET_TTS_PROVIDER``), refusing what it cannot say."""

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.settings import Settings
from cleanfleet.speech import texts
from cleanfleet.speech.engines import (
    ESPEAK_VOICES,
    PRODUCT_LANGUAGES,
    EspeakVoice,
    HttpVoice,
    Speech,
    Voice,
    VoiceError,
)

_espeak = EspeakVoice()  # one engine per process: it holds the library's global state


def voice_for(settings: Settings) -> Voice:
    if settings.tts_provider == "http" and settings.tts_url:
        return HttpVoice(settings.tts_url, settings.tts_key)
    return _espeak


def language_of(requested: str | None, fallback: str | None) -> str:
    """The language asked for, else the caller's, else Chinese; short forms as in ESPEAK_VOICES."""
    return (requested or fallback or "zh-CN").strip()


async def speak(voice: Voice, content: str, language: str) -> Speech:
    if not content.strip():
        raise bad_parameter("content", texts.NOTHING_TO_SAY)
    if not voice.speaks(language):
        shown = ", ".join(PRODUCT_LANGUAGES if voice.name != "espeak-ng" else
                          [code for code in ESPEAK_VOICES if "-" in code or code in PRODUCT_LANGUAGES])
        raise bad_parameter("language", texts.UNSUPPORTED_LANGUAGE, language=language, supported=shown)
    try:
        return await voice.speak(content.strip(), language)
    except VoiceError as exc:
        raise ApiError(Code.INTERNAL, texts.VOICE_FAILED, status=502) from exc
