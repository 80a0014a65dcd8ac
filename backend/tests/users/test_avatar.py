"""Avatars: upload (one image, at most 2 MB, checked from its content), set, serve, replace."""

import io

from PIL import Image
from sqlalchemy import func, select

from cleanfleet.core.codes import Code
from cleanfleet.storage.models import StoredFile
from cleanfleet.users.models import User
from tests.permission_matrix import png_bytes, upload


async def stored_count(db) -> int:
    return await db.scalar(select(func.count()).select_from(StoredFile))


def big_png(min_bytes: int) -> bytes:
    """A real PNG of more than ``min_bytes`` (random pixels do not compress)."""
    import os

    side = int((min_bytes / 3) ** 0.5) + 16
    image = Image.frombytes("RGB", (side, side), os.urandom(side * side * 3))
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=0)
    return out.getvalue()


async def test_upload_set_and_serve_an_avatar(signed_in, make_user, db, api):
    user, password = await make_user(3, roles=[])
    caller = await signed_in(user, password)
    uploaded = await upload(caller, png_bytes(60))
    assert uploaded.code == 0, uploaded.body
    assert uploaded.data["contentType"] == "image/png" and (uploaded.data["width"], uploaded.data["height"]) == (60, 60)
    url = uploaded.data["url"]
    assert url.startswith("/api/storage/")
    answer = await caller.call("/user/updateHeadPicture", {"url": url, "account": user.account, "userId": user.id})
    assert answer.code == 0 and answer.data["url"] == url
    served = await api.client.get(url)  # an <img src>: no token, no signature
    assert served.status_code == 200 and served.headers["content-type"] == "image/png"
    assert served.content == png_bytes(60) and served.headers["x-content-type-options"] == "nosniff"


async def test_a_new_avatar_replaces_the_old_file(signed_in, make_user, db, api, app):
    user, password = await make_user(3, roles=[])
    caller = await signed_in(user, password)
    first = (await upload(caller, png_bytes(60))).data["url"]
    await caller.call("/user/updateHeadPicture", {"url": first})
    second = (await upload(caller, png_bytes(61))).data["url"]
    assert (await caller.call("/user/updateHeadPicture", {"url": second})).code == 0
    assert (await api.client.get(first)).status_code == 404
    assert (await api.client.get(second)).status_code == 200
    rows = await db.scalars(select(StoredFile).where(StoredFile.owner_user_id == user.id))
    assert [row.id for row in rows] == [second.rsplit("/", 1)[1]]
    empty = await caller.call("/user/updateHeadPicture", {"url": " "}, headers={"language": "en"})
    assert empty.code == Code.BAD_PARAMETER and empty.field == "url" and empty.message == "Please select a picture"
    assert (await api.client.get(second)).status_code == 200  # the refusal changed nothing


async def test_a_3_mb_image_is_refused_with_the_size_limit(signed_in, make_user, db):
    user, password = await make_user(3, roles=[])
    caller = await signed_in(user, password)
    before = await stored_count(db)
    answer = await upload(caller, big_png(3 * 1024 * 1024))
    assert answer.code == Code.BAD_FILE and answer.field == "file" and answer.message == "图片不能超过 2 MB"
    assert await stored_count(db) == before


async def test_only_one_real_image_is_accepted(signed_in, make_user, db):
    user, password = await make_user(3, roles=[])
    caller = await signed_in(user, password)
    before = await stored_count(db)
    text = await upload(caller, b"<svg onload=alert(1)></svg>", name="a.png")
    assert text.code == Code.BAD_FILE and text.field == "file" and text.message.startswith("不是图片")
    truncated = await upload(caller, png_bytes(60)[:60])
    assert truncated.code == Code.BAD_FILE
    bmp = io.BytesIO()
    Image.new("RGB", (8, 8)).save(bmp, format="BMP")
    unsupported = await upload(caller, bmp.getvalue(), name="a.bmp")
    assert unsupported.code == Code.BAD_FILE and "BMP" in unsupported.message and unsupported.field == "file"
    two = await upload(caller, png_bytes(), extra_files=1)
    assert two.code == Code.BAD_FILE and two.message == "一次只能上传一个文件"
    none = await caller.call("/user/uploadHeadPicture", {})
    assert none.code == Code.BAD_PARAMETER and none.field == "file"
    assert await stored_count(db) == before


async def test_the_avatar_url_must_be_one_of_the_users_uploads(signed_in, make_user, db):
    user, password = await make_user(3, roles=[])
    other, other_password = await make_user(3, roles=[])
    caller = await signed_in(user, password)
    others = await signed_in(other, other_password)
    foreign = (await upload(others, png_bytes())).data["url"]
    stolen = await caller.call("/user/updateHeadPicture", {"url": foreign})
    assert stolen.code == Code.BAD_PARAMETER and stolen.field == "url"
    external = await caller.call("/user/updateHeadPicture", {"url": "https://tracker.example/pixel.gif"})
    assert external.code == Code.BAD_PARAMETER
    assert (await db.get(User, user.id, populate_existing=True)).url == ""


async def test_a_private_or_unknown_file_is_not_served(api):
    assert (await api.client.get("/api/storage/" + "0" * 32)).status_code == 404
    assert (await api.client.get("/api/storage/..%2F..%2Fcleanfleet.db")).status_code == 404


async def test_an_avatar_is_kept_at_60_by_60_centre_cropped(signed_in, make_user, api):
    """api-spec: avatar size 60*60. A wide photo is cropped to its centred square, not stretched."""
    user, password = await make_user(3, roles=[])
    caller = await signed_in(user, password)
    photo = Image.new("RGB", (300, 200), (255, 0, 0))
    photo.paste((0, 0, 255), (50, 0, 250, 200))  # blue in the centred 200 x 200 square, red outside it
    jpeg = io.BytesIO()
    photo.save(jpeg, format="JPEG", quality=95)
    uploaded = await upload(caller, jpeg.getvalue(), name="photo.jpg")
    assert uploaded.code == 0, uploaded.body
    assert (uploaded.data["width"], uploaded.data["height"], uploaded.data["contentType"]) == (60, 60, "image/jpeg")
    served = Image.open(io.BytesIO((await api.client.get(uploaded.data["url"])).content))
    assert served.format == "JPEG" and served.size == (60, 60)
    for corner in ((0, 0), (59, 59), (0, 59), (59, 0)):
        red, green, blue = served.convert("RGB").getpixel(corner)
        assert blue > 200 and red < 60, corner  # only the centre square is kept

    clear = io.BytesIO()
    Image.new("RGBA", (120, 90), (0, 0, 0, 0)).save(clear, format="WEBP", lossless=True)
    transparent = await upload(caller, clear.getvalue(), name="a.webp")
    assert transparent.code == 0 and transparent.data["contentType"] == "image/png", transparent.body
    kept = Image.open(io.BytesIO((await api.client.get(transparent.data["url"])).content))
    assert kept.size == (60, 60) and kept.mode == "RGBA" and kept.getpixel((30, 30))[3] == 0
