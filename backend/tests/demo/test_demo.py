"""The demo organisation: seeded once on first start (CLEANFLEET_DEMO), with the README's accounts."""

from sqlalchemy import func, select

from cleanfleet import demo as demo_package
from cleanfleet.bootstrap import prepare
from cleanfleet.core.db import Database, utcnow
from cleanfleet.demo import seed_demo
from cleanfleet.demo.models import DemoMarker
from cleanfleet.settings import Settings
from cleanfleet.users.demo import DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_ROLES
from cleanfleet.users.models import User


async def test_the_demo_accounts_sign_in_and_see_their_own_branch(app, db, api, signed_in):
    await seed_demo(db)
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


async def test_first_start_seeds_the_demo_once_and_the_setting_turns_it_off(tmp_path):
    for demo, expected in ((False, 0), (True, len(DEMO_ACCOUNTS)), (True, len(DEMO_ACCOUNTS))):
        settings = Settings(data_dir=tmp_path, database_url=None, admin_password="Admin12345", demo=demo,
                            web_dist=tmp_path / "none")
        await prepare(settings)
        database = Database(settings.db_url)
        async with database.sessions() as db:
            demo_users = await db.scalar(select(func.count()).select_from(User).where(User.account != "admin"))
        await database.dispose()
        assert demo_users == expected


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
