"""Counts by type, owner, online state, province and country; charts; addresses from coordinates; SIM data."""

from datetime import timedelta

from sqlalchemy import update

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import DeviceState
from cleanfleet.devices.sim_cards import service as sim_cards
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_OPERATIONS


async def _online(db, *device_ids):
    await db.execute(update(DeviceState).where(DeviceState.device_id.in_(device_ids))
                     .values(online=True, heartbeat_at=utcnow()))
    await db.commit()


async def test_counts_by_type_owner_and_online(make_user, new_device, new_type, signed_in, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER, ROLE_OPERATIONS])
    user, _ = await make_user(3, parent=dealer)
    kind_a, kind_b = (await new_type())["typeId"], (await new_type())["typeId"]
    a1 = await new_device(dealer, deviceType=kind_a)
    await new_device(user, deviceType=kind_a)
    b1 = await new_device(user, deviceType=kind_b)
    await _online(db, a1["deviceId"], b1["deviceId"])
    api = await signed_in(dealer, password)
    counts = await api.call("/device/selectDeviceCount")
    assert (counts.data["total"], counts.data["online"], counts.data["offline"]) == (3, 2, 1)
    assert {t["typeId"]: (t["total"], t["online"]) for t in counts.data["byType"]} == {kind_a: (2, 1),
                                                                                        kind_b: (1, 1)}
    assert {o["userId"]: o["total"] for o in counts.data["byOwner"]} == {dealer.id: 1, user.id: 2}
    only_user = await api.call("/device/selectDeviceCount", {"userId": user.id})
    assert only_user.data["total"] == 2
    online = await api.call("/device/selectAllOnLineDevice")
    assert {d["deviceId"] for d in online.data} == {a1["deviceId"], b1["deviceId"]}
    assert len((await api.call("/device/selectAllDevice")).data) == 3
    assert len((await api.call("/device/selectDeviceList", {"userId": user.id})).data) == 2
    chart = await api.call("/summary/chartOnLineNum")
    assert (chart.data["online"], chart.data["onlineRate"], chart.data["activeLastDay"]) == (2, round(2 / 3, 4), 2)
    everything = await api.call("/summary/chartAll")
    assert everything.data["total"] == 3 and len(everything.data["byCountry"]) == 19
    today = utcnow().date()
    added = await api.call("/summary/chart", {"startDate": (today - timedelta(days=2)).isoformat(),
                                              "endDate": today.isoformat(), "deviceType": kind_a})
    assert [d["added"] for d in added.data["days"]] == [0, 0, 2] and added.data["days"][-1]["total"] == 2
    backwards = await api.call("/summary/chart", {"startDate": today.isoformat(),
                                                  "endDate": (today - timedelta(days=1)).isoformat()})
    assert backwards.code == Code.BAD_PARAMETER and backwards.field == "startDate"


async def test_addresses_from_coordinates_and_counts_by_place(make_user, new_device, signed_in):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    shanghai = await new_device(dealer, latitude=31.23, longitude=121.47)
    paris = await new_device(dealer, latitude=48.857, longitude=2.352)
    nowhere = await new_device(dealer)
    api = await signed_in(dealer, password)
    answer = await api.call("/device/updateDevicesAddressByLbs", {"deviceSerialNumber": shanghai["deviceSerialNumber"]})
    assert answer.code == 0, answer.body
    place = answer.data["updated"][0]
    assert (place["countryCode"], place["province"]) == ("CN", "Shanghai") and "China" in place["address"]
    refused = await api.call("/device/updateDevicesAddressByLbs", {"deviceSerialNumber": nowhere["deviceSerialNumber"]})
    assert refused.code == Code.BAD_PARAMETER and refused.field == "deviceSerialNumber"
    every = await api.call("/device/updateDevicesAddressByLbs", {})
    assert {u["deviceSerialNumber"] for u in every.data["updated"]} == {shanghai["deviceSerialNumber"],
                                                                         paris["deviceSerialNumber"]}
    detail = await api.call("/device/selectDeviceByDeviceId", {"deviceId": paris["deviceId"]})
    assert (detail.data["country"], detail.data["province"]) == ("France", "Île-de-France")
    provinces = await api.call("/device/selectDeviceCountByProvince")
    assert {(p["countryCode"], p["province"]): p["total"] for p in provinces.data} == {
        ("CN", "Shanghai"): 1, ("FR", "Île-de-France"): 1, ("", ""): 1}
    countries = await api.call("/device/selectDeviceCountByCountry")
    by_code = {c["countryCode"]: c["total"] for c in countries.data}
    assert len(countries.data) == 19 and by_code["CN"] == 1 and by_code["FR"] == 1 and by_code[""] == 1
    assert by_code["US"] == 0 and by_code["other"] == 0


class FakeProvider:
    async def card_info(self, sim_no: str) -> dict[str, object]:
        return {"status": "active", "usedMb": 120, "cNo": sim_no}


async def test_sim_info_says_where_it_comes_from(admin, new_device):
    device = await new_device(simNo="898600ABC", simSupport=3)
    stored = await admin.call("/device/getSimInfo", {"cNo": "898600ABC"})
    assert stored.code == 0 and stored.data["fromProvider"] is False and stored.data["providerName"] == "SimBoss"
    assert stored.data["deviceId"] == device["deviceId"] and "no SIM provider" in stored.data["note"]
    sim_cards.register_provider(3, FakeProvider())
    try:
        live = await admin.call("/device/getSimInfo", {"cNo": "898600ABC"})
    finally:
        sim_cards.unregister_provider(3)
    assert live.data["fromProvider"] is True and live.data["provider"]["status"] == "active"
    unknown = await admin.call("/device/getSimInfo", {"cNo": "000"})
    assert unknown.code == Code.NOT_FOUND and unknown.field == "cNo"


async def test_work_info_resets(admin, new_device, db):
    device = await new_device()
    await db.execute(update(DeviceState).where(DeviceState.device_id == device["deviceId"])
                     .values(work_seconds=3600, work_area=120.5, task_count=3))
    await db.commit()
    info = await admin.call("/device/selectWorkInfoById", {"deviceId": device["deviceId"]})
    assert (info.data["workSeconds"], info.data["workArea"], info.data["taskCount"]) == (3600, 120.5, 3)
    reset = await admin.call("/device/workInfoResetById", {"deviceId": device["deviceId"]})
    assert (reset.data["workSeconds"], reset.data["taskCount"]) == (0, 0) and reset.data["workSince"]
    ads = await admin.call("/device/selectDeviceAdvertising", {"deviceSerialNumber": device["deviceSerialNumber"]})
    assert ads.code == 0 and ads.data["list"] == []
