"""What a brand may hold: colours that keep the console's text at WCAG AA (refused naming the field, in the screen's
language), plain one-line texts, a reply-to address, and images that are PNG, JPEG or WebP within bounds (SVG,
oversized and non-images refused), scaled by the server and served by their content's hash."""

import io

import pytest
from PIL import Image

from cleanfleet.branding import contrast
from cleanfleet.core.codes import Code
from tests.branding.conftest import DEALER_BRAND, Tree, current, image_bytes, save


def test_the_contrast_ratio_is_wcags() -> None:
    assert round(contrast.ratio("#ffffff", "#000000"), 2) == 21.0
    assert round(contrast.ratio("#777777", "#ffffff"), 2) == 4.48  # the well-known grey just under AA
    assert contrast.header_ink("#1d3557") == contrast.LIGHT_INK and contrast.header_ink("#f1faee") == contrast.DARK_INK
    assert contrast.primary_ratio("#017465") >= 4.5  # the product's own teal passes its own rule
    assert contrast.shown(4.4999) == "4.49"


@pytest.mark.parametrize(("language", "words"), [("en", "White text on this colour has a contrast of only 1.74:1"),
                                                 ("zh-CN", "白色文字在此颜色上的对比度只有 1.74:1")])
async def test_a_light_primary_colour_is_refused_naming_the_field(tree: Tree, language: str, words: str) -> None:
    answer = await save(tree.dealer, {**DEALER_BRAND, "primaryColor": "#7fd3c6"}, language=language)
    assert (answer.code, answer.field) == (Code.BAD_PARAMETER, "primaryColor")
    assert answer.message.startswith(words), answer.message
    assert (await tree.dealer.call("/brand/get", {})).data["own"] is False  # nothing saved


@pytest.mark.parametrize(("language", "words"), [("en", "Neither white nor dark text reaches 4.5:1"),
                                                 ("zh-CN", "白色或深色文字在此颜色上的对比度最高只有")])
async def test_a_mid_grey_header_is_refused_naming_the_field(tree: Tree, language: str, words: str) -> None:
    answer = await save(tree.dealer, {**DEALER_BRAND, "headerColor": "#7f7f7f"}, language=language)
    assert (answer.code, answer.field) == (Code.BAD_PARAMETER, "headerColor")
    assert answer.message.startswith(words), answer.message


@pytest.mark.parametrize(("field", "value"), [
    ("primaryColor", "teal"), ("headerColor", "#12345"), ("productName", "   "), ("productName", "Two\nlines"),
    ("mailSenderName", "Evil\r\nBcc: x@y.z"), ("footerText", "tab\there"), ("mailReplyTo", "not an address"),
    ("productName", "x" * 41), ("footerText", "y" * 201)])
async def test_wrong_fields_are_refused_by_name(tree: Tree, field: str, value: str) -> None:
    answer = await save(tree.dealer, {**DEALER_BRAND, field: value})
    assert (answer.code, answer.field) == (Code.BAD_PARAMETER, field), answer.body


async def test_a_logo_and_an_icon_are_scaled_and_served_by_their_hash(tree: Tree) -> None:
    logo = image_bytes("JPEG", (2400, 900))
    icon = image_bytes("WEBP", (300, 200), (200, 30, 30))
    answer = await save(tree.dealer, DEALER_BRAND, {"logo": ("logo.jpg", logo, "image/jpeg"),
                                                    "icon": ("icon.webp", icon, "image/webp")})
    assert answer.code == 0, answer.body
    seen = await current(tree.customer)
    sizes = {}
    for key in ("logoUrl", "iconUrl", "faviconUrl"):
        assert seen[key].startswith("/api/brand/image/") and seen[key].endswith(".png")
        response = await tree.customer.client.get(seen[key])  # unsigned, as <img src> asks
        assert response.status_code == 200 and response.headers["content-type"] == "image/png"
        assert "immutable" in response.headers["cache-control"]
        with Image.open(io.BytesIO(response.content)) as image:
            assert image.format == "PNG"
            sizes[key] = image.size
    assert sizes["logoUrl"][1] <= 512 and sizes["logoUrl"][0] == round(2400 * sizes["logoUrl"][1] / 900)
    assert sizes["iconUrl"] == (192, 192) and sizes["faviconUrl"] == (32, 32)
    removed = await save(tree.dealer, {**DEALER_BRAND, "removeLogo": True})
    assert removed.code == 0 and removed.data["brand"]["logoUrl"] is None
    assert (await tree.customer.client.get(seen["logoUrl"])).status_code == 404  # its bytes went with it
    assert (await current(tree.customer))["iconUrl"] == seen["iconUrl"]  # the icon stays


NO_SVG = "SVG images are not accepted (they can carry scripts): upload a PNG, JPEG or WebP image."
SVG = b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'


@pytest.mark.parametrize(("field", "name", "data", "words"), [
    ("logo", "logo.svg", SVG, NO_SVG),
    ("logo", "logo.png", b"<svg onload='x'/>", NO_SVG),  # the name does not matter
    ("icon", "icon.png", b"GIF89a not really", "This file is not an image."),
    ("logo", "logo.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * (1024 * 1024), "The image may be at most 1 MB."),
    ("logo", "logo.gif", image_bytes("GIF"), "Upload a PNG, JPEG or WebP image (this one is GIF)."),
    ("logo", "logo.png", image_bytes("PNG", (4097, 10)), "The image may be at most 4096 pixels wide and tall."),
    ("icon", "icon.png", image_bytes("PNG", (40, 40)), "The icon must be at least 64 pixels wide and tall."),
])
async def test_images_other_than_bounded_png_jpeg_or_webp_are_refused(tree: Tree, field: str, name: str,
                                                                       data: bytes, words: str) -> None:
    answer = await save(tree.dealer, DEALER_BRAND, {field: (name, data, "image/png")})
    assert (answer.code, answer.field, answer.message) == (Code.BAD_FILE, field, words)
    assert (await tree.dealer.call("/brand/get", {})).data["own"] is False  # nothing saved, the texts neither
