"""The alarm day and week counts stay true: after random raises, redeliveries, clears, resolves, deletes, purges (at
once and in the retention job's batches), owner changes and a device deleted, every branch's summary over several
ranges (whole weeks, partial days counted from either side) and its chart (UTC and Shanghai days, and one device's)
equal counting the alarms themselves, and the counts equal a rebuild from the alarms."""

import random
from collections import defaultdict
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select

from cleanfleet.core.db import utcnow
from cleanfleet.core.retention import Within
from cleanfleet.devices.models import Device
from cleanfleet.devices.service import move_owned_devices
from cleanfleet.roles.catalogue import ROLE_DEALER
from cleanfleet.warn import centre, service
from cleanfleet.warn.counts import rebuild
from cleanfleet.warn.models import (
    STATE_RESOLVED,
    STATE_UNKNOWN,
    STATE_UNRESOLVED,
    STATES,
    Alarm,
    AlarmDay,
    AlarmNameDay,
    AlarmWeek,
)
from cleanfleet.warn.notify import NotifyPolicy
from cleanfleet.warn.service import AlarmMessage, purge_alarms, resolve_device, store_alarms
from tests.gateway.helpers import robot_device, unique_prefix

NAMES = [("lidar_dock_failed", "0x0610", "fault"), ("replan_failed", "0x0205", "fault"),
         ("network_abnormal", "", "message"), ("lidar", "", "message"), ("low_battery", "", "banner")]


SHANGHAI = ZoneInfo("Asia/Shanghai")
DAYS = 20  # the alarms' age: two whole ISO weeks at least, whatever the weekday


def _midnight(moment: datetime) -> datetime:
    return moment.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)


class Fleet:
    """Two dealers (the first with a customer) and their robots; what the robots sent so far."""

    def __init__(self, db: Any, admin: Any, users: dict[str, Any], devices: list[Device], rng: random.Random):
        self.db, self.admin, self.users, self.device_ids, self.rng = db, admin, users, [d.id for d in devices], rng
        self.sent: list[AlarmMessage] = []
        self.now = utcnow()
        self.serial = {d.id: d.serial_number for d in devices}

    def moment(self) -> datetime:
        if self.rng.random() < 0.15:  # on a UTC midnight exactly: the first instant of a day
            return _midnight(self.now) - timedelta(days=self.rng.randrange(0, DAYS))
        return self.now - timedelta(seconds=self.rng.uniform(-600, DAYS * 86400))

    async def device(self) -> Device:
        device = await self.db.get(Device, self.rng.choice(await self.alive()), populate_existing=True)
        assert device is not None
        return device

    async def alive(self) -> list[int]:
        return list(await self.db.scalars(select(Device.id).where(Device.id.in_(self.device_ids))))

    def message(self, device: Device, action: str, robot_alarm_id: str) -> AlarmMessage:
        key, code, kind = self.rng.choice(NAMES)
        return AlarmMessage(device_id=device.id, serial_number=device.serial_number, owner_path=device.owner_path,
                            msg_id=f"{device.serial_number}-{len(self.sent)}-{self.rng.random()}", action=action,
                            robot_alarm_id=robot_alarm_id, key=key, code=code, code_num=int(code, 16) if code else None,
                            kind=kind, type="alarm", content=key, at=self.moment())

    async def raise_some(self) -> None:
        batch = []
        for _ in range(self.rng.randrange(1, 6)):
            if self.sent and self.rng.random() < 0.25:  # a redelivery: the same msgId, whatever it says
                batch.append(self.rng.choice(self.sent))
                continue
            device = await self.device()
            message = self.message(device, "raise", f"R{self.rng.randrange(10 ** 9)}")
            self.sent.append(message)
            batch.append(message)
        await store_alarms(self.db, [m for m in batch if m.device_id in await self.alive()], NotifyPolicy())
        await self.db.commit()

    async def clear_some(self) -> None:
        device = await self.device()
        raised = [m for m in self.sent if m.device_id == device.id]
        robot_alarm_id = self.rng.choice(raised).robot_alarm_id if raised and self.rng.random() < 0.5 \
            else f"never-raised-{self.rng.randrange(10 ** 9)}"  # stored as an alarm of unknown state
        message = self.message(device, "clear", robot_alarm_id)
        self.sent.append(message)
        await store_alarms(self.db, [message], NotifyPolicy())
        await self.db.commit()

    async def some_alarm(self, *where: Any) -> Alarm | None:
        ids = list(await self.db.scalars(select(Alarm.id).where(Alarm.device_id.in_(self.device_ids), *where)))
        return await self.db.get(Alarm, self.rng.choice(ids), populate_existing=True) if ids else None

    async def resolve_one(self) -> None:
        alarm = await self.some_alarm(Alarm.state != STATE_RESOLVED)
        if alarm is not None:
            await centre.resolve_one(self.db, "/", alarm.id, self.users["a"].id, "release", "tester", NotifyPolicy())

    async def resolve_device(self) -> None:
        await resolve_device(self.db, await self.device(), self.users["a"].id, "tester")

    async def delete_one(self) -> None:
        alarm = await self.some_alarm()
        if alarm is not None:
            assert await centre.delete_one(self.db, "/", alarm.id) == 1

    async def delete_before(self) -> None:
        await centre.delete_before(self.db, await self.device(), self.moment())

    async def purge(self) -> None:
        user = self.rng.choice(list(self.users.values()))
        await purge_alarms(self.db, Within(user.path), self.now - timedelta(days=self.rng.uniform(6, 13)))
        await self.db.commit()

    async def purge_in_batches(self) -> None:  # the retention job's way: a few at a time, a commit each
        user, before = self.rng.choice(list(self.users.values())), self.now - timedelta(days=self.rng.uniform(6, 13))
        limit = self.rng.randrange(1, 4)
        while await purge_alarms(self.db, Within(user.path), before, limit) == limit:
            await self.db.commit()
        await self.db.commit()

    async def change_owner(self) -> None:
        device, user = await self.device(), self.rng.choice(list(self.users.values()))
        answer = await self.admin.call("/device/updateDeviceUserInfo", {"deviceId": device.id, "userId": user.id})
        assert answer.code == 0, answer.body

    async def move_owned(self) -> None:  # a deleted user's devices go to its heir
        heir = self.users["a"] if self.rng.random() < 0.5 else self.users["c"]
        await move_owned_devices(self.db, self.users["b"].id, heir)
        await self.db.commit()

    async def delete_device(self) -> None:
        alive = await self.alive()
        if len(alive) > 3:
            answer = await self.admin.call("/device/deleteDevice", {"deviceId": self.rng.choice(alive)})
            assert answer.code == 0, answer.body


