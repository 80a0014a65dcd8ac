"""A bounded property-based fuzz of every operation of the published schema (issue 10, tests).

Schemathesis generates valid and invalid inputs for each call from /api/openapi.json; every request
is sent signed and with an administrator's token (so it reaches the call's own checks), and every
answer must be no 500 and match what the schema documents (status, content type, body).

The fuzz inserts, edits and deletes at random, so it runs against its own application and database:
a SQLite file, or on PostgreSQL a sibling database of the test database (``<name>_fuzz``). It runs in
a starlette TestClient, which serves the app and its lifespan on one event loop of its own.
"""

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings, strategies
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.testclient import TestClient

from cleanfleet.app import create_app
from cleanfleet.bootstrap import prepare_sync
from cleanfleet.settings import Settings
from tests.conftest import ADMIN_PASSWORD, fresh_postgres_database

# 8 examples a call, positive and negative: at 12 it was the run's slowest test by far (354 s on SQLite, 388 s on
# PostgreSQL in a clean-clone run beside the checks, 27 Nov). When make test runs both databases side by side
# (CLEANFLEET_TEST_PG_URL set), each run takes half: every call is fuzzed on both dialects (SQLite is the default
# install, PostgreSQL has the stricter column types), and the PostgreSQL run, the long pole, no longer carries the
# whole fuzz alone (119 s there, with the SQLite run done 3.6 min earlier, 28 Nov). CLEANFLEET_FUZZ_EXAMPLES: deeper.
BOTH_DATABASES = bool(os.environ.get("CLEANFLEET_TEST_PG_URL"))
EXAMPLES_PER_CALL = int(os.environ.get("CLEANFLEET_FUZZ_EXAMPLES", "4" if BOTH_DATABASES else "8"))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# calls that would end the fuzz's own session or lock it out; each is covered by its own tests
SKIPPED = {"/api/logout", "/api/user/cleanToken"}
ONLY = os.environ.get("CLEANFLEET_FUZZ_ONLY", "")  # a part of the paths to fuzz, when looking into one call


def fuzz_database(tmp: Path) -> str:
    url = os.environ.get("CLEANFLEET_TEST_DB_URL")
    if not url:
        return f"sqlite+aiosqlite:///{tmp / 'fuzz.db'}"
    return asyncio.run(fresh_postgres_database(url, "fuzz"))


def _as_sent(case: Any, headers: dict[str, str]) -> dict[str, Any]:
    """The case's exact request (Schemathesis gives requests-style arguments: requests prepares the bytes)."""
    kwargs = case.as_transport_kwargs(base_url="http://testserver", headers=headers)
    known = ("method", "url", "headers", "params", "json", "data", "files", "cookies")
    prepared = requests.Request(**{key: value for key, value in kwargs.items() if key in known}).prepare()
    return {"method": prepared.method, "url": prepared.url, "headers": dict(prepared.headers),
            "content": prepared.body, "follow_redirects": False}  # single sign-on's browser redirects (issue 50)


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory: pytest.TempPathFactory):
    tmp = tmp_path_factory.mktemp("fuzz")
    fuzz_settings = Settings(data_dir=tmp, database_url=fuzz_database(tmp), admin_password=ADMIN_PASSWORD,
                             log_format="console", log_level="warning", web_dist=tmp / "no-dist", demo=False,
                             mqtt_url="none")
    prepare_sync(fuzz_settings)
    app = create_app(fuzz_settings)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield app, client


def test_every_call_answers_as_documented_and_never_500(fuzz_client):
    app, client = fuzz_client
    signer = app.state.signer
    login = client.post("/api/login", json={"account": "admin", "password": ADMIN_PASSWORD, "type": "user"},
                        headers={"sign": signer.sign(), "platform": "web"})
    token = login.json()["data"]["token"]
    schema = schemathesis.openapi.from_dict(app.openapi())
    operations = [result.ok() for result in schema.get_all_operations()]
    operations = [op for op in operations if op.path not in SKIPPED and ONLY in op.path]
    assert len(operations) > (0 if ONLY else 100)
    cases = strategies.one_of(*(
        operation.as_strategy(generation_mode=mode)
        for operation in operations
        for mode in (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE)
    ))

    @settings(max_examples=EXAMPLES_PER_CALL * len(operations), deadline=None, database=None,
              suppress_health_check=list(HealthCheck), print_blob=True)
    @given(case=cases)
    def answers_as_documented(case: Any) -> None:
        headers = {"sign": signer.sign(), "Authorization": f"Bearer {token}", "username": "admin",
                   "platform": "web"}
        response = client.request(**_as_sent(case, headers))
        case.validate_response(response, checks=CHECKS, headers=headers)

    answers_as_documented()
