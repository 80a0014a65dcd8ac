"""Opening a robot's map list is a read: the refresh of the server's copy of the robot's maps writes no
operation log row (issue 29 item 11)."""

from sqlalchemy import func, select

from cleanfleet.oplog.models import OperationLog


async def _rows(app, user_id: int) -> int:
    async with app.state.db.sessions() as db:
        return await db.scalar(select(func.count()).select_from(OperationLog)
                               .where(OperationLog.user_id == user_id)) or 0


async def test_opening_the_map_list_writes_nothing_in_the_log(fleet, app):
    before = await _rows(app, fleet.customer_user.id)
    listed = await fleet.customer.call("/map/selectMap", {"deviceId": fleet.device_ids[1]})
    assert listed.code == 0 and listed.data["refreshed"] and listed.data["list"], listed.body  # rows were written
    assert await _rows(app, fleet.customer_user.id) == before
