"""The brand a person sees: the nearest up their branch (their own, their dealer's, the admin's, the product's), a
customer's only while its dealer lets customers brand, and nothing of another branch's brand readable or
changeable."""

import asyncio
from typing import Any

from sqlalchemy import select

from cleanfleet.audit.models import AuditRecord
from cleanfleet.core.codes import Code
from cleanfleet.oplog.models import OperationLog
from tests.branding.conftest import DEALER_BRAND, Tree, current, save

ADMIN_BRAND = {"productName": "FleetOps", "primaryColor": "#2b2d42", "headerColor": "#ffffff"}
CUSTOMER_BRAND = {"productName": "City Hospital Robots", "primaryColor": "#7b2cbf", "headerColor": "#f1faee"}


async def test_the_nearest_brand_up_the_branch_is_the_one_seen(tree: Tree) -> None:
    assert (await current(tree.sub))["custom"] is False  # nobody branded: the product's own
    assert (await save(tree.admin, ADMIN_BRAND)).code == 0
    for person in (tree.dealer, tree.customer, tree.sub, tree.other):
        assert (await current(person))["productName"] == "FleetOps"  # the admin's is everyone's default
    answer = await save(tree.dealer, DEALER_BRAND)
    assert answer.code == 0, answer.body
    assert answer.data["own"] is True and answer.data["brand"]["productName"] == "Harbour Clean"
    seen = await current(tree.sub)
    assert (seen["productName"], seen["primaryColor"], seen["headerColor"], seen["headerInk"]) == (
        "Harbour Clean", "#1d3557", "#1d3557", "light")
    assert "mailReplyTo" not in seen and "footerText" not in seen  # the public part only
    assert (await current(tree.other))["productName"] == "FleetOps"  # another branch keeps the admin's


async def test_a_customer_brands_only_while_its_dealer_lets_it(tree: Tree) -> None:
    assert (await save(tree.dealer, DEALER_BRAND)).code == 0
    refused = await save(tree.customer, CUSTOMER_BRAND)
    assert (refused.code, refused.field) == (Code.NO_PERMISSION, "userId")
    assert "does not let its customers" in refused.message
    shown = await tree.customer.call("/brand/get", {})
    assert shown.data["editable"] is False and shown.data["reason"] and shown.data["own"] is False
    assert (await save(tree.dealer, {**DEALER_BRAND, "customersMayBrand": True})).code == 0
    assert (await save(tree.customer, CUSTOMER_BRAND)).code == 0
    assert (await current(tree.customer))["productName"] == "City Hospital Robots"
    assert (await current(tree.sub))["productName"] == "City Hospital Robots"  # the sub-user sees its customer's
    assert (await current(tree.dealer))["productName"] == "Harbour Clean"
    # the dealer takes the permission back: the customer's brand stays stored but no longer counts
    assert (await save(tree.dealer, {**DEALER_BRAND, "customersMayBrand": False})).code == 0
    assert (await current(tree.sub))["productName"] == "Harbour Clean"
    refused = await save(tree.sub, CUSTOMER_BRAND)  # below the customers nobody has a brand of their own
    assert (refused.code, refused.field) == (Code.NO_PERMISSION, "userId")


async def test_another_dealer_neither_reads_nor_changes_a_brand(tree: Tree) -> None:
    assert (await save(tree.dealer, DEALER_BRAND)).code == 0
    dealer_id = tree.users["dealer"].id
    read = await tree.other.call("/brand/get", {"userId": dealer_id})
    assert (read.code, read.field) == (Code.NOT_FOUND, "userId")
    changed = await save(tree.other, {**DEALER_BRAND, "userId": dealer_id, "productName": "Stolen"})
    assert (changed.code, changed.field) == (Code.NOT_FOUND, "userId")
    removed = await tree.other.call("/brand/remove", {"userId": dealer_id})
    assert removed.code == Code.NOT_FOUND
    assert (await current(tree.customer))["productName"] == "Harbour Clean"


async def test_removing_a_brand_shows_the_one_above_again(tree: Tree) -> None:
    assert (await save(tree.admin, ADMIN_BRAND)).code == 0
    assert (await save(tree.dealer, {**DEALER_BRAND, "hostNames": ["portal.harbour-remove.test"]})).code == 0
    removed = await tree.dealer.call("/brand/remove", {})
    assert removed.code == 0 and removed.data["own"] is False
    assert removed.data["brand"]["productName"] == "FleetOps"  # the form starts from what the node sees
    assert (await current(tree.customer))["productName"] == "FleetOps"
    public = await tree.admin.client.get("/api/brand", params={"host": "portal.harbour-remove.test"})
    assert public.json()["data"]["productName"] == "FleetOps"  # its host names went with it


async def test_the_admin_edits_a_dealers_brand_and_the_answer_says_what_may_be_set(tree: Tree) -> None:
    dealer_id = tree.users["dealer"].id
    answer = await save(tree.admin, {**DEALER_BRAND, "userId": dealer_id})
    assert answer.code == 0 and answer.data["userId"] == dealer_id
    got: Any = (await tree.dealer.call("/brand/get", {})).data
    assert (got["own"], got["editable"], got["hostsAllowed"], got["customersAllowed"]) == (True, True, True, True)
    assert got["minRatio"] == 4.5 and got["maxImageBytes"] == 1024 * 1024
    customer: Any = (await tree.customer.call("/brand/get", {})).data
    assert (customer["hostsAllowed"], customer["customersAllowed"]) == (False, False)


async def test_a_brand_change_is_logged_and_audited_as_a_settings_change(tree: Tree, db: Any) -> None:
    dealer_id = tree.users["dealer"].id
    assert (await save(tree.dealer, {**DEALER_BRAND, "hostNames": ["audit.harbour-log.test"]})).code == 0
    line = await db.scalar(select(OperationLog).where(OperationLog.user_id == dealer_id,
                                                      OperationLog.call == "/api/brand/set")
                           .order_by(OperationLog.id.desc()).limit(1))
    assert line is not None and ["brand", "created", str(dealer_id), "Harbour Clean"] in line.changes
    audited = await db.scalar(select(AuditRecord).where(AuditRecord.actor_id == dealer_id,
                                                        AuditRecord.kind == "settings_change")
                              .order_by(AuditRecord.id.desc()).limit(1))
    assert audited is not None


async def test_setting_and_removing_at_once_never_fails_the_server(tree: Tree) -> None:
    for _ in range(3):
        answers = await asyncio.gather(save(tree.dealer, DEALER_BRAND), save(tree.dealer, DEALER_BRAND),
                                       tree.dealer.call("/brand/remove", {}))
        assert {answer.status for answer in answers} == {200}
        assert {answer.code for answer in answers} <= {0, Code.CONFLICT}, [answer.body for answer in answers]
