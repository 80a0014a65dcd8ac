"""Permission-matrix entries for the firmware and OTA calls (/api/version/*).

The world gets ``v.firmware`` (published to ``d.device``, the dealer's child's robot), ``v.spare`` (deleted
last), ``v.public`` and two rollouts (``v.rollout`` paused and resumed, ``v.rollout2`` cancelled). Calls that
send commands run with a stand-in robot link that records them (tests have no broker).
"""

import json
from collections.abc import Awaitable, Callable
from typing import Any

from cleanfleet.gateway.commands import CommandSender
from cleanfleet.roles.catalogue import keys_under
from tests.conftest import Answer, Api
from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has devices
from tests.permission_matrix import Entry, World, fresh_name, register, register_world_builder
from tests.versions.conftest import next_root

OWN = "answers only the caller's own subtree; another branch gets its own (empty) share"
_app: list[Any] = []


async def _with_link(call: Callable[[], Awaitable[Answer]]) -> Answer:
    state = _app[0].state
    earlier = getattr(state, "robot_commands", None)

    async def publish(topic: str, payload: bytes) -> None:
        json.loads(payload)

    state.robot_commands = CommandSender(publish)
    try:
        return await call()
    finally:
        state.robot_commands = earlier


async def upload(api: Api, world: World) -> Answer:
    response = await api.client.post("/api/version/insertVersionFireware",
                                      data={"name": fresh_name("FW "), "version": "FW-9.1.0", "allowUnsigned": "true"},
                                      files={"file": ("fw.bin", b"firmware bytes" * 100, "application/octet-stream")},
                                      headers=api.headers())
    return Answer(response.status_code, response.json())


def linked(path: str, body: Callable[[World], dict[str, Any]]) -> Callable[[Api, World], Awaitable[Answer]]:
    async def send(api: Api, world: World) -> Answer:
        return await _with_link(lambda: api.call(path, body(world)))

    return send


async def build_version_world(world: World, app: Any) -> None:
    _app[:] = [app]
    dealer = world.callers["dealer"]
    for key in ("v.firmware", "v.spare"):
        made = await upload(dealer, world)
        assert made.code == 0, made.body
        world.ids[key] = made.data["id"]
    public = await _with_link(lambda: dealer.call("/version/insertVersionPublic", {
        "versionId": world.ids["v.firmware"], "deviceSerialNumbers": [world.ids["d.sn"]]}))
    assert public.code == 0, public.body
    world.ids["v.public"] = public.data["publicId"]
    for key in ("v.rollout", "v.rollout2"):
        rollout = await _with_link(lambda: dealer.call("/version/rollout/add", {
            "name": fresh_name("R"), "versionId": world.ids["v.firmware"], "deviceIds": [world.ids["d.device"]],
            "groupSize": 100}))
        assert rollout.code == 0, rollout.body
        world.ids[key] = rollout.data["rolloutId"]


register_world_builder(build_version_world)


def _rollout(key: str) -> Callable[[World], dict[str, Any]]:
    return lambda w: {"rolloutId": w.ids[key]}


register(
    Entry("/api/version/selectVersionFireware"),
    Entry("/api/version/insertVersionFireware", send=upload),
    Entry("/api/version/updateVersionFireware", lambda w: {"id": w.ids["v.firmware"], "description": "edited"}),
    Entry("/api/version/delVersionFireware", lambda w: {"id": w.ids["v.spare"]}, last=2),
    Entry("/api/version/tuf/status"),
    Entry("/api/version/tuf/root", send=lambda api, world: next_root(api, world.admin)),
    Entry("/api/version/getVersionFirewareBySerialNumber", lambda w: {"deviceSerialNumber": w.ids["d.sn"]}),
    Entry("/api/version/insertVersionPublic", send=linked("/version/insertVersionPublic", lambda w: {
        "versionId": w.ids["v.firmware"], "deviceSerialNumbers": [w.ids["d.sn"]]})),
    Entry("/api/version/selectVersionPublic", lambda w: {"versionId": w.ids["v.firmware"]},
          not_applicable={"other_branch": OWN}),
    Entry("/api/version/deleteVersionPublic", lambda w: {"publicId": w.ids["v.public"]}, last=1),
    Entry("/api/version/selectDeviceUpdates", lambda w: {"deviceSerialNumber": w.ids["d.sn"]},
          not_applicable={"other_branch": OWN}),
    Entry("/api/version/rollout/add", send=linked("/version/rollout/add", lambda w: {
        "name": fresh_name("R"), "versionId": w.ids["v.firmware"], "deviceIds": [w.ids["d.device"]],
        "groupSize": 100})),
    Entry("/api/version/rollout/list", not_applicable={"other_branch": OWN}),
    Entry("/api/version/rollout/pause", _rollout("v.rollout")),
    Entry("/api/version/rollout/resume", send=linked("/version/rollout/resume", _rollout("v.rollout"))),
    Entry("/api/version/rollout/cancel", _rollout("v.rollout2")),
)


# --- software versions and app versions (version/soft, version/app) -----------------------------------------
# The world's dealer is given these pages' keys too (its extra role, by the admin); the world gets ``s.version``
# (its range set once: ``s.history``), ``s.published`` (published to ``d.sn``), ``s.spare`` (deleted last),
# ``a.app`` and ``a.spare`` (deleted last).

