"""The S3-compatible store against a real S3 server (moto's): uploads through the API land in the
bucket, are served from it, and are removed from it; a missing bucket or object is said plainly."""

import io
import os
from typing import Any

import pytest
from botocore.exceptions import ClientError
from PIL import Image
from pydantic import ValidationError

from cleanfleet.app import create_app
from cleanfleet.core.codes import Code
from cleanfleet.settings import Settings
from cleanfleet.storage.backends import CHUNK_BYTES, NotStored, S3Store, StoreError
from cleanfleet.storage.models import StoredFile
from tests.conftest import Answer, Api
from tests.permission_matrix import png_bytes, upload
from tests.storage.conftest import PREFIX, fresh_bucket, s3_settings


def in_bucket(view: Any, bucket: str, key: str) -> dict[str, Any] | None:
    """The object as the bucket holds it (its bytes under "data"), or None."""
    try:
        answer = view.get_object(Bucket=bucket, Key=key)
    except ClientError as exc:
        assert exc.response["Error"]["Code"] in ("NoSuchKey", "404"), exc.response
        return None
    return {**answer, "data": answer["Body"].read()}


async def stored(app: Any, url: str) -> StoredFile:
    async with app.state.db.sessions() as db:
        row = await db.get(StoredFile, url.rsplit("/", 1)[1])
    assert row is not None
    return row


async def upload_type_image(api: Api, data: bytes) -> Answer:
    response = await api.client.post("/api/device/uploadTypeImage", files=[("file", ("robot.png", data, "image/png"))],
                                     headers=api.headers())
    return Answer(response.status_code, response.json())


async def test_an_avatar_goes_to_the_bucket_is_served_from_it_and_replaced_in_it(
        s3_app, s3_sign_in, s3_bucket, bucket_view, make_user, settings):
    user, password = await make_user(3, roles=[])
    caller = await s3_sign_in(user.account, password)
    image = png_bytes(60)
    first = await upload(caller, image)
    assert first.code == 0, first.body
    row = await stored(s3_app, first.data["url"])
    held = in_bucket(bucket_view, s3_bucket, PREFIX + row.key)
    assert held is not None and held["data"] == image and held["ContentType"] == "image/png"
    assert not (settings.files_root / row.key).exists()  # nothing in the local folder
    assert (await caller.call("/user/updateHeadPicture", {"url": first.data["url"]})).code == 0

    served = await caller.client.get(first.data["url"])  # as an <img src>: no token needed
    assert served.status_code == 200 and served.content == image
    assert served.headers["content-type"] == "image/png" and served.headers["content-length"] == str(len(image))
    assert served.headers["cache-control"].startswith("public")

    second = await upload(caller, png_bytes(61))
    assert (await caller.call("/user/updateHeadPicture", {"url": second.data["url"]})).code == 0
    assert in_bucket(bucket_view, s3_bucket, PREFIX + row.key) is None  # the replaced avatar left the bucket
    assert (await caller.client.get(first.data["url"])).status_code == 404
    with Image.open(io.BytesIO((await caller.client.get(second.data["url"])).content)) as served_second:
        assert (served_second.format, served_second.size) == ("PNG", (60, 60))  # scaled to the spec's 60 x 60


async def test_a_device_type_image_round_trip(s3_app, s3_admin, s3_bucket, bucket_view):
    image = png_bytes(120)
    uploaded = await upload_type_image(s3_admin, image)
    assert uploaded.code == 0, uploaded.body
    url = uploaded.data["typeUrl"]
    key = PREFIX + (await stored(s3_app, url)).key
    assert in_bucket(bucket_view, s3_bucket, key)["data"] == image
    shown = await s3_admin.client.get(url)
    assert shown.status_code == 200 and shown.content == image and shown.headers["content-type"] == "image/png"

    created = await s3_admin.call("/device/insertDeviceType", {"typeName": f"S3 model {os.getpid()}", "typeUrl": url})
    assert created.code == 0 and created.data["typeUrl"] == url
    cleared = await s3_admin.call("/device/updateDeviceType", {"typeId": created.data["typeId"], "typeUrl": ""})
    assert cleared.code == 0
    assert in_bucket(bucket_view, s3_bucket, key) is None  # the replaced image was deleted from the bucket
    gone = await s3_admin.client.get(url)
    assert gone.status_code == 404 and gone.json()["message"]["code"] == Code.NOT_FOUND
    assert (await s3_admin.call("/device/deleteDeviceType", {"typeId": created.data["typeId"]})).code == 0


