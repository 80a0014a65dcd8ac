"""Uploading through /oss/upload as the console's upload widget does (multipart, one file)."""

import io
import wave
from typing import Any

from tests.conftest import Answer, Api

# The first bytes of real files of each kind (what storage/content_types.py decides a type from).
MP4_HEAD = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom\x00\x00\x00\x08free"
JPEG_HEAD = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
PDF_HEAD = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"


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
