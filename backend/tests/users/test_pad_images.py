"""Pad customisation images: uploaded one at a time with exactly their slot's size, then named by
/user/updatePadConfig; images the saved customisation no longer uses are removed."""

import io

from PIL import Image

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.conftest import Answer, Api

SIZES = {"loginBackground": (1280, 800), "bootAnimation": (1280, 800), "loginLogo": (800, 326),
         "mainLogo": (600, 270), "homeTiles": (326, 343)}


def image(width: int, height: int, kind: str = "PNG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (1, 116, 101)).save(out, format=kind)
    return out.getvalue()


async def upload_pad(api: Api, slot: str, data: bytes, *, user_id: int | None = None) -> Answer:
    form = {"slot": slot, **({"userId": str(user_id)} if user_id is not None else {})}
    response = await api.client.post("/api/user/uploadPadImage", files=[("file", ("a.png", data, "image/png"))],
                                     data=form, headers=api.headers())
    return Answer(response.status_code, response.json())


async def test_a_dealer_uploads_its_pad_images_and_saves_them(signed_in, make_user, api):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    caller = await signed_in(dealer, password)
    urls = {}
    for slot, (width, height) in SIZES.items():
        answer = await upload_pad(caller, slot, image(width, height, "GIF" if slot == "bootAnimation" else "PNG"))
        assert answer.code == 0, answer.body
        assert (answer.data["width"], answer.data["height"]) == (width, height)
        urls[slot] = answer.data["url"]
    saved = await caller.call("/user/updatePadConfig", {"aboutUs": "Harbour Cleaning", "images": urls})
    assert saved.code == 0, saved.body
    assert (await api.client.get(urls["loginLogo"])).status_code == 200  # an <img src>: no token
    # A new login logo replaces the old one once saved; the unsaved upload is kept until then.
    newer = (await upload_pad(caller, "loginLogo", image(800, 326, "JPEG"))).data["url"]
    assert (await api.client.get(urls["loginLogo"])).status_code == 200
    again = await caller.call("/user/updatePadConfig", {"aboutUs": "Harbour Cleaning",
                                                        "images": {**urls, "loginLogo": newer}})
    assert again.code == 0, again.body
    assert (await api.client.get(urls["loginLogo"])).status_code == 404
    assert (await api.client.get(newer)).status_code == 200
    assert (await api.client.get(urls["mainLogo"])).status_code == 200


async def test_a_pad_image_of_the_wrong_size_or_slot_is_refused(signed_in, make_user):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    caller = await signed_in(dealer, password)
    wrong = await upload_pad(caller, "mainLogo", image(600, 271))
    assert wrong.code == Code.BAD_FILE and wrong.field == "file"
    assert wrong.message == "该图片必须是 600×270 像素，而不是 600×271"
    slot = await upload_pad(caller, "favicon", image(600, 270))
    assert slot.code == Code.BAD_PARAMETER and slot.field == "slot" and "mainLogo" in slot.message
    text = await upload_pad(caller, "mainLogo", b"not an image")
    assert text.code == Code.BAD_FILE


async def test_pad_images_belong_to_dealers(signed_in, make_user):
    dealer, _ = await make_user(2, roles=[ROLE_DEALER])
    user, password = await make_user(3, parent=dealer)
    caller = await signed_in(user, password)
    refused = await upload_pad(caller, "mainLogo", image(600, 270))
    assert refused.code == Code.NO_PERMISSION and refused.field == "userId"
