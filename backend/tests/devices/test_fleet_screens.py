"""What the console's fleet screens rely on: both summary pages reach the charts, one device's repairs and
leases, and answers that match the shapes the OpenAPI schema declares (the console is typed from it)."""

from datetime import timedelta

from pydantic import TypeAdapter

from cleanfleet.batches.router import BatchOut
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.paging import Page
from cleanfleet.devices.summary.schemas import AllOut, ChartOut, CountryCount, OnlineOut, ProvinceCount
from cleanfleet.hires.router import HireOut
from cleanfleet.repairs.router import RepairOut
from tests.devices.conftest import serial


async def _role(admin, *keys: str) -> int:
    answer = await admin.call("/user/role/insert", {"name": serial("role"), "keys": ["index", *keys]})
    assert answer.code == 0, answer.body
    return answer.data["id"]


async def test_the_online_summary_page_reaches_the_charts_without_the_summary_key(admin, make_user, new_device,
                                                                                 signed_in):
    online_only, password = await make_user(2, roles=[await _role(admin, "device/deviceOnLineSummary")])
    await new_device(online_only)
    api = await signed_in(online_only, password)
    today = utcnow().date()
    chart = await api.call("/summary/chart", {"startDate": (today - timedelta(days=6)).isoformat(),
                                              "endDate": today.isoformat()})
    assert chart.code == 0, chart.body
    assert len(chart.data["days"]) == 7 and chart.data["days"][-1]["total"] == 1
    everything = await api.call("/summary/chartAll")
    assert everything.code == 0 and everything.data["total"] == 1
    assert (await api.call("/summary/chartOnLineNum")).data["total"] == 1

    neither, password = await make_user(2, roles=[await _role(admin, "device/index")])
    refused = await (await signed_in(neither, password)).call("/summary/chart")
    assert refused.code == Code.NO_PERMISSION, refused.body
    assert (await (await signed_in(neither, password)).call("/summary/chartAll")).code == Code.NO_PERMISSION


async def test_one_devices_repairs_and_leases(admin, new_device):
    device = await new_device()
    # a serial number that contains the first one: a text filter would match both
    longer = await new_device(deviceSerialNumber=f"{device['deviceSerialNumber']}X")
    for target in (device, longer):
        repair = await admin.call("/repair/insertRepair", {"deviceId": target["deviceId"], "type": "wheel",
                                                            "repairDate": "2026-11-01"})
        assert repair.code == 0, repair.body
        hire = await admin.call("/hire/insertHire", {"deviceId": target["deviceId"], "customerName": "Expo"})
        assert hire.code == 0, hire.body
    repairs = await admin.call("/repair/list", {"deviceId": device["deviceId"]})
    assert [r["deviceId"] for r in repairs.data["list"]] == [device["deviceId"]] and repairs.data["total"] == 1
    hires = await admin.call("/hire/list", {"deviceId": device["deviceId"]})
    assert [h["deviceId"] for h in hires.data["list"]] == [device["deviceId"]] and hires.data["total"] == 1
    by_text = await admin.call("/repair/list", {"deviceSerialNumber": device["deviceSerialNumber"]})
    assert by_text.data["total"] == 2


async def test_answers_match_the_declared_shapes(admin, new_device, new_type):
    kind = await new_type()
    device = await new_device(deviceType=kind["typeId"], latitude=31.23, longitude=121.47)
    await admin.call("/device/updateDevicesAddressByLbs", {"deviceSerialNumber": device["deviceSerialNumber"]})
    await admin.call("/repair/insertRepair", {"deviceId": device["deviceId"], "type": "lidar",
                                              "repairDate": "2026-11-01"})
    await admin.call("/hire/insertHire", {"deviceId": device["deviceId"], "customerName": "Mall"})
    batch = await admin.call("/deviceProductBatch/insert", {"batchName": serial("batch"), "deviceType": kind["typeId"],
                                                            "rackRange": "SC0001-SC0030"})
    assert batch.code == 0, batch.body
    shapes = {
        "/repair/list": Page[RepairOut],
        "/hire/list": Page[HireOut],
        "/deviceProductBatch/list": Page[BatchOut],
        "/summary/chartOnLineNum": OnlineOut,
        "/summary/chart": ChartOut,
        "/summary/chartAll": AllOut,
        "/device/selectDeviceCountByProvince": list[ProvinceCount],
        "/device/selectDeviceCountByCountry": list[CountryCount],
    }
    for path, shape in shapes.items():
        answer = await admin.call(path, {})
        assert answer.code == 0, (path, answer.body)
        assert answer.data, path
        TypeAdapter(shape).validate_python(answer.data, strict=False)
