"""Uploading through /oss/upload as the console's upload widget does (multipart, one file)."""

import io
import wave
from typing import Any

from tests.conftest import Answer, Api


async def upload(api: Api, name: str, data: bytes, *, private: bool = True, folder: str = "docs",
                 content_type: str = "application/pdf", extra: list[tuple[str, Any]] | None = None) -> Answer:
    files = [("file", (name, data, content_type)), *(extra or [])]
    form = {"isPrivate": "true" if private else "false", "targetPath": folder}
    response = await api.client.post("/api/oss/upload", files=files, data=form, headers=api.headers())
    return Answer(response.status_code, response.json())


async def fetch(api: Api, url: str) -> Any:
    """GET a download link as a browser does (no sign header, no token)."""
    return await api.client.get(url)


def wav_seconds(data: bytes) -> float:
    with wave.open(io.BytesIO(data)) as wav:
        return wav.getnframes() / wav.getframerate()
