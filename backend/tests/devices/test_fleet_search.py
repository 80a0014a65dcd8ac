"""The list over a large subtree (issue 37 item 2): the unfiltered total read from the per-subtree counts and the
free text from the trigram index (SQLite: devices_fts; PostgreSQL: the whole fleet's from the mirror device_search,
migration 0038) give the same answers as reading the devices, through every kind of write."""

from typing import Any

import pytest
from sqlalchemy import delete, func, insert, select, text, update

from cleanfleet.devices import listing
from cleanfleet.devices.models import SEARCH_MIRROR, Device, DeviceSubtreeCount
from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.conftest import unique_account
from tests.devices.conftest import serial


@pytest.fixture
def large(monkeypatch):  # noqa: ANN201
    """large(True): every scope counts as large (counted rows, the trigram index); large(False): the index scan."""

    def choose(on: bool) -> None:
        monkeypatch.setattr(listing, "SORT_AT_MOST", 0 if on else 10**9)
        monkeypatch.setattr(listing, "CHECKED_MATCH_COST", 0 if on else 10**9)
        listing.scope_sizes._sizes.clear()

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
    listing.scope_sizes.put((west.path, None), 7)
    listing.scope_sizes.put(listing.ScopeSizes.FLEET, 7)
    assert await _listed(api, {"deviceCode": "numbat"}) == (1, [mine["deviceId"]])


@pytest.fixture
def fell_back(monkeypatch):  # noqa: ANN201
    """The calls that answered a text search from the devices table instead of the whole fleet's trigram source
    (SQLite: devices_fts unchecked; PostgreSQL: the mirror): a list that grows when the fleet path was not taken."""
    calls: list[str] = []

    def spy(name: str, whole_fleet_at: int | None = None) -> None:
        real = getattr(listing, name)

        def wrapped(*args: Any) -> Any:
            if whole_fleet_at is None or not args[whole_fleet_at]:
                calls.append(name)
            return real(*args)

        monkeypatch.setattr(listing, name, wrapped)

    spy("_matching_count_statement")
    spy("_count_statement")
    spy("_matched_page_statement")
    spy("_indexed_text_statement", whole_fleet_at=1)
    return calls


async def _mirror_agrees(db: Any) -> None:
    """On PostgreSQL the mirror holds exactly every device's (id, search_text)."""
    if db.bind.dialect.name != "postgresql":
        return
    db.expire_all()
    devices = dict((await db.execute(select(Device.id, Device.search_text))).all())
    mirror = dict((await db.execute(text(f"SELECT id, search_text FROM {SEARCH_MIRROR}"))).all())
    assert mirror == devices


