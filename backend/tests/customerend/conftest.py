"""An app of its own for the customer end (its own database: the end removes demo customers the other tests use),
seeded with the demo organisation, and helpers: the customer's files in the store, running the data jobs."""

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from cleanfleet.app import create_app
from cleanfleet.bootstrap import prepare
from cleanfleet.privacy.jobs import JobLoop
from cleanfleet.privacy.models import DataJob
from cleanfleet.settings import Settings
from tests.conftest import ADMIN_PASSWORD, Api, fresh_postgres_database, new_client
from tests.demo import DEMO_PASSWORD


async def fresh_database(tmp: Path) -> str:
    url = os.environ.get("CLEANFLEET_TEST_DB_URL")
    if not url:
        return f"sqlite+aiosqlite:///{tmp / 'customerend.db'}"
    return await fresh_postgres_database(url, "end")


@pytest.fixture(scope="module")
async def end_app(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Any]:
    tmp = tmp_path_factory.mktemp("customerend")
    settings = Settings(data_dir=tmp, database_url=await fresh_database(tmp), admin_password=ADMIN_PASSWORD,
                        admin_second_factor=False, log_format="console", web_dist=tmp / "no-dist", demo=True,
                        demo_password=DEMO_PASSWORD, check_answers=True, mqtt_url="none", mqtt_tls_bind="none",
                        incident_scan_every=86400, health_scan_every=86400, health_scan_first=86400)
    await prepare(settings)
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        yield application


@pytest.fixture
async def as_account(end_app: Any) -> AsyncIterator[Any]:
    clients: list[httpx.AsyncClient] = []

    async def sign_in(account: str, password: str = DEMO_PASSWORD) -> Api:
        client = new_client(end_app)
        clients.append(client)
        caller = Api(client, end_app.state.signer)
        answer = await caller.login(account, ADMIN_PASSWORD if account == "admin" else password)
        assert answer.code == 0, answer.body
        return caller

    yield sign_in
    for client in clients:
        await client.aclose()


async def run_jobs(app: Any, job_id: int, loop: JobLoop | None = None) -> DataJob:
    """Runs the data jobs until ``job_id`` is done or failed (this worker's loop, or the app's if it runs one)."""
    loop = loop or JobLoop(app.state.db, app.state.store, app.state.settings)
    for _ in range(600):
        await loop.round()
        for task in list(loop.running.values()):
            await task
        async with app.state.db.sessions() as db:
            job = await db.scalar(select(DataJob).where(DataJob.id == job_id))
            assert job is not None
            if job.state in ("done", "failed"):
                return job
        await asyncio.sleep(0.1)
    raise AssertionError(f"job {job_id} did not finish")
