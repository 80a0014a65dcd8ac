"""Issue 45 item 6: a robot's alarms fold into one open message per owner, robot and problem, so a burst cannot
fill an inbox. The burst goes through the gateway's ingest (two of them at once, as two workers); reading,
deleting or resolving ends a fold, and the next alarm starts a new message."""

import asyncio

import pytest
from sqlalchemy import func, select, text

from cleanfleet.core.db import utcnow
from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest
from cleanfleet.messages.models import Message
from cleanfleet.messages.service import fold_messages, folding, message_row
from cleanfleet.roles.catalogue import ROLE_USER
from cleanfleet.warn.models import Alarm
from tests.gateway.helpers import alarm, robot_device, topic, unique_prefix, wait_until
from tests.migration_steps import migration_database, to
from tests.warn.helpers import raise_alarms

PROBLEMS = ("lidar_dock_failed", "replan_failed", "emergency_stop")


@pytest.fixture
async def owners(app, db, make_user, signed_in):
    """Two customers: the first owns two robots, the second one; each signed in."""
    first, first_pw = await make_user(3, roles=[ROLE_USER])
    second, second_pw = await make_user(3, roles=[ROLE_USER])
    prefix = unique_prefix()
    robots = [await robot_device(db, first, f"{prefix}a"), await robot_device(db, first, f"{prefix}b"),
              await robot_device(db, second, f"{prefix}c")]
    db.expunge_all()
    return {"first": await signed_in(first, first_pw), "second": await signed_in(second, second_pw),
            "robots": robots}


async def gateway(app) -> Ingest:
    directory = Directory(app.state.db)
    await directory.load()
    return Ingest(app.state.db, app.state.bus, directory)


async def unread(api, kind: str = "alarm_raised") -> dict:
    """The caller's unread messages of one kind (an alarm that opens an incident also brings the incident's first
    notice, at once: issue 49 item 4); ``unread`` is still the header's count of every kind."""
    page = await api.call("/message/findMessageByUnRead", {"pageSize": 100, "kind": kind},
                          headers={"Accept-Language": "en"})
    assert page.code == 0, page.body
    return page.data


async def test_a_burst_of_1200_alarms_writes_one_message_per_robot_and_problem(app, db, owners):
    """1,200 alarms of one robot (three problems) through two gateways at once, beside a few of another robot of
    the same owner and of a robot of another owner: each owner reads one message per robot and problem, with the
    count of its alarms; every alarm is still stored."""
    robots = owners["robots"]
    workers = [await gateway(app), await gateway(app)]
    for n in range(1200):
        sn = robots[0].serial_number
        await workers[n % 2].receive(topic(sn, "alarm"),
                                     alarm(sn, "raise", f"A{n}", f"{sn}-burst-{n}", key=PROBLEMS[n % 3]))
    for n, robot in enumerate([robots[1], robots[1], robots[2]]):
        sn = robot.serial_number
        await workers[n % 2].receive(topic(sn, "alarm"), alarm(sn, "raise", f"B{n}", f"{sn}-other-{n}"))
    await asyncio.gather(*(worker.flush() for worker in workers))

    stored = await db.scalar(select(func.count(Alarm.id)).where(Alarm.device_id.in_([r.id for r in robots])))
    assert stored == 1203
    first = await unread(owners["first"])
    assert sorted((m["deviceId"], m["count"]) for m in first["list"]) == [
        (robots[0].id, 400), (robots[0].id, 400), (robots[0].id, 400), (robots[1].id, 2)]
    notices = (await unread(owners["first"], "incident"))["total"]  # one per incident: robot, problem
    assert first["total"] == 4 and first["unread"] == 4 + notices == 8  # a folded message counts once
    second = await unread(owners["second"])
    assert [(m["deviceId"], m["count"]) for m in second["list"]] == [(robots[2].id, 1)]
    rows = await db.scalar(select(func.count(Message.id)).where(Message.device_id.in_([r.id for r in robots]),
                                                                Message.kind == "alarm_raised"))
    assert rows == 5


async def test_the_message_shows_the_latest_alarm_and_the_next_burst_adds_to_it(app, owners):
    robot = owners["robots"][0]
    await raise_alarms(app, robot, 3)
    again = await raise_alarms(app, robot, 2)  # a later batch folds into the same open message
    page = await unread(owners["first"])
    assert [m["count"] for m in page["list"]] == [2 + 3]
    assert page["list"][0]["time"] >= max(event["time"] for event in again)


