"""Software versions (/version/selectVersion … selectVersionByTypeName): the package, the rules, the device range
with its history, publishing through the OTA machinery to simulated robots, and the refusals."""

from cleanfleet.core.codes import Code
from tests.conftest import Answer
from tests.permission_matrix import fresh_name
from tests.versions.conftest import add_soft, package, robots_run_soft, sha


async def publish(fleet, version_id: int, **range_) -> dict:
    body = {"versionId": version_id, **({"range": range_} if range_ else {})}
    answer = await fleet.dealer.call("/version/updateVersionTypeAndPublish", body)
    assert answer.code == 0, answer.body
    return answer.data


async def rows(api, version_id: int, **fields) -> dict[str, dict]:
    page = await api.call("/version/selectDeviceRange", {"versionId": version_id, "pageSize": 100, **fields})
    assert page.code == 0, page.body
    return {row["deviceSerialNumber"]: row for row in page.data["list"]}


def ota_commands(fleet) -> list[dict]:
    return [c for c in fleet.sent if c["cmd"] == "ota"]


async def test_a_version_is_stored_with_its_checksum_and_the_list_filters(fleet):
    data = package(150_000)
    name = fresh_name("Nav ")
    made = await add_soft(fleet.dealer, name, "SW-3.1.0", data, sha256=sha(data))
    assert made.code == 0, made.body
    assert (made.data["typeId"], made.data["typeName"], made.data["size"], made.data["sha256"]) == \
        (1, "soft", len(data), sha(data))
    assert (made.data["published"], made.data["range"]["set"]) == (False, False)
    pad = await add_soft(fleet.dealer, fresh_name("Pad "), "PAD-1.2.0", type_name="pad")
    assert pad.code == 0 and pad.data["typeId"] == 2
    only_pads = (await fleet.dealer.call("/version/selectVersion", {"typeId": 2, "pageSize": 1000})).data
    assert {v["typeName"] for v in only_pads["list"]} == {"pad"}
    by_name = (await fleet.dealer.call("/version/selectVersion", {"name": name, "published": False})).data
    assert [v["versionId"] for v in by_name["list"]] == [made.data["versionId"]] and by_name["total"] == 1


async def test_refusals_name_the_field_and_store_nothing(fleet):
    name = fresh_name("Nav ")
    before = (await fleet.dealer.call("/version/selectVersion", {})).data["total"]
    response = await fleet.dealer.client.post("/api/version/insertVersion", headers=fleet.dealer.headers(),
                                              data={"name": name, "version": "1.0", "typeName": "soft"})
    no_file = Answer(response.status_code, response.json())
    assert (no_file.code, no_file.field) == (Code.BAD_PARAMETER, "file")
    for fields, field in (({"typeName": "radio"}, "typeName"), ({"typeId": "3"}, "typeId"),
                          ({"typeId": "1", "typeName": "pad"}, "typeName"), ({"version": ""}, "version"),
                          ({"sha256": "0" * 64}, "sha256"), ({"typeName": ""}, "typeId")):
        refused = await add_soft(fleet.dealer, name, **fields)
        assert (refused.code, refused.field) == (Code.BAD_PARAMETER, field), (fields, refused.body)
    assert (await add_soft(fleet.dealer, name, "10000.1")).code == 0
    taken = await add_soft(fleet.dealer, name, "10000.2")
    assert (taken.code, taken.field) == (Code.ALREADY_EXISTS, "name") and name in taken.message
    back = await add_soft(fleet.dealer, fresh_name("Nav "), "9999.0", allowDowngrade="false")
    assert (back.code, back.field) == (Code.BAD_PARAMETER, "version") and "10000.1" in back.message
    assert (await fleet.dealer.call("/version/selectVersion", {})).data["total"] == before + 1


