"""Object storage (/oss/*): upload, signed expiring links, name rules, overwrite and replace, delete, scope."""

import hashlib
import os

import pytest
from sqlalchemy import func, select

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import ROLE_DEALER
from cleanfleet.storage import links
from cleanfleet.storage.models import OssObject, StoredFile
from tests.files.uploads import fetch, upload
from tests.permission_matrix import fresh_name


async def test_a_private_upload_downloads_back_byte_equal_through_a_signed_link(dealer, app):
    data = os.urandom(3 * 1024 * 1024 + 17)  # several chunks, not a multiple of one
    folder = fresh_name("manuals")
    answer = await upload(dealer, "手册-v1.pdf", data, folder=folder)
    assert answer.code == 0, answer.body
    saved = answer.data
    assert saved["savePath"] == f"{dealer.user.id}/{folder}/手册-v1.pdf"
    assert saved["size"] == len(data) and saved["sha256"] == hashlib.sha256(data).hexdigest()
    assert saved["isPrivate"] is True and saved["expiresIn"] == 6_600_000 and saved["token"]

    got = await fetch(dealer, saved["url"])
    assert got.status_code == 200 and got.content == data
    assert "attachment" in got.headers["content-disposition"]

    link = await dealer.call("/oss/downloadUrl", {"isPrivate": True, "savePath": saved["savePath"]})
    assert link.code == 0 and link.data["name"] == "手册-v1.pdf" and link.data["size"] == len(data)
    assert link.data["expiresAt"] > links.now_ms() + 6_000_000
    assert (await fetch(dealer, link.data["url"])).content == data


async def test_a_tampered_or_expired_link_is_refused(dealer, app):
    saved = (await upload(dealer, "secret.txt", b"top secret", content_type="text/plain")).data
    url = saved["url"]
    tampered = url.replace("name=secret.txt", "name=other.txt")
    refused = await fetch(dealer, tampered)
    assert refused.status_code == 403 and refused.json()["message"]["code"] == Code.NO_PERMISSION
    file_id = url.split("/signed/")[1].split("?")[0]
    expired, _ = links.signed_link(app.state.settings, file_id, "secret.txt", ttl_ms=-1000)
    assert (await fetch(dealer, expired)).status_code == 403
    assert (await fetch(dealer, url)).content == b"top secret"


async def test_a_public_file_has_a_lasting_url(dealer):
    saved = (await upload(dealer, "logo.png", b"\x89PNG public", private=False, content_type="image/png")).data
    assert saved["url"].startswith("/api/storage/") and saved["expiresIn"] == 0 and saved["token"] == ""
    assert (await fetch(dealer, saved["url"])).content == b"\x89PNG public"
    private = await dealer.call("/oss/downloadUrl", {"isPrivate": True, "savePath": saved["savePath"]})
    assert private.code == Code.NOT_FOUND and private.field == "savePath"


@pytest.mark.parametrize("name", ["my file.pdf", "a$b.pdf", ".hidden", "a..b", "x/y.pdf", "report.", "a\tb"])
async def test_names_with_spaces_or_special_characters_are_refused(dealer, db, name):
    before = await db.scalar(select(func.count()).select_from(OssObject))
    answer = await upload(dealer, name, b"x")
    assert answer.code == Code.BAD_PARAMETER and answer.field == "file", answer.body
    assert await db.scalar(select(func.count()).select_from(OssObject)) == before


async def test_a_bad_folder_is_refused_naming_target_path(dealer):
    for folder in ("../etc", "a b", "a/../b", "/".join("d" * 9)):
        answer = await upload(dealer, "ok.pdf", b"x", folder=folder)
        assert answer.code == Code.BAD_PARAMETER and answer.field == "targetPath", (folder, answer.body)


async def test_refusals_are_in_the_callers_language(dealer):
    response = await dealer.client.post("/api/oss/upload", files=[("file", ("a b.pdf", b"x", "application/pdf"))],
                                        data={"targetPath": "docs"},
                                        headers={**dealer.headers(), "Accept-Language": "en"})
    assert response.json()["message"]["message"].startswith("The file name may not contain spaces")


