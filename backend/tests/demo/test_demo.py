"""The demo organisation: seeded once on first start (CLEANFLEET_DEMO), with the README's accounts, each signing in
with the install's own demo password (issue 45 item 8)."""

from pathlib import Path

import httpx
import pytest
from sqlalchemy import func, select, update

from cleanfleet import __main__ as cli
from cleanfleet import demo as demo_package
from cleanfleet.app import create_app
from cleanfleet.bootstrap import Prepared, prepare
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.passwords import hash_password
from cleanfleet.demo import seed_demo
from cleanfleet.demo.models import DemoMarker
from cleanfleet.settings import Settings
from cleanfleet.users.demo import DEMO_ACCOUNTS, DEMO_ROLES, LEGACY_PASSWORD, PASSWORD_NOT_SET
from cleanfleet.users.models import User
from tests.demo import DEMO_PASSWORD, seed_demo_with_password

EVERY_DEMO_ACCOUNT = [spec.account for spec in DEMO_ACCOUNTS]
# a first start of an install of its own: a SQLite file whatever the run's database, so the SQLite run has it
OWN_INSTALL = pytest.mark.database_free


async def test_the_demo_accounts_sign_in_and_see_their_own_branch(app, db, api, signed_in):
    await seed_demo_with_password(db)
    assert await seed_demo(db) == []  # a second run seeds nothing
    for spec in DEMO_ACCOUNTS:
        assert await db.scalar(select(func.count()).select_from(User).where(User.account == spec.account)) == 1
    login = await api.login("dealerA", DEMO_PASSWORD)
    assert login.code == 0 and login.data["levelDepth"] == 2
    listed = await api.call("/user/selectUserList", {"pageSize": 1000000})
    accounts = {row["account"] for row in listed.data["list"]}
    assert {"userA1", "userA2", "subA1"} <= accounts and not {"userB1", "subB1", "dealerB"} & accounts
    roles = await api.call("/user/role/list", {})
    assert set(DEMO_ROLES) <= {role["name"] for role in roles.data}
    groups = await api.call("/user/role/group/list", {})
    assert "Site team" in {group["name"] for group in groups.data}
    shadow = await signed_in(await db.scalar(select(User).where(User.account == "shadowA")), DEMO_PASSWORD)
    info = await shadow.call("/user/selectUserInfo", {})
    assert info.data["user"]["type"] == "shadow" and info.data["user"]["shadowId"] == login.data["userId"]
    assert (await shadow.call("/user/selectUserList", {})).data["total"] == listed.data["total"]
    assert (await shadow.call("/user/insertUser", {"account": "x1", "name": "x", "password": "Secret123"})).code \
        != 0  # read-only assistant


async def test_accounts_waiting_for_a_password_get_a_generated_one_and_sign_in_with_it_only(app, db, api):
    """On the test database (PostgreSQL too): what a first start does after the seeders."""
    await seed_demo_with_password(db)
    await db.execute(update(User).where(User.account.in_(EVERY_DEMO_ACCOUNT)).values(password_hash=PASSWORD_NOT_SET))
    await db.commit()
    try:
        assert (await api.login("dealerA", DEMO_PASSWORD)).code != 0  # waiting: no password matches
        generated = await demo_package.ensure_demo_password(db, None)
        assert generated and generated not in (LEGACY_PASSWORD, DEMO_PASSWORD)
        assert (await api.login("userA1", LEGACY_PASSWORD)).code != 0
        assert (await api.login("userA1", generated)).code == 0
        assert await demo_package.ensure_demo_password(db, None) is None  # nothing waits any more
    finally:
        assert await demo_package.new_demo_password(db, DEMO_PASSWORD) == DEMO_PASSWORD  # the other tests' one
    assert (await api.login("subB1", DEMO_PASSWORD)).code == 0


def install(tmp_path: Path, **settings: object) -> Settings:
    return Settings(**{"data_dir": tmp_path, "database_url": None, "admin_password": "Admin12345",
                       "web_dist": tmp_path / "none", **settings})