async def test_the_whole_fleet_search_follows_every_write(admin, make_user, new_device, new_type, signed_in, large,
                                                          fell_back, db):
    """The admin's search over the whole fleet (the mirror on PostgreSQL, devices_fts on SQLite) answers as the
    index scan through inserts (one by one and a bulk statement), renames, moves between owners (one device, and
    a user's devices moved to its heir) and deletes (one, and a bulk statement); so do its dealers' searches."""
    word = unique_account("dingo")  # in this test's devices only
    west, west_password = await make_user(2, roles=[ROLE_DEALER])
    east, east_password = await make_user(2, roles=[ROLE_DEALER])
    west_user, _ = await make_user(3, parent=west)
    leaving, _ = await make_user(3, parent=east)
    kind = (await new_type())["typeId"]
    atrium = await new_device(west_user, deviceCode=f"{word} Atrium")
    kitchen = await new_device(east, deviceCode=f"{word.upper()} Kitchen", deviceType=kind)
    hall = await new_device(west, deviceCode="Plain Hall")
    ward = await new_device(leaving, deviceCode=f"Ward {word}")
    west_api, east_api = await signed_in(west, west_password), await signed_in(east, east_password)
    bodies = [{"deviceCode": word}, {"deviceCode": word.upper()[2:]}, {"deviceCode": f"{word} a"},
              {"deviceCode": word, "pageSize": 2, "currentPage": 2}, {"deviceCode": word, "pageSize": 2,
                                                                        "currentPage": 9},
              {"deviceCode": word, "deviceType": kind}, {"deviceCode": word, "deviceCodeForSim": "7"}]

    async def answers(expected: tuple[int, list[int]]) -> None:
        await _mirror_agrees(db)
        seen = {}
        for on in (False, True):
            large(on)
            fell_back.clear()
            seen[on] = [await _listed(admin, body) for body in bodies[:5]]
            if on:  # the whole fleet's text alone is answered from its trigram source
                assert fell_back == []
            seen[on] += [await _listed(api, body) for api in (admin, west_api, east_api) for body in bodies[5:]]
            seen[on] += [await _listed(api, body) for api in (west_api, east_api) for body in bodies[:5]]
        assert seen[True] == seen[False]
        assert seen[True][0] == expected

    await answers((3, [ward["deviceId"], kitchen["deviceId"], atrium["deviceId"]]))

    # a bulk insert, as seeds and imports write
    owned = [(west_user, f"{word} Garage"), (east, "Quiet Office"), (leaving, f"Gate {word}")]
    rows = [{"serial_number": serial(), "name": name, "search_text": f"{name} {index}".lower(),
             "type_id": kind, "user_id": owner.id, "owner_path": owner.path, "secret_hash": "0" * 64}
            for index, (owner, name) in enumerate(owned)]
    await db.execute(insert(Device), rows)
    await db.commit()
    bulk = list(await db.scalars(select(Device.id).where(Device.serial_number.in_([r["serial_number"] for r in rows]))
                                 .order_by(Device.id)))
    await answers((5, [bulk[2], bulk[0], ward["deviceId"], kitchen["deviceId"], atrium["deviceId"]]))

    assert (await admin.call("/device/updateDeviceInfo", {"deviceId": atrium["deviceId"],
                                                          "deviceCode": "Wombat Atrium"})).code == 0
    assert (await admin.call("/device/updateDeviceInfo", {"deviceId": hall["deviceId"],
                                                          "deviceCode": f"Hall {word}"})).code == 0
    # a bulk rename
    await db.execute(update(Device).where(Device.id.in_(bulk[:2]))
                     .values(search_text=func.replace(Device.search_text, word, "x") + " " + word[1:]))
    await db.commit()
    await answers((4, [bulk[2], ward["deviceId"], hall["deviceId"], kitchen["deviceId"]]))
    assert await _listed(admin, {"deviceCode": word[1:]}) == (
        6, [bulk[2], bulk[1], bulk[0], ward["deviceId"], hall["deviceId"], kitchen["deviceId"]])

    assert (await admin.call("/device/updateDeviceUserInfo", {"deviceId": kitchen["deviceId"],
                                                              "userId": west_user.id})).code == 0
    assert (await admin.call("/user/deleteUserInfo", {"userId": leaving.id, "moveToUserId": west_user.id})).code == 0
    await answers((4, [bulk[2], ward["deviceId"], hall["deviceId"], kitchen["deviceId"]]))
    assert await _listed(west_api, {"deviceCode": word}) == (
        4, [bulk[2], ward["deviceId"], hall["deviceId"], kitchen["deviceId"]])
    assert await _listed(east_api, {"deviceCode": word}) == (0, [])

    assert (await admin.call("/device/deleteDevice", {"deviceId": ward["deviceId"]})).code == 0
    await db.execute(delete(Device).where(Device.id.in_(bulk)))  # a bulk delete
    await db.commit()
    await answers((2, [hall["deviceId"], kitchen["deviceId"]]))


@pytest.mark.parametrize("common", [False, True])
async def test_the_whole_fleet_count_is_kept_until_a_devices_text_changes(admin, make_user, new_device, large, db,
                                                                          monkeypatch, common):
    """Both databases (migrations 0064 and 0066): the whole fleet's count of a pattern is taken from the last call's
    while the text index's version is the one it was counted at, and counted again once a device's text changed (a
    rename, a device added). Shown by a count planted for the current version: the list answers it (nothing was
    counted), until a rename. ``common`` (PostgreSQL): the kept count says the matches are common, so the page walks
    the mirror newest first (one plan for all)."""
    word = unique_account("bilby")
    owner, _ = await make_user(3)
    first = await new_device(owner, deviceCode=f"{word} Atrium")
    large(True)
    monkeypatch.setattr(listing, "WALK_DENSITY", 10**9 if common else 0)
    assert await _listed(admin, {"deviceCode": word}) == (1, [first["deviceId"]])
    key = next(key for key in listing.fleet_matches._counts if word in key[1])
    version, count = listing.fleet_matches.get(key)
    assert count == 1 and version == await db.scalar(text("SELECT version FROM device_search_version"))

    async def planted() -> None:
        """41 remembered at the current version: answered as it is (not counted again)."""
        listing.fleet_matches.put(key, await db.scalar(text("SELECT version FROM device_search_version")), 41)
        db.expire_all()
        assert (await _listed(admin, {"deviceCode": word}))[0] == 41

    await planted()
    assert (await admin.call("/device/updateDeviceInfo", {"deviceId": first["deviceId"],
                                                          "deviceCode": f"{word} Lobby"})).code == 0
    assert await _listed(admin, {"deviceCode": word}) == (1, [first["deviceId"]])  # renamed: counted again
    await planted()
    second = await new_device(owner, deviceCode=f"Ward {word}")
    assert await _listed(admin, {"deviceCode": word}) == (2, [second["deviceId"], first["deviceId"]])
    assert listing.fleet_matches.get(key)[1] == 2
    await planted()
    assert (await admin.call("/device/deleteDevice", {"deviceId": first["deviceId"]})).code == 0
    assert await _listed(admin, {"deviceCode": word}) == (1, [second["deviceId"]])
