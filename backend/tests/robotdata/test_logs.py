"""Device logs: listed from the robot, uploaded from the robot to storage (uploading -> synchronised or failed),
cancelled, downloaded byte-equal, deleted (by id, by date, on the robot), and the refusals."""

from datetime import UTC, datetime, timedelta

from cleanfleet.core.codes import Code

LISTS = {"pad": "listPad", "rosbag": "rosbagList", "nav": "navlogList"}


async def upload(setup, robot_index: int = 0, kind: str = "nav", **more):
    robot = setup.robots[robot_index]
    listed = await setup.staff.call(f"/deviceLog/{LISTS[kind]}", {"deviceId": setup.device_ids[robot_index]})
    assert listed.code == 0, listed.body
    name = listed.data[0]["name"]
    started = await setup.staff.call("/deviceLog/upLoadFile", {"deviceId": setup.device_ids[robot_index],
                                                               "logType": kind, "fileName": name, **more})
    return robot, name, started


async def test_robot_logs_are_listed_by_kind(setup):
    for path, kind in (("listPad", "pad"), ("rosbagList", "rosbag"), ("navlogList", "nav")):
        listed = await setup.staff.call(f"/deviceLog/{path}", {"deviceId": setup.device_ids[0]})
        assert listed.code == 0, listed.body
        assert len(listed.data) == 3 and {row["type"] for row in listed.data} == {kind}
        assert all(row["size"] > 0 and row["status"] is None for row in listed.data)


async def test_a_log_is_uploaded_synchronised_and_downloaded_byte_equal(setup):
    robot, name, started = await upload(setup)
    assert started.code == 0, started.body
    assert started.data["status"] == "uploading" and started.data["fileName"] == name
    await setup.finished(robot)
    status = await setup.staff.call("/deviceLog/getUpLoadStatus", {"ids": [started.data["id"]]})
    assert status.data[0]["status"] == "synchronised"
    original = robot.data.log_path("nav", name).read_bytes()
    assert status.data[0]["size"] == len(original) == status.data[0]["received"]
    response = await setup.staff.client.post("/api/deviceLog/download", json={"id": started.data["id"]},
                                             headers=setup.staff.headers())
    assert response.status_code == 200 and response.content == original
    listed = await setup.staff.call("/deviceLog/navlogList", {"deviceId": setup.device_ids[0]})
    assert next(r for r in listed.data if r["name"] == name)["status"] == "synchronised"
    again = await setup.staff.call("/deviceLog/upLoadFile", {"deviceId": setup.device_ids[0], "logType": "nav",
                                                             "fileName": name})
    assert again.code == Code.ALREADY_EXISTS and again.field == "fileName"
    page = await setup.staff.call("/deviceLog/list", {"deviceId": setup.device_ids[0], "status": "synchronised"})
    assert [row["fileName"] for row in page.data["list"]] == [name] and page.data["total"] == 1


async def test_a_failed_upload_is_failed_and_can_be_tried_again(setup):
    robot = setup.robots[0]
    listed = await setup.staff.call("/deviceLog/rosbagList", {"deviceId": setup.device_ids[0]})
    name = listed.data[0]["name"]
    original_upload = robot.data.upload_log

    def failing(job_id, kind, log_name, path, fail):
        return original_upload(job_id, kind, log_name, path, True)

    robot.data.upload_log = failing
    started = await setup.staff.call("/deviceLog/upLoadFile", {"deviceId": setup.device_ids[0],
                                                               "logType": "rosbag", "fileName": name})
    assert started.code == 0, started.body
    await setup.finished(robot)
    status = await setup.staff.call("/deviceLog/getUpLoadStatus", {"ids": [started.data["id"]]})
    assert status.data[0]["status"] == "failed" and status.data[0]["reason"]
    robot.data.upload_log = original_upload
    again = await setup.staff.call("/deviceLog/upLoadFile", {"deviceId": setup.device_ids[0],
                                                             "logType": "rosbag", "fileName": name})
    assert again.code == 0 and again.data["id"] == started.data["id"]
    await setup.finished(robot)
    status = await setup.staff.call("/deviceLog/getUpLoadStatus", {"ids": [started.data["id"]]})
    assert status.data[0]["status"] == "synchronised"


async def test_an_upload_is_cancelled_and_its_record_goes(setup):
    robot = setup.robots[1]
    original_upload = robot.data.upload_log
    held = []

    def parked(job_id, kind, log_name, path, fail):  # the robot accepts, the bytes are not sent yet
        held.append((job_id, kind, log_name, path))
        return None

    robot.data.upload_log = parked
    _, name, started = await upload(setup, 1, "pad")
    assert started.code == 0, started.body
    running = await setup.staff.call("/deviceLog/upLoadFile", {"deviceId": setup.device_ids[1], "logType": "pad",
                                                               "fileName": name})
    assert running.code == Code.CONFLICT and running.field == "fileName"
    cancelled = await setup.staff.call("/deviceLog/cancleUploadFile", {"id": started.data["id"]})
    assert cancelled.code == 0, cancelled.body
    gone = await setup.staff.call("/deviceLog/getUpLoadStatus", {"ids": [started.data["id"]]})
    assert gone.code == Code.NOT_FOUND
    robot.data.upload_log = original_upload
    job_id, kind, log_name, path = held[0]
    robot.data.upload_log(job_id, kind, log_name, path, False)  # the robot sends late: refused, nothing stored
    await setup.finished(robot)
    page = await setup.staff.call("/deviceLog/list", {"deviceId": setup.device_ids[1]})
    assert page.data["total"] == 0
    again = await setup.staff.call("/deviceLog/cancleUploadFile", {"id": started.data["id"]})
    assert again.code == Code.NOT_FOUND