async def demo_user_count(settings: Settings) -> int:
    database = Database(settings.db_url)
    async with database.sessions() as db:
        count = await db.scalar(select(func.count()).select_from(User).where(User.account != "admin"))
    await database.dispose()
    return count or 0


async def sign_in_codes(settings: Settings, password: str, accounts: list[str]) -> dict[str, int]:
    """Each account's sign-in answer code with ``password``, through the API as the console signs in."""
    app = create_app(settings)
    transport = httpx.ASGITransport(app=app, client=("192.0.2.45", 40000))
    codes = {}
    async with httpx.AsyncClient(transport=transport, base_url="http://cleanfleet.test") as client:
        for account in accounts:
            answer = await client.post("/api/login", json={"account": account, "password": password, "type": "user"},
                                       headers={"sign": app.state.signer.sign(), "platform": "web", "username": "-"})
            codes[account] = answer.json()["message"]["code"]
    await app.state.db.dispose()
    return codes


@OWN_INSTALL
async def test_first_start_seeds_the_demo_once_and_the_setting_turns_it_off(tmp_path):
    for demo, expected in ((False, 0), (True, len(DEMO_ACCOUNTS)), (True, len(DEMO_ACCOUNTS))):
        settings = install(tmp_path, demo=demo)
        await prepare(settings)
        assert await demo_user_count(settings) == expected


@OWN_INSTALL
async def test_the_first_start_makes_the_install_its_own_demo_password_shown_once(tmp_path):
    settings = install(tmp_path)
    first = await prepare(settings)
    password = first.demo_password
    assert password and password != LEGACY_PASSWORD and len(password) >= 10
    assert await prepare(settings) == Prepared()  # shown at the first start only, and kept
    assert set((await sign_in_codes(settings, password, EVERY_DEMO_ACCOUNT)).values()) == {0}
    assert 0 not in (await sign_in_codes(settings, LEGACY_PASSWORD, ["dealerA", "userA1", "shadowA"])).values()


@OWN_INSTALL
async def test_the_demo_password_setting_is_honoured_and_not_printed(tmp_path):
    settings = install(tmp_path, demo_password="Scripted-demo-1")
    assert (await prepare(settings)).demo_password is None
    assert set((await sign_in_codes(settings, "Scripted-demo-1", EVERY_DEMO_ACCOUNT)).values()) == {0}


@pytest.mark.parametrize("host", ["0.0.0.0", "192.0.2.10", "::", "robots.example.com"])
@OWN_INSTALL
async def test_beyond_loopback_the_default_seeds_no_demo_and_says_so(tmp_path, host):
    settings = install(tmp_path, host=host)
    assert not settings.seeds_demo
    prepared = await prepare(settings)
    assert prepared.demo_skipped and prepared.demo_password is None
    assert await demo_user_count(settings) == 0


@OWN_INSTALL
async def test_beyond_loopback_an_explicit_demo_setting_seeds_it(tmp_path, monkeypatch):
    monkeypatch.setenv("CLEANFLEET_DEMO", "true")
    settings = Settings(data_dir=tmp_path, database_url=None, admin_password="Admin12345", host="0.0.0.0",
                        web_dist=tmp_path / "none")
    assert settings.demo is True and settings.seeds_demo
    prepared = await prepare(settings)
    assert not prepared.demo_skipped and prepared.demo_password
    assert await demo_user_count(settings) == len(DEMO_ACCOUNTS)


@pytest.mark.parametrize("host", ["127.0.0.1", "::1", "[::1]", "localhost", "127.0.0.2"])
def test_on_loopback_the_default_seeds_the_demo(host):
    assert Settings(host=host).seeds_demo
    assert not Settings(host=host, demo=False).seeds_demo


