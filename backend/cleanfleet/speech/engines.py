"""Voice providers: the offline eSpeak NG engine (default) and the adapter for a cloud voice.

A provider says which languages it speaks and turns text into audio. ``EspeakVoice`` drives libespeak-ng
through ctypes; the library and its voice data come with the ``espeakng-loader`` wheel the backend's own
dependencies install (no system package, no network at run time). It answers 16-bit mono WAV at the
engine's rate (22,050 Hz). The engine is not thread-safe: one synthesis at a time, in a worker thread so the
event loop keeps serving.

``HttpVoice`` is the adapter for a cloud voice (``CLEANFLEET_TTS_PROVIDER=http``): it POSTs
``{"text", "language"}`` as JSON to ``CLEANFLEET_TTS_URL`` with ``Authorization: Bearer CLEANFLEET_TTS_KEY``
and answers the audio the service sends back (any ``audio/*``). A vendor whose API differs gets a small
class of its own with the same two members.
"""

import asyncio
import ctypes
import io
import threading
import wave
from dataclasses import dataclass
from typing import Any, Protocol

import httpx

# the console's languages (core/texts.LANGUAGES) and a few usual short forms, to eSpeak NG voice names
ESPEAK_VOICES = {
    "zh-CN": "cmn", "zh": "cmn", "cmn": "cmn", "en": "en", "en-US": "en-us", "en-GB": "en", "fr": "fr",
    "ko": "ko", "de": "de", "nl": "nl", "ja": "ja", "es": "es", "ar": "ar",
}
PRODUCT_LANGUAGES = ("zh-CN", "en", "fr", "ko", "de", "nl", "ja", "es", "ar")
MAX_CONTENT = 500


class VoiceError(Exception):
    """The provider could not read the text out (not the caller's fault)."""


@dataclass(frozen=True)
class Speech:
    audio: bytes
    content_type: str


class Voice(Protocol):
    name: str

    def speaks(self, language: str) -> bool: ...

    async def speak(self, text: str, language: str) -> Speech: ...


_SYNTH_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p)
AUDIO_OUTPUT_SYNCHRONOUS, POS_CHARACTER, ESPEAK_CHARS_UTF8 = 2, 1, 1


class EspeakVoice:
    name = "espeak-ng"

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lib: Any = None
        self._rate = 0
        self._samples = bytearray()
        self._callback = _SYNTH_CALLBACK(self._collect)  # kept referenced while the library may call it

    def speaks(self, language: str) -> bool:
        return language in ESPEAK_VOICES

    def _collect(self, wav: Any, count: int, _events: Any) -> int:
        if wav and count > 0:
            self._samples.extend(ctypes.string_at(wav, count * 2))
        return 0

    def _load(self) -> Any:
        if self._lib is None:
            try:
                import espeakng_loader
            except ImportError as exc:  # pragma: no cover - a dependency of the backend
                raise VoiceError("espeakng-loader is not installed") from exc
            lib = ctypes.CDLL(espeakng_loader.get_library_path())
            rate = lib.espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, espeakng_loader.get_data_path().encode(), 0)
            if rate <= 0:
                raise VoiceError("eSpeak NG did not start")
            lib.espeak_SetSynthCallback(self._callback)
            self._lib, self._rate = lib, rate
        return self._lib

    def _synthesize(self, text: str, language: str) -> bytes:
        with self._lock:
            lib = self._load()
            if lib.espeak_SetVoiceByName(ESPEAK_VOICES[language].encode()) != 0:
                raise VoiceError(f"eSpeak NG has no voice {ESPEAK_VOICES[language]}")
            self._samples.clear()
            data = text.encode()
            if lib.espeak_Synth(data, len(data) + 1, 0, POS_CHARACTER, 0, ESPEAK_CHARS_UTF8, None, None) != 0:
                raise VoiceError("eSpeak NG could not read the text")
            samples, rate = bytes(self._samples), self._rate
            self._samples.clear()
        out = io.BytesIO()
        with wave.open(out, "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(rate)
            wav.writeframes(samples)
        return out.getvalue()

    async def speak(self, text: str, language: str) -> Speech:
        return Speech(await asyncio.to_thread(self._synthesize, text, language), "audio/wav")


class HttpVoice:
    name = "http"

    def __init__(self, url: str, key: str | None, languages: tuple[str, ...] = PRODUCT_LANGUAGES,
                 transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.url, self.key, self.languages, self.transport = url, key, frozenset(languages), transport

    def speaks(self, language: str) -> bool:
        return language in self.languages

    async def speak(self, text: str, language: str) -> Speech:
        headers = {"Authorization": f"Bearer {self.key}"} if self.key else {}
        try:
            async with httpx.AsyncClient(transport=self.transport, timeout=30) as client:
                answer = await client.post(self.url, json={"text": text, "language": language}, headers=headers)
        except httpx.HTTPError as exc:
            raise VoiceError(f"the cloud voice is unreachable: {exc}") from exc
        content_type = answer.headers.get("content-type", "").split(";")[0].strip()
        if answer.status_code != 200 or not content_type.startswith("audio/") or not answer.content:
            raise VoiceError(f"the cloud voice answered {answer.status_code} {content_type}")
        return Speech(answer.content, content_type)
