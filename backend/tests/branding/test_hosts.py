"""A dealer's own host names: the sign-in page on such a host shows the dealer's brand before anyone signs in (from
the Host header or ``?host=``), any other host the admin's; the manifest follows the host; the names are checked,
lower-cased, unique across the install, and never the install's own host."""

from typing import Any

import orjson
import pytest

from cleanfleet.core.codes import Code
from tests.branding.conftest import DEALER_BRAND, Tree, image_bytes, save
from tests.permission_matrix import fresh_name

PUBLIC_KEYS = {"custom", "productName", "primaryColor", "headerColor", "headerInk", "logoUrl", "faviconUrl", "iconUrl"}


def a_host() -> str:
    return f"{fresh_name('portal').lower()}.harbour.test"


async def public(tree: Tree, host: str | None = None, header: str | None = None) -> dict[str, Any]:
    """``GET /api/brand`` unsigned and signed out, as the sign-in page asks it."""
    response = await tree.admin.client.get("/api/brand", params={"host": host} if host else None,
                                           headers={"host": header} if header else None)
    assert response.status_code == 200, response.text
    return response.json()["data"]  # type: ignore[no-any-return]


async def test_the_sign_in_page_of_a_dealers_host_shows_its_brand(tree: Tree) -> None:
    host = a_host()
    answer = await save(tree.dealer, {**DEALER_BRAND, "hostNames": [host.upper() + ".", "  "]},
                        {"icon": ("i.png", image_bytes("PNG", (256, 256)), "image/png")})
    assert answer.code == 0, answer.body
    assert answer.data["brand"]["hostNames"] == [host]  # lower case, no trailing dot, blanks dropped
    by_header = await public(tree, header=f"{host}:8443")
    assert set(by_header) == PUBLIC_KEYS  # never the mail settings, never whose brand it is
    assert (by_header["custom"], by_header["productName"], by_header["headerInk"]) == (True, "Harbour Clean", "light")
    assert (await public(tree, host=host))["productName"] == "Harbour Clean"
    unknown = await public(tree, header="elsewhere.example")
    assert unknown["custom"] is False and unknown["productName"] is None  # the admin's: here the product's own
    assert (await public(tree, header="cleanfleet.test"))["productName"] is None


async def test_the_manifest_follows_the_host(tree: Tree) -> None:
    host = a_host()
    icon = image_bytes("PNG", (512, 512))
    assert (await save(tree.dealer, {**DEALER_BRAND, "hostNames": [host]},
                       {"icon": ("i.png", icon, "image/png")})).code == 0
    response = await tree.admin.client.get("/manifest.webmanifest", headers={"host": host})
    assert response.status_code == 200 and response.headers["content-type"] == "application/manifest+json"
    assert response.headers["vary"] == "Host"
    manifest = orjson.loads(response.content)
    assert (manifest["name"], manifest["short_name"], manifest["theme_color"]) == (
        "Harbour Clean", "Harbour Clean", "#1d3557")
    assert [icon["sizes"] for icon in manifest["icons"]] == ["192x192", "512x512"]
    assert all(icon["src"].startswith("/api/brand/image/") for icon in manifest["icons"])
    # a host without a brand gets the build's own file unchanged (the tests' server has no build: 404, as before)
    assert (await tree.admin.client.get("/manifest.webmanifest", headers={"host": "other.test"})).status_code == 404


@pytest.mark.parametrize("host", ["-bad.example.com", "no_underscores.example", "single", "10.0.0.7",
                                  "a..b.example", "x" * 64 + ".example", "white space.example"])
async def test_a_name_that_is_no_host_name_is_refused(tree: Tree, host: str) -> None:
    answer = await save(tree.dealer, {**DEALER_BRAND, "hostNames": [host]})
    assert (answer.code, answer.field) == (Code.BAD_PARAMETER, "hostNames"), answer.body


async def test_host_names_are_unique_and_never_the_installs_own(tree: Tree) -> None:
    host = a_host()
    assert (await save(tree.dealer, {**DEALER_BRAND, "hostNames": [host]})).code == 0
    taken = await save(tree.other, {**DEALER_BRAND, "hostNames": [host]})
    assert (taken.code, taken.field) == (Code.CONFLICT, "hostNames")
    assert host in taken.message
    own = await save(tree.other, {**DEALER_BRAND, "hostNames": ["localhost"]})
    assert (own.code, own.field) == (Code.BAD_PARAMETER, "hostNames")
    assert (await save(tree.dealer, {**DEALER_BRAND, "customersMayBrand": True})).code == 0
    customer = await save(tree.customer, {**DEALER_BRAND, "hostNames": [a_host()]})
    assert (customer.code, customer.field) == (Code.BAD_PARAMETER, "hostNames")  # dealers only
    assert (await save(tree.dealer, DEALER_BRAND)).data["brand"]["hostNames"] == []  # saved without: released
    assert (await save(tree.other, {**DEALER_BRAND, "hostNames": [host]})).code == 0