@OWN_INSTALL
async def test_an_install_on_the_old_shared_password_gets_its_own_at_the_next_start(tmp_path):
    """Demo accounts seeded before issue 45 sign in with Demo12345; one whose owner changed it keeps theirs."""
    settings = install(tmp_path, demo_password="Before-45-was")
    await prepare(settings)
    database = Database(settings.db_url)
    async with database.sessions() as db:
        await db.execute(update(User).where(User.account != "admin", User.account != "userB1")
                         .values(password_hash=hash_password(LEGACY_PASSWORD)))
        await db.execute(update(User).where(User.account == "userB1").values(password_hash=hash_password("Own-1234")))
        await db.delete(await db.get(DemoMarker, demo_package.PASSWORD_CHECKED))
        await db.commit()
    await database.dispose()
    password = (await prepare(install(tmp_path))).demo_password
    assert password and password != LEGACY_PASSWORD
    others = [account for account in EVERY_DEMO_ACCOUNT if account != "userB1"]
    assert set((await sign_in_codes(settings, password, others)).values()) == {0}
    assert (await sign_in_codes(settings, "Own-1234", ["userB1"])) == {"userB1": 0}
    assert 0 not in (await sign_in_codes(settings, LEGACY_PASSWORD, EVERY_DEMO_ACCOUNT)).values()
    assert (await prepare(install(tmp_path))).demo_password is None  # checked once


@OWN_INSTALL
async def test_the_demo_password_command_sets_a_new_one_and_prints_it(tmp_path, monkeypatch, capsys):
    settings = install(tmp_path)
    first = (await prepare(settings)).demo_password
    assert first
    monkeypatch.setattr(cli, "get_settings", lambda: settings)
    await asyncio_to_thread(cli.main, ["demo-password"])
    printed = capsys.readouterr().out.strip().rsplit(" ", 1)[-1]
    assert printed not in (first, LEGACY_PASSWORD) and len(printed) >= 10
    assert set((await sign_in_codes(settings, printed, EVERY_DEMO_ACCOUNT)).values()) == {0}
    assert (await sign_in_codes(settings, first, ["dealerA"])) != {"dealerA": 0}
    await asyncio_to_thread(cli.main, ["demo-password", "--password", "Chosen-demo-2"])
    assert "Chosen-demo-2" in capsys.readouterr().out
    assert (await sign_in_codes(settings, "Chosen-demo-2", ["subB1"])) == {"subB1": 0}


@OWN_INSTALL
async def test_the_demo_password_command_refuses_where_there_is_no_demo(tmp_path, monkeypatch, capsys):
    settings = install(tmp_path, demo=False)
    monkeypatch.setattr(cli, "get_settings", lambda: settings)
    with pytest.raises(SystemExit) as stopped:
        await asyncio_to_thread(cli.main, ["demo-password"])
    assert stopped.value.code == 1 and "no demo accounts" in capsys.readouterr().err


async def asyncio_to_thread(function, *args):  # noqa: ANN001, ANN201
    """The command runs its own event loop (asyncio.run): off this test's."""
    import asyncio

    return await asyncio.to_thread(function, *args)


def test_the_demo_accounts_pass_the_field_rules():
    """Their mailboxes and phones can be saved back unchanged from the console's forms."""
    from cleanfleet.users.schemas import check_email_list, check_phone

    for spec in DEMO_ACCOUNTS:
        assert check_email_list(spec.email) == spec.email, spec.account
        assert check_phone(spec.phone) == spec.phone, spec.account


async def test_a_seeder_split_in_parts_does_not_run_where_the_whole_ran(db, monkeypatch):
    """Issue 31 split the "devices" seeder per domain: a database seeded before has every part's rows already."""
    names = [name for name, _seeder in demo_package.SEEDERS]
    assert all(part in names for parts in demo_package.SPLIT.values() for part in parts)
    monkeypatch.setattr(demo_package, "SPLIT", {"old whole": ("part one", "part two")})
    db.add(DemoMarker(name="old whole", seeded_at=utcnow()))
    await db.flush()
    assert await demo_package._seeded(db, "part one") and await demo_package._seeded(db, "part two")
    assert not await demo_package._seeded(db, "never split")
    await db.rollback()
    assert not await demo_package._seeded(db, "part one")  # a fresh database runs the parts
