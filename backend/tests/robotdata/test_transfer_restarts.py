"""A server that dies or stops during a robot's upload (issue 28): at the next start the uploads a dead process
left are failed (the robot can back up again at once) and its spool files go, while a live worker's stay; a
stop gives open uploads a grace, then fails them and removes their files."""

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import create_async_engine

from cleanfleet.app import create_app
from cleanfleet.core.leader import is_clustered
from cleanfleet.robotdata import texts, transfers
from cleanfleet.robotdata.models import UPLOADING, DataBackup
from cleanfleet.robotdata.transfers import Receivers, boot_key
from tests.robotdata.test_hostile_backups import one, waiting_backup

DEAD, LIVE = "0badc0de0badc0de", "11feed11feed11fe"


@contextlib.asynccontextmanager
async def another_process(settings, **changes: Any) -> AsyncIterator[Any]:
    """The same server started again (as after a restart, or as a second worker), and stopped at the end."""
    server = create_app(settings.model_copy(update=changes))
    async with server.router.lifespan_context(server):
        yield server


async def left_uploading(db, backup_id: int, receiver: str) -> None:
    row = await db.get(DataBackup, backup_id)
    await db.refresh(row)
    row.status, row.receiver = UPLOADING, receiver
    await db.commit()


async def test_a_restart_fails_what_a_dead_server_left_and_the_robot_backs_up_again(setup, db, app, settings):
    backup_id, _ = await waiting_backup(setup, db)
    await left_uploading(db, backup_id, DEAD)
    refused = await setup.staff.call("/device/backup", {"deviceId": setup.device_ids[0]})
    assert refused.code != 0 and refused.field == "deviceId"  # blocked, as the issue saw
    spool = settings.data_dir / "tmp"
    spool.mkdir(exist_ok=True)
    orphan = spool / f"robot-{DEAD}-abcd1234"
    orphan.write_bytes(b"half an upload")
    mine = spool / f"robot-{app.state.receivers.boot}-live0001"  # the running server's own upload
    mine.write_bytes(b"an upload in flight")
    async with another_process(settings):
        pass
    row = await one(setup, backup_id)
    assert row["status"] == "failed" and row["reason"] in texts.SERVER_RESTARTED.by_language.values()
    assert not orphan.exists()
    if is_clustered(app.state.db):  # PostgreSQL: the running worker is alive, its file stays
        assert mine.exists()
    mine.unlink(missing_ok=True)
    again = await setup.staff.call("/device/backup", {"deviceId": setup.device_ids[0]})
    assert again.code == 0, again.body
    await setup.finished(setup.robots[0])


async def test_a_starting_worker_leaves_a_live_workers_upload_alone(setup, db, app, settings):
    if not is_clustered(app.state.db):
        return  # SQLite: one process by design, nothing else can be receiving
    backup_id, _ = await waiting_backup(setup, db)
    await left_uploading(db, backup_id, LIVE)
    engine = create_async_engine(settings.db_url)
    try:
        async with engine.connect() as live_worker:  # another worker holding its boot lock while it receives
            await live_worker.execute(text("SELECT pg_advisory_lock(:key)"), {"key": boot_key(LIVE)})
            await live_worker.commit()
            async with another_process(settings):
                pass
            assert (await one(setup, backup_id))["status"] == "uploading"
    finally:
        await engine.dispose()
    cancelled = await setup.staff.call("/device/backupCancel", {"id": backup_id})
    assert cancelled.code == 0


async def test_a_stop_fails_an_open_upload_after_its_grace(setup, db, app, settings):
    backup_id, token = await waiting_backup(setup, db)
    receivers = Receivers(app.state.db, settings.data_dir / "tmp", grace=0.2)  # a server's, as its lifespan has
    robot_waits = asyncio.Event()

    async def slow_robot() -> AsyncIterator[bytes]:
        yield b"\x1f\x8b" + bytes(4094)
        await robot_waits.wait()  # the rest never comes while the server runs
        yield bytes(4096)

    uploading = asyncio.create_task(transfers.receive(app.state.db.sessions, app.state.store, receivers, token,
                                                      slow_robot(), settings.max_upload_bytes, 8192))
    while not list(receivers.folder.glob(f"robot-{receivers.boot}-*")):
        assert not uploading.done()
        await asyncio.sleep(0.01)
    await asyncio.wait_for(receivers.stop(), 10)  # the grace, then the open upload is cut
    assert uploading.cancelled()
    row = await db.scalar(select(DataBackup).where(DataBackup.id == backup_id))
    await db.refresh(row)
    assert row.status == "failed" and row.token is None and row.receiver is None
    assert (await one(setup, backup_id))["reason"] in texts.SERVER_STOPPED.by_language.values()
    assert not list(receivers.folder.glob(f"robot-{receivers.boot}-*"))
    again = await setup.staff.call("/device/backupRetry", {"id": backup_id, "restart": True})
    assert again.code == 0, again.body
    await setup.finished(setup.robots[0])