async def test_published_to_a_white_list_the_robots_update_and_report_each_state(fleet, db):
    await robots_run_soft(fleet, db, "SW-1.0.0")
    data = package(200_000)
    version = (await add_soft(fleet.dealer, fresh_name("Nav "), "SW-3.2.0", data)).data
    two = fleet.serials[:2]
    fleet.robot_of(two[1]).ota_failure = "install"
    sent = await publish(fleet, version["versionId"], scope="white", whiteList=two)
    assert (sent["sent"], sent["version"]["published"], sent["version"]["range"]["whiteCount"]) == (2, True, 2)
    commands = ota_commands(fleet)
    assert sorted(c["topic"] for c in commands) == sorted(f"cf/{sn}/down/cmd" for sn in two)
    assert {c["args"]["target"] for c in commands} == {"soft"} and commands[0]["args"]["sha256"] == sha(data)

    async def both_ended() -> bool:
        states = {sn: r["updateState"] for sn, r in (await rows(fleet.dealer, version["versionId"])).items()}
        return (states[two[0]], states[two[1]]) == ("UPDATED", "FAILED")

    await fleet.until(both_ended, "one robot updated, one failed")
    found = await rows(fleet.dealer, version["versionId"])
    assert found[two[0]]["currentVersion"] == "SW-3.2.0" and found[two[0]]["progress"] == 100
    assert "install failed" in found[two[1]]["reason"] and found[two[1]]["currentVersion"] == "SW-1.0.0"
    assert found[fleet.serials[2]]["inRange"] is False and found[fleet.serials[2]]["updateState"] == ""
    assert fleet.robot_of(two[0]).versions["soft"] == "SW-3.2.0"
    listed = (await fleet.dealer.call("/version/selectVersion", {"name": version["name"]})).data["list"][0]
    assert (listed["updated"], listed["failed"], listed["updating"]) == (1, 1, 0)
    runs = await fleet.dealer.call("/version/selectVersionByTypeName", {"typeName": "soft",
                                                                       "deviceSerialNumber": two[0]})
    assert runs.data["currentVersion"] == "SW-3.2.0" and runs.data["upToDate"] is True
    assert runs.data["lastUpdate"]["state"] == "UPDATED" and runs.data["lastUpdate"]["target"] == "soft"


async def test_all_less_the_black_list_and_test_devices_first(fleet, db):
    await robots_run_soft(fleet, db, "SW-1.0.0")
    version = (await add_soft(fleet.dealer, fresh_name("Nav "), "SW-3.3.0")).data
    tester, black = fleet.serials[0], fleet.serials[3]
    changed = await fleet.dealer.call("/version/updateVersionSelectedRange", {
        "versionId": version["versionId"], "scope": "all", "blackList": [black], "testDevices": [tester]})
    assert changed.code == 0, changed.body
    assert changed.data["sent"] == 1 and [c["topic"] for c in ota_commands(fleet)] == [f"cf/{tester}/down/cmd"]
    early = await fleet.dealer.call("/version/selectVersionByTypeName", {"typeName": "soft",
                                                                        "deviceSerialNumber": tester})
    assert early.data["version"]["versionId"] == version["versionId"] and early.data["asTestDevice"] is True
    other = await fleet.dealer.call("/version/selectVersionByTypeName", {"typeName": "soft",
                                                                        "deviceSerialNumber": fleet.serials[1]})
    assert other.data["version"] is None or other.data["version"]["versionId"] != version["versionId"]
    sent = await publish(fleet, version["versionId"])
    assert (sent["sent"], sent["upToDate"]) == (2, 1)
    topics = {c["topic"] for c in ota_commands(fleet)}
    assert f"cf/{black}/down/cmd" not in topics and len(topics) == 3
    found = await rows(fleet.dealer, version["versionId"], onlyInRange=True)
    assert (found[black]["listed"], found[black]["inRange"], found[tester]["listed"]) == ("black", False, "test")
    blacklisted = await fleet.dealer.call("/version/selectVersionByTypeName", {"typeName": "soft",
                                                                              "deviceSerialNumber": black})
    assert blacklisted.data["version"] is None or blacklisted.data["version"]["versionId"] != version["versionId"]