SOFT_KEYS = sorted(keys_under("version/soft", "version/app"))


async def multipart(api: Api, path: str, data: dict[str, str], files: list[tuple[str, Any]]) -> Answer:
    response = await api.client.post(f"/api{path}", data=data, files=files, headers=api.headers())
    return Answer(response.status_code, response.json())


def _package(name: str = "package.bin") -> list[tuple[str, Any]]:
    return [("file", (name, b"software bytes" * 100, "application/octet-stream"))]


def _app_files() -> list[tuple[str, Any]]:
    return [("release", ("app.apk", b"release" * 100, "application/octet-stream")),
            ("debug", ("app-debug.apk", b"debug" * 100, "application/octet-stream"))]


async def upload_soft(api: Api, world: World) -> Answer:
    return await multipart(api, "/version/insertVersion", {"name": fresh_name("SW "), "version": "SW-1.0.0",
                                                           "typeName": "soft", "allowDowngrade": "true"}, _package())


async def upload_app(api: Api, world: World) -> Answer:
    return await multipart(api, "/version/insertVersionApp", {"name": fresh_name("APP "), "log": "notes"},
                           _app_files())


async def _grant_soft_keys(world: World) -> None:
    roles = await world.admin.call("/user/role/list", {"userId": world.id("dealer")})
    [extra] = [r for r in roles.data if r["id"] == world.ids["extraRole"]]
    granted = await world.admin.call("/user/role/update", {"id": extra["id"],
                                                           "keys": sorted({*extra["keys"], *SOFT_KEYS})})
    assert granted.code == 0, granted.body


async def build_soft_world(world: World, app: Any) -> None:
    await _grant_soft_keys(world)
    dealer = world.callers["dealer"]
    for key in ("s.version", "s.published", "s.spare"):
        made = await upload_soft(dealer, world)
        assert made.code == 0, made.body
        world.ids[key] = made.data["versionId"]
    ranged = await dealer.call("/version/updateVersionSelectedRange", {
        "versionId": world.ids["s.version"], "scope": "white", "whiteList": [world.ids["d.sn"]]})
    assert ranged.code == 0, ranged.body
    history = await dealer.call("/version/selectHistoryDeviceRange", {"versionId": world.ids["s.version"]})
    world.ids["s.history"] = history.data[0]["historyId"]
    published = await _with_link(lambda: dealer.call("/version/updateVersionTypeAndPublish", {
        "versionId": world.ids["s.published"], "range": {"scope": "white", "whiteList": [world.ids["d.sn"]]}}))
    assert published.code == 0, published.body
    for key in ("v.app", "v.appSpare"):
        made = await upload_app(dealer, world)
        assert made.code == 0, made.body
        world.ids[key] = made.data["id"]


register_world_builder(build_soft_world)


def _soft(key: str, **extra: Any) -> Callable[[World], dict[str, Any]]:
    return lambda w: {"versionId": w.ids[key], **extra}


async def edit_soft(api: Api, world: World) -> Answer:
    return await multipart(api, "/version/updateVersion", {"versionId": str(world.ids["s.version"]),
                                                           "description": "edited"}, [])


async def edit_app(api: Api, world: World) -> Answer:
    return await multipart(api, "/version/updateVersionApp", {"id": str(world.ids["v.app"]), "log": "edited"}, [])


register(
    Entry("/api/version/selectVersion"),
    Entry("/api/version/insertVersion", send=upload_soft),
    Entry("/api/version/updateVersion", send=edit_soft),
    Entry("/api/version/deleteVersion", _soft("s.spare"), last=2),
    Entry("/api/version/updateVersionTypeAndPublish", send=linked("/version/updateVersionTypeAndPublish", lambda w: {
        "versionId": w.ids["s.version"], "range": {"scope": "white", "whiteList": [w.ids["d.sn"]]}})),
    Entry("/api/version/updateVersionTypeAndPublishDel", send=linked("/version/updateVersionTypeAndPublishDel",
                                                                     _soft("s.published"))),
    Entry("/api/version/selectDeviceRange", _soft("s.version")),
    Entry("/api/version/selectHistoryDeviceRange", _soft("s.version")),
    Entry("/api/version/updateVersionSelectedRange", send=linked("/version/updateVersionSelectedRange", lambda w: {
        "versionId": w.ids["s.version"], "scope": "white", "whiteList": [w.ids["d.sn"]]})),
    Entry("/api/version/updateHistoryVersionSelectedRange", send=linked(
        "/version/updateHistoryVersionSelectedRange", lambda w: {"versionId": w.ids["s.version"],
                                                                 "historyId": w.ids["s.history"]})),
    Entry("/api/version/selectVersionByTypeName", lambda w: {"typeName": "soft", "deviceSerialNumber": w.ids["d.sn"]}),
    Entry("/api/version/selectVersionApp"),
    Entry("/api/version/insertVersionApp", send=upload_app),
    Entry("/api/version/updateVersionApp", send=edit_app),
    Entry("/api/version/publishVersionApp", lambda w: {"id": w.ids["v.app"]}),
    Entry("/api/version/deleteVersionApp", lambda w: {"id": w.ids["v.appSpare"]}, last=2),
)
