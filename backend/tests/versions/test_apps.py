"""App versions (/version/*VersionApp): release and debug files in storage, the name rule, publish and its
cancellation, edits and deletion, and the refusals."""

import hashlib

from cleanfleet.core.codes import Code
from tests.conftest import Answer
from tests.permission_matrix import fresh_name
from tests.versions.conftest import add_app


async def form(api, path: str, data: dict, files: list | None = None) -> Answer:
    response = await api.client.post(f"/api{path}", data=data, files=files or [], headers=api.headers())
    return Answer(response.status_code, response.json())


async def test_an_app_version_keeps_both_files_and_they_download(fleet):
    name = fresh_name("App ")
    made = await add_app(fleet.dealer, name)
    assert made.code == 0, made.body
    release, debug = made.data["release"], made.data["debug"]
    assert (release["name"], release["sha256"]) == (f"{name}.apk", hashlib.sha256(b"release build" * 1000).hexdigest())
    assert debug["name"] == f"{name}-debug.apk" and made.data["published"] is False
    downloaded = await fleet.dealer.client.get(release["url"])
    assert downloaded.status_code == 200 and downloaded.content == b"release build" * 1000
    listed = (await fleet.dealer.call("/version/selectVersionApp", {"name": name})).data
    assert [a["id"] for a in listed] == [made.data["id"]] and listed[0]["log"] == "notes"


async def test_refusals_name_the_field(fleet):
    name = fresh_name("App ")
    no_release = await form(fleet.dealer, "/version/insertVersionApp", {"name": name})
    assert (no_release.code, no_release.field) == (Code.BAD_PARAMETER, "release")
    empty = await form(fleet.dealer, "/version/insertVersionApp", {"name": name},
                       [("release", ("a.apk", b"", "application/octet-stream"))])
    assert (empty.code, empty.field) == (Code.BAD_PARAMETER, "release")
    nameless = await form(fleet.dealer, "/version/insertVersionApp", {"name": " "},
                          [("release", ("a.apk", b"x", "application/octet-stream"))])
    assert (nameless.code, nameless.field) == (Code.BAD_PARAMETER, "name")
    assert (await add_app(fleet.dealer, name, debug=False)).code == 0
    taken = await add_app(fleet.dealer, name)
    assert (taken.code, taken.field) == (Code.ALREADY_EXISTS, "name") and name in taken.message
    assert len((await fleet.dealer.call("/version/selectVersionApp", {"name": name})).data) == 1
    long_log = await form(fleet.dealer, "/version/insertVersionApp", {"name": fresh_name("App "), "log": "x" * 2049},
                          [("release", ("a.apk", b"x", "application/octet-stream"))])
    assert (long_log.code, long_log.field) == (Code.BAD_PARAMETER, "log")


async def test_publish_cancel_edit_and_delete(fleet, app):
    made = (await add_app(fleet.dealer, fresh_name("App "))).data
    published = await fleet.dealer.call("/version/publishVersionApp", {"id": made["id"]})
    assert published.code == 0 and published.data["published"] is True and published.data["publishTime"]
    twice = await fleet.dealer.call("/version/publishVersionApp", {"id": made["id"]})
    assert (twice.code, twice.field) == (Code.CONFLICT, "published")
    new_release = [("release", ("new.apk", b"new release", "application/octet-stream"))]
    fixed = await form(fleet.dealer, "/version/updateVersionApp", {"id": str(made["id"])}, new_release)
    assert (fixed.code, fixed.field) == (Code.CONFLICT, "release")
    renamed = fresh_name("App renamed ")
    notes = await form(fleet.dealer, "/version/updateVersionApp", {"id": str(made["id"]), "name": renamed,
                                                                   "log": "better notes"})
    assert notes.code == 0 and (notes.data["name"], notes.data["log"]) == (renamed, "better notes")
    refused = await fleet.dealer.call("/version/deleteVersionApp", {"id": made["id"]})
    assert (refused.code, refused.field) == (Code.CONFLICT, "id")
    back = await fleet.dealer.call("/version/publishVersionApp", {"id": made["id"], "published": False})
    assert back.code == 0 and back.data["published"] is False and back.data["publishTime"] == ""
    swapped = await form(fleet.dealer, "/version/updateVersionApp", {"id": str(made["id"]), "removeDebug": "true"},
                         new_release)
    assert swapped.code == 0 and swapped.data["release"]["name"] == "new.apk" and swapped.data["debug"] is None
    files = len(list(app.state.settings.files_root.rglob("*.bin")))
    assert (await fleet.dealer.call("/version/deleteVersionApp", {"id": made["id"]})).code == 0
    assert len(list(app.state.settings.files_root.rglob("*.bin"))) == files - 1
    gone = await fleet.dealer.call("/version/publishVersionApp", {"id": made["id"]})
    assert (gone.code, gone.field) == (Code.NOT_FOUND, "id")
