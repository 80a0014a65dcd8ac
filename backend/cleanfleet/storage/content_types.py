"""What a stored file is and how it is served: decided from its first bytes, never from what the client declared.

A browser shows what the server says a file is. A file uploaded as ``image/png`` whose bytes are HTML, an SVG with
a script or a JavaScript file, served inline with the declared type from the console's own origin, would run there
(only the sandbox CSP stopped it). So the one decision is made here, from the content and an allow-list:

- **The type comes from the first bytes** (``HEAD_BYTES``, magic numbers through the ``filetype`` library, pure
  Python): PNG, JPEG, GIF, WebP, BMP, ICO, AVIF, HEIC ...; MP4/MOV/M4V/3GP (``ftyp``), WebM/MKV, AVI ...; MP3, AAC,
  M4A, OGG, FLAC, WAV ...; PDF; Office (doc/xls/ppt, and docx/xlsx/pptx by the ZIP's entries, or a ZIP named so),
  OpenDocument, RTF; archives (ZIP, gzip, tar, 7z, rar, bzip2, xz). The client's ``Content-Type`` and the
  stored record's type are never trusted for serving.
- **Served inline** (``INLINE``): images, video, audio (all binary formats found by their magic number: SVG, which is
  text, never is one) and PDF. These cannot run script on our origin.
- **Everything else downloads** (``Content-Disposition: attachment``): documents and archives with their true type;
  anything else (HTML, SVG, JavaScript, XML, JSON, plain text, executables, fonts, unknown bytes) as
  ``application/octet-stream``. Plain text is not told apart from HTML by its bytes, so a ``.txt`` or a robot's log
  downloads too (its name keeps its extension).
- Every stored file is answered with ``X-Content-Type-Options: nosniff`` and, but for PDF, the
  ``default-src 'none'; sandbox`` CSP as a second wall. A PDF goes without the CSP: the sandbox stops Chrome's and
  Safari's PDF viewers from showing it at all, and a PDF's own scripts run inside the viewer, not on our origin.
- **Old uploads need no migration**: the serving calls decide from the stored bytes' head every time (the read they
  do anyway), so a row recorded with a declared type is served by the same decision. New uploads also record the
  decided type (``stored_files.content_type``), which the lists show and the domains check kinds against
  (advertising media must be an image, a video or an audio file).
"""

from collections.abc import AsyncIterator
from dataclasses import dataclass
from urllib.parse import quote

import filetype  # type: ignore[import-untyped]

HEAD_BYTES = 8192  # what filetype reads; enough for the Office documents' ZIP entries too
OCTET_STREAM = "application/octet-stream"
SANDBOX = "default-src 'none'; sandbox"

# The detected types of the kinds served inline, under the names browsers know best.
RENAMED = {"audio/x-wav": "audio/wav", "audio/x-flac": "audio/flac"}
INLINE_KINDS = ("image", "video", "audio")
INLINE_TYPES = frozenset({"application/pdf"})
NEVER_INLINE = frozenset({"image/svg+xml"})  # text, so never found by a magic number; refused all the same
OFFICE = {
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
}
# Served with their true type, as attachments.
DOWNLOAD_TYPES = frozenset({
    *OFFICE.values(), "application/msword", "application/vnd.ms-excel", "application/vnd.ms-powerpoint",
    "application/vnd.oasis.opendocument.text", "application/vnd.oasis.opendocument.spreadsheet",
    "application/vnd.oasis.opendocument.presentation", "application/rtf", "application/epub+zip",
    "application/zip", "application/gzip", "application/x-tar", "application/x-7z-compressed",
    "application/x-rar-compressed", "application/x-bzip2", "application/x-xz",
})


@dataclass(frozen=True)
class Served:
    """How a stored file goes out: its type and whether a browser may show it in place."""

    content_type: str
    inline: bool

    @property
    def kind(self) -> str:
        """``image``, ``video``, ``audio`` for media; ``application`` for the rest."""
        return self.content_type.split("/")[0]


DOWNLOAD = Served(OCTET_STREAM, inline=False)


def decide(head: bytes, name: str = "") -> Served:
    """The type and disposition of a file from its first bytes (``HEAD_BYTES`` are enough) and, for a ZIP only,
    its name's extension (a .docx, .xlsx or .pptx that filetype could not tell from the entries)."""
    found = filetype.guess(bytes(head[:HEAD_BYTES])) if head else None
    mime = RENAMED.get(found.mime, found.mime) if found is not None else OCTET_STREAM
    if mime == "application/zip":
        mime = OFFICE.get(name.rpartition(".")[2].lower(), mime) if "." in name else mime
    if mime in NEVER_INLINE:
        return DOWNLOAD
    if mime.split("/")[0] in INLINE_KINDS or mime in INLINE_TYPES:
        return Served(mime, inline=True)
    if mime in DOWNLOAD_TYPES:
        return Served(mime, inline=False)
    return DOWNLOAD


def headers(served: Served, name: str = "") -> dict[str, str]:
    """The response headers that say what a stored file is (the type is the response's media type)."""
    disposition = "inline" if served.inline else "attachment"
    if name:
        disposition += f"; filename*=UTF-8''{quote(name, safe='')}"
    answer = {"Content-Disposition": disposition, "X-Content-Type-Options": "nosniff"}
    if served.content_type not in INLINE_TYPES:
        answer["Content-Security-Policy"] = SANDBOX
    return answer


async def peek(chunks: AsyncIterator[bytes], size: int = HEAD_BYTES) -> tuple[bytes, AsyncIterator[bytes]]:
    """The first ``size`` bytes of a stream (fewer when it is shorter) and the whole stream again, from its start:
    the decision is taken on the way, without a second read."""
    buffered: list[bytes] = []
    have = 0
    while have < size:
        chunk = await anext(chunks, None)
        if chunk is None:
            break
        buffered.append(chunk)
        have += len(chunk)

    async def whole() -> AsyncIterator[bytes]:
        try:
            for chunk in buffered:
                yield chunk
            async for chunk in chunks:
                yield chunk
        finally:
            close = getattr(chunks, "aclose", None)
            if close is not None:
                await close()

    return b"".join(buffered)[:size], whole()