async def test_the_range_history_is_kept_and_an_old_range_applies_again(fleet, db):
    await robots_run_soft(fleet, db, "SW-1.0.0")
    version = (await add_soft(fleet.dealer, fresh_name("Nav "), "SW-3.4.0")).data
    vid = version["versionId"]
    first = {"versionId": vid, "scope": "white", "whiteList": fleet.serials[:2]}
    second = {"versionId": vid, "scope": "white", "whiteList": fleet.serials[2:]}
    for body in (first, second):
        assert (await fleet.dealer.call("/version/updateVersionSelectedRange", body)).code == 0
    history = (await fleet.dealer.call("/version/selectHistoryDeviceRange", {"versionId": vid})).data
    assert [h["current"] for h in history] == [True, False]
    assert [d["deviceSerialNumber"] for d in history[1]["whiteList"]] == fleet.serials[:2]
    again = await fleet.dealer.call("/version/updateHistoryVersionSelectedRange", {"versionId": vid,
                                                                                  "historyId": history[1]["historyId"]})
    assert again.code == 0 and again.data["sent"] == 0  # unpublished, no test devices: nothing goes out
    current = (await fleet.dealer.call("/version/selectDeviceRange", {"versionId": vid})).data["range"]
    assert [d["deviceSerialNumber"] for d in current["whiteList"]] == fleet.serials[:2]
    assert len((await fleet.dealer.call("/version/selectHistoryDeviceRange", {"versionId": vid})).data) == 3
    missing = await fleet.dealer.call("/version/updateHistoryVersionSelectedRange", {"versionId": vid,
                                                                                    "historyId": 2_000_000})
    assert (missing.code, missing.field) == (Code.NOT_FOUND, "historyId")


async def test_range_refusals_change_nothing(fleet):
    version = (await add_soft(fleet.dealer, fresh_name("Nav "), "SW-3.5.0")).data
    vid = version["versionId"]
    other_robot = await fleet.other_dealer.call("/version/selectDeviceRange", {"versionId": vid})
    assert other_robot.data["total"] == 0  # the other branch sees none of the dealer's robots
    cases = [({"scope": "white", "whiteList": []}, Code.BAD_PARAMETER, "whiteList"),
             ({"scope": "all", "blackList": fleet.serials[:1], "testDevices": fleet.serials[:1]},
              Code.BAD_PARAMETER, "testDevices"),
             ({"scope": "white", "whiteList": ["NOT-A-ROBOT-1"]}, Code.NOT_FOUND, "whiteList"),
             ({"scope": "everything", "whiteList": fleet.serials[:1]}, Code.BAD_PARAMETER, "scope")]
    for body, code, field in cases:
        refused = await fleet.dealer.call("/version/updateVersionSelectedRange", {"versionId": vid, **body})
        assert (refused.code, refused.field) == (code, field), (body, refused.body)
    foreign = await fleet.other_dealer.call("/version/updateVersionSelectedRange", {
        "versionId": vid, "scope": "white", "whiteList": fleet.serials[:1]})
    assert (foreign.code, foreign.field) == (Code.NOT_FOUND, "whiteList")  # another branch's robot
    assert (await fleet.dealer.call("/version/updateVersionSelectedRange", {
        "versionId": vid, "scope": "all"})).code == 0
    taken_over = await fleet.other_dealer.call("/version/updateVersionSelectedRange", {"versionId": vid,
                                                                                      "scope": "all"})
    assert taken_over.code == Code.NO_PERMISSION
    republish = await fleet.other_dealer.call("/version/updateVersionTypeAndPublish", {"versionId": vid})
    assert republish.code == Code.NO_PERMISSION
    history = (await fleet.dealer.call("/version/selectHistoryDeviceRange", {"versionId": vid})).data
    assert len(history) == 1 and fleet.sent == []
    assert (await fleet.other_dealer.call("/version/selectHistoryDeviceRange", {"versionId": vid})).data == []
    nobody = await fleet.dealer.call("/version/selectVersionByTypeName", {"typeName": "soft",
                                                                         "deviceSerialNumber": "NOT-A-ROBOT-1"})
    assert (nobody.code, nobody.field) == (Code.NOT_FOUND, "deviceSerialNumber")
    bad_type = await fleet.dealer.call("/version/selectVersionByTypeName", {"typeName": "radio",
                                                                           "deviceSerialNumber": fleet.serials[0]})
    assert (bad_type.code, bad_type.field) == (Code.BAD_PARAMETER, "typeName")


