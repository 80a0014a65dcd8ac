"""Publishing a firmware to a white list: the robots download it (ranges), check it, install it and report each
state; the refusals (another branch, downgrade); nothing one robot reports marks another robot's update; the
owner gets a message; the package download itself."""

import orjson
from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.messages.models import Message
from tests.permission_matrix import fresh_name
from tests.versions.conftest import add_firmware, package, sha


async def publish(fleet, firmware_id: int, serials: list[str], **fields) -> dict:
    answer = await fleet.dealer.call("/version/insertVersionPublic", {"versionId": firmware_id,
                                                                     "deviceSerialNumbers": serials, **fields})
    assert answer.code == 0, answer.body
    return answer.data


async def states(fleet, firmware_id: int) -> dict[str, str]:
    [publication] = (await fleet.dealer.call("/version/selectVersionPublic", {"versionId": firmware_id})).data
    return {u["deviceSerialNumber"]: u["state"] for u in publication["updates"]}


async def test_a_white_list_of_two_robots_updates_and_the_states_follow_the_robots(fleet, db, app):
    data = package(300_000)
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-3.5.0", data)).data
    two = fleet.serials[:2]
    made = await publish(fleet, firmware["id"], two)
    assert {u["deviceSerialNumber"] for u in made["updates"]} == set(two)
    commands = [c for c in fleet.sent if c["cmd"] == "ota"]
    assert sorted(c["topic"] for c in commands) == sorted(f"cf/{sn}/down/cmd" for sn in two)
    assert {c["args"]["sha256"] for c in commands} == {sha(data)} and commands[0]["args"]["size"] == len(data)
    seen: set[str] = set()

    async def all_updated() -> bool:
        now = await states(fleet, firmware["id"])
        seen.update(now.values())
        return set(now.values()) == {"UPDATED"}

    await fleet.until(all_updated, "both robots to report UPDATED")
    assert "UPDATED" in seen
    for sn in two:
        assert fleet.robot_of(sn).versions["firmware"] == "FW-3.5.0"
    events = [s for s in (await states(fleet, firmware["id"])).values()]
    assert events == ["UPDATED", "UPDATED"]
    mine = await fleet.dealer.call("/version/getVersionFirewareBySerialNumber", {"deviceSerialNumber": two[0]})
    assert mine.data["currentVersion"] == "FW-3.5.0" and mine.data["lastUpdate"]["state"] == "UPDATED"
    rows = (await fleet.dealer.call("/version/selectDeviceUpdates", {"deviceSerialNumber": two[0]})).data
    assert rows["total"] == 1 and rows["list"][0]["fromVersion"] == "FW-3.4.1"
    titles = list(await db.scalars(select(Message.title).where(Message.device_id == fleet.device_ids[0])))
    assert any("FW-3.5.0" in t and "finished" in t for t in titles)
    untouched = fleet.robots[2]
    assert untouched.versions["firmware"] == "FW-3.4.1"


async def test_a_robot_that_fails_reports_why_and_its_owner_is_told(fleet, db):
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-3.5.1")).data
    broken = fleet.robots[0]
    broken.ota_failure = "checksum"
    await publish(fleet, firmware["id"], [broken.sn, fleet.robots[1].sn])

    async def both_ended() -> bool:
        return set((await states(fleet, firmware["id"])).values()) == {"FAILED", "UPDATED"}

    await fleet.until(both_ended, "one failure and one success")
    [publication] = (await fleet.dealer.call("/version/selectVersionPublic", {"versionId": firmware["id"]})).data
    failed = next(u for u in publication["updates"] if u["state"] == "FAILED")
    assert failed["deviceSerialNumber"] == broken.sn and "checksum mismatch" in failed["reason"]
    assert broken.versions["firmware"] == "FW-3.4.1"
    titles = list(await db.scalars(select(Message.title).where(Message.device_id == fleet.device_ids[0])))
    assert any("failed" in t for t in titles)


async def test_nothing_one_robot_reports_marks_another_robots_update(fleet):
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-3.5.2")).data
    victim, liar = fleet.robots[0], fleet.robots[1]
    victim.ota_failure = "download"  # the victim never gets far on its own
    await publish(fleet, firmware["id"], [victim.sn])
    [command] = [c for c in fleet.sent if c["cmd"] == "ota"]
    forged = liar.send("event", {"kind": "ota", "cmdId": command["cmdId"], "state": "updated", "progress": 100})
    liar.outbox.clear()
    await fleet.ingest.receive(f"cf/{liar.sn}/up/event", orjson.dumps(forged))
    await fleet.until(lambda: _state_is(fleet, firmware["id"], victim.sn, "FAILED"), "the victim's own failure")
    assert (await states(fleet, firmware["id"]))[victim.sn] == "FAILED"


async def _state_is(fleet, firmware_id: int, sn: str, state: str) -> bool:
    return (await states(fleet, firmware_id)).get(sn) == state


async def test_refusals_change_nothing_and_send_nothing(fleet):
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-3.0.0")).data
    down = await fleet.dealer.call("/version/insertVersionPublic", {"versionId": firmware["id"],
                                                                   "deviceSerialNumbers": fleet.serials[:2]})
    assert (down.code, down.field) == (Code.BAD_PARAMETER, "allowDowngrade") and fleet.serials[0] in down.message
    newer = (await add_firmware(fleet.other_dealer, fresh_name("FW "), "FW-9.9.9")).data
    elsewhere = await fleet.other_dealer.call("/version/insertVersionPublic", {"versionId": newer["id"],
                                                                              "deviceSerialNumbers": fleet.serials[:1]})
    assert (elsewhere.code, elsewhere.field) == (Code.NOT_FOUND, "deviceSerialNumbers")
    assert fleet.sent == []
    assert (await fleet.dealer.call("/version/selectVersionPublic", {"versionId": firmware["id"]})).data == []
    allowed = await fleet.dealer.call("/version/insertVersionPublic", {"versionId": firmware["id"],
                                                                      "deviceSerialNumbers": fleet.serials[:1],
                                                                      "allowDowngrade": True})
    assert allowed.code == 0 and allowed.data["allowDowngrade"] is True


