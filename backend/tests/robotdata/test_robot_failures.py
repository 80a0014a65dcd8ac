"""Robots fail the way real ones do (the simulator's own switch, robotdata.FAILURES): a link lost mid-upload, a full
disk while packing, a reboot mid-pack that leaves only silence. The server marks each record failed with a reason
in the reader's language, and sending again (a log, a backup's pack) or restarting (packed again) ends well."""

from datetime import timedelta

from sqlalchemy import update

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.robotdata import texts
from cleanfleet.robotdata.models import DataBackup
from tests.robotdata.test_backups import backed_up, one
from tests.robotdata.test_logs import upload


async def test_a_link_lost_mid_upload_fails_the_log_and_sending_it_again_synchronises_it(setup):
    robot = setup.robots[0]
    robot.data.fail_next = ["link"]
    robot, name, started = await upload(setup, kind="rosbag")
    assert started.code == 0, started.body
    await setup.finished(robot)
    status = await setup.staff.call("/deviceLog/getUpLoadStatus", {"ids": [started.data["id"]]},
                                    headers={"language": "fr"})
    assert status.data[0]["status"] == "failed"
    assert status.data[0]["reason"] == texts.UPLOAD_INTERRUPTED.render("fr")
    again = await setup.staff.call("/deviceLog/upLoadFile", {"deviceId": setup.device_ids[0], "logType": "rosbag",
                                                             "fileName": name})
    assert again.code == 0 and again.data["id"] == started.data["id"]
    await setup.finished(robot)
    response = await setup.staff.client.post("/api/deviceLog/download", json={"id": started.data["id"]},
                                             headers=setup.staff.headers())
    assert response.content == robot.data.log_path("rosbag", name).read_bytes()


async def test_a_link_lost_mid_backup_is_failed_and_uploaded_again_from_the_pack(setup):
    setup.robots[1].data.fail_next = ["link"]
    backup_id = await backed_up(setup, 1)
    assert (await one(setup, backup_id))["status"] == "failed"
    again = await setup.staff.call("/device/backupRetry", {"id": backup_id})
    assert again.code == 0 and again.data["status"] == "uploading"
    await setup.finished(setup.robots[1])
    assert (await one(setup, backup_id))["status"] == "finished"


async def test_a_full_disk_fails_the_backup_with_the_robots_reason_and_a_restart_packs_again(setup):
    setup.robots[0].data.fail_next = ["disk"]
    backup_id = await backed_up(setup)
    row = await one(setup, backup_id)
    assert row["status"] == "failed" and "disk full" in row["reason"]
    restarted = await setup.staff.call("/device/backupRetry", {"id": backup_id, "restart": True})
    assert restarted.code == 0
    await setup.finished(setup.robots[0])
    assert (await one(setup, backup_id))["status"] == "finished"


async def test_a_reboot_mid_pack_is_failed_after_the_silence_and_restarted(setup, db):
    robot = setup.robots[0]
    robot.data.fail_next = ["reboot"]
    backup_id = await backed_up(setup)
    assert (await one(setup, backup_id))["status"] == "packing"  # the robot said nothing more
    busy = await setup.staff.call("/device/backup", {"deviceId": setup.device_ids[0]})
    assert busy.code == Code.CONFLICT  # within the silence it may still come
    await db.execute(update(DataBackup).where(DataBackup.id == backup_id)
                     .values(updated_at=utcnow() - timedelta(minutes=15, seconds=5)))
    await db.commit()
    page = await setup.staff.call("/device/selectDataBackups", {}, headers={"language": "en"})
    row = next(r for r in page.data["list"] if r["id"] == backup_id)
    assert row["status"] == "failed" and row["reason"] == texts.ROBOT_SILENT.render("en", {"minutes": 15})
    gone = await setup.staff.call("/device/backupRetry", {"id": backup_id})
    assert gone.code == Code.CONFLICT and gone.field == "restart"  # the reboot took the pack
    restarted = await setup.staff.call("/device/backupRetry", {"id": backup_id, "restart": True})
    assert restarted.code == 0 and restarted.data["status"] == "packing"
    await setup.finished(robot)
    assert (await one(setup, backup_id))["status"] == "finished"
