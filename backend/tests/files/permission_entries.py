"""Permission-matrix entries for object storage, files, knowledge, advertising, speech and the operation log.

The world gets, uploaded by the dealer: ``f.doc`` (a private PDF), ``f.spare`` (deleted last), ``f.image`` (a
PNG for media), the file and knowledge entries ``f.entry``/``f.knowledge`` (with spares deleted last), the
media ``a.media`` and the playlist ``a.playlist`` (and spares). The robots are the device world's.
"""

from typing import Any

from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has devices
from tests.files.uploads import upload
from tests.permission_matrix import Entry, World, fresh_name, png_bytes, register, register_world_builder

OWN = "answers only the caller's own subtree; another branch gets its own (empty) share"
OWN_SPACE = "stores into the caller's own space (another branch uploads its own file)"
ANY_USER = "any signed-in user may hear speech; it changes nothing"


async def build_files_world(world: World, app: Any) -> None:
    dealer = world.callers["dealer"]
    folder = fresh_name("matrix")
    pdf = "application/pdf"
    for key, name, content_type in (("f.doc", "doc.pdf", pdf), ("f.spare", "spare.pdf", pdf),
                                    ("f.spare2", "spare2.pdf", pdf), ("f.spare3", "spare3.pdf", pdf),
                                    ("f.image", "poster.png", "image/png")):
        answer = await upload(dealer, name, png_bytes(), folder=folder, content_type=content_type)
        assert answer.code == 0, answer.body
        world.ids[key] = answer.data["savePath"]
    for key, call, path in (("f.entry", "/file/add", "f.spare2"), ("f.knowledge", "/file/addKnowledge", "f.spare3")):
        answer = await dealer.call(call, {"name": "Entry", "category": "Matrix", "savePath": world.ids[path]})
        assert answer.code == 0, answer.body
        world.ids[key] = answer.data["id"]
    media = await dealer.call("/advertising/mediaAdd", {"name": "Poster", "savePath": world.ids["f.image"]})
    assert media.code == 0, media.body
    world.ids["a.media"] = media.data["id"]
    for key in ("a.playlist", "a.spare"):
        playlist = await dealer.call("/advertising/playlistAdd", {"name": fresh_name("List"),
                                                                  "items": [{"mediaId": media.data["id"]}]})
        assert playlist.code == 0, playlist.body
        world.ids[key] = playlist.data["id"]


register_world_builder(build_files_world)


async def _upload(api: Any, w: World) -> Any:
    return await upload(api, "new.pdf", b"%PDF new", folder="matrix-new")


async def _speak(api: Any, w: World) -> Any:
    from tests.conftest import Answer

    response = await api.client.post("/api/tencent/ttsUrl", data={"token": api.token or "", "content": "hello",
                                                                  "language": "en"}, headers=api.headers())
    if response.headers.get("content-type", "").startswith("audio/"):
        return Answer(response.status_code, {"message": {"code": 0, "message": "audio"}, "data": None})
    return Answer(response.status_code, response.json())


def _doc(w: World) -> dict[str, Any]:
    return {"isPrivate": True, "savePath": w.ids["f.doc"]}


def _entry(name: str) -> Any:
    return lambda w: {"name": fresh_name("Entry"), "category": "Matrix", "savePath": w.ids[name]}


register(
    Entry("/api/oss/upload", send=_upload, not_applicable={"other_branch": OWN_SPACE}),
    Entry("/api/oss/downloadUrl", _doc),
    Entry("/api/oss/delete", lambda w: {"isPrivate": True, "savePath": w.ids["f.spare"]}, last=3),
    Entry("/api/oss/list", not_applicable={"other_branch": OWN}),
    Entry("/api/oss/info", not_applicable={"other_branch": OWN}),
    Entry("/api/file/findAll", not_applicable={"other_branch": OWN}),
    Entry("/api/file/getCate", not_applicable={"other_branch": OWN}),
    Entry("/api/file/add", _entry("f.doc")),
    Entry("/api/file/del", lambda w: {"id": w.ids["f.entry"]}, last=2),
    Entry("/api/file/findAllKnowledge", not_applicable={"other_branch": OWN}),
    Entry("/api/file/getCateKnowledge", not_applicable={"other_branch": OWN}),
    Entry("/api/file/addKnowledge", _entry("f.doc")),
    Entry("/api/file/delKnowledge", lambda w: {"id": w.ids["f.knowledge"]}, last=2),
    Entry("/api/tencent/ttsUrl", send=_speak,
          not_applicable={"other_branch": ANY_USER, "lower_level": ANY_USER, "shadow_without_key": ANY_USER}),
    Entry("/api/advertising/mediaList", not_applicable={"other_branch": OWN}),
    Entry("/api/advertising/mediaAdd", lambda w: {"name": "Again", "savePath": w.ids["f.image"]}),
    Entry("/api/advertising/mediaDelete", lambda w: {"id": w.ids["a.media"]}, last=2),
    Entry("/api/advertising/playlistList", not_applicable={"other_branch": OWN}),
    Entry("/api/advertising/playlistAdd", lambda w: {"name": fresh_name("New list"),
                                                     "items": [{"mediaId": w.ids["a.media"]}]}),
    Entry("/api/advertising/playlistUpdate", lambda w: {"id": w.ids["a.playlist"], "name": fresh_name("Renamed")}),
    Entry("/api/advertising/playlistDelete", lambda w: {"id": w.ids["a.spare"]}, last=2),
    Entry("/api/advertising/assign", lambda w: {"playlistId": w.ids["a.playlist"], "deviceIds": [w.ids["d.device"]]}),
    Entry("/api/advertising/unassign", lambda w: {"deviceIds": [w.ids["d.device"]]}, last=1),
    Entry("/api/log/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/log/export", lambda w: {"userId": w.id("user")}),
)
