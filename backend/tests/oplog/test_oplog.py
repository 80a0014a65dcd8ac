"""The operation log (/log/*): every committed write call recorded with who, what, target, when and where;
refusals leave nothing; searchable and exportable; scoped; nothing edits it."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from cleanfleet.core.codes import Code
from cleanfleet.oplog.models import OperationLog
from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.permission_matrix import fresh_name


async def _count(db) -> int:
    return await db.scalar(select(func.count()).select_from(OperationLog)) or 0


async def test_a_write_call_is_logged_with_who_what_target_and_where(admin, app):
    name = fresh_name("Tower lift ")
    created = await admin.call("/elevator/insertElevator", {"elevatorName": name, "buildingName": "Tower"})
    assert created.code == 0
    elevator_id = created.data["elevatorId"]
    found = await admin.call("/log/list", {"call": "elevator/insertElevator", "target": name},
                             headers={"language": "en"})
    assert found.code == 0 and found.data["total"] == 1, found.body
    row = found.data["list"][0]
    assert row["account"] == "admin" and row["call"] == "/api/elevator/insertElevator"
    assert row["target"] == f"Elevator {name}: created"
    assert row["ip"].startswith("10.") and row["platform"] == "web" and row["shadow"] is False
    assert datetime.fromisoformat(row["time"]) > datetime.now(UTC) - timedelta(minutes=1)
    in_chinese = await admin.call("/log/list", {"call": "elevator/insertElevator", "target": name},
                                  headers={"language": "zh-CN"})
    assert in_chinese.data["list"][0]["target"] == f"电梯 {name}：新增"

    assert (await admin.call("/elevator/updateElevator", {"elevatorId": elevator_id, "size": "2 x 2 m"})).code == 0
    assert (await admin.call("/elevator/deleteElevator", {"elevatorId": elevator_id})).code == 0
    found = await admin.call("/log/list", {"target": name}, headers={"language": "en"})
    assert [r["target"] for r in found.data["list"]] == [
        f"Elevator {name}: deleted", f"Elevator {name}: changed", f"Elevator {name}: created"], found.body


async def test_every_table_is_a_record_kind_or_bookkeeping():
    """oplog/kinds.py decides once per table whether its rows are a user's change: a new table must be listed."""
    from cleanfleet.core.db import Base
    from cleanfleet.oplog.kinds import KINDS, NOT_CHANGES

    tables = set(Base.metadata.tables)
    assert tables - set(KINDS) - NOT_CHANGES == set()
    assert set(KINDS) & NOT_CHANGES == set()


async def test_reads_and_refusals_leave_no_row(admin, app):
    async with app.state.db.sessions() as db:
        before = await _count(db)
    assert (await admin.call("/elevator/list", {})).code == 0
    refused = await admin.call("/elevator/insertElevator", {"buildingName": "Tower",
                                                            "elevatorName": "x", "contactPhone": "12"})
    assert refused.code == Code.BAD_PARAMETER
    missing = await admin.call("/elevator/deleteElevator", {"elevatorId": 99999999})
    assert missing.code == Code.NOT_FOUND
    async with app.state.db.sessions() as db:
        assert await _count(db) == before


async def test_the_row_is_written_in_the_changes_transaction(admin, app):
    """A change that rolls back leaves no row; one that commits carries its row in the same commit."""
    from sqlalchemy.ext.asyncio import AsyncSession

    from cleanfleet.elevators.models import Elevator

    class FakeRequest:
        class state:  # noqa: N801 - mirrors Starlette's request.state
            session = None

    async with app.state.db.sessions() as db:
        before = await _count(db)
    session: AsyncSession = app.state.db.sessions()
    session.info["request"] = FakeRequest()
    async with session:
        admin_user = await session.scalar(select(OperationLog.user_id).limit(1))
        assert admin_user is not None
        session.add(Elevator(user_id=admin_user, name=fresh_name("Rolled back "), code="", building_name="",
                             building_address="", contact_name="", contact_phone="", size="", floor_min=0,
                             floor_max=1, position="", provider="other", module_id="", robot_id="", server=""))
        await session.flush()
        await session.rollback()
    async with app.state.db.sessions() as db:
        assert await _count(db) == before  # anonymous (no caller) and rolled back: nothing


