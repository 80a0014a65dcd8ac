"""Ending a customer (issue 51 item 8), on the database the tests run on (SQLite, PostgreSQL): a dealer previews,
confirms by the customer's name and ends it; then nothing of it is left in any table or in the store, the dealer's
other customers are untouched, and the receipt says what went."""

from pathlib import Path

from sqlalchemy import func, select

from cleanfleet.audit.models import AuditRecord
from cleanfleet.customerend import inventory
from cleanfleet.customerend.walk import Customer, Walk
from cleanfleet.devices.models import Device
from cleanfleet.users.models import User
from tests.customerend import build
from tests.customerend.conftest import run_jobs


async def inventory_of(app, account: str) -> dict:
    async with app.state.db.sessions() as db:
        user = await db.scalar(select(User).where(User.account == account))
        return await inventory.inventory(db, Walk(Customer(user.path)))


def in_store(app, keys: list[str]) -> list[str]:
    root = Path(app.state.settings.files_root)
    return [key for key in keys if (root / key).exists()]


async def test_a_dealer_ends_a_customer_and_nothing_of_it_is_left(end_app, as_account):
    built = await build.customer(end_app, "userA1")
    customer_session = await as_account("userA1")  # a session of the customer's, ended with it
    assert (await customer_session.call("/user/selectUserInfo", {})).code == 0
    others = {account: await inventory_of(end_app, account) for account in ("userA2", "userB1")}
    dealer = await as_account("dealerA")

    preview = await dealer.call("/customer/end/preview", {"userId": built.customer.id, "robots": "remove"})
    assert preview.code == 0, preview.body
    counts = preview.data["counts"]
    assert counts["people"] == len(built.people) and counts["robots"] == len(built.robots)
    assert counts["maps"] == 2 and counts["logs"] == 4 and counts["backups"] == 2 and counts["incidents"] == 2
    assert counts["reports"] > 0 and counts["sites"] == 1 and counts["files"] == 7 and counts["bytes"] > 1000

    wrong = await dealer.call("/customer/end/start", {"userId": built.customer.id, "robots": "remove",
                                                      "confirm": "City"})
    assert wrong.code != 0 and wrong.field == "confirm"
    started = await dealer.call("/customer/end/start", {"userId": built.customer.id, "robots": "remove",
                                                        "confirm": f" {built.customer.name} "})
    assert started.code == 0, started.body
    followed = await dealer.call("/privacy/job/get", {"id": started.data["jobId"]})  # the console's progress
    assert followed.code == 0 and followed.data["kind"] == "customer_end", followed.body
    assert (await customer_session.call("/user/selectUserInfo", {})).code == 10003  # signed out at once
    again = await dealer.call("/customer/end/start", {"userId": built.customer.id, "robots": "remove",
                                                      "confirm": built.customer.name})
    assert again.code != 0 and again.field == "userId"  # one end at a time

    job = await run_jobs(end_app, started.data["jobId"])
    assert job.state == "done" and job.progress == 100, (job.error, job.detail)
    followed = await dealer.call("/privacy/job/get", {"id": started.data["jobId"]})
    assert (followed.data["state"], followed.data["progress"]) == ("done", 100), followed.body
    assert await build.leftovers(end_app, built, robots_kept=False) == []
    assert in_store(end_app, built.keys) == []
    for account, before in others.items():
        after = {t["table"]: t["count"] for t in (await inventory_of(end_app, account))["tables"]}
        # (the background writers may add rows meanwhile, a robot's wear forecast: none may have gone)
        assert {t["table"]: after.get(t["table"]) for t in before["tables"]} == \
            {t["table"]: t["count"] for t in before["tables"]}, account

    receipt = await dealer.call("/customer/end/receipt", {"jobId": started.data["jobId"]})
    assert receipt.code == 0, receipt.body
    removed = receipt.data["removed"]
    assert receipt.data["customerName"] == built.customer.name and receipt.data["robots"] == "remove"
    assert removed["people"] == len(built.people) and removed["robots"] == len(built.robots)
    assert removed["files"] == 7 and removed["bytes"] == counts["bytes"] and removed["maps"] == 2
    assert receipt.data["handedOver"] == []
    async with end_app.state.db.sessions() as db:
        recorded = await db.scalar(select(AuditRecord).where(AuditRecord.target == f"user#{built.customer.id}",
                                                             AuditRecord.kind == "access_change")
                                   .order_by(AuditRecord.id.desc()).limit(1))
        assert recorded is not None and recorded.detail["customerEnd"] == started.data["jobId"]
        assert recorded.owner_path == built.dealer.path
    gone = await dealer.call("/customer/end/preview", {"userId": built.customer.id})
    assert gone.code != 0 and gone.field == "userId"


async def test_handed_over_robots_are_the_dealers_without_the_customers_history(end_app, as_account):
    built = await build.customer(end_app, "userA2")
    admin = await as_account("admin")
    preview = await admin.call("/customer/end/preview", {"userId": built.customer.id, "robots": "handover"})
    assert preview.code == 0, preview.body
    assert preview.data["counts"]["robots"] == 0
    assert preview.data["counts"]["robotsHandedOver"] == len(built.robots)
    started = await admin.call("/customer/end/start", {"userId": built.customer.id, "robots": "handover",
                                                       "confirm": built.customer.name})
    assert started.code == 0, started.body
    job = await run_jobs(end_app, started.data["jobId"])
    assert job.state == "done", (job.error, job.detail)

    assert await build.leftovers(end_app, built, robots_kept=True) == []
    assert in_store(end_app, built.keys) == []
    robots = await build.robots_of(end_app, built)
    assert sorted(r.id for r in robots) == sorted(built.robots)
    assert all(r.user_id == built.dealer.id and r.owner_path == built.dealer.path for r in robots)
    assert all(r.elevator_id is None for r in robots)
    dealer = await as_account("dealerA")
    listed = await dealer.call("/device/selectAllDevice", {})
    mine = {row["deviceSerialNumber"]: row["userId"] for row in listed.data}
    assert all(mine.get(serial) == built.dealer.id for serial in built.serials)  # the dealer's own robots now
    receipt = await dealer.call("/customer/end/receipt", {"jobId": started.data["jobId"]})
    assert receipt.code == 0 and receipt.data["robots"] == "handover"
    assert sorted(r["serialNumber"] for r in receipt.data["handedOver"]) == sorted(built.serials)
    assert receipt.data["removed"]["robots"] == 0 and receipt.data["removed"]["people"] == len(built.people)
    async with end_app.state.db.sessions() as db:
        count = await db.scalar(select(func.count()).select_from(Device).where(Device.id.in_(built.robots)))
    assert count == len(built.robots)
