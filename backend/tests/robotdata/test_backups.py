"""Data backups: packing -> uploading -> finished (a message for the owner), the contents, a download, a restore
that puts lost tasks back, failures re-uploaded or restarted, cancelling, deleting, and the refusals."""

import io
import tarfile

from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.core.sizes import human_size
from cleanfleet.messages.models import Message
from cleanfleet.robotdata.transfers import KIND_BACKUP_FINISHED


async def backed_up(setup, index: int = 0):
    started = await setup.staff.call("/device/backup", {"deviceId": setup.device_ids[index]})
    assert started.code == 0, started.body
    assert started.data["status"] == "packing"
    await setup.finished(setup.robots[index])
    return started.data["id"]


async def one(setup, backup_id: int):
    page = await setup.staff.call("/device/selectDataBackups", {})
    return next(row for row in page.data["list"] if row["id"] == backup_id)


async def test_a_backup_finishes_with_its_contents_and_a_message(setup, db):
    backup_id = await backed_up(setup)
    row = await one(setup, backup_id)
    assert row["status"] == "finished" and row["size"] > 0 and row["fileName"].endswith(".tar.gz")
    contents = await setup.staff.call("/device/selectDeviceInfoFromDataBackup", {"id": backup_id})
    names = [f["name"] for f in contents.data["files"]]
    assert "robot.json" in names and "tasks.json" in names and any(n.startswith("maps/") for n in names)
    response = await setup.staff.client.post("/api/device/downloadDataBackup", json={"id": backup_id},
                                             headers=setup.staff.headers())
    with tarfile.open(fileobj=io.BytesIO(response.content), mode="r:gz") as tar:
        assert sorted(tar.getnames()) == sorted(names)
    messages = list(await db.scalars(select(Message).where(Message.device_id == setup.device_ids[0],
                                                           Message.kind == KIND_BACKUP_FINISHED)))
    assert len(messages) == 1 and setup.robots[0].sn in messages[0].title
    # the size as the table shows it (formatBytes), not a count of bytes (issue 30)
    assert messages[0].content == f"{row['fileName']}: {human_size(row['size'])}, {len(names)} files."
    assert "bytes" not in messages[0].content


async def test_a_restore_puts_lost_tasks_back(setup):
    robot = setup.robots[0]
    backup_id = await backed_up(setup)
    lost = next(iter(robot.book.tasks))
    del robot.book.tasks[lost]
    restoring = await setup.staff.call("/device/backupRestore", {"id": backup_id})
    assert restoring.code == 0, restoring.body
    assert restoring.data["restoreStatus"] == "restoring"
    again = await setup.staff.call("/device/backupRestore", {"id": backup_id})
    assert again.code == Code.CONFLICT and again.field == "id"
    await setup.finished(robot)
    row = await one(setup, backup_id)
    assert row["restoreStatus"] == "restored" and lost in row["restoreDetail"] and row["restoredAt"]
    assert lost in robot.book.tasks


async def test_a_backup_restores_onto_another_robot_of_the_caller(setup):
    backup_id = await backed_up(setup, 1)
    restored = await setup.staff.call("/device/backupRestore", {"id": backup_id, "deviceId": setup.device_ids[0]})
    assert restored.code == 0 and restored.data["restoreDeviceId"] == setup.device_ids[0]
    await setup.finished(setup.robots[0])
    assert (await one(setup, backup_id))["restoreStatus"] == "restored"


async def test_a_failed_upload_is_uploaded_again_from_the_pack(setup):
    robot = setup.robots[1]
    original = robot.data.backup
    robot.data.backup = lambda job_id, path, fail=None: original(job_id, path, "uploading")
    backup_id = await backed_up(setup, 1)
    robot.data.backup = original
    row = await one(setup, backup_id)
    assert row["status"] == "failed" and row["reason"]
    cancel = await setup.staff.call("/device/backupCancel", {"id": backup_id})
    assert cancel.code == Code.CONFLICT and cancel.field == "id"
    again = await setup.staff.call("/device/backupRetry", {"id": backup_id})
    assert again.code == 0 and again.data["status"] == "uploading"
    await setup.finished(robot)
    assert (await one(setup, backup_id))["status"] == "finished"
    not_failed = await setup.staff.call("/device/backupRetry", {"id": backup_id})
    assert not_failed.code == Code.CONFLICT


