"""The list over a large subtree (issue 37 item 2): the unfiltered total read from the per-subtree counts and the
free text from the trigram index give the same answers as reading the devices, through every kind of write."""

from typing import Any

import pytest
from sqlalchemy import func, select

from cleanfleet.devices import listing
from cleanfleet.devices.models import Device, DeviceSubtreeCount
from cleanfleet.roles.catalogue import ROLE_DEALER


@pytest.fixture
def large(monkeypatch):  # noqa: ANN201
    """large(True): every scope counts as large (counted rows, the trigram index); large(False): the index scan."""

    def choose(on: bool) -> None:
        monkeypatch.setattr(listing, "SORT_AT_MOST", 0 if on else 10**9)
        monkeypatch.setattr(listing, "CHECKED_MATCH_COST", 0 if on else 10**9)
        listing._scope_sizes._sizes.clear()

    return choose


async def _listed(api: Any, body: dict[str, Any]) -> tuple[int, list[int]]:
    answer = await api.call("/device/selectDevicePc", {"pageSize": 50, **body})
    assert answer.code == 0, answer.body
    return answer.data["total"], [d["deviceId"] for d in answer.data["list"]]


async def _recounted(db: Any) -> dict[int, int]:
    """Devices per subtree counted from the devices table: every user id on an owner path, and 0 for the fleet."""
    counts: dict[int, int] = {0: 0}
    for (path,) in await db.execute(select(Device.owner_path)):
        counts[0] += 1
        for user_id in path.strip("/").split("/"):
            counts[int(user_id)] = counts.get(int(user_id), 0) + 1
    return counts


async def _stored(db: Any) -> dict[int, int]:
    db.expire_all()
    rows = await db.execute(select(DeviceSubtreeCount.user_id, DeviceSubtreeCount.devices)
                            .where(DeviceSubtreeCount.devices != 0))
    return dict(rows.all())


async def test_renamed_deleted_and_moved_devices_are_found_where_they_are(admin, make_user, new_device, signed_in,
                                                                         large, db):
    west, west_password = await make_user(2, roles=[ROLE_DEALER])
    east, east_password = await make_user(2, roles=[ROLE_DEALER])
    west_user, _ = await make_user(3, parent=west)
    east_user, _ = await make_user(3, parent=east)
    renamed = await new_device(west_user, deviceCode="Quokka Atrium")
    deleted = await new_device(west_user, deviceCode="Quokka Kitchen")
    moved = await new_device(west_user, deviceCode="Quokka Garage")
    theirs = await new_device(east_user, deviceCode="Quokka Ward")
    west_api, east_api = await signed_in(west, west_password), await signed_in(east, east_password)
    large(True)
    assert await _listed(west_api, {"deviceCode": "QUOKKA"}) == (
        3, [moved["deviceId"], deleted["deviceId"], renamed["deviceId"]])  # never the other branch's
    assert (await _listed(admin, {"deviceCode": "quokka"}))[0] == 4

    assert (await admin.call("/device/updateDeviceInfo", {"deviceId": renamed["deviceId"],
                                                          "deviceCode": "Wombat Atrium"})).code == 0
    assert (await admin.call("/device/deleteDevice", {"deviceId": deleted["deviceId"]})).code == 0
    assert (await admin.call("/device/updateDeviceUserInfo", {"deviceId": moved["deviceId"],
                                                              "userId": east_user.id})).code == 0
    for on in (True, False):
        large(on)
        assert await _listed(west_api, {"deviceCode": "quokka"}) == (0, [])
        assert await _listed(west_api, {"deviceCode": "wombat"}) == (1, [renamed["deviceId"]])
        assert await _listed(east_api, {"deviceCode": "quokka"}) == (2, [theirs["deviceId"], moved["deviceId"]])
        assert (await _listed(admin, {"deviceCode": "quokka"}))[0] == 2
        assert (await _listed(admin, {"deviceCode": "quokka kitchen"}))[0] == 0
        assert await _listed(west_api, {}) == (1, [renamed["deviceId"]])
        assert (await _listed(east_api, {}))[0] == 2


async def test_the_indexed_search_answers_as_the_index_scan(admin, make_user, new_device, new_type, signed_in, large):
    """Same matches, order, totals and pages; case folded; LIKE's wildcards are plain characters; a short text."""
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    kind = (await new_type())["typeId"]
    names = ["50%_Off Lobby", "50x Off Lobby", "Lobby 5_0", "LOBBY ÉTÉ", "Hall", "lob", 'Say "lobby"']
    for index, name in enumerate(names):
        await new_device(dealer, deviceCode=name, **({"deviceType": kind} if index % 2 else {}))
    api = await signed_in(dealer, password)
    bodies = [{"deviceCode": text} for text in ("lobby", "LoBbY", "0%_", "5_0", "_", "%", "été", '"lobby"', "lo",
                                                "obb", "zzz", "off lobby")]
    bodies += [{"deviceCode": "lobby", "deviceType": kind}, {"deviceCode": "lobby", "deviceCodeForSim": "9"},
               {"deviceCode": "lobby", "pageSize": 2, "currentPage": 2},
               {"deviceCode": "lobby", "pageSize": 2, "currentPage": 9}]
    large(False)
    scanned = [await _listed(api, body) for body in bodies]
    large(True)
    indexed = [await _listed(api, body) for body in bodies]
    assert indexed == scanned
    assert [total for total, _ in scanned[:8]] == [5, 5, 1, 1, 2, 1, 1, 1]


async def test_subtree_counts_follow_every_write(admin, make_user, new_device, db):
    dealer, _ = await make_user(2, roles=[ROLE_DEALER])
    leaving, _ = await make_user(3, parent=dealer)
    heir, _ = await make_user(3, parent=dealer)
    child, _ = await make_user(4, parent=leaving)
    devices = [await new_device(owner) for owner in (dealer, leaving, child, child, heir)]
    assert await _stored(db) == await _recounted(db)
    assert (await db.get(DeviceSubtreeCount, dealer.id)).devices == 5

    assert (await admin.call("/device/updateDeviceUserInfo", {"deviceId": devices[0]["deviceId"],
                                                              "userId": child.id})).code == 0
    assert (await admin.call("/device/deleteDevice", {"deviceId": devices[4]["deviceId"]})).code == 0
    assert (await admin.call("/user/deleteUserInfo", {"userId": leaving.id, "moveToUserId": heir.id})).code == 0
    stored = await _stored(db)
    assert stored == await _recounted(db)
    assert (stored[dealer.id], stored[heir.id], stored.get(leaving.id)) == (4, 4, None)
    assert stored[0] == await db.scalar(select(func.count()).select_from(Device))
    total, _ = await _listed(admin, {"userId": heir.id})
    assert total == 4


async def test_a_stale_whole_fleet_size_never_widens_a_search(make_user, new_device, signed_in, large):
    """The sizes remembered for a minute may say a dealer's subtree is the whole fleet when it no longer is: the
    search checks that itself, and keeps to the subtree."""
    west, password = await make_user(2, roles=[ROLE_DEALER])
    east, _ = await make_user(2, roles=[ROLE_DEALER])
    mine = await new_device(west, deviceCode="Numbat Hall")
    await new_device(east, deviceCode="Numbat Ward")
    api = await signed_in(west, password)
    large(True)
    listing._scope_sizes.put((west.path, None), 7)
    listing._scope_sizes.put(listing._ScopeSizes.FLEET, 7)
    assert await _listed(api, {"deviceCode": "numbat"}) == (1, [mine["deviceId"]])