async def test_two_writers_at_once_fold_into_one_message(app, db, owners):
    """The second writer's fold waits for the first's uncommitted new message and then counts into it, rather
    than writing a second one (the unique fold key, not a read-then-write)."""
    robot = owners["robots"][0]
    values = {"device": robot.name, "serial": robot.serial_number, "alarmKey": "replan_failed", "code": "0x0205",
              "content": "replan failed", "time": utcnow().isoformat()}
    key = f"alarm:{robot.id}:replan_failed:{robot.user_id}"
    row = folding(message_row(robot.user_id, robot.id, "alarm_raised", values, "", utcnow()), key)
    async with app.state.db.sessions() as first, app.state.db.sessions() as second:
        await fold_messages(first, [row, row])  # its own repeats fold in the one statement
        waiting = asyncio.create_task(fold_messages(second, [row]))
        if db.get_bind().dialect.name == "postgresql":  # SQLite's writers queue for its one write lock anyway
            await wait_until(lambda: lock_waits(db), what="the second writer waiting for the first's commit")
        await first.commit()
        await waiting
        await second.commit()
    rows = (await db.execute(select(Message.count).where(Message.fold_key == key))).scalars().all()
    assert rows == [3]


async def lock_waits(db) -> bool:
    return bool(await db.scalar(text("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                                     "AND datname = current_database()")))


@pytest.mark.parametrize("close", ["open", "read", "read all", "delete"])
async def test_a_read_or_deleted_message_folds_no_more(app, owners, close):
    api, robot = owners["first"], owners["robots"][0]
    await raise_alarms(app, robot, 3)
    (first,) = (await unread(api))["list"]
    if close == "open":
        answer = await api.call("/message/openMessage", {"id": first["id"]})
    elif close == "read":
        answer = await api.call("/message/updateMessageRead", {"id": first["id"]})
    elif close == "read all":
        answer = await api.call("/message/updateMessageRead", {})
    else:
        answer = await api.call("/message/updateMessageDelete", {"id": first["id"]})
    assert answer.code == 0, answer.body
    await raise_alarms(app, robot, 2)
    page = await unread(api)
    assert [m["count"] for m in page["list"]] == [2] and page["list"][0]["id"] != first["id"]
    everything = await api.call("/message/findAllMessage", {"pageSize": 100})
    counts = {m["id"]: m["count"] for m in everything.data["list"]}
    assert counts.get(first["id"]) == (None if close == "delete" else 3)  # the closed one keeps its count


async def test_a_resolve_ends_the_fold_of_what_it_resolved(app, owners):
    api, robot = owners["first"], owners["robots"][0]
    await raise_alarms(app, robot, 3)
    await raise_alarms(app, robot, 2, key="replan_failed", code="0x0205")
    resolved = await api.call("/warn/resumeWarn", {"deviceSerialNumber": robot.serial_number})
    assert resolved.code == 0, resolved.body
    await raise_alarms(app, robot, 4)
    raised = [(m["title"].split(": ", 1)[1], m["count"]) for m in (await unread(api))["list"]
              if m["kind"] == "alarm_raised"]
    assert sorted(raised) == sorted([("Upper lidar fault: back-to-charger failed three times", 4),
                                     ("Upper lidar fault: back-to-charger failed three times", 3),
                                     ("Path replanning failed", 2)])


async def test_the_migration_counts_earlier_messages_once_and_goes_back(tmp_path):
    """0041 gives every message written before it a count of 1 and no fold; its downgrade keeps the messages."""
    async with migration_database(tmp_path, "foldmig") as (conn, _):
        await conn.run_sync(to("0040_s1_push_owner"))
        await conn.execute(text("INSERT INTO messages (user_id, kind, title, content, read, deleted, created_at) "
                                "VALUES (1, 'alarm_raised', 'Alarm', '', false, false, CURRENT_TIMESTAMP)"))
        await conn.run_sync(to("0041_s1_inbox_fold"))
        assert (await conn.execute(text("SELECT count, fold_key FROM messages"))).all() == [(1, None)]
        await conn.run_sync(to("0040_s1_push_owner", downgrade=True))
        assert (await conn.execute(text("SELECT kind FROM messages"))).scalars().all() == ["alarm_raised"]


async def test_resolving_one_alarm_ends_only_its_problems_fold(app, owners):
    api, robot = owners["first"], owners["robots"][0]
    [lidar, *_] = await raise_alarms(app, robot, 3)
    await raise_alarms(app, robot, 2, key="replan_failed", code="0x0205")
    resolved = await api.call("/warn/resumeWarn", {"warnId": lidar["warnId"]})
    assert resolved.code == 0, resolved.body
    await raise_alarms(app, robot, 4)
    await raise_alarms(app, robot, 1, key="replan_failed", code="0x0205")
    raised = [(m["title"].split(": ", 1)[1], m["count"]) for m in (await unread(api))["list"]
              if m["kind"] == "alarm_raised"]
    assert sorted(raised) == sorted([("Upper lidar fault: back-to-charger failed three times", 4),
                                     ("Upper lidar fault: back-to-charger failed three times", 3),
                                     ("Path replanning failed", 3)])
