"""A committed change's audit row says what kind of record it touched and, where it matters, what was before and
after (issue 51 item 1): a role's keys, a person's roles, a robot's owner; and data leaving is recorded (exports)."""

from typing import Any

import orjson
from sqlalchemy import select

from cleanfleet.audit import chain, personal
from cleanfleet.audit.models import AuditPersonal, AuditRecord
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.conftest import unique_account


async def _latest(admin: Any, **wanted: Any) -> dict[str, Any]:
    found = await admin.call("/audit/list", {"pageSize": 1, **wanted})
    assert found.code == 0 and found.data["list"], found.body
    row = found.data["list"][0]
    row["detail"] = orjson.loads(row["detail"]) if row["detail"] else None
    return row


async def test_a_roles_keys_and_a_persons_roles_are_kept_before_and_after(admin: Any, make_user: Any,
                                                                          signed_in: Any) -> None:
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(dealer, password)
    made = await api.call("/user/role/insert", {"name": unique_account("r"), "keys": ["device/index"]})
    assert made.code == 0, made.body
    role_id = made.data["id"]
    edited = await api.call("/user/role/update", {"id": role_id, "keys": ["device/index", "log"]})
    assert edited.code == 0, edited.body
    row = await _latest(admin, target="/api/user/role/update")
    assert row["kind"] == "access_change"
    assert {"record": f"roles#{role_id}", "before": {"keys": ["device/index"]},
            "after": {"keys": ["device/index", "log"]}} in row["detail"]["values"]
    person, _ = await make_user(3, parent=dealer, roles=[])
    given = await api.call("/user/updateUserPermission", {"userId": person.id, "roleIds": [role_id]})
    assert given.code == 0, given.body
    row = await _latest(admin, target="/api/user/updateUserPermission")
    assert row["kind"] == "access_change"
    assert {"record": f"users#{person.id}", "before": {"roles": []}, "after": {"roles": [role_id]}} \
        in row["detail"]["values"]


async def test_a_persons_own_fields_are_kept_beside_the_chain_and_a_password_never(admin: Any, app: Any,
                                                                                      make_user: Any) -> None:
    person, _ = await make_user(3, roles=[ROLE_USER])
    edited = await admin.call("/user/updateUserInfo", {"userId": person.id, "name": "After Name"})
    assert edited.code == 0, edited.body
    row = await _latest(admin, target="/api/user/updateUserInfo")
    assert row["kind"] == "access_change"
    moved = [v for v in row["detail"]["values"] if v["record"] == f"users#{person.id}"]
    assert moved and moved[0]["after"]["name"] == "After Name"  # the page shows it, put back (not sealed yet)
    while await chain.seal(app.state.db):  # sealed: the values move beside the chain
        pass
    again = await _latest(admin, target="/api/user/updateUserInfo")
    assert again["id"] == row["id"] and again["detail"] == row["detail"]  # and read back from there alike
    async with app.state.db.sessions() as db:
        stored = await db.get(AuditRecord, row["id"])
        values = list(await db.scalars(select(AuditPersonal).where(AuditPersonal.record_id == row["id"])))
    assert "After Name" not in orjson.dumps(stored.detail).decode()  # the sealed detail holds a reference
    sealed = next(v for v in stored.detail["values"] if v["record"] == f"users#{person.id}")["after"]["name"]
    kept = next(v for v in values if v.field == "name" and v.value == "After Name")
    assert sealed == personal.PREFIX + kept.digest and kept.subject_id == person.id and stored.pending is None
    assert kept.digest == personal.digest(kept.key, "name", "After Name")
    reset = await admin.call("/user/updateInitialPassword", {"userId": person.id, "password": "Another123"})
    assert reset.code == 0, reset.body
    row = await _latest(admin, target="/api/user/updateInitialPassword")
    moved = [v for v in row["detail"]["values"] if v["record"] == f"users#{person.id}"]
    assert moved and "password_hash" in moved[0]["hidden"]  # named as changed, its values never kept
    assert "password_hash" not in moved[0]["before"] and "$" not in orjson.dumps(row["detail"]).decode()


async def test_an_export_is_recorded(admin: Any) -> None:
    exported = await admin.call("/log/export", {})
    assert exported.code == 0, exported.body
    row = await _latest(admin, kind=["export"])
    assert row["target"] == "/log/export" and row["detail"]["of"] == "operation_log"
    assert row["detail"]["rows"] == len(exported.data["list"])
