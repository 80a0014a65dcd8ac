"""The audit trail's calls refuse the wrong callers and change nothing (tests/permission_matrix.py), and answer a
caller its own branch's events only."""

from typing import Any

import orjson

from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.audit import permission_entries  # noqa: F401  - registers the entries
from tests.conftest import unique_account
from tests.permission_matrix import MATRIX, routes_under, wrong_callers_and_rightful

PREFIX = "/api/audit/"


async def test_every_audit_call_is_in_the_matrix(app: Any) -> None:
    assert routes_under(app, PREFIX) == {path for path in MATRIX if path.startswith(PREFIX)}


async def test_the_wrong_callers_are_refused_and_change_nothing(app: Any, admin: Any, make_user: Any,
                                                                 signed_in: Any) -> None:
    failures = await wrong_callers_and_rightful(app, admin, make_user, signed_in, PREFIX)
    assert not failures, "\n".join(failures)


async def test_a_dealer_reads_and_exports_its_branch_only(app: Any, make_user: Any, signed_in: Any) -> None:
    mine, password = await make_user(2, roles=[ROLE_DEALER])
    other, other_password = await make_user(2, roles=[ROLE_DEALER])
    dealer, stranger = await signed_in(mine, password), await signed_in(other, other_password)
    for api in (dealer, stranger):
        made = await api.call("/user/insertUser", {"account": unique_account("au"), "name": "Audited",
                                                   "password": "Secret123"})
        assert made.code == 0, made.body
    found = await dealer.call("/audit/list", {"kind": ["change", "access_change"], "pageSize": 50})
    assert found.code == 0, found.body
    assert {row["actorName"] for row in found.data["list"]} == {mine.account}
    assert {row["target"] for row in found.data["list"]} == {"/api/login", "/api/user/insertUser"}  # signed in, made
    response = await dealer.client.post("/api/audit/export", headers=dealer.headers(),
                                        json={"format": "jsonl", "kind": ["change", "access_change"]})
    lines = [orjson.loads(line) for line in response.content.splitlines()]
    assert response.headers["x-audit-truncated"] == "false"
    assert lines and {line["actorName"] for line in lines} == {mine.account}
    as_csv = await dealer.client.post("/api/audit/export", json={"format": "csv", "kind": ["change"]},
                                      headers=dealer.headers())
    assert as_csv.headers["content-type"].startswith("text/csv")
    header = as_csv.content.decode("utf-8-sig").splitlines()[0]
    assert header.startswith("id,at,kind,outcome,actorType")
    refused = await dealer.call("/audit/list", {"userId": other.id})
    assert refused.code in (10004, 10005) and refused.field == "userId"
