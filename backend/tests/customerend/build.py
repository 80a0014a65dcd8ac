"""A demo customer with everything a customer has (the demo's people, robots, reports, alarms, sites, groups,
rentals, repairs) and what the demo leaves out: maps, incidents, messages, video sessions, robots' logs and backups
with their files in the store, an avatar, a file of the dealer's that a robot's log names; and the check that
nothing of it is left in any table (every column of Base.metadata) or in the store."""

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from sqlalchemy import JSON, String, inspect, or_, select

from cleanfleet.core.db import Base, utcnow
from cleanfleet.core.scope import path_prefix
from cleanfleet.customerend.walk import LOOSE, ROBOT_OWN, is_tree_path
from cleanfleet.devices.models import Device
from cleanfleet.incidents.models import Incident
from cleanfleet.maps.models import RobotMap
from cleanfleet.messages.models import Message
from cleanfleet.robotdata.models import DataBackup, DeviceLog, VideoSession
from cleanfleet.storage import service as storage
from cleanfleet.users.models import User


@dataclass
class Built:
    customer: User
    dealer: User
    people: list[int]
    accounts: list[str]
    robots: list[int]
    serials: list[str]
    keys: list[str] = field(default_factory=list)


async def customer(app: Any, account: str) -> Built:
    """The demo customer ``account`` with its records, files in the store included."""
    store = app.state.store
    async with app.state.db.sessions() as db:
        user = await db.scalar(select(User).where(User.account == account))
        assert user is not None and user.parent_id is not None
        dealer = await db.get(User, user.parent_id)
        assert dealer is not None
        people = list(await db.scalars(select(User).where(path_prefix(User.path, user.path))))
        robots = list(await db.scalars(select(Device).where(path_prefix(Device.owner_path, user.path))
                                       .order_by(Device.id)))
        assert len(people) >= 1 and len(robots) >= 2, "the demo customer has people and robots"
        built = Built(user, dealer, [p.id for p in people], [p.account for p in people], [r.id for r in robots],
                      [r.serial_number for r in robots])
        avatar = await storage.save(db, store, b"\x89PNG avatar", kind="avatars", extension="png",
                                    content_type="image/png", owner_user_id=people[-1].id, public=True)
        built.keys.append(avatar.key)
        now = utcnow()
        for n, robot in enumerate(robots[:2]):
            log = await storage.save(db, store, b"robot log " * 50, kind="robotlogs", extension="log",
                                     content_type="text/plain", owner_user_id=robot.user_id, public=False)
            backup = await storage.save(db, store, b"backup" * 30, kind="backups", extension="gz",
                                        content_type="application/gzip", owner_user_id=robot.user_id, public=False)
            # uploaded while the robot was the dealer's: the dealer's file, named by the customer's robot's log
            older = await storage.save(db, store, b"older log", kind="robotlogs", extension="log",
                                       content_type="text/plain", owner_user_id=dealer.id, public=False)
            built.keys += [log.key, backup.key, older.key]
            db.add_all([
                DeviceLog(device_id=robot.id, log_type="log", file_name=f"log{n}.log", status="synchronised",
                          file_id=log.id, user_id=user.id),
                DeviceLog(device_id=robot.id, log_type="log", file_name=f"old{n}.log", status="synchronised",
                          file_id=older.id),
                DataBackup(device_id=robot.id, status="finished", job_id=f"job{robot.id}", file_id=backup.id),
                RobotMap(device_id=robot.id, name=f"Ward {n}"),
                VideoSession(token=f"video-{robot.id}-{n}", device_id=robot.id, user_id=user.id,
                             expires_at=now + timedelta(hours=1)),
                Incident(device_id=robot.id, owner_id=robot.user_id, owner_path=robot.owner_path, key="LowBattery",
                         opened_at=now, last_alarm_at=now),
                Message(user_id=user.id, kind="system", title=f"Hello {user.account}", device_id=robot.id),
            ])
        await db.commit()
    return built


async def existing_tables(app: Any) -> set[str]:
    async with app.state.db.engine.connect() as conn:
        return set(await conn.run_sync(lambda sync: inspect(sync).get_table_names()))


async def leftovers(app: Any, built: Built, *, robots_kept: bool) -> list[str]:
    """Every row of every table that still names the customer: a tree path in its subtree, a reference to one of
    its people (a foreign key or a LOOSE id), to one of its removed robots (or, handed over, a robot's record that is
    not its own), or one of its people's account names in any text. The audit trail's rows must be pseudonymised."""
    found: list[str] = []
    present = await existing_tables(app)
    people, robots = set(built.people), set(built.robots)
    async with app.state.db.sessions() as db:
        for table in Base.metadata.sorted_tables:
            if table.name not in present:
                continue
            rows = (await db.execute(select(table))).mappings().all()
            for row in rows:
                found += _named(table, row, built, people, robots, robots_kept)
    return found


def _named(table: Any, row: Any, built: Built, people: set[int], robots: set[int], robots_kept: bool) -> list[str]:
    where = f"{table.name}#{dict(row).get('id', '?')}"
    if table.name == "audit_records":
        mine = str(row["owner_path"]).startswith(built.customer.path) or row["actor_id"] in people
        if mine and not (row["erased"] and row["actor_name"] == "" and row["address"] is None):
            return [f"{where}: not pseudonymised"]
        return []
    if table.name == "data_jobs" and row["kind"] == "customer_end":
        return []  # the receipt
    found = []
    for column in table.columns:
        value = row[column.name]
        if value is None:
            continue
        targets = {key.column.table.name for key in column.foreign_keys}
        if (table.name, column.name) in LOOSE:
            targets.add(LOOSE[table.name, column.name])
        if "users" in targets and value in people:
            found.append(f"{where}.{column.name} = person {value}")
        if "devices" in targets and value in robots and not (robots_kept and table.name in ROBOT_OWN):
            found.append(f"{where}.{column.name} = robot {value}")
        if (is_tree_path(column) or column.name.endswith("path")) and isinstance(value, str) \
                and value.startswith(built.customer.path):
            found.append(f"{where}.{column.name} = {value}")
        if isinstance(column.type, String | JSON) and not isinstance(value, int | float):
            text = str(value)
            found += [f"{where}.{column.name} names {a}" for a in built.accounts if a in text]
    return found


async def robots_of(app: Any, built: Built) -> list[Device]:
    async with app.state.db.sessions() as db:
        return list(await db.scalars(select(Device).where(or_(Device.id.in_(built.robots)))))
