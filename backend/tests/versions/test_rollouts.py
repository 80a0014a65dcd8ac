"""Staged rollouts: groups by percentage or count, the next group at the success threshold, a self-pause past the
error threshold, pause, resume and cancel by hand."""

from cleanfleet.core.codes import Code
from cleanfleet.versions.rollouts import split
from tests.permission_matrix import fresh_name
from tests.versions.conftest import add_firmware


async def start(fleet, version: str, **fields) -> dict:
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), version)).data
    body = {"name": fresh_name("Rollout "), "versionId": firmware["id"], "deviceIds": fleet.device_ids, **fields}
    answer = await fleet.dealer.call("/version/rollout/add", body)
    assert answer.code == 0, answer.body
    return answer.data


async def current(fleet, rollout_id: int) -> dict:
    page = (await fleet.dealer.call("/version/rollout/list", {"pageSize": 100})).data
    return next(r for r in page["list"] if r["rolloutId"] == rollout_id)


def test_groups_are_cut_by_percentage_or_count():
    assert split(12, "percent", 25) == [3, 3, 3, 3]
    assert split(10, "percent", 30) == [3, 3, 3, 1]
    assert split(10, "count", 4) == [4, 4, 2]
    assert split(1, "percent", 1) == [1]


async def test_each_group_starts_when_the_previous_one_succeeded_and_the_rollout_finishes(fleet):
    rollout = await start(fleet, "FW-3.7.0", groupBy="count", groupSize=2)
    assert [g["size"] for g in rollout["groups"]] == [2, 2] and rollout["state"] == "RUNNING"
    assert [g["state"] for g in rollout["groups"]] == ["RUNNING", "WAITING"] and rollout["groups"][1]["waiting"] == 2
    first_group = {c["topic"].split("/")[1] for c in fleet.sent if c["cmd"] == "ota"}
    assert first_group == set(sorted(fleet.serials)[:2])  # by serial number; group 2 not sent yet

    async def finished() -> bool:
        return (await current(fleet, rollout["rolloutId"]))["state"] == "FINISHED"

    await fleet.until(finished, "the rollout to finish")
    done = await current(fleet, rollout["rolloutId"])
    assert [g["updated"] for g in done["groups"]] == [2, 2] and all(g["state"] == "SUCCEEDED" for g in done["groups"])
    assert {r.versions["firmware"] for r in fleet.robots} == {"FW-3.7.0"}


async def test_a_failing_group_pauses_the_rollout_and_resume_retries_it(fleet):
    ordered = sorted(fleet.robots, key=lambda r: r.sn)
    for robot in ordered[2:]:
        robot.ota_failure = "install"  # group 2 fails
    rollout = await start(fleet, "FW-3.8.0", groupBy="percent", groupSize=50, errorThreshold=0)

    async def paused() -> bool:
        # and group 2's other update ended too: resumed while it was still installing, its failure (a real one, of
        # the attempt before) landed after the resume and paused the rollout again (a PostgreSQL run saw it)
        found = await current(fleet, rollout["rolloutId"])
        return found["state"] == "PAUSED" and found["groups"][1]["running"] == 0

    await fleet.until(paused, "the rollout to pause itself and its group's updates to end")
    stopped = await current(fleet, rollout["rolloutId"])
    assert stopped["reason"] == "error_threshold" and stopped["currentGroup"] == 2
    assert stopped["groups"][0]["updated"] == 2 and stopped["groups"][1]["failed"] >= 1
    for robot in ordered[2:]:
        robot.ota_failure = None
    resumed = await fleet.dealer.call("/version/rollout/resume", {"rolloutId": rollout["rolloutId"]})
    assert resumed.code == 0 and resumed.data["state"] == "RUNNING"

    async def finished() -> bool:
        return (await current(fleet, rollout["rolloutId"]))["state"] == "FINISHED"

    await fleet.until(finished, "the resumed rollout to finish")
    assert {r.versions["firmware"] for r in fleet.robots} == {"FW-3.8.0"}


async def test_pause_holds_the_next_group_and_cancel_ends_every_open_update(fleet):
    rollout = await start(fleet, "FW-3.9.0", groupBy="count", groupSize=1, successThreshold=100)
    paused = await fleet.dealer.call("/version/rollout/pause", {"rolloutId": rollout["rolloutId"]})
    assert paused.code == 0 and (paused.data["state"], paused.data["reason"]) == ("PAUSED", "by_hand")
    again = await fleet.dealer.call("/version/rollout/pause", {"rolloutId": rollout["rolloutId"]})
    assert (again.code, again.field) == (Code.CONFLICT, "rolloutId")

    async def first_done() -> bool:
        return (await current(fleet, rollout["rolloutId"]))["groups"][0]["updated"] == 1

    await fleet.until(first_done, "group 1 to finish its update")
    await fleet.run(30)
    held = await current(fleet, rollout["rolloutId"])
    assert held["groups"][0]["updated"] == 1 and held["groups"][1]["waiting"] == 1  # group 2 never started
    cancelled = await fleet.dealer.call("/version/rollout/cancel", {"rolloutId": rollout["rolloutId"]})
    assert cancelled.code == 0 and cancelled.data["state"] == "CANCELLED"
    assert sum(g["cancelled"] for g in cancelled.data["groups"]) == 3
    over = await fleet.dealer.call("/version/rollout/resume", {"rolloutId": rollout["rolloutId"]})
    assert (over.code, over.field) == (Code.CONFLICT, "rolloutId")


async def test_rollout_refusals(fleet):
    firmware = (await add_firmware(fleet.dealer, fresh_name("FW "), "FW-1.0.0")).data
    body = {"name": "old", "versionId": firmware["id"], "deviceIds": fleet.device_ids, "groupSize": 50}
    down = await fleet.dealer.call("/version/rollout/add", body)
    assert (down.code, down.field) == (Code.BAD_PARAMETER, "allowDowngrade")
    other = await fleet.other_dealer.call("/version/rollout/add", {**body, "allowDowngrade": True})
    assert (other.code, other.field) == (Code.NOT_FOUND, "deviceIds")
    bad = await fleet.dealer.call("/version/rollout/add", {**body, "errorThreshold": 101})
    assert (bad.code, bad.field) == (Code.BAD_PARAMETER, "errorThreshold")
    over = await fleet.dealer.call("/version/rollout/add", {**body, "allowDowngrade": True, "groupSize": 150},
                                   headers={"accept-language": "en"})  # refused, never cut to 100 (issue 48 item 11)
    assert (over.code, over.field) == (Code.BAD_PARAMETER, "groupSize") and "100" in over.message
    battery = await fleet.dealer.call("/version/rollout/add", {**body, "allowDowngrade": True, "window": {
        "windowStart": "10:00", "windowEnd": "08:00", "minBattery": 150}})
    assert (battery.code, battery.field) == (Code.BAD_PARAMETER, "window.minBattery")
    assert fleet.sent == []
    mine = (await fleet.dealer.call("/version/rollout/list", {})).data["list"]
    assert not any(r["versionId"] == firmware["id"] for r in mine)
    hidden = await fleet.other_dealer.call("/version/rollout/list", {})
    assert all(r["versionId"] != firmware["id"] for r in hidden.data["list"])
