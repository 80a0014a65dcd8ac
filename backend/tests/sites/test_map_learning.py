"""The server learns a robot's maps without a person (issue 48 item 5): a simulated robot (its real web API) reports
a run with a coverage grid on a map the server has no record of (nobody opened its map list); the report's grid is
refused at first, the server reads the robot's map list in the background, and the run ends up in the map's day."""

from datetime import UTC, datetime, timedelta

import orjson
from cleanfleet_sim.coverage import Frame
from sqlalchemy import func, select

from cleanfleet.maps.models import RobotMap
from cleanfleet.sites.models import SiteCoverageDay
from tests.gateway.helpers import report, topic, wait_until
from tests.maps.conftest import fleet  # noqa: F401  - two simulated robots with their web API
from tests.permission_matrix import fresh_name


async def _rows(db, device_id: int) -> list[tuple[str, int]]:
    db.expire_all()
    return [(row.map_name, row.runs) for row in await db.scalars(
        select(SiteCoverageDay).where(SiteCoverageDay.device_id == device_id))]


async def test_a_grid_on_a_map_not_yet_known_ends_up_stored(fleet, db):  # noqa: F811
    robot, device_id = fleet.robots[0], fleet.device_ids[0]
    assert await db.scalar(select(func.count(RobotMap.id)).where(RobotMap.device_id == device_id)) == 0
    name = "office-3F"
    frame = Frame.of(robot.atlas.maps[name])
    start = datetime.now(UTC).replace(microsecond=0) - timedelta(hours=2)
    body = orjson.loads(report(robot.sn, fresh_name(f"{robot.sn}-learn-")))
    body.update(map=name, startTime=start.isoformat(), endTime=(start + timedelta(minutes=30)).isoformat(),
                coverageGrid=frame.grid({(0, 0), (0, 1), (1, 1)}, {(0, 0), (0, 1), (1, 1), (2, 2)}))
    await fleet.ingest.receive(topic(robot.sn, "report"), orjson.dumps(body))
    await fleet.ingest.flush()
    assert fleet.ingest.coverage_drops_of(robot.sn).reason.startswith(
        f"coverageGrid: map '{name}' is not known to the server")

    async def stored() -> bool:
        return bool(await _rows(db, device_id))

    await wait_until(stored, what="the run added once the robot's map list was read")
    assert await _rows(db, device_id) == [(name, 1)]
    db.expire_all()
    names = set(await db.scalars(select(RobotMap.name).where(RobotMap.device_id == device_id)))
    assert name in names  # the map list was read from the robot, as the map list page reads it
