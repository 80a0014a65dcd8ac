"""The one decision on what a stored file is (storage/content_types.py), on heads of real formats."""

import io
import zipfile

import pytest

from cleanfleet.storage.content_types import DOWNLOAD, HEAD_BYTES, Served, decide, headers, peek
from tests.files.uploads import JPEG_HEAD, MP4_HEAD, PDF_HEAD
from tests.permission_matrix import png_bytes


def zipped(*entries: str) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for entry in entries:
            archive.writestr(entry, "x")
    return out.getvalue()


WEBM = b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\xf7\x81\x01\x42\xf2\x81\x04\x42\xf3\x81\x08\x42\x82\x84webm"
WAV = b"RIFF\x24\x00\x00\x00WAVEfmt " + bytes(20)
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.mark.parametrize(("head", "name", "served"), [
    (png_bytes(8), "", Served("image/png", True)),
    (JPEG_HEAD, "", Served("image/jpeg", True)),
    (b"GIF89a\x01\x00\x01\x00", "", Served("image/gif", True)),
    (b"RIFF\x1a\x00\x00\x00WEBPVP8 ", "", Served("image/webp", True)),
    (MP4_HEAD, "", Served("video/mp4", True)),
    (WEBM, "", Served("video/webm", True)),
    (b"ID3\x04\x00\x00\x00\x00\x00\x00", "", Served("audio/mpeg", True)),
    (WAV, "", Served("audio/wav", True)),
    (PDF_HEAD, "", Served("application/pdf", True)),
    (zipped("[Content_Types].xml", "word/document.xml"), "", Served(DOCX, False)),
    (zipped("a.txt"), "sheet.xlsx", Served(XLSX, False)),
    (zipped("a.txt"), "bundle.zip", Served("application/zip", False)),
    (b"<!doctype html><script>alert(1)</script>", "page.png", DOWNLOAD),
    (b'<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>', "x.svg", DOWNLOAD),
    (b"alert(document.cookie)", "app.js", DOWNLOAD),
    (b'<?xml version="1.0"?><x/>', "x.xml", DOWNLOAD),
    (b"MZ\x90\x00" + bytes(60), "setup.exe", DOWNLOAD),
    (b"", "", DOWNLOAD),
], ids=["png", "jpeg", "gif", "webp", "mp4", "webm", "mp3", "wav", "pdf", "docx", "zip-named-xlsx", "zip", "html",
        "svg", "js", "xml", "exe", "empty"])
def test_the_type_comes_from_the_bytes(head, name, served):
    assert decide(head, name) == served


def test_headers_say_inline_or_attachment_and_never_sniff():
    assert headers(Served("image/png", True), "a b.png") == {
        "Content-Disposition": "inline; filename*=UTF-8''a%20b.png", "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox"}
    assert headers(DOWNLOAD)["Content-Disposition"] == "attachment"
    assert "Content-Security-Policy" not in headers(Served("application/pdf", True))


async def test_peek_reads_the_head_and_gives_the_whole_stream_back():
    async def chunks():
        for part in (b"a" * 5000, b"b" * 5000, b"c" * 5000):
            yield part

    head, whole = await peek(chunks())
    assert head == (b"a" * 5000 + b"b" * 5000)[:HEAD_BYTES]
    assert b"".join([chunk async for chunk in whole]) == b"a" * 5000 + b"b" * 5000 + b"c" * 5000
