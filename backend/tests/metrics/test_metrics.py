"""What operators watch (issue 37 item 6): /metrics in Prometheus' text format with the product's own series, read
only from an allowed address or with the metrics token: calls and refusals per route, robot messages ingested and
dropped per channel and reason, the periodic jobs' rounds."""

import asyncio

import pytest
from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.core.leader import start_scanning
from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest
from cleanfleet.users.models import User
from tests.gateway.helpers import heartbeat, robot_device, topic, unique_prefix
from tests.metrics.scrape import client, scrape, value

REQUESTS = "cleanfleet_http_requests_total"


async def test_calls_and_refusals_are_counted_per_route(app, admin, api):
    before = await scrape(app)
    assert (await admin.call("/getLanguage")).code == Code.OK
    assert (await admin.call("/getLanguage")).code == Code.OK
    unsigned = await api.call("/device/selectAllDevice", {}, headers={"sign": None})
    assert unsigned.code == Code.BAD_SIGNATURE
    after = await scrape(app)
    ok = {"route": "/api/getLanguage", "method": "POST", "status": "2xx"}
    assert value(after, REQUESTS, **ok) - value(before, REQUESTS, **ok) == 2
    refused = {"route": "/api/device/selectAllDevice", "code": str(int(Code.BAD_SIGNATURE))}
    assert value(after, "cleanfleet_api_refusals_total", **refused) - \
        value(before, "cleanfleet_api_refusals_total", **refused) == 1
    timed = {"route": "/api/getLanguage", "method": "POST"}
    assert value(after, "cleanfleet_http_request_seconds_count", **timed) - \
        value(before, "cleanfleet_http_request_seconds_count", **timed) == 2
    # a path no route knows is "other", so random paths never make new series
    async with client(app) as http:
        await http.post("/api/no/such/call/x9")
    assert not any(("/no/such" in dict(labels).get("route", "")) for _, labels in await scrape(app))


async def test_only_allowed_addresses_and_the_token_read_it(app):
    settings = app.state.settings
    try:
        async with client(app, "10.200.0.1") as http:
            refused = await http.get("/metrics")
            assert (refused.status_code, refused.text) == (404, "")
            app.state.settings = settings.model_copy(update={"metrics_token": "m-tok"})
            assert (await http.get("/metrics", headers={"Authorization": "Bearer m-tok"})).status_code == 200
            assert (await http.get("/metrics", headers={"Authorization": "Bearer m-tok2"})).status_code == 404
            app.state.settings = settings.model_copy(update={"metrics_allow": "10.200.0.0/16"})
            assert (await http.get("/metrics")).status_code == 200
        async with client(app) as http:  # this machine is no longer in the list
            assert (await http.get("/metrics")).status_code == 404
    finally:
        app.state.settings = settings


async def test_robot_messages_ingested_and_dropped_by_channel_and_reason(app, db):
    owner = await db.scalar(select(User).where(User.account == "admin"))
    device = await robot_device(db, owner, f"{unique_prefix()}M")
    ingest = Ingest(app.state.db, app.state.bus, Directory(app.state.db))
    app.state.gateway = ingest  # the tests' app has no robot link: this ingest is the one the sampler reads
    before = await scrape(app)
    sn = device.serial_number
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn))
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn))
    await ingest.receive(topic(sn, "heartbeat"), b"{not json")
    await ingest.receive(topic(f"{unique_prefix()}NOBODY", "alarm"), b"{}")
    await ingest.receive("cf/x/up/teleport", b"{}")
    await ingest.flush()
    after = await scrape(app)
    app.state.gateway = None

    def grown(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert grown("cleanfleet_robot_messages_total", channel="heartbeat") == 2
    dropped = "cleanfleet_robot_messages_dropped_total"
    assert grown(dropped, channel="heartbeat", reason="bad_message") == 1
    assert grown(dropped, channel="alarm", reason="unknown_sender") == 1
    assert grown(dropped, channel="unknown", reason="unknown_sender") + \
        grown(dropped, channel="unknown", reason="bad_message") == 1


async def test_a_failing_jobs_rounds_are_counted(app):
    async def broken(_database: object) -> int:
        raise RuntimeError("the scan broke")

    task = start_scanning(app.state.db, "metrics-test-job", broken, every=0.01, first_after=0)
    try:
        async def failed_rounds() -> float:
            return value(await scrape(app), "cleanfleet_job_rounds_total", job="metrics-test-job", outcome="failed")

        for _ in range(200):
            if await failed_rounds() >= 2:
                break
            await asyncio.sleep(0.02)
        assert await failed_rounds() >= 2
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task


async def test_the_gauges_read_the_database_and_the_spool(app, db):
    spool = app.state.settings.data_dir / "tmp"
    spool.mkdir(parents=True, exist_ok=True)
    (spool / "metrics-test.part").write_bytes(b"x" * 1234)
    try:
        samples = await scrape(app)
        assert value(samples, "cleanfleet_upload_spool_bytes") >= 1234
        assert value(samples, "cleanfleet_upload_spool_files") >= 1
        assert ("cleanfleet_robots_connected", frozenset()) in samples
        assert ("cleanfleet_queue_due", frozenset({("queue", "notify")})) in samples
    finally:
        (spool / "metrics-test.part").unlink()
