"""Expired sessions and API tokens leave with the purge job (issue 51), in bounded batches, each batch leaving an
audit row; live ones stay. And the job's object store (a real S3 server: moto, as the storage tests) is closed when
the job stops, also in the middle of a round."""

import asyncio
import uuid
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from cleanfleet.apitokens.models import ApiToken
from cleanfleet.audit.models import AuditRecord
from cleanfleet.auth.models import Token
from cleanfleet.core.leader import stop_task
from cleanfleet.core.scope import tenant_path
from cleanfleet.retention import credentials, job
from cleanfleet.roles.catalogue import ROLE_DEALER
from cleanfleet.storage.backends import S3Store
from cleanfleet.writers import writers_paused
from tests.retention.helpers import NOW, ago
from tests.storage.conftest import fresh_bucket, s3_endpoint, s3_settings  # noqa: F401 - the moto server

assert s3_endpoint


@pytest.fixture
async def quiet(app: Any) -> Any:
    async with writers_paused(app.state, app.state.settings, ["retention"]):
        yield


async def _credentials(app: Any, user: Any) -> dict[str, int]:
    """Sessions and API tokens of ``user`` at each age: ended long ago, lately, still live."""
    made: dict[str, int] = {}
    async with app.state.db.sessions() as db:
        for name, token in (
                ("expired", Token(token_hash=f"x{user.id}", user_id=user.id, expires_at=ago(30), created_at=ago(31))),
                ("revoked", Token(token_hash=f"r{user.id}", user_id=user.id, expires_at=NOW + timedelta(days=1),
                                  revoked_at=ago(8), created_at=ago(9))),
                ("lately", Token(token_hash=f"l{user.id}", user_id=user.id, expires_at=ago(2), created_at=ago(3))),
                ("live", Token(token_hash=f"v{user.id}", user_id=user.id, expires_at=NOW + timedelta(days=1)))):
            db.add(token)
            await db.flush()
            made[name] = token.id
        for name, expires in (("token_old", ago(31)), ("token_lately", ago(5)), ("token_live", NOW + timedelta(1))):
            api_token = ApiToken(public_id=uuid.uuid4().hex[:12], token_hash=f"{name}{user.id}", user_id=user.id,
                                 name=name, keys=["device/index"], expires_at=expires, created_at=ago(40))
            db.add(api_token)
            await db.flush()
            made[name] = api_token.id
        await db.commit()
    return made


async def test_ended_sessions_and_expired_tokens_go_in_batches_with_an_audit_row(app, make_user, quiet):
    dealer, _ = await make_user(2, roles=[ROLE_DEALER])
    person, _ = await make_user(3, parent=dealer)
    made = await _credentials(app, person)
    settings = app.state.settings.model_copy(update={"retention_pause": 0.0, "retention_batch": 100})

    removed = await credentials.purge_credentials(app.state.db, settings, NOW)
    assert removed["sessions"] >= 2 and removed["apiTokens"] >= 1
    async with app.state.db.sessions() as db:
        sessions = set(await db.scalars(select(Token.id).where(Token.user_id == person.id)))
        tokens = set(await db.scalars(select(ApiToken.id).where(ApiToken.user_id == person.id)))
        assert sessions == {made["lately"], made["live"]}
        assert tokens == {made["token_lately"], made["token_live"]}
        gone = await db.scalar(select(AuditRecord).where(AuditRecord.target == f"api_token#{made['token_old']}"))
        assert gone is not None and (gone.kind, gone.actor_type, gone.owner_path) == ("access_change", "system",
                                                                                       person.path)
        assert gone.detail["removed"] == "api_token" and gone.detail["name"] == "token_old"
        summary = list(await db.scalars(select(AuditRecord).where(
            AuditRecord.target == "sessions", AuditRecord.chain == tenant_path(person.path))))
        assert summary and summary[-1].detail["removed"] == "sessions" and summary[-1].detail["count"] >= 2
    assert await credentials.purge_credentials(app.state.db, settings, NOW) == {"sessions": 0, "apiTokens": 0}


async def test_a_batch_is_bounded(app, make_user, quiet):
    person, _ = await make_user(2, roles=[ROLE_DEALER])
    async with app.state.db.sessions() as db:
        db.add_all([Token(token_hash=f"b{person.id}-{n}", user_id=person.id, expires_at=ago(20)) for n in range(5)])
        await db.commit()
        assert await credentials.purge_sessions(db, NOW, 2) == 2  # one batch: at most its limit
        await db.commit()
        left = list(await db.scalars(select(Token.id).where(Token.user_id == person.id)))
    assert len(left) == 3


async def test_the_jobs_s3_client_is_closed_at_stop_also_in_the_middle_of_a_round(app, s3_endpoint, quiet,  # noqa: F811
                                                                                   monkeypatch):
    settings = s3_settings(app.state.settings, s3_endpoint, fresh_bucket(), s3_create_bucket=True,
                           retention_first=0.0, retention_every=3600.0, retention_pause=0.0)
    made: list[S3Store] = []
    closed: list[S3Store] = []
    real_close = S3Store.close

    async def close(self: S3Store) -> None:
        closed.append(self)
        await real_close(self)

    def make(settings_: Any) -> S3Store:
        store = S3Store(settings_)
        made.append(store)
        return store

    monkeypatch.setattr(S3Store, "close", close)
    monkeypatch.setattr(job, "make_store", make)
    rounds: list[int] = []
    held, first = asyncio.Event(), asyncio.Event()

    async def a_round(database: Any, store: Any, settings_: Any, now: Any = None) -> int:
        await store.put("retention/probe.txt", b"x", "text/plain")  # the client is open and used
        rounds.append(1)
        first.set()
        if len(rounds) == 2:
            held.set()
            await asyncio.Event().wait()  # the second round never ends: the job is stopped in its middle
        return 0

    monkeypatch.setattr(job, "purge_round", a_round)
    task = job.start_retention(app.state.db, settings)
    async with asyncio.timeout(30):
        await first.wait()
    await stop_task(task)  # at the end of a round (its store closed at once) or between two
    assert made and made[0] in closed and made[0]._client is None
    task = job.start_retention(app.state.db, settings)
    async with asyncio.timeout(30):
        await held.wait()
    await stop_task(task)
    assert len(made) == 2 and made[1] in closed and made[1]._client is None  # closed though the round was cut