async def test_search_by_account_time_and_export(admin, make_user, signed_in):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    dealer_api = await signed_in(dealer, password)
    assert (await dealer_api.call("/elevator/insertElevator", {"buildingName": "Tower",
                                                               "elevatorName": fresh_name("Dealer lift ")})).code == 0
    by_account = await admin.call("/log/list", {"account": dealer.account})  # the sign-in and the lift
    assert by_account.data["total"] == 2 and {r["account"] for r in by_account.data["list"]} == {dealer.account}
    by_user = await admin.call("/log/list", {"userId": dealer.id, "call": "elevator"})
    assert by_user.data["total"] == 1
    future = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    ahead = await admin.call("/log/list", {"account": dealer.account, "startTime": future})  # core/ranges.py
    assert (ahead.code, ahead.field) == (Code.BAD_PARAMETER, "startTime")
    recent = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    assert (await admin.call("/log/list", {"account": dealer.account, "startTime": recent})).data["total"] == 2
    reversed_range = await admin.call("/log/list", {"startTime": recent, "endTime": "2026-01-01T00:00:00Z"})
    assert (reversed_range.code, reversed_range.field) == (Code.BAD_PARAMETER, "startTime")
    exported = await admin.call("/log/export", {"account": dealer.account, "call": "elevator"})
    assert exported.code == 0 and len(exported.data["list"]) == 1 and exported.data["truncated"] is False


async def test_a_caller_reads_only_its_subtrees_changes(admin, make_user, signed_in):
    keys = ["log", "log/export", "elevator/index", "elevator/index/add"]
    role = await admin.call("/user/role/insert", {"name": fresh_name("auditor"), "keys": keys})
    first, password = await make_user(2, roles=[role.data["id"]])
    second, second_password = await make_user(2, roles=[role.data["id"]])
    one, two = await signed_in(first, password), await signed_in(second, second_password)
    assert (await one.call("/elevator/insertElevator", {"buildingName": "Tower",
                                                        "elevatorName": fresh_name("Mine ")})).code == 0
    assert {r["account"] for r in (await one.call("/log/list", {})).data["list"]} == {first.account}
    assert {r["account"] for r in (await two.call("/log/list", {})).data["list"]} == {second.account}  # its sign-in
    assert (await two.call("/log/list", {"userId": first.id})).code == Code.NOT_FOUND


async def test_there_is_no_call_that_edits_the_log(app):
    paths = {path for path in app.openapi()["paths"] if path.startswith("/api/log/")}
    assert paths == {"/api/log/list", "/api/log/export"}


async def test_a_sign_in_is_logged_under_the_account_a_failed_one_is_not(admin, make_user, signed_in):
    user, password = await make_user(3, roles=[ROLE_DEALER])
    refused = await admin.call("/login", {"account": user.account, "password": "Wrong1234"})
    assert refused.code == Code.WRONG_CREDENTIALS
    await signed_in(user, password)
    found = await admin.call("/log/list", {"account": user.account, "call": "/api/login"},
                             headers={"language": "en"})
    assert found.code == 0 and found.data["total"] == 1, found.body
    row = found.data["list"][0]
    assert row["userId"] == user.id and row["target"] == "Signed in" and row["platform"] == "web"
    everything = await admin.call("/log/list", {"account": user.account}, headers={"language": "en"})
    assert all("tokens" not in r["target"] and "login_failures" not in r["target"]
               for r in everything.data["list"]), everything.body


async def test_bookkeeping_alone_writes_no_row(admin, make_user, signed_in, app):
    """Choosing the interface language (the console does it at each sign-in) is not a change to any record."""
    user, password = await make_user(3, roles=[ROLE_DEALER])
    api = await signed_in(user, password)
    async with app.state.db.sessions() as db:
        before = await _count(db)
    assert (await api.call("/setLanguage", {"language": "fr"})).code == 0
    async with app.state.db.sessions() as db:
        assert await _count(db) == before
