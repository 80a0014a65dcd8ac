"""Test ground: a migrated database (SQLite, or PostgreSQL when CLEANFLEET_TEST_DB_URL says so),
the real app with its lifespan, and helpers to sign in and call the API as a console would."""

import itertools
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from cleanfleet.app import create_app
from cleanfleet.bootstrap import prepare
from cleanfleet.core import passwords
from cleanfleet.core.signature import Signer
from cleanfleet.settings import Settings
from tests import write_lock

ADMIN_PASSWORD = "Admin12345"
# The tests make thousands of accounts and sign-ins: they hash with argon2id at its least cost (one pass over 8 KiB,
# a tenth of a millisecond where the product's parameters take 25 ms of CPU, a fifth of the backend tests' time). The
# product's parameters are held to by tests/core/test_passwords.py and the tests asking for `product_passwords`;
# servers the tests start as processes hash as the product does.
passwords._hasher = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
os.environ.setdefault("CLEANFLEET_CHECK_ANSWERS", "1")  # every answer matches its model (apps built by tests too)
_addresses = itertools.count(1)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The PostgreSQL run skips the tests marked ``database_free`` (pyproject's marker: they open none of its
    databases, and the SQLite run, always there in make test, has them)."""
    if not os.environ.get("CLEANFLEET_TEST_DB_URL"):
        return
    skip = pytest.mark.skip(reason="opens none of this run's databases: SQLite's has it")
    for item in items:
        if item.get_closest_marker("database_free"):
            item.add_marker(skip)


def database_url(tmp: Path) -> str:
    return os.environ.get("CLEANFLEET_TEST_DB_URL") or f"sqlite+aiosqlite:///{tmp / 'test.db'}"


async def reset_postgres(url: str) -> None:
    """An empty schema; and commits that do not wait for the disk (``synchronous_commit`` off for the scratch
    database, for every connection the tests' apps open afterwards): a commit then costs about 0.2 ms, not 1-1.5 ms,
    over the run's many thousands. Nothing here tests what a crash of PostgreSQL itself keeps."""
    engine = create_async_engine(url)
    async with engine.begin() as conn:
        await conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        await conn.execute(text("CREATE SCHEMA public"))
        database = await conn.scalar(text("SELECT current_database()"))
        await conn.execute(text(f'ALTER DATABASE "{database}" SET synchronous_commit = off'))
    await engine.dispose()


async def fresh_postgres_database(url: str, suffix: str) -> str:
    """A sibling of the run's PostgreSQL database (``<name>_<suffix>``), dropped and made again, for a test that needs
    an app and a database of its own; like the run's (reset_postgres), its commits do not wait for the disk (the fuzz
    and the customer end commit thousands of times: 119 s of the PostgreSQL run went to the fuzz, twice SQLite's)."""
    server, name = url.rsplit("/", 1)
    fresh = f"{name}_{suffix}"
    engine = create_async_engine(Settings(database_url=url).db_url, isolation_level="AUTOCOMMIT")
    async with engine.connect() as conn:
        await conn.execute(text(f'DROP DATABASE IF EXISTS "{fresh}" WITH (FORCE)'))
        await conn.execute(text(f'CREATE DATABASE "{fresh}"'))
        await conn.execute(text(f'ALTER DATABASE "{fresh}" SET synchronous_commit = off'))
    await engine.dispose()
    return f"{server}/{fresh}"


@pytest.fixture
def product_passwords(monkeypatch: pytest.MonkeyPatch) -> None:
    """Passwords hashed and checked with the product's parameters for this test."""
    monkeypatch.setattr(passwords, "_hasher", passwords.product_hasher())


@pytest.fixture(scope="session")
def settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    tmp = tmp_path_factory.mktemp("data")
    # admin_second_factor off: the tests sign in as admin again and again (tests/factors turn it on in their own app)
    return Settings(data_dir=tmp, database_url=database_url(tmp), admin_password=ADMIN_PASSWORD,
                    admin_second_factor=False,
                    log_format="console", web_dist=tmp / "no-dist", demo=False, check_answers=True,
                    mqtt_url="none",  # no robot link: tests/gateway start their own
                    mqtt_tls_bind="none",  # no TLS listener on 8883: a test that wants one gives its own port
                    # the escalation job would keep reminding of incidents earlier tests left open, in every app
                    # of the process, mid-snapshot of the permission matrix; tests/incidents call escalate_due
                    incident_scan_every=86400,
                    # the health scan rewrites every robot's row: tests/health run it with their own clock
                    health_scan_every=86400, health_scan_first=86400,
                    # the purge job would remove the old rows other tests made: tests/retention run it by hand
                    retention_first=86400,
                    # the anchor writes a file to the store: in the middle of a matrix test's snapshots of the
                    # files on disk once (tests/audit and tests/siem write anchors by hand)
                    audit_anchor_first=86400,
                    # the streamer would send, every 2 s for the rest of the run, to the syslog destinations earlier
                    # tests left (unreachable: each round writes every destination's failure), a writer around every
                    # test (tests/write_lock.py); tests/siem stream by hand
                    siem_first=86400)


@pytest.fixture(autouse=True)
async def _no_write_lock_outlives_a_test(request: pytest.FixtureRequest, settings: Settings) -> AsyncIterator[None]:
    """tests/write_lock.py: after each test on SQLite, the write lock is free again (or the run says who holds it)."""
    yield
    path = Path(settings.db_url.removeprefix("sqlite+aiosqlite:///")) if settings.db_url.startswith("sqlite") else None
    if path is None or not path.exists() or await write_lock.wait_for_write_lock(path, write_lock.HELD_SECONDS):
        return
    found, bare = write_lock.holders()
    told = write_lock.report(request.node.nodeid, path, found, bare)
    capture = request.config.pluginmanager.getplugin("capturemanager")
    with capture.global_and_fixture_disabled():
        print("\n" + told, flush=True)
    if not write_lock.roll_back_on_their_threads(found) or not await write_lock.wait_for_write_lock(path, 5.0):
        pytest.exit(f"{write_lock.MARK} ({request.node.nodeid}) and nobody can end it: the run stops here", 3)


@pytest.fixture(scope="session")
async def app(settings: Settings) -> AsyncIterator[Any]:
    if settings.db_url.startswith("postgresql"):  # a scratch database: start from an empty schema
        await reset_postgres(settings.db_url)
    await prepare(settings)
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        yield application


@dataclass
class Answer:
    status: int
    body: dict[str, Any]

    @property
    def code(self) -> int:
        return self.body["message"]["code"]

    @property
    def message(self) -> str:
        return self.body["message"]["message"]

    @property
    def field(self) -> str | None:
        """The request field a refusal concerns (the console marks that form field)."""
        return self.body["message"].get("field")

    @property
    def data(self) -> Any:
        return self.body["data"]


class Api:
    """Calls the API the way the console does: signed, with the token and the username header."""

    def __init__(self, client: httpx.AsyncClient, signer: Signer) -> None:
        self.client = client
        self.signer = signer
        self.token: str | None = None
        self.account = "-"

    def headers(self, sign: bool = True) -> dict[str, str]:
        headers = {"username": self.account, "platform": "web"}
        if sign:
            headers["sign"] = self.signer.sign()
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        return headers

    async def call(self, path: str, body: dict[str, Any] | None = None, *, form: bool = False,
                   headers: dict[str, str] | None = None) -> Answer:
        merged = {**self.headers(), **(headers or {})}
        merged = {k: v for k, v in merged.items() if v is not None}
        if form:
            response = await self.client.post("/api" + path, data=body or {}, headers=merged)
        else:
            response = await self.client.post("/api" + path, json=body or {}, headers=merged)
        return Answer(response.status_code, response.json())

    async def login(self, account: str, password: str) -> Answer:
        answer = await self.call("/login", {"account": account, "password": password, "type": "user"})
        if answer.code == 0:
            self.token = answer.data["token"]
            self.account = account
        return answer


def new_client(app: Any) -> httpx.AsyncClient:
    """A client from its own address, so one test's failed sign-ins never lock another's."""
    n = next(_addresses)
    address = f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"
    transport = httpx.ASGITransport(app=app, client=(address, 40000))
    return httpx.AsyncClient(transport=transport, base_url="http://cleanfleet.test")


@pytest.fixture
async def api(app: Any) -> AsyncIterator[Api]:
    async with new_client(app) as client:
        yield Api(client, app.state.signer)


@pytest.fixture
async def admin(app: Any) -> AsyncIterator[Api]:
    async with new_client(app) as client:
        caller = Api(client, app.state.signer)
        answer = await caller.login("admin", ADMIN_PASSWORD)
        assert answer.code == 0, answer.body
        yield caller


@pytest.fixture
async def db(app: Any) -> AsyncIterator[Any]:
    async with app.state.db.sessions() as session:
        yield session


_accounts = itertools.count(1)


def unique_account(prefix: str = "u") -> str:
    return f"{prefix}{os.getpid()}x{next(_accounts)}"


@pytest.fixture
def make_user(app: Any):  # noqa: ANN201
    """Create a user directly in the tree: make_user(level, parent=None, roles=None) -> (user, password)."""
    from cleanfleet.users import service as users

    async def make(level: int, parent: Any = None, roles: list[int] | None = None, shadow_of: Any = None,
                   **fields: Any) -> tuple[Any, str]:
        password = "Secret123"
        async with app.state.db.sessions() as session:
            if parent is None and level > 1:
                parent = await users.get_by_account(session, "admin")
            user = await users.create(session, account=unique_account(), name="Test user", password=password,
                                      level_depth=level, parent=parent, role_ids=roles, shadow_of=shadow_of,
                                      **fields)
            await session.commit()
            return user, password

    return make


@pytest.fixture
async def signed_in(app: Any):  # noqa: ANN201
    """An Api client signed in as the given user (closed at the end of the test)."""
    clients: list[httpx.AsyncClient] = []

    async def sign_in(user: Any, password: str) -> Api:
        client = new_client(app)
        clients.append(client)
        caller = Api(client, app.state.signer)
        answer = await caller.login(user.account, password)
        assert answer.code == 0, answer.body
        return caller

    yield sign_in
    for client in clients:
        await client.aclose()
