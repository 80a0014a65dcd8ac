"""Repair records (pending → processing → handled) and leases (start, list, end)."""

from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.hires.models import Hire
from cleanfleet.repairs.models import Repair
from cleanfleet.roles.catalogue import ROLE_AFTER_SALES, ROLE_DEALER
from tests.devices.conftest import serial


async def test_a_repair_moves_forward_one_step_at_a_time(admin, new_device, db):
    device = await new_device()
    created = await admin.call("/repair/insertRepair", {
        "deviceSerialNumber": device["deviceSerialNumber"], "type": "lidar", "detail": "no scan", "repairDate":
        "2026-11-01", "operator": "Li", "processor": "Wang", "processPlan": "replace the lidar"})
    assert created.code == 0, created.body
    repair = created.data
    assert (repair["state"], repair["stateName"], repair["deviceId"]) == (0, "pending", device["deviceId"])
    skip = await admin.call("/repair/updateRepair", {"id": repair["id"], "state": 2})
    assert (skip.code, skip.field) == (Code.CONFLICT, "state")
    assert (await db.get(Repair, repair["id"])).state == 0
    step = await admin.call("/repair/updateRepair", {"id": repair["id"], "state": 1, "processTime": "2026-11-02T10:00"})
    assert step.code == 0 and step.data["stateName"] == "processing" and step.data["processTime"].startswith("2026")
    back = await admin.call("/repair/updateRepair", {"id": repair["id"], "state": 0})
    assert (back.code, back.field) == (Code.CONFLICT, "state")
    done = await admin.call("/repair/updateRepair", {"id": repair["id"], "state": 2, "plan": "lidar replaced"})
    assert done.code == 0 and done.data["stateName"] == "handled" and done.data["processPlan"] == "lidar replaced"
    db.expire_all()
    assert (await db.get(Repair, repair["id"])).state == 2
    beyond = await admin.call("/repair/updateRepair", {"id": repair["id"], "state": 3})
    assert (beyond.code, beyond.field) == (Code.BAD_PARAMETER, "state")
    final = await admin.call("/repair/updateRepair", {"id": repair["id"], "state": 1})
    assert (final.code, final.field) == (Code.CONFLICT, "state") and final.message != skip.message


async def test_repair_refusals(admin, make_user, new_device, signed_in, db):
    device = await new_device()
    no_type = await admin.call("/repair/insertRepair", {"deviceId": device["deviceId"], "repairDate": "2026-11-01"})
    assert (no_type.code, no_type.field) == (Code.BAD_PARAMETER, "type")
    no_date = await admin.call("/repair/insertRepair", {"deviceId": device["deviceId"], "type": "wheel"})
    assert (no_date.code, no_date.field) == (Code.BAD_PARAMETER, "repairDate")
    assert await db.scalar(select(Repair).where(Repair.device_id == device["deviceId"])) is None
    clerk = await admin.call("/user/role/insert", {"name": serial("clerk"), "keys": [
        "device/repair", "device/repair/add", "device/repair/edit"]})  # no device/repair/process
    dealer, password = await make_user(2, roles=[clerk.data["id"]])
    own = await new_device(dealer)
    api = await signed_in(dealer, password)
    repair = (await api.call("/repair/insertRepair", {"deviceId": own["deviceId"], "type": "wheel",
                                                      "repairDate": "2026-11-03"})).data
    refused = await api.call("/repair/updateRepair", {"id": repair["id"], "state": 1})
    assert (refused.code, refused.field) == (Code.NO_PERMISSION, "state")
    foreign = await api.call("/repair/insertRepair", {"deviceId": device["deviceId"], "type": "wheel",
                                                      "repairDate": "2026-11-03"})
    assert foreign.code == Code.NOT_FOUND


