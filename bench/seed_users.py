"""Seed a benchmark user tree: about 20,000 accounts five levels deep, fast.

admin → 20 dealers → 10 users each → 10 sub-users each → 9 sub-sub-users each (20,220 accounts).
Rows go in with SQLAlchemy Core bulk inserts in the migrated schema, all sharing one password hash
(hashed once). Dealers are ``benchd1`` … ``benchd20``; every bench account's password is BENCH_PASSWORD.

    backend/.venv/bin/python bench/seed_users.py [--database-url postgresql://...] [--data-dir DIR]
"""

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from sqlalchemy import func, insert, select  # noqa: E402

from cleanfleet.bootstrap import prepare  # noqa: E402
from cleanfleet.core.db import Database, utcnow  # noqa: E402
from cleanfleet.core.passwords import hash_password  # noqa: E402
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER  # noqa: E402
from cleanfleet.roles.models import UserRole  # noqa: E402
from cleanfleet.settings import Settings  # noqa: E402
from cleanfleet.users.models import TYPE_USER, User  # noqa: E402

BENCH_PASSWORD = "Bench12345"
FAN_OUT = (20, 10, 10, 9)  # children per node at levels 1 → 2, 2 → 3, 3 → 4, 4 → 5
CHUNK = 2000


def tree_rows(first_id: int, admin_id: int, admin_path: str, password_hash: str) -> tuple[list[dict], list[dict]]:
    """Users breadth-first under the admin with their ids and paths computed here; and their roles."""
    now = utcnow()
    users: list[dict] = []
    roles: list[dict] = []
    parents = [(admin_id, admin_path)]
    next_id = first_id
    for level, fan_out in enumerate(FAN_OUT, start=2):
        children = []
        for parent_id, parent_path in parents:
            for _ in range(fan_out):
                path = f"{parent_path}{next_id}/"
                prefix = "benchd" if level == 2 else f"bench{level}x"
                number = len(children) + 1
                users.append({"id": next_id, "account": f"{prefix}{number}", "name": f"Bench level {level} #{number}",
                              "password_hash": password_hash, "phone": "", "email": "", "url": "",
                              "level_depth": level, "parent_id": parent_id, "path": path, "type": TYPE_USER,
                              "email_to_task": 0, "email_to_warn": 0, "email_to_task_report": 0, "remark": "",
                              "created_at": now, "updated_at": now})
                roles.append({"user_id": next_id, "role_id": ROLE_DEALER if level == 2 else ROLE_USER})
                children.append((next_id, path))
                next_id += 1
        parents = children
    return users, roles


async def seed(settings: Settings) -> int:
    """Migrate, then add the bench tree unless it is there; answers how many accounts were added."""
    await prepare(settings)
    database = Database(settings.db_url)
    try:
        async with database.sessions() as db:
            if await db.scalar(select(User.id).where(User.account == "benchd1")) is not None:
                return 0
            admin = await db.scalar(select(User).where(User.account == "admin"))
            assert admin is not None
            first_id = (await db.scalar(select(func.max(User.id))) or 0) + 1
            users, roles = tree_rows(first_id, admin.id, admin.path, hash_password(BENCH_PASSWORD))
            for start in range(0, len(users), CHUNK):
                await db.execute(insert(User), users[start:start + CHUNK])
            for start in range(0, len(roles), CHUNK):
                await db.execute(insert(UserRole), roles[start:start + CHUNK])
            if database.engine.dialect.name == "postgresql":  # explicit ids: move the sequence past them
                await db.execute(select(func.setval("users_id_seq", users[-1]["id"])))
            await db.commit()
            return len(users)
    finally:
        await database.dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--data-dir", default="./data")
    args = parser.parse_args()
    settings = Settings(data_dir=Path(args.data_dir), database_url=args.database_url, demo=False)
    started = time.perf_counter()
    added = asyncio.run(seed(settings))
    print(f"added {added} accounts in {time.perf_counter() - started:.1f} s ({settings.db_url.split('://')[0]})")


if __name__ == "__main__":
    main()
