"""Bodies are refused before they are read (issue 10, item 6).

A 300 MB multipart body to /api/getLanguage without sign or token was read and spooled whole. Now
the sign and the token are checked before any body is read, every call has the small general
limit whatever the content type, and only the upload calls take more, each up to its own limit.
Each test streams a real body from a generator and counts how much of it the server pulled.
"""

from collections.abc import AsyncIterator

from cleanfleet.app import upload_limits
from cleanfleet.core.codes import Code

CHUNK = 64 * 1024
BOUNDARY = "cleanfleetboundary"


class Streamed:
    """A multipart body of ``total`` bytes, produced on demand; ``sent`` is how much the server pulled."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.sent = 0

    async def __aiter__(self) -> AsyncIterator[bytes]:
        head = (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n"
                "Content-Type: image/png\r\n\r\n").encode()
        self.sent += len(head)
        yield head
        while self.sent < self.total:
            self.sent += CHUNK
            yield b"\0" * CHUNK


def multipart(headers: dict[str, str]) -> dict[str, str]:
    return {**headers, "content-type": f"multipart/form-data; boundary={BOUNDARY}"}


async def post_streamed(api, path: str, body: Streamed, headers: dict[str, str]):
    response = await api.client.post("/api" + path, content=body, headers=multipart(headers))
    return response.status_code, response.json()["message"]["code"]


async def test_an_unsigned_300_mb_body_is_refused_before_it_is_read(api):
    body = Streamed(300 * 1024 * 1024)
    status, code = await post_streamed(api, "/getLanguage", body, {"platform": "web"})
    assert (status, code) == (200, Code.BAD_SIGNATURE)
    assert body.sent < 1024 * 1024  # the refusal came while the body had barely begun


async def test_a_signed_body_without_a_token_is_refused_before_it_is_read(api):
    body = Streamed(300 * 1024 * 1024)
    status, code = await post_streamed(api, "/user/uploadHeadPicture", body, api.headers())
    assert (status, code) == (200, Code.SESSION_INVALID)
    assert body.sent < 1024 * 1024


async def test_a_signed_in_multipart_body_to_an_ordinary_call_has_the_general_limit(admin, app):
    limit = app.state.settings.max_body_bytes
    body = Streamed(300 * 1024 * 1024)
    status, code = await post_streamed(admin, "/getLanguage", body, admin.headers())
    assert (status, code) == (413, Code.BODY_TOO_LARGE)
    assert body.sent <= limit + 2 * CHUNK


async def test_an_upload_call_reads_up_to_its_own_limit_and_no_further(admin):
    limit = upload_limits()["/api/user/uploadHeadPicture"]
    body = Streamed(300 * 1024 * 1024)
    status, code = await post_streamed(admin, "/user/uploadHeadPicture", body, admin.headers())
    assert (status, code) == (413, Code.BODY_TOO_LARGE)
    assert body.sent <= limit + 2 * CHUNK


async def test_a_declared_length_over_the_limit_is_refused_without_reading(admin):
    body = Streamed(10 * 1024 * 1024)
    headers = {**admin.headers(), "content-length": str(body.total)}
    status, code = await post_streamed(admin, "/user/role/list", body, headers)
    assert (status, code) == (413, Code.BODY_TOO_LARGE)
    assert body.sent <= CHUNK * 2


async def test_an_image_a_little_over_its_limit_is_named_by_the_file_rule(admin):
    """Between the file's 2 MB and the call's body limit the answer says the file's own limit."""
    png = b"\x89PNG\r\n\x1a\n" + b"\0" * (3 * 1024 * 1024)
    response = await admin.client.post("/api/user/uploadHeadPicture", files={"file": ("a.png", png, "image/png")},
                                       headers=admin.headers())
    assert response.json()["message"]["code"] == Code.BAD_FILE