async def _alarms(db: Any, device_ids: list[int]) -> list[Any]:
    return (await db.execute(select(Alarm.device_id, Alarm.raised_at, Alarm.state, Alarm.level, Alarm.key,
                                    Alarm.code, Device.owner_path, Device.name, Device.serial_number)
                             .join(Device, Device.id == Alarm.device_id)
                             .where(Alarm.device_id.in_(device_ids)))).all()


def _expected_summary(alarms: list[Any], path: str, start: datetime, end: datetime | None) -> dict[str, Any]:
    """The summary counted from the alarms, one by one."""
    chosen = [a for a in alarms if a.owner_path.startswith(path) and a.raised_at >= start
              and (end is None or a.raised_at < end)]
    states: dict[int, int] = defaultdict(int)
    levels: dict[int, int] = defaultdict(int)
    names: dict[str, list[Any]] = {}
    devices: dict[int, list[Any]] = {}
    for a in chosen:
        states[a.state] += 1
        levels[a.level] += 1
        name = names.setdefault(a.key, ["", 0])
        name[0], name[1] = max(name[0], a.code), name[1] + 1
        device = devices.setdefault(a.device_id, [a.name, a.serial_number, 0, 0])
        device[2] += 1
        device[3] += a.state == STATE_UNRESOLVED
    top = sorted(devices.items(), key=lambda item: (-item[1][2], item[0]))[:centre.TOP_DEVICES]
    return {
        "total": len(chosen), "unresolved": states[STATE_UNRESOLVED], "resolved": states[STATE_RESOLVED],
        "unknown": states[STATE_UNKNOWN],
        "byDevice": [{"deviceId": d, "deviceName": n, "deviceSerialNumber": sn, "total": t, "unresolved": u}
                     for d, (n, sn, t, u) in top],
        "byCode": [{"key": k, "code": c, "total": t}
                   for k, (c, t) in sorted(names.items(), key=lambda item: (-item[1][1], item[0]))],
        "byLevel": [{"level": level, "total": n} for level, n in sorted(levels.items(), reverse=True)],
    }


def _expected_chart(alarms: list[Any], path: str, labels: list[str], zone: tzinfo,
                    device_id: int | None = None) -> list[dict[str, Any]]:
    days = {label: {"day": label, "total": 0, "unresolved": 0, "resolved": 0, "unknown": 0, "faults": 0}
            for label in labels}
    for a in alarms:
        label = a.raised_at.astimezone(zone).strftime("%Y-%m-%d")
        if a.owner_path.startswith(path) and label in days and device_id in (None, a.device_id):
            days[label]["total"] += 1
            days[label][STATES[a.state]] += 1
            days[label]["faults"] += a.level == 3
    return list(days.values())