async def test_uploaded_logs_are_deleted_by_id_and_by_date(setup):
    robot, _, first = await upload(setup, 0, "pad")
    await setup.finished(robot)
    robot, _, second = await upload(setup, 1, "nav")
    await setup.finished(robot)
    deleted = await setup.staff.call("/deviceLog/deleteDeviceLog", {"ids": [first.data["id"]]})
    assert deleted.code == 0 and deleted.data == {"deleted": 1}
    download = await setup.staff.client.post("/api/deviceLog/download", json={"id": first.data["id"]},
                                             headers=setup.staff.headers())
    assert download.json()["message"]["code"] == Code.NOT_FOUND
    today = datetime.now(UTC).date()
    none = await setup.staff.call("/deviceLog/deleteDeviceLogByDate", {"date": today.isoformat()})
    assert none.data == {"deleted": 0}
    by_date = await setup.staff.call("/deviceLog/deleteDeviceLogByDate",
                                     {"deviceId": setup.device_ids[1], "date": (today + timedelta(days=1)).isoformat()})
    assert by_date.data == {"deleted": 1}
    assert (await setup.staff.call("/deviceLog/list", {})).data["total"] == 0


async def test_rosbag_and_nav_files_are_deleted_on_the_robot(setup):
    listed = await setup.staff.call("/deviceLog/rosbagList", {"deviceId": setup.device_ids[0]})
    names = [row["name"] for row in listed.data[:2]]
    deleted = await setup.staff.call("/deviceLog/rosAndNavDelete", {"deviceId": setup.device_ids[0],
                                                                    "logType": "rosbag", "fileNames": names})
    assert deleted.data == {"deleted": 2}
    after = await setup.staff.call("/deviceLog/rosbagList", {"deviceId": setup.device_ids[0]})
    assert [row["name"] for row in after.data] == [listed.data[2]["name"]]
    pad = await setup.staff.call("/deviceLog/rosAndNavDelete", {"deviceId": setup.device_ids[0],
                                                                "logType": "pad", "fileNames": names})
    assert pad.code == Code.BAD_PARAMETER and pad.field == "logType"


async def test_refusals_name_the_field_and_change_nothing(setup):
    bad_name = await setup.staff.call("/deviceLog/upLoadFile", {"deviceId": setup.device_ids[0], "logType": "nav",
                                                                "fileName": "../etc/passwd"})
    assert bad_name.code == Code.BAD_PARAMETER and bad_name.field == "fileName"
    bad_type = await setup.staff.call("/deviceLog/upLoadFile", {"deviceId": setup.device_ids[0], "logType": "video",
                                                                "fileName": "a.log"})
    assert bad_type.code == Code.BAD_PARAMETER and bad_type.field == "logType"
    missing = await setup.staff.call("/deviceLog/upLoadFile", {"deviceId": setup.device_ids[0], "logType": "nav",
                                                               "fileName": "nav_1999-01-01.log"})
    assert missing.code == Code.NOT_FOUND
    others = await setup.other.call("/deviceLog/navlogList", {"deviceId": setup.device_ids[0]})
    assert others.code == Code.NOT_FOUND and others.field == "deviceId"
    bad_date = await setup.staff.call("/deviceLog/deleteDeviceLogByDate", {"date": "1900-01-01"})
    assert bad_date.code == Code.BAD_PARAMETER and bad_date.field == "date"
    assert (await setup.staff.call("/deviceLog/list", {})).data["total"] == 0


async def test_an_offline_robot_is_refused_before_anything_changes(setup, db):
    from cleanfleet.devices.models import DeviceState

    state = await db.get(DeviceState, setup.device_ids[0])
    state.online = False
    await db.commit()
    listed = await setup.staff.call("/deviceLog/listPad", {"deviceId": setup.device_ids[0]})
    assert listed.code == Code.DEVICE_OFFLINE
    started = await setup.staff.call("/deviceLog/upLoadFile", {"deviceId": setup.device_ids[0], "logType": "pad",
                                                               "fileName": "pad_2026-11-23.log"})
    assert started.code == Code.DEVICE_OFFLINE
    assert (await setup.staff.call("/deviceLog/list", {})).data["total"] == 0


async def test_transfer_tokens_are_one_time(setup):
    robot, _, started = await upload(setup)
    await setup.finished(robot)
    client = setup.staff.client
    unknown = await client.put("/api/robotdata/transfer", params={"t": "0" * 32}, content=b"x")
    assert unknown.status_code == 404
    state = await client.post("/api/robotdata/transfer/state", params={"t": "f" * 32}, json={"state": "failed"})
    assert state.status_code == 200 and state.json()["message"]["code"] == Code.NOT_FOUND  # an envelope, as every call
    assert (await client.get("/api/robotdata/transfer", params={"t": "short"})).status_code == 404
