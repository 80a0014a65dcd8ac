"""Seed a migrated cleanfleet database with a large organisation: about 20,000 users and 100,000 devices.

    backend/.venv/bin/python bench/seed_devices.py --database-url sqlite:///path/cleanfleet.db
    backend/.venv/bin/python bench/seed_devices.py --database-url postgresql://postgres@127.0.0.1/bench

The tree: admin → 20 dealers (``bdealer1``…) → 50 users each (``buser1``…) → 19 sub-users each; every
user and sub-user owns 5 devices (100,000 in all), a tenth of them named "Lobby …". Bulk Core inserts with
explicit ids, one password hash for every account (``BENCH_PASSWORD``). Run it once on a fresh database.
"""

import argparse
import asyncio
import random
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from sqlalchemy import func, insert, select, text  # noqa: E402
from sqlalchemy.ext.asyncio import AsyncEngine  # noqa: E402

from cleanfleet.core.db import create_engine, utcnow  # noqa: E402
from cleanfleet.core.passwords import hash_password  # noqa: E402
from cleanfleet.devices.models import Device, DeviceState  # noqa: E402
from cleanfleet.devices.types.models import DeviceType  # noqa: E402
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER  # noqa: E402
from cleanfleet.roles.models import UserRole  # noqa: E402
from cleanfleet.settings import async_driver  # noqa: E402
from cleanfleet.users.models import User  # noqa: E402

BENCH_PASSWORD = "Bench12345"
DEALERS, USERS_PER_DEALER, SUBS_PER_USER, DEVICES_PER_OWNER = 20, 50, 19, 5
SITES = ("Lobby", "Ward", "Gate", "Hall", "Corridor", "Atrium", "Garage", "Kitchen", "Office", "Platform")
CHUNK = 5000


async def _insert(engine: AsyncEngine, table: Any, rows: list[dict[str, Any]]) -> None:
    async with engine.begin() as conn:
        for start in range(0, len(rows), CHUNK):
            await conn.execute(insert(table), rows[start:start + CHUNK])


def _users(first_id: int, admin_path: str, password_hash: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    now = utcnow()
    users, owners = [], []
    next_id = first_id

    def add(account: str, level: int, parent_id: int, parent_path: str) -> dict[str, Any]:
        nonlocal next_id
        row = {"id": next_id, "account": account, "name": account.title(), "password_hash": password_hash,
               "phone": "", "email": "", "url": "", "level_depth": level, "parent_id": parent_id,
               "path": f"{parent_path}{next_id}/", "type": "user", "remark": "", "email_to_task": 0,
               "email_to_warn": 0, "email_to_task_report": 0, "created_at": now, "updated_at": now}
        next_id += 1
        users.append(row)
        return row

    admin_id = int(admin_path.strip("/").split("/")[-1])
    for d in range(1, DEALERS + 1):
        dealer = add(f"bdealer{d}", 2, admin_id, admin_path)
        for u in range(1, USERS_PER_DEALER + 1):
            user = add(f"buser{d}x{u}", 3, dealer["id"], dealer["path"])
            owners.append(user)
            for s in range(1, SUBS_PER_USER + 1):
                owners.append(add(f"bsub{d}x{u}x{s}", 4, user["id"], user["path"]))
    return users, owners


def _devices(first_id: int, owners: list[dict[str, Any]], type_ids: list[int]) -> list[dict[str, Any]]:
    rng = random.Random(7)
    now = utcnow()
    rows = []
    device_id = first_id
    for owner in owners:
        for _ in range(DEVICES_PER_OWNER):
            serial = f"BN{device_id:07d}"
            name = f"{SITES[device_id % len(SITES)]} {device_id % 97:02d}"
            rows.append({
                "id": device_id, "serial_number": serial, "name": name, "type_id": type_ids[device_id % len(type_ids)],
                "user_id": owner["id"], "owner_path": owner["path"], "search_text": f"{name} {serial}".lower(),
                "url": "", "address": "", "address1": "", "city": "", "province": "", "country": "",
                "country_code": "", "area": "", "customer_name": owner["name"], "customer_address": "",
                "latitude": None, "longitude": None, "sim_no": f"8986{device_id:011d}", "sim_support": device_id % 4,
                "rack_number": f"SC{device_id % 10000:04d}", "frp_host": "", "frp_port": None, "ssh_port": None,
                "web_port": None, "firmware_version": "2.3.1", "soft_version": "1.20.0", "pad_version": "1.8.0",
                "hard_disk_info": "", "protocol_version": 3, "secret_hash": "0" * 64, "maintenance_password": "",
                "elevator_id": None, "boot_time": None, "created_at": now - timedelta(minutes=rng.randrange(500000)),
                "updated_at": now,
            })
            device_id += 1
    return rows


async def seed(database_url: str) -> dict[str, int]:
    engine = create_engine(async_driver(database_url))
    started = time.perf_counter()
    async with engine.connect() as conn:
        admin = (await conn.execute(select(User.id, User.path).where(User.account == "admin"))).one()
        first_user = (await conn.scalar(select(func.max(User.id))) or 0) + 1
        first_device = (await conn.scalar(select(func.max(Device.id))) or 0) + 1
    type_rows = [{"name": f"Bench model {i}", "url": "", "description": "bench", "created_at": utcnow()}
                 for i in range(1, 6)]
    async with engine.begin() as conn:
        await conn.execute(insert(DeviceType), type_rows)
        type_ids = list(await conn.scalars(select(DeviceType.id).where(DeviceType.description == "bench")))
    users, owners = _users(first_user, admin.path, hash_password(BENCH_PASSWORD))
    await _insert(engine, User, users)
    roles = [{"user_id": u["id"], "role_id": ROLE_DEALER if u["level_depth"] == 2 else ROLE_USER} for u in users]
    await _insert(engine, UserRole, roles)
    devices = _devices(first_device, owners, type_ids)
    await _insert(engine, Device, devices)
    rng = random.Random(11)
    states = [{"device_id": d["id"], "online": rng.random() < 0.6, "battery": rng.randrange(100), "charging": False,
               "mode": "", "map_name": "Level 1", "task_name": "", "progress": None, "work_seconds": 0,
               "work_area": 0.0, "task_count": 0} for d in devices]
    await _insert(engine, DeviceState, states)
    if postgres := engine.dialect.name == "postgresql":
        async with engine.connect() as conn:
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(text("VACUUM ANALYZE"))
    else:
        async with engine.begin() as conn:
            await conn.execute(text("ANALYZE"))
    await engine.dispose()
    return {"users": len(users), "devices": len(devices), "seconds": round(time.perf_counter() - started, 1),
            "postgres": int(postgres)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", required=True)
    print(asyncio.run(seed(parser.parse_args().database_url)))


if __name__ == "__main__":
    main()