def _ranges(now: datetime) -> dict[str, tuple[datetime, datetime | None]]:
    midnight = _midnight(now)
    return {"default (30 days)": centre.time_range(None, None),
            "between two partial days": (now - timedelta(days=5.5), now - timedelta(days=1.2)),
            "whole days": (midnight - timedelta(days=3), midnight),
            "inside one day": (midnight - timedelta(days=4, hours=-1), midnight - timedelta(days=4, hours=-5)),
            "the last two hours": (now - timedelta(hours=2), None),
            "from a midnight on": (midnight - timedelta(days=6), None),
            "ahead of now": (now - timedelta(days=13), now + timedelta(hours=1)),
            # a partial day with most of it inside is the day's count minus the alarms outside; with little, its alarms
            "a short first day, a long last day": (midnight - timedelta(days=17, hours=3),
                                                   midnight - timedelta(days=2, hours=-20)),
            "a long first day, a short last day": (midnight - timedelta(days=16, hours=-1),
                                                   midnight - timedelta(days=1, hours=-2)),
            "long first and last days": (midnight - timedelta(days=19, hours=-1),
                                         midnight - timedelta(days=3, hours=1))}


async def _check(fleet: Fleet, when: str) -> None:
    alarms = await _alarms(fleet.db, fleet.device_ids)
    for branch, user in fleet.users.items():
        for name, (start, end) in _ranges(utcnow()).items():
            got = await centre.summary(fleet.db, user.path, None, start, end)
            assert got == _expected_summary(alarms, user.path, start, end), (when, branch, name)
        for zone in (UTC, SHANGHAI):  # UTC days come from the day counts, Shanghai's from the alarms
            chart = await centre.chart(fleet.db, user.path, None, zone)
            assert chart == _expected_chart(alarms, user.path, [d["day"] for d in chart], zone), (when, branch, zone)
    device_id = (await fleet.alive())[0]
    chart = await centre.chart(fleet.db, "/", device_id, UTC)
    assert chart == _expected_chart(alarms, "/", [d["day"] for d in chart], UTC, device_id), when


async def _counts(db: Any, fleet: Fleet) -> tuple[set[Any], set[Any], set[Any]]:
    days = set((await db.execute(select(AlarmDay).where(AlarmDay.device_id.in_(fleet.device_ids))
                                 .execution_options(populate_existing=True))).scalars())
    weeks = set((await db.execute(select(AlarmWeek).where(AlarmWeek.device_id.in_(fleet.device_ids))
                                  .execution_options(populate_existing=True))).scalars())
    owners = [u.id for u in fleet.users.values()]
    names = set((await db.execute(select(AlarmNameDay).where(AlarmNameDay.owner_id.in_(owners))
                                  .execution_options(populate_existing=True))).scalars())
    return ({(d.device_id, d.day, d.unknown, d.unresolved, d.resolved, d.level1, d.level2, d.level3) for d in days},
            {(n.owner_id, n.day, n.key, n.code, n.alarms) for n in names},
            {(w.device_id, w.week, w.unknown, w.unresolved, w.resolved, w.level1, w.level2, w.level3) for w in weeks})


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_the_day_counts_equal_counting_the_alarms(seed, db, admin, make_user, monkeypatch):
    monkeypatch.setattr(service, "BATCH", 3)  # a delete of many alarms takes several batches
    rng = random.Random(seed)
    a, _ = await make_user(2, roles=[ROLE_DEALER])
    b, _ = await make_user(3, parent=a)
    c, _ = await make_user(2, roles=[ROLE_DEALER])
    prefix = unique_prefix()
    devices = [await robot_device(db, owner, f"{prefix}{n}") for n, owner in enumerate([a, a, b, b, c, c])]
    fleet = Fleet(db, admin, {"a": a, "b": b, "c": c}, devices, rng)
    operations = ([fleet.raise_some] * 8 + [fleet.clear_some] * 2
                  + [fleet.resolve_one, fleet.resolve_device, fleet.delete_one, fleet.delete_before, fleet.purge,
                     fleet.purge_in_batches, fleet.change_owner, fleet.change_owner, fleet.move_owned,
                     fleet.delete_device])
    for step in range(60):
        operation = rng.choice(operations)
        await operation()
        await db.commit()  # a fresh snapshot: the API's own sessions wrote too
        if step % 20 == 19:
            await _check(fleet, f"after step {step} ({operation.__name__})")
    await _check(fleet, "at the end")
    kept = await _counts(db, fleet)
    assert kept[0] and kept[1] and kept[2]
    await rebuild(db)
    await db.commit()
    assert await _counts(db, fleet) == kept


def test_the_summary_statement_is_built_once_per_shape():
    """Two branches over two ranges of the same shape (a partial first day, whole days, an open end) share one
    statement, built once and cached; only the bound values differ (the property test above checks the answers)."""
    now = datetime(2026, 11, 23, 5, 40, tzinfo=UTC)
    first = centre.counted(now - timedelta(days=30), None)
    later = centre.counted(now - timedelta(days=30, hours=-1), None)
    assert first is not None and later is not None
    (shape, values), (same_shape, other_values) = (centre._summary_shape("/1/", first),
                                                   centre._summary_shape("/1/3/", later))
    assert shape == same_shape
    assert values["low"] == "/1/" and other_values["low"] == "/1/3/" and values["to0"] != other_values["to0"]
    assert centre._summary_statement(shape) is centre._summary_statement(same_shape)