async def test_going_back_needs_allow_downgrade(fleet, db):
    await robots_run_soft(fleet, db, "SW-30000.0")
    older = (await add_soft(fleet.dealer, fresh_name("Nav "), "SW-29999.0", allowDowngrade="false")).data
    named = await fleet.dealer.call("/version/updateVersionTypeAndPublish", {
        "versionId": older["versionId"], "range": {"scope": "white", "whiteList": fleet.serials[:1]}})
    assert (named.code, named.field) == (Code.BAD_PARAMETER, "allowDowngrade") and fleet.serials[0] in named.message
    still = (await fleet.dealer.call("/version/selectVersion", {"name": older["name"]})).data["list"][0]
    assert (still["published"], still["range"]["set"]) == (False, False) and fleet.sent == []
    everyone = await publish(fleet, older["versionId"], scope="all")
    assert (everyone["sent"], everyone["skipped"]) == (0, 4)
    allowed = (await add_soft(fleet.dealer, fresh_name("Nav "), "SW-29998.0")).data
    assert (await publish(fleet, allowed["versionId"], scope="white", whiteList=fleet.serials[:1]))["sent"] == 1


async def test_cancelling_the_publish_stops_the_robots_and_frees_the_version(fleet, db, app):
    await robots_run_soft(fleet, db, "SW-1.0.0")
    version = (await add_soft(fleet.dealer, fresh_name("Nav "), "SW-3.6.0")).data
    vid = version["versionId"]
    await publish(fleet, vid, scope="white", whiteList=fleet.serials[:2])
    refused_delete = await fleet.dealer.call("/version/deleteVersion", {"versionId": vid})
    assert (refused_delete.code, refused_delete.field) == (Code.CONFLICT, "versionId")
    fixed = await fleet.dealer.client.post("/api/version/updateVersion", headers=fleet.dealer.headers(),
                                           data={"versionId": str(vid), "version": "SW-3.6.1"})
    assert (fixed.json()["message"]["code"], fixed.json()["message"]["field"]) == (Code.CONFLICT, "version")
    again = await fleet.dealer.call("/version/updateVersionTypeAndPublish", {"versionId": vid})
    assert again.code == Code.CONFLICT
    cancelled = await fleet.dealer.call("/version/updateVersionTypeAndPublishDel", {"versionId": vid})
    assert cancelled.code == 0 and cancelled.data["published"] is False
    assert sorted(c["topic"] for c in fleet.sent if c["cmd"] == "cancel") == \
        sorted(f"cf/{sn}/down/cmd" for sn in fleet.serials[:2])
    states = {r["updateState"] for r in (await rows(fleet.dealer, vid, onlyInRange=True)).values()}
    assert states == {"CANCELLED"}
    not_published = await fleet.dealer.call("/version/updateVersionTypeAndPublishDel", {"versionId": vid})
    assert not_published.code == Code.CONFLICT
    files = len(list(app.state.settings.files_root.rglob("*.bin")))
    assert (await fleet.dealer.call("/version/deleteVersion", {"versionId": vid})).code == 0
    assert len(list(app.state.settings.files_root.rglob("*.bin"))) == files - 1
    gone = await fleet.dealer.call("/version/selectDeviceRange", {"versionId": vid})
    assert (gone.code, gone.field) == (Code.NOT_FOUND, "versionId")


async def test_edit_changes_only_what_is_sent_and_replaces_the_package(fleet):
    version = (await add_soft(fleet.dealer, fresh_name("Nav "), "SW-3.7.0")).data
    data = package(50_000)
    renamed = fresh_name("Nav renamed ")
    response = await fleet.dealer.client.post(
        "/api/version/updateVersion", headers=fleet.dealer.headers(),
        data={"versionId": str(version["versionId"]), "name": renamed, "typeName": "pad"},
        files={"file": ("new.bin", data, "application/octet-stream")})
    edited = Answer(response.status_code, response.json())
    assert edited.code == 0, edited.body
    assert (edited.data["name"], edited.data["typeName"], edited.data["sha256"], edited.data["version"],
            edited.data["description"]) == (renamed, "pad", sha(data), "SW-3.7.0", "test build")
    other = (await add_soft(fleet.dealer, fresh_name("Nav "), "SW-3.7.1")).data
    response = await fleet.dealer.client.post("/api/version/updateVersion", headers=fleet.dealer.headers(),
                                              data={"versionId": str(other["versionId"]), "name": renamed})
    assert (response.json()["message"]["code"], response.json()["message"]["field"]) == (Code.ALREADY_EXISTS, "name")