async def test_the_same_name_replaces_the_file_and_deletes_the_old_bytes(dealer, app, db):
    folder = fresh_name("ads")
    first = (await upload(dealer, "promo.mp4", b"old bytes", folder=folder, content_type="video/mp4")).data
    old_id = first["url"].split("/signed/")[1].split("?")[0]
    old_key = (await db.get(StoredFile, old_id)).key
    second = await upload(dealer, "promo.mp4", b"new bytes!", folder=folder, content_type="video/mp4")
    assert second.code == 0 and second.data["savePath"] == first["savePath"]
    db.expire_all()
    assert await db.get(StoredFile, old_id) is None
    assert not (app.state.settings.files_root / old_key).exists()
    count = await db.scalar(select(func.count()).select_from(OssObject).where(OssObject.save_path == first["savePath"]))
    assert count == 1
    link = await dealer.call("/oss/downloadUrl", {"savePath": first["savePath"]})
    assert (await fetch(dealer, link.data["url"])).content == b"new bytes!"
    assert (await fetch(dealer, first["url"])).status_code == 404  # the old link's file is gone


async def test_one_file_per_upload_and_the_file_is_required(dealer):
    two = await upload(dealer, "a.pdf", b"x", extra=[("file", ("b.pdf", b"y", "application/pdf"))])
    assert two.code == Code.BAD_PARAMETER and two.field == "file"
    none = await dealer.call("/oss/upload", {"targetPath": "docs"}, form=True)
    assert none.code == Code.BAD_PARAMETER and none.field == "file"


async def test_delete_takes_every_named_file_or_none(dealer, app, db):
    folder = fresh_name("tmp")
    a = (await upload(dealer, "a.txt", b"a", folder=folder, content_type="text/plain")).data["savePath"]
    b = (await upload(dealer, "b.txt", b"b", folder=folder, content_type="text/plain")).data["savePath"]
    refused = await dealer.call("/oss/delete", {"isPrivate": True, "savePath": f"{a},{dealer.user.id}/nope/x.txt"})
    assert refused.code == Code.NOT_FOUND and refused.field == "savePath"
    assert (await dealer.call("/oss/downloadUrl", {"savePath": a})).code == 0
    deleted = await dealer.call("/oss/delete", {"isPrivate": True, "savePath": f"{a},{b}"})
    assert deleted.code == 0 and deleted.data["savePath"] == [a, b]
    assert (await dealer.call("/oss/downloadUrl", {"savePath": a})).code == Code.NOT_FOUND


async def test_another_branch_cannot_read_or_delete_and_lists_are_scoped(dealer, make_user, signed_in):
    folder = fresh_name("branch")
    saved = (await upload(dealer, "mine.pdf", b"mine", folder=folder)).data
    other, password = await make_user(2, roles=[ROLE_DEALER])
    stranger = await signed_in(other, password)
    for path in ("/oss/downloadUrl", "/oss/delete"):
        answer = await stranger.call(path, {"savePath": saved["savePath"]})
        assert answer.code == Code.NOT_FOUND and answer.field == "savePath"


async def test_the_file_host_lists_and_sums_the_subtree(admin):
    folder = fresh_name("host")
    for name in ("one.bin", "two.bin"):
        assert (await upload(admin, name, b"12345", folder=folder, content_type="application/octet-stream")).code == 0
    listed = await admin.call("/oss/list", {"folder": folder})
    assert listed.code == 0 and sorted(o["name"] for o in listed.data["list"]) == ["one.bin", "two.bin"]
    assert (await admin.call("/oss/list", {"folder": folder, "name": "two"})).data["total"] == 1
    info = await admin.call("/oss/info", {})
    assert info.data["storage"] == "local"
    assert {"folder": folder, "count": 2, "bytes": 10} in info.data["folders"]


async def test_store_stream_service_keeps_a_stream_and_links_it(app, db):
    from cleanfleet.storage import service

    async def chunks():
        for _ in range(3):
            yield b"x" * 1000

    stored = await service.save_stream(db, app.state.store, chunks(), kind="logs", extension="txt",
                                       content_type="text/plain", owner_user_id=None, public=False)
    await db.commit()
    assert stored.size == 3000
    url, expires = service.link_for(app.state.settings, stored, "robot.log")
    assert expires is not None and "/signed/" in url
