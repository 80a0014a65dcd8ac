"""A dealer with a customer and robots (each with maps the server knows), and a second dealer's branch; runs seeded
as the robots would report them. Every site a test made is deleted after it (and the watch's messages), so the plan
watch of the test session's app never finds one of its windows closing while other tests compare the database's
contents."""

import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import delete, func, select, update

from cleanfleet.maps.models import RobotMap
from cleanfleet.messages.models import Message
from cleanfleet.reports.models import TaskReport
from cleanfleet.reports.service import refresh_days
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from cleanfleet.sites.models import Site, SitePlanItem, SiteRobot
from tests.conftest import Api
from tests.permission_matrix import fresh_name

_runs = itertools.count(1)


@dataclass
class Branch:
    dealer: Api
    customer: Api
    dealer_user: Any
    customer_user: Any
    other: Api
    other_user: Any
    robots: dict[str, int] = field(default_factory=dict)  # name → device id
    serials: dict[str, str] = field(default_factory=dict)


async def add_robot(admin: Api, db: Any, owner_id: int, name: str,
                    maps: tuple[str, ...] = ("hall",)) -> tuple[int, str]:
    kind = await admin.call("/device/insertDeviceType", {"typeName": fresh_name("Site model")})
    serial = fresh_name("ST")
    answer = await admin.call("/device/insertDevice", {"deviceSerialNumber": serial, "deviceCode": name,
                                                        "deviceType": kind.data["typeId"], "userId": owner_id})
    assert answer.code == 0, answer.body
    device_id = answer.data["deviceId"]
    db.add_all(RobotMap(device_id=device_id, name=map_name) for map_name in maps)
    await db.commit()
    return device_id, serial


@pytest.fixture
async def branch(admin, db, make_user, signed_in) -> Branch:
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_pw = await make_user(3, parent=dealer, roles=[ROLE_USER])
    other, other_pw = await make_user(2, roles=[ROLE_DEALER])
    found = Branch(await signed_in(dealer, dealer_pw), await signed_in(customer, customer_pw), dealer, customer,
                   await signed_in(other, other_pw), other)
    for name, owner in (("Scrubber", customer.id), ("Sweeper", customer.id), ("Stranger", other.id)):
        found.robots[name], found.serials[name] = await add_robot(admin, db, owner, name, ("hall", "lobby"))
    return found


@pytest.fixture(autouse=True)
async def sites_removed_after(app) -> AsyncIterator[None]:
    async with app.state.db.sessions() as db:
        before = await db.scalar(select(func.max(Site.id))) or 0
    yield
    async with app.state.db.sessions() as db:
        await db.execute(delete(Site).where(Site.id > before))
        # the watch's messages go too: their keys name the plan item's id, which SQLite hands out again
        await db.execute(delete(Message).where(Message.kind == "site_plan"))
        await db.commit()


async def ok(api: Api, path: str, body: dict[str, Any], **kwargs: Any) -> Any:
    answer = await api.call(path, body, **kwargs)
    assert answer.code == 0, (path, answer.body)
    return answer.data


async def a_site(api: Api, branch: Branch, *, zone: str = "Asia/Shanghai",
                 robots: tuple[str, ...] = ("Scrubber",)) -> dict[str, Any]:
    """A site of the branch's customer with one building and floor (robots' "hall" maps), the robots at it."""
    site = await ok(api, "/site/insert", {"siteName": fresh_name("Mall "), "timeZone": zone,
                                          "userId": branch.customer_user.id, "address": "1 Harbour Road"})
    building = await ok(api, "/site/building/insert", {"siteId": site["siteId"], "buildingName": "Tower A"})
    floor = await ok(api, "/site/floor/insert", {
        "buildingId": building["buildingId"], "floorName": "Ground", "level": 1,
        "maps": [{"deviceId": branch.robots[name], "mapName": "hall"} for name in robots]})
    if robots:
        await ok(api, "/site/robot/assign", {"siteId": site["siteId"], "deviceIds": [branch.robots[n] for n in robots]})
    return {"siteId": site["siteId"], "buildingId": building["buildingId"], "floorId": floor["floorId"]}


async def stays_since(db: Any, site_id: int, moment: datetime) -> None:
    """The site's stays as if its robots had come at ``moment`` (a stay can only be opened now through the API)."""
    await db.execute(update(SiteRobot).where(SiteRobot.site_id == site_id).values(started_at=moment))
    await db.commit()


async def created_at(db: Any, plan_item_id: int, moment: datetime) -> None:
    await db.execute(update(SitePlanItem).where(SitePlanItem.id == plan_item_id).values(created_at=moment))
    await db.commit()


async def report(db: Any, device_id: int, start: str, end: str, *, map_name: str = "hall", task: str = "Sweep",
                 result: str = "finished", area: float = 80.0, coverage: float = 95.0,
                 alarms: dict[str, int] | None = None, reason: str = "") -> int:
    """A run as the robot reported it (times ISO, UTC)."""
    row = TaskReport(device_id=device_id, msg_id=f"site-test-{next(_runs)}-{fresh_name('m')}", task_name=task,
                     map_name=map_name, result=result, reason=reason,
                     start_time=datetime.fromisoformat(start).astimezone(UTC),
                     end_time=datetime.fromisoformat(end).astimezone(UTC), cleaned_area=area, coverage=coverage,
                     alarm_count=sum((alarms or {}).values()), alarm_counts=alarms or {})
    db.add(row)
    await db.flush()
    await refresh_days(db, {(device_id, row.start_time.astimezone(UTC).date())})  # as every report writer does
    await db.commit()
    return row.id
