"""Files and the knowledge base (/file/*): add, search, categories, download, delete, scope."""


import pytest

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.files.uploads import fetch, upload
from tests.permission_matrix import fresh_name


@pytest.mark.parametrize(("prefix", "add", "find", "cate", "delete"), [
    ("file", "/file/add", "/file/findAll", "/file/getCate", "/file/del"),
    ("knowledge", "/file/addKnowledge", "/file/findAllKnowledge", "/file/getCateKnowledge", "/file/delKnowledge"),
])
async def test_an_entry_is_added_found_downloaded_and_deleted(dealer, prefix, add, find, cate, delete):
    saved = (await upload(dealer, f"{prefix}-guide.pdf", b"%PDF guide")).data
    name = fresh_name("Guide ")
    added = await dealer.call(add, {"name": name, "category": "Manuals", "detail": "charging dock setup",
                                    "savePath": saved["savePath"]})
    assert added.code == 0, added.body
    assert added.data["fileName"] == f"{prefix}-guide.pdf" and added.data["size"] == 10
    other = (await upload(dealer, f"{prefix}-faq.pdf", b"faq")).data
    assert (await dealer.call(add, {"name": "FAQ", "category": "Support", "savePath": other["savePath"]})).code == 0

    assert [e["name"] for e in (await dealer.call(find, {"name": "dock"})).data["list"]] == [name]
    assert [e["name"] for e in (await dealer.call(find, {"category": "Support"})).data["list"]] == ["FAQ"]
    assert (await dealer.call(cate, {})).data == [{"category": "Manuals", "count": 1},
                                                  {"category": "Support", "count": 1}]

    link = await dealer.call("/oss/downloadUrl", {"savePath": added.data["savePath"]})
    assert (await fetch(dealer, link.data["url"])).content == b"%PDF guide"

    assert (await dealer.call(delete, {"id": added.data["id"]})).code == 0
    assert (await dealer.call(find, {})).data["total"] == 1
    gone = await dealer.call("/oss/downloadUrl", {"savePath": added.data["savePath"]})
    assert gone.code == Code.NOT_FOUND  # deleting the entry deleted its file
    again = await dealer.call(delete, {"id": added.data["id"]})
    assert again.code == Code.NOT_FOUND and again.field == "id"


async def test_files_and_knowledge_are_kept_apart(dealer):
    saved = (await upload(dealer, "apart.pdf", b"x")).data
    entry = (await dealer.call("/file/add", {"name": "Apart", "category": "A", "savePath": saved["savePath"]})).data
    assert (await dealer.call("/file/findAllKnowledge", {})).data["total"] == 0
    wrong = await dealer.call("/file/delKnowledge", {"id": entry["id"]})
    assert wrong.code == Code.NOT_FOUND


async def test_refusals_name_the_field_and_change_nothing(dealer, make_user, signed_in):
    missing = await dealer.call("/file/add", {"name": "X", "category": "A", "savePath": "1/none/x.pdf"})
    assert missing.code == Code.NOT_FOUND and missing.field == "savePath"
    blank = await dealer.call("/file/add", {"name": " ", "category": "A", "savePath": "1/x.pdf"})
    assert blank.code == Code.BAD_PARAMETER and blank.field == "name"
    long = await dealer.call("/file/add", {"name": "n", "category": "c" * 65, "savePath": "1/x.pdf"})
    assert long.code == Code.BAD_PARAMETER and long.field == "category"
    assert (await dealer.call("/file/findAll", {})).data["total"] == 0

    saved = (await upload(dealer, "private.pdf", b"x")).data
    other, password = await make_user(2, roles=[ROLE_DEALER])
    stranger = await signed_in(other, password)
    taken = await stranger.call("/file/add", {"name": "Mine", "category": "A", "savePath": saved["savePath"]})
    assert taken.code == Code.NOT_FOUND and taken.field == "savePath"
    entry = (await dealer.call("/file/add", {"name": "Own", "category": "A", "savePath": saved["savePath"]})).data
    assert (await stranger.call("/file/del", {"id": entry["id"]})).code == Code.NOT_FOUND
    assert (await stranger.call("/file/findAll", {})).data["total"] == 0
    assert (await dealer.call("/file/findAll", {"userId": other.id})).code == Code.NOT_FOUND


async def test_a_parent_sees_its_childs_files(dealer, make_user, signed_in):
    child, password = await make_user(3, parent=dealer.user, roles=[ROLE_DEALER])
    site = await signed_in(child, password)
    saved = (await upload(site, "site.pdf", b"x")).data
    added = await site.call("/file/add", {"name": "Site plan", "category": "Plans", "savePath": saved["savePath"]})
    assert added.code == 0
    assert [e["name"] for e in (await dealer.call("/file/findAll", {})).data["list"]] == ["Site plan"]
    assert (await dealer.call("/file/findAll", {"userId": child.id})).data["total"] == 1