async def test_the_package_download_answers_ranges_only_for_an_open_update(fleet, api):
    data = package(100_000)
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-4.0.0", data)).data
    fleet.robots[0].ota_failure = "download"  # the robot stays away: the test downloads itself
    await publish(fleet, firmware["id"], fleet.serials[:1])
    url = [c for c in fleet.sent if c["cmd"] == "ota"][0]["args"]["url"]
    part = await api.client.get(url, headers={"Range": "bytes=10-19"})
    assert part.status_code == 206 and part.content == data[10:20]
    assert part.headers["content-range"] == f"bytes 10-19/{len(data)}"
    tail = await api.client.get(url, headers={"Range": "bytes=99990-"})
    assert tail.status_code == 206 and tail.content == data[99990:]
    whole = await api.client.get(url)
    assert whole.status_code == 200 and whole.content == data
    assert (await api.client.get(url, headers={"Range": "bytes=200000-"})).status_code == 416
    assert (await api.client.get("/api/ota/package/" + "0" * 32)).status_code == 404
    await fleet.until(lambda: _state_is(fleet, firmware["id"], fleet.serials[0], "FAILED"), "the failure")
    assert (await api.client.get(url)).status_code == 404  # an ended update's token opens nothing


async def test_deleting_a_publication_cancels_its_open_updates(fleet):
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-4.1.0")).data
    fleet.robots[0].ota_fetch = None  # no server reachable: the robot keeps trying
    made = await publish(fleet, firmware["id"], fleet.serials[:1])
    busy = await fleet.dealer.call("/version/delVersionFireware", {"id": firmware["id"]})
    assert (busy.code, busy.field) == (Code.CONFLICT, "id")
    gone = await fleet.dealer.call("/version/deleteVersionPublic", {"publicId": made["publicId"]})
    assert gone.code == 0
    assert any(c["cmd"] == "cancel" for c in fleet.sent)
    assert (await fleet.dealer.call("/version/selectVersionPublic", {"versionId": firmware["id"]})).data == []
    again = await fleet.dealer.call("/version/deleteVersionPublic", {"publicId": made["publicId"]})
    assert (again.code, again.field) == (Code.NOT_FOUND, "publicId")


async def test_a_batch_of_events_keeps_every_rule_of_one_event_at_a_time(fleet, app):
    """A burst of reports is written a batch at a time: within one batch the states still only go forward, a
    failure keeps its reason, and what one robot says about another robot's command changes nothing."""
    from cleanfleet.versions import ota
    from cleanfleet.versions.models import DeviceUpdate

    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-3.5.3")).data
    first, second = fleet.robots[0], fleet.robots[1]
    await publish(fleet, firmware["id"], [first.sn, second.sn])  # the robots' own reports are never delivered
    a_id, b_id = fleet.device_ids[0], fleet.device_ids[1]
    async with app.state.db.sessions() as db:
        cmd = {u.device_id: u.cmd_id for u in await db.scalars(
            select(DeviceUpdate).where(DeviceUpdate.device_id.in_([a_id, b_id]), DeviceUpdate.state == "SENT"))}

    def ota_event(device_id: int, cmd_id: str, state: str, **fields) -> dict:
        return {"kind": "ota", "cmdId": cmd_id, "deviceId": device_id, "state": state, **fields}

    batch = [ota_event(a_id, cmd[a_id], "downloading", progress=40),
             ota_event(a_id, cmd[b_id], "updated", progress=100),  # robot A about robot B's command
             ota_event(a_id, cmd[a_id], "downloaded", progress=100),
             ota_event(a_id, cmd[a_id], "downloading", progress=10),  # late: never back
             ota_event(b_id, cmd[b_id], "failed", reason="checksum mismatch"),
             ota_event(b_id, cmd[b_id], "updated")]  # after the failure: ended stays ended
    async with app.state.db.sessions() as db:
        changed = await ota.apply_events(db, batch)
    assert sorted((d.id, i.state) for i, d, _ in changed) == sorted([(a_id, "DOWNLOADED"), (b_id, "FAILED")])
    async with app.state.db.sessions() as db:
        rows = {u.device_id: u for u in await db.scalars(select(DeviceUpdate).where(
            DeviceUpdate.cmd_id.in_([cmd[a_id], cmd[b_id]])))}
        assert (rows[a_id].state, rows[a_id].progress) == ("DOWNLOADED", 100)
        assert (rows[b_id].state, rows[b_id].reason) == ("FAILED", "checksum mismatch")
        titles = list(await db.scalars(select(Message.title).where(Message.device_id.in_([a_id, b_id]),
                                                                   Message.title.contains("FW-3.5.3"))))
        assert len(titles) == 1 and "failed" in titles[0]
    async with app.state.db.sessions() as db:  # the same burst again changes nothing and tells no one twice
        assert await ota.apply_events(db, batch + [ota_event(a_id, cmd[a_id], "downloaded")]) == []
