"""Wear follows the robot's work as it happens (issue 48 item 13): a run that ends (the gateway's ``run.ended``,
in the transaction that stores the report) adds its hours to the robot's consumables at once and moves the stored
forecast the fleet list reads, on a controlled clock; a part put in during the run counts only the rest of it;
a run told again adds nothing (the gateway tells a stored report once)."""

from datetime import timedelta
from typing import Any

from sqlalchemy import select

from cleanfleet.consumables.models import Consumable
from cleanfleet.core.bus import Fact, tell
from cleanfleet.wear import forecast, service
from cleanfleet.wear.models import WearForecast
from tests.wear.conftest import NOW, daily_runs, ok


async def _run_ended(app: Any, robot: int, path: str, hours: float, ended=NOW) -> None:
    started = ended - timedelta(hours=hours)
    async with app.state.db.sessions() as db:
        await tell(db, [Fact("run.ended", path, {
            "robotId": robot, "serialNumber": "x", "name": "", "reportId": 1, "taskName": "Sweep", "mapName": "hall",
            "startedAt": started, "endedAt": ended, "durationSeconds": round(hours * 3600), "cleanedAreaM2": 10.0},
            ended)])
        await db.commit()


async def _replaced(db: Any, robot: int, moment: Any) -> None:
    db.expire_all()
    for part in await db.scalars(select(Consumable).where(Consumable.device_id == robot)):
        part.replaced_at = moment
    await db.commit()


async def _state(db: Any, robot: int) -> tuple[dict[str, float], dict[str, Any]]:
    db.expire_all()
    used = {c.kind: c.used_hours for c in await db.scalars(select(Consumable).where(Consumable.device_id == robot))}
    stored = {row.kind: row for row in await db.scalars(select(WearForecast).where(WearForecast.device_id == robot))}
    return used, stored


async def test_a_run_that_ends_wears_the_parts_and_moves_the_forecast_at_once(app, branch, db):
    robot, serial = branch.robots["Scrubber"], branch.serials["Scrubber"]
    await ok(branch.dealer, "/deviceConsumable/consumableEdit", {"deviceSerialNumber": serial, "consumables": [
        {"kind": "filter", "lifeHours": 200, "usedHours": 100}]})
    await _replaced(db, robot, NOW - timedelta(days=30))  # in on the test's clock, well before the run
    await daily_runs(db, robot, [2.0] * 28, forecast.window(NOW.date())[1])
    await service.refresh(db, NOW, [robot])
    used, stored = await _state(db, robot)
    assert used["filter"] == 100 and stored["filter"].remaining == 100
    before = stored["filter"].due_on

    device = await db.get(service.Device, robot)
    await _run_ended(app, robot, device.owner_path, 6.0)
    used, stored = await _state(db, robot)
    assert used["filter"] == 106  # the run's six hours, as it ended
    assert stored["filter"].remaining == 94 and stored["filter"].due_on == before - timedelta(days=3)
    await db.refresh(device)
    live = await service.device_forecast(db, device, NOW)
    assert live["list"][0]["remainingHours"] == 94  # the device page says the same


async def test_a_part_put_in_during_the_run_counts_only_the_rest(app, branch, db):
    robot, serial = branch.robots["Sweeper"], branch.serials["Sweeper"]
    await ok(branch.dealer, "/deviceConsumable/consumableEdit", {"deviceSerialNumber": serial, "consumables": [
        {"kind": "roller_brush", "lifeHours": 300, "usedHours": 0}]})
    await _replaced(db, robot, NOW - timedelta(hours=1))  # an hour before the 4-hour run ended
    device = await db.get(service.Device, robot)
    await _run_ended(app, robot, device.owner_path, 4.0)
    used, stored = await _state(db, robot)
    assert used["roller_brush"] == 1.0 and stored["roller_brush"].remaining == 299
