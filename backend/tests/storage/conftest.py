"""A real S3-compatible server for the storage tests: moto's S3 server on a free loopback port,
and the app once more, with the same database, keeping its files there (CLEANFLEET_STORAGE=s3)."""

import itertools
import os
import socket
from collections.abc import AsyncIterator, Iterator
from typing import Any

import boto3
import pytest
from moto.server import ThreadedMotoServer

from cleanfleet.app import create_app
from cleanfleet.settings import Settings
from tests.conftest import ADMIN_PASSWORD, Api, new_client

KEYS = {"s3_access_key": "cleanfleet-test", "s3_secret_key": "cleanfleet-test-secret"}
PREFIX = "cleanfleet/"
_buckets = itertools.count(1)


def fresh_bucket() -> str:
    return f"cf-test-{os.getpid()}-{next(_buckets)}"


def s3_settings(settings: Settings, endpoint: str, bucket: str, **extra: Any) -> Settings:
    """The test settings, storing in ``bucket`` on ``endpoint`` (validated like the environment's)."""
    return Settings(**{**settings.model_dump(), "storage": "s3", "s3_endpoint": endpoint, "s3_bucket": bucket,
                       **KEYS, **extra})


@pytest.fixture(scope="session")
def s3_endpoint() -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.stop()


@pytest.fixture(scope="session")
def bucket_view(s3_endpoint: str) -> Any:
    """A plain boto3 client on the same server: what the bucket really holds, seen from outside the app."""
    return boto3.client("s3", endpoint_url=s3_endpoint, region_name="us-east-1",
                        aws_access_key_id=KEYS["s3_access_key"], aws_secret_access_key=KEYS["s3_secret_key"])


@pytest.fixture(scope="module")
def s3_bucket() -> str:
    return fresh_bucket()


@pytest.fixture(scope="module")
async def s3_app(app: Any, settings: Settings, s3_endpoint: str, s3_bucket: str) -> AsyncIterator[Any]:
    """The app storing in a bucket it creates at start (``app`` has migrated the shared database)."""
    application = create_app(s3_settings(settings, s3_endpoint, s3_bucket, s3_prefix=PREFIX, s3_create_bucket=True))
    async with application.router.lifespan_context(application):
        yield application


@pytest.fixture
async def s3_sign_in(s3_app: Any) -> AsyncIterator[Any]:
    """s3_sign_in(account, password) -> an Api client of the S3 app, signed in."""
    clients = []

    async def sign_in(account: str, password: str) -> Api:
        client = new_client(s3_app)
        clients.append(client)
        caller = Api(client, s3_app.state.signer)
        answer = await caller.login(account, password)
        assert answer.code == 0, answer.body
        return caller

    yield sign_in
    for client in clients:
        await client.aclose()


@pytest.fixture
async def s3_admin(s3_sign_in: Any) -> Api:
    return await s3_sign_in("admin", ADMIN_PASSWORD)