async def test_a_failed_packing_is_restarted(setup):
    robot = setup.robots[0]
    original = robot.data.backup
    robot.data.backup = lambda job_id, path, fail=None: original(job_id, path, "packing")
    backup_id = await backed_up(setup)
    robot.data.backup = original
    assert (await one(setup, backup_id))["status"] == "failed"
    restarted = await setup.staff.call("/device/backupRetry", {"id": backup_id, "restart": True})
    assert restarted.code == 0 and restarted.data["status"] == "packing"
    await setup.finished(robot)
    assert (await one(setup, backup_id))["status"] == "finished"


async def test_a_reupload_without_a_pack_asks_for_a_restart(setup):
    robot = setup.robots[0]
    original = robot.data.backup
    robot.data.backup = lambda job_id, path, fail=None: original(job_id, path, "uploading")
    backup_id = await backed_up(setup)
    robot.data.backup = original
    for pack in (robot.data.root / "packs").glob("*.tar.gz"):
        pack.unlink()
    gone = await setup.staff.call("/device/backupRetry", {"id": backup_id})
    assert gone.code == Code.CONFLICT and gone.field == "restart"
    assert (await one(setup, backup_id))["status"] == "failed"  # unchanged


async def test_a_running_backup_is_cancelled_and_not_deleted(setup):
    robot = setup.robots[0]
    original = robot.data.backup
    robot.data.backup = lambda job_id, path, fail=None: None  # accepted; the robot has not begun
    started = await setup.staff.call("/device/backup", {"deviceId": setup.device_ids[0]})
    robot.data.backup = original
    backup_id = started.data["id"]
    second = await setup.staff.call("/device/backup", {"deviceId": setup.device_ids[0]})
    assert second.code == Code.CONFLICT and second.field == "deviceId"
    refused = await setup.staff.call("/device/deleteDataBackupById", {"ids": [backup_id]})
    assert refused.code == Code.CONFLICT and refused.field == "ids"
    contents = await setup.staff.call("/device/selectDeviceInfoFromDataBackup", {"id": backup_id})
    assert contents.code == Code.CONFLICT
    cancelled = await setup.staff.call("/device/backupCancel", {"id": backup_id})
    assert cancelled.code == 0 and cancelled.data["status"] == "cancelled"
    deleted = await setup.staff.call("/device/deleteDataBackupById", {"ids": [backup_id]})
    assert deleted.data == {"deleted": 1}
    assert (await setup.staff.call("/device/selectDataBackups", {})).data["total"] == 0


async def test_another_branch_sees_nothing(setup):
    backup_id = await backed_up(setup)
    assert (await setup.other.call("/device/selectDataBackups", {})).data["total"] == 0
    for path, body in (("/device/selectDeviceInfoFromDataBackup", {"id": backup_id}),
                       ("/device/backupRestore", {"id": backup_id}),
                       ("/device/deleteDataBackupById", {"ids": [backup_id]}),
                       ("/device/backup", {"deviceId": setup.device_ids[0]})):
        answer = await setup.other.call(path, body)
        assert answer.code == Code.NOT_FOUND, (path, answer.body)
    onto_other = await setup.staff.call("/device/backupRestore", {"id": backup_id, "deviceId": 2**31 - 1})
    assert onto_other.code == Code.NOT_FOUND and onto_other.field == "deviceId"
    big_id = await setup.staff.call("/device/backupRestore", {"id": 2**31})
    assert big_id.code == Code.BAD_PARAMETER and big_id.field == "id"