async def test_an_object_missing_from_the_bucket_answers_not_found(s3_app, s3_admin, s3_bucket, bucket_view):
    url = (await upload_type_image(s3_admin, png_bytes(33))).data["typeUrl"]
    bucket_view.delete_object(Bucket=s3_bucket, Key=PREFIX + (await stored(s3_app, url)).key)
    lost = await s3_admin.client.get(url)
    assert lost.status_code == 404 and lost.json()["message"]["code"] == Code.NOT_FOUND
    unknown = await s3_admin.client.get("/api/storage/" + "0" * 32)
    assert unknown.status_code == 404


async def test_the_store_itself(settings, s3_endpoint, bucket_view):
    bucket = fresh_bucket()
    store = S3Store(s3_settings(settings, s3_endpoint, bucket, s3_create_bucket=True))
    await store.start()  # creates the bucket
    try:
        bucket_view.head_bucket(Bucket=bucket)
        data = os.urandom(2 * CHUNK_BYTES + 123)
        await store.put("tests/2026/11/big.bin", data, "application/octet-stream")
        assert await store.get("tests/2026/11/big.bin") == data
        opened = await store.open("tests/2026/11/big.bin")
        chunks = [chunk async for chunk in opened.chunks]
        assert opened.size == len(data) and b"".join(chunks) == data and len(chunks) >= 3
        assert in_bucket(bucket_view, bucket, "tests/2026/11/big.bin")["ContentType"] == "application/octet-stream"

        await store.delete("tests/2026/11/big.bin")
        assert in_bucket(bucket_view, bucket, "tests/2026/11/big.bin") is None
        await store.delete("tests/2026/11/big.bin")  # deleting what is gone is no error
        with pytest.raises(NotStored):
            await store.get("tests/2026/11/big.bin")
        with pytest.raises(NotStored):
            await store.open("tests/2026/11/big.bin")
        with pytest.raises(StoreError):
            await store.put("../outside.png", b"x", "image/png")
    finally:
        await store.close()
    # a second start finds the bucket there
    again = S3Store(s3_settings(settings, s3_endpoint, bucket))
    await again.start()
    await again.close()


async def test_a_missing_bucket_stops_the_start_and_names_the_setting(settings, s3_endpoint, bucket_view):
    bucket = fresh_bucket()
    application = create_app(s3_settings(settings, s3_endpoint, bucket))
    with pytest.raises(StoreError, match="CLEANFLEET_S3_CREATE_BUCKET=true") as refused:
        async with application.router.lifespan_context(application):
            pass
    assert bucket in str(refused.value)
    with pytest.raises(ClientError):
        bucket_view.head_bucket(Bucket=bucket)  # not created


async def test_an_unreachable_endpoint_stops_the_start_and_names_the_setting(settings):
    store = S3Store(s3_settings(settings, "http://127.0.0.1:9", fresh_bucket(), s3_timeout=2))
    with pytest.raises(StoreError, match="CLEANFLEET_S3_ENDPOINT"):
        await store.start()


def test_s3_settings_are_checked():
    with pytest.raises(ValidationError, match="CLEANFLEET_S3_BUCKET"):
        Settings(storage="s3")
    with pytest.raises(ValidationError, match="CLEANFLEET_S3_SECRET_KEY"):
        Settings(storage="s3", s3_bucket="b", s3_access_key="only-one")
    with pytest.raises(ValidationError):
        Settings(storage="s3", s3_bucket="b", s3_prefix="../up")
    assert Settings(storage="s3", s3_bucket="b", s3_prefix="a/b/").s3_prefix == "a/b/"
