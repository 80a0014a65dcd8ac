"""Reading and creating accounts in the user tree."""

import secrets

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import utcnow
from cleanfleet.core.passwords import hash_password
from cleanfleet.roles.catalogue import DEFAULT_ROLE_BY_LEVEL
from cleanfleet.roles.service import assign_roles
from cleanfleet.users.models import LEVEL_ADMIN, TYPE_SHADOW, TYPE_USER, User

ADMIN_ACCOUNT = "admin"


async def get(db: AsyncSession, user_id: int) -> User | None:
    return await db.get(User, user_id)


async def get_by_account(db: AsyncSession, account: str) -> User | None:
    return await db.scalar(select(User).where(User.account == account))


async def create(
    db: AsyncSession,
    *,
    account: str,
    name: str,
    password: str,
    level_depth: int,
    parent: User | None,
    role_ids: list[int] | None = None,
    shadow_of: User | None = None,
    **fields: object,
) -> User:
    """Insert a user under ``parent`` and give it its path; the caller checks the rules first."""
    user = User(
        account=account,
        name=name,
        password_hash=hash_password(password),
        level_depth=level_depth,
        parent_id=parent.id if parent else None,
        path="/",
        type=TYPE_SHADOW if shadow_of else TYPE_USER,
        shadow_of_id=shadow_of.id if shadow_of else None,
        **fields,
    )
    db.add(user)
    await db.flush()
    user.path = f"{parent.path if parent else '/'}{user.id}/"
    await assign_roles(db, user.id, role_ids or [DEFAULT_ROLE_BY_LEVEL[level_depth]])
    await db.flush()
    return user


async def ensure_admin(db: AsyncSession, password: str | None) -> str | None:
    """Create the admin account if missing. Returns the generated password, to be printed once."""
    if await get_by_account(db, ADMIN_ACCOUNT) is not None:
        return None
    generated = None
    if not password:
        generated = password = secrets.token_urlsafe(12)
    await create(db, account=ADMIN_ACCOUNT, name="Administrator", password=password, level_depth=LEVEL_ADMIN,
                 parent=None)
    await db.commit()
    return generated


async def set_password(db: AsyncSession, user: User, password: str) -> None:
    user.password_hash = hash_password(password)
    user.updated_at = utcnow()
    await db.flush()