async def test_list_and_delete_before_a_date_stay_in_the_subtree(admin, make_user, new_device, signed_in, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER, ROLE_AFTER_SALES])
    mine = await new_device(dealer)
    theirs = await new_device()
    api = await signed_in(dealer, password)
    for date in ("2026-01-10", "2026-06-10"):
        assert (await api.call("/repair/insertRepair", {"deviceId": mine["deviceId"], "type": "wheel",
                                                        "repairDate": date})).code == 0
    old_foreign = await admin.call("/repair/insertRepair", {"deviceId": theirs["deviceId"], "type": "wheel",
                                                            "repairDate": "2026-01-10"})
    listed = await api.call("/repair/list", {"pageSize": 10, "currentPage": 1})
    assert listed.data["total"] == 2 and listed.data["list"][0]["repairDate"].startswith("2026-06-10")
    filtered = await api.call("/repair/list", {"endDate": "2026-03-01", "state": 0})
    assert filtered.data["total"] == 1
    deleted = await api.call("/repair/deleteRepairBeforeDate", {"time": "2026-03-01T00:00:00Z"})
    assert deleted.code == 0 and deleted.data == {"deleted": 1}
    assert await db.get(Repair, old_foreign.data["id"]) is not None
    assert (await api.call("/repair/list", {})).data["total"] == 1
    one = (await api.call("/repair/list", {})).data["list"][0]
    assert (await api.call("/repair/deleteRepair", {"id": one["id"]})).code == 0
    assert (await api.call("/repair/deleteRepair", {"id": old_foreign.data["id"]})).code == Code.NOT_FOUND


async def test_a_lease_runs_until_it_is_ended(admin, make_user, new_device, signed_in, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    customer, _ = await make_user(3, parent=dealer)
    device = await new_device(dealer)
    api = await signed_in(dealer, password)
    started = await api.call("/hire/insertHire", {"deviceId": device["deviceId"], "customerName": "Harbour Mall",
                                                  "phone": "13800000000", "startTime": "2026-11-01",
                                                  "endTime": "2026-12-01", "userId": customer.id})
    assert started.code == 0, started.body
    hire = started.data
    assert (hire["state"], hire["stateName"], hire["account"]) == (0, "active", customer.account)
    twice = await api.call("/hire/insertHire", {"deviceId": device["deviceId"], "customerName": "Other"})
    assert (twice.code, twice.field) == (Code.CONFLICT, "deviceId") and "Harbour Mall" in twice.message
    listed = await api.call("/hire/list", {"customerName": "harbour", "state": 0})
    assert listed.data["total"] == 1 and listed.data["list"][0]["id"] == hire["id"]
    stopped = await api.call("/hire/stopHire", {"id": hire["id"]})
    assert stopped.code == 0 and stopped.data["stateName"] == "ended" and stopped.data["stopTime"]
    again = await api.call("/hire/stopHire", {"id": hire["id"]})
    assert (again.code, again.field) == (Code.CONFLICT, "id")
    assert (await api.call("/hire/list", {"state": 1})).data["total"] == 1
    again = await api.call("/hire/insertHire", {"deviceId": device["deviceId"], "customerName": "Next"})
    assert again.code == 0


async def test_lease_refusals_change_nothing(admin, make_user, new_device, signed_in, db):
    device = await new_device()
    cases = [({"customerName": "X", "phone": "12345"}, "phone"),
             ({"customerName": ""}, "customerName"),
             ({"customerName": "X", "startTime": "2026-11-02", "endTime": "2026-11-01"}, "endTime")]
    for body, field in cases:
        answer = await admin.call("/hire/insertHire", {"deviceId": device["deviceId"], **body})
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, field), answer.body
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    stranger_lease = await (await signed_in(dealer, password)).call("/hire/insertHire", {
        "deviceId": device["deviceId"], "customerName": "X"})
    assert stranger_lease.code == Code.NOT_FOUND
    assert await db.scalar(select(Hire).where(Hire.device_id == device["deviceId"])) is None


async def test_the_process_plan_and_time_are_kept_under_the_specs_names(admin, new_device, db):
    device = await new_device()
    created = await admin.call("/repair/insertRepair", {
        "deviceId": device["deviceId"], "type": "brush", "repairDate": "2026-11-01", "processPlan": "new brush"})
    assert created.data["processPlan"] == "new brush", created.body
    repair_id = created.data["id"]
    step = await admin.call("/repair/updateRepair", {"id": repair_id, "state": 1, "processor": "Wang",
                                                     "processTime": "2026-11-03 09:30:00", "processPlan": "order"})
    assert step.code == 0, step.body
    assert (step.data["processPlan"], step.data["processTime"][:16]) == ("order", "2026-11-03T09:30")
    older_client = await admin.call("/repair/updateRepair", {"id": repair_id, "plan": "order two"})
    assert older_client.data["processPlan"] == "order two"
    db.expire_all()
    stored = await db.get(Repair, repair_id)
    assert (stored.plan, stored.process_at.strftime("%Y-%m-%d %H:%M")) == ("order two", "2026-11-03 09:30")
