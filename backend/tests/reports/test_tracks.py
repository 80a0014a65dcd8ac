"""A run's track: the poses of its heartbeats, kept by the ingest and stored with the run's report."""

import orjson

from cleanfleet.gateway.tracks import MAX_POINTS, Tracks
from cleanfleet.reports.models import TaskReport
from tests.gateway.helpers import heartbeat, report, topic
from tests.gateway.test_ingest import fleet  # noqa: F401  (three robots and an ingest)


def test_a_track_is_bounded_and_belongs_to_its_run():
    tracks = Tracks()
    for i in range(MAX_POINTS * 3):
        tracks.add(1, {"runId": "r1", "pose": {"x": i * 0.1, "y": 0.0}})
    tracks.add(1, {"runId": None, "pose": {"x": 0, "y": 0}})  # no run: ignored
    tracks.add(1, {"runId": "r1", "pose": {"x": (MAX_POINTS * 3 - 1) * 0.1 + 0.01, "y": 0.0}})  # did not move
    assert tracks.finish(1, "other") is None
    points = tracks.finish(1, "r1")
    assert points is not None and len(points) <= MAX_POINTS and points[0] == [0.0, 0.0]
    assert tracks.finish(1, "r1") is None  # handed over once
    tracks.add(2, {"runId": "a", "pose": {"x": 1, "y": 1}})
    tracks.add(2, {"runId": "b", "pose": {"x": 5, "y": 5}})  # a new run starts a new track
    assert tracks.finish(2, "b") == [[5.0, 5.0]]


async def test_the_report_gets_the_path_its_heartbeats_drew(fleet, db):  # noqa: F811
    ingest, devices = fleet
    sn = devices[0].serial_number
    for x, y in [(0, 0), (2, 0), (2, 3)]:
        await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn, runId="run-7", pose={"x": x, "y": y, "yaw": 0}))
    msg_id = f"{sn}-report-track"
    await ingest.receive(topic(sn, "report"), report(sn, msg_id, run_id="run-7"), lambda: None)
    await ingest.flush()
    stored = await db.scalar(TaskReport.__table__.select().with_only_columns(TaskReport.path)
                             .where(TaskReport.msg_id == msg_id))
    assert orjson.loads(orjson.dumps(stored)) == [[0.0, 0.0], [2.0, 0.0], [2.0, 3.0]]
