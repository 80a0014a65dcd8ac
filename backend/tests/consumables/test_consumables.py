"""Consumables and maintenance reminders, and the owner messages they raise when due."""

from datetime import timedelta

from sqlalchemy import func, select

from cleanfleet.consumables.models import Consumable
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.messages.models import Message
from cleanfleet.messages.service import scan_due

KINDS = ["dust_bag", "edge_brush", "filter", "roller_brush", "thin_edge_brush", "thin_roller_brush", "wheel_rubber"]


async def test_the_seven_consumables(admin, new_device, db):
    device = await new_device()
    sn = device["deviceSerialNumber"]
    info = await admin.call("/deviceConsumable/consumableInfo", {"deviceSerialNumber": sn})
    assert [c["kind"] for c in info.data["list"]] == KINDS and not any(c["configured"] for c in info.data["list"])
    edited = await admin.call("/deviceConsumable/consumableEdit", {"deviceSerialNumber": sn, "consumables": [
        {"kind": "dust_bag", "lifeHours": 100, "usedHours": 40, "replaceDate": "2026-10-01"},
        {"kind": "filter", "name": "HEPA filter", "lifeHours": 300}]})
    assert edited.code == 0, edited.body
    items = {c["kind"]: c for c in edited.data["list"]}
    assert items["dust_bag"]["remainingHours"] == 60 and items["dust_bag"]["replaceDate"].startswith("2026-10-01")
    assert items["filter"]["name"] == "HEPA filter" and items["filter"]["configured"]
    replaced = await admin.call("/deviceConsumable/consumableUpdate", {"deviceSerialNumber": sn, "kind": "dust_bag"})
    assert {c["kind"]: c for c in replaced.data["list"]}["dust_bag"]["usedHours"] == 0
    never_set = await admin.call("/deviceConsumable/consumableUpdate", {"deviceSerialNumber": sn, "kind": "edge_brush"})
    assert (never_set.code, never_set.field) == (Code.BAD_PARAMETER, "kind")


async def test_consumable_life_must_be_above_zero_and_changes_nothing(admin, new_device, db):
    device = await new_device()
    sn = device["deviceSerialNumber"]
    for life in (0, -5, "many"):
        answer = await admin.call("/deviceConsumable/consumableEdit", {"deviceSerialNumber": sn, "consumables": [
            {"kind": "dust_bag", "lifeHours": 50}, {"kind": "filter", "lifeHours": life}]})
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, "consumables.1.lifeHours"), answer.body
    unknown = await admin.call("/deviceConsumable/consumableEdit", {"deviceSerialNumber": sn, "consumables": [
        {"kind": "mop", "lifeHours": 10}]})
    assert (unknown.code, unknown.field) == (Code.BAD_PARAMETER, "consumables.0.kind")
    count = select(func.count()).select_from(Consumable).where(Consumable.device_id == device["deviceId"])
    assert await db.scalar(count) == 0


async def test_maintenance_reminders(admin, new_device):
    device = await new_device()
    sn = device["deviceSerialNumber"]
    saved = await admin.call("/maintain/updateMaintainBySn", {"device_serial_number": sn, "maintains": [
        {"name": "Check wheels", "maintainDate": "2026-11-01T00:00:00Z", "periodHours": 240},
        {"name": "Clean sensors", "periodHours": 72}]})
    assert saved.code == 0, saved.body
    found = await admin.call("/maintain/findMaintainBySn", {"deviceSerialNumber": sn})
    assert [r["name"] for r in found.data["list"]] == ["Check wheels", "Clean sensors"]
    wheels = found.data["list"][0]
    assert wheels["due"] and wheels["nextDue"] > wheels["maintainDate"]
    for period in (0, -1):
        refused = await admin.call("/maintain/updateMaintainBySn", {"deviceSerialNumber": sn, "maintains": [
            {"name": "Oops", "periodHours": period}]})
        assert (refused.code, refused.field) == (Code.BAD_PARAMETER, "maintains.0.periodHours")
    unnamed = await admin.call("/maintain/updateMaintainBySn", {"deviceSerialNumber": sn, "maintains": [
        {"name": "", "periodHours": 5}]})
    assert (unnamed.code, unnamed.field) == (Code.BAD_PARAMETER, "maintains.0.name")
    kept = await admin.call("/maintain/updateMaintainBySn", {"deviceSerialNumber": sn, "maintains": [
        {"id": wheels["id"], "name": "Check wheels", "maintainDate": "2026-11-20", "periodHours": 240}]})
    assert [r["id"] for r in kept.data["list"]] == [wheels["id"]]
    assert kept.data["list"][0]["maintainDate"].startswith("2026-11-20")


async def test_due_items_raise_one_message_for_the_owner_per_period(admin, make_user, new_device, db):
    owner, _ = await make_user(3)
    device = await new_device(owner, deviceCode="Mall robot")
    sn = device["deviceSerialNumber"]
    await admin.call("/deviceConsumable/consumableEdit", {"deviceSerialNumber": sn, "consumables": [
        {"kind": "roller_brush", "lifeHours": 10, "usedHours": 12}, {"kind": "filter", "lifeHours": 10}]})
    week_ago = (utcnow() - timedelta(days=7)).isoformat()
    await admin.call("/maintain/updateMaintainBySn", {"deviceSerialNumber": sn, "maintains": [
        {"name": "Wheels", "maintainDate": week_ago, "periodHours": 100}]})

    async def owners_messages():
        rows = await db.scalars(select(Message).where(Message.device_id == device["deviceId"]).order_by(Message.kind))
        return [(m.user_id, m.kind) for m in rows]

    await scan_due(db)
    await scan_due(db)  # a second scan (or another worker's) adds nothing
    assert await owners_messages() == [(owner.id, "consumable_due"), (owner.id, "maintenance_due")]
    await scan_due(db, now=utcnow() + timedelta(hours=100))  # the next maintenance period is due
    assert len(await owners_messages()) == 3
    await admin.call("/deviceConsumable/consumableUpdate", {"deviceSerialNumber": sn, "kind": "roller_brush"})
    await scan_due(db)  # replaced: nothing due any more
    assert len(await owners_messages()) == 3
    title = await db.scalar(select(Message.title).where(Message.device_id == device["deviceId"],
                                                        Message.kind == "consumable_due"))
    assert "Mall robot" in title and sn in title


async def test_clear_data_removes_old_messages_and_password_views(admin, make_user, new_device, db):
    from cleanfleet.devices.models import PasswordView

    owner, _ = await make_user(3)
    device = await new_device(owner, maintenancePassword="1357")
    assert (await admin.call("/device/selectPasswordByDeviceId", {"deviceId": device["deviceId"]})).code == 0
    old = utcnow() - timedelta(days=400)
    db.add(Message(user_id=owner.id, device_id=device["deviceId"], kind="consumable_due", title="old",
                   created_at=old, dedup_key=f"test:{device['deviceId']}"))
    db.add(PasswordView(device_id=device["deviceId"], viewer_id=owner.id, viewer_account="x", viewed_at=old))
    await db.commit()
    answer = await admin.call("/user/cleanCache", {"userId": owner.id})
    assert answer.code == 0 and answer.data["removed"]["messages"] == 1
    assert answer.data["removed"]["device password views"] == 1
    views = select(func.count()).select_from(PasswordView).where(PasswordView.device_id == device["deviceId"])
    assert await db.scalar(views) == 1  # this year's look stays
