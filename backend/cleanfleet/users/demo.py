"""The demo organisation (the first demo seeder, ``cleanfleet/demo``): two dealers with their users and sub-users,
a shadow user, two custom roles and a role group. The other domains' demo seeders find the accounts with
``demo_user``.

Every demo account signs in with the install's own demo password (issue 45 item 8: one password printed in the
README was every install's, ETSI EN 303 645 provision 5.1). The seeder stores ``PASSWORD_NOT_SET``, which no
password matches, and ``cleanfleet.demo.ensure_demo_password`` then gives the accounts waiting for one the password
of CLEANFLEET_DEMO_PASSWORD or a generated one, printed at that start (``python -m cleanfleet demo-password`` sets
a new one). An install seeded before then still holds ``LEGACY_PASSWORD``; its accounts get their own at the next
start.
"""

import asyncio
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import utcnow
from cleanfleet.core.passwords import hashed, verify_password
from cleanfleet.roles import service as roles
from cleanfleet.roles.catalogue import PRESET_ROLES, ROLE_DEALER, ROLE_USER
from cleanfleet.roles.models import Role, RoleGroup, RoleGroupRole, RolePermission, UserRoleGroup
from cleanfleet.users import service as users
from cleanfleet.users.models import User
from cleanfleet.users.passwords import revoke_tokens

LEGACY_PASSWORD = "Demo12345"  # every install's demo password before issue 45: replaced, never set
PASSWORD_NOT_SET = "!demo: waits for the install's demo password"  # no argon2 hash: no password verifies


async def demo_user(db: AsyncSession, account: str) -> User:
    user = await users.get_by_account(db, account)
    if user is None:
        raise LookupError(f"demo account {account} is missing")
    return user


# --- the organisation ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class DemoAccount:
    account: str
    name: str
    level: int
    parent: str
    roles: tuple[str | int, ...]
    email: str = ""
    phone: str = ""
    shadow: bool = False


# Custom roles, owned by dealerA: name → keys (kept within the dealer preset's keys).
DEMO_ROLES: dict[str, tuple[str, ...]] = {
    "Site supervisor": (
        "index", "reportChart", "device/index", "device/index/edit", "device/deviceSummary", "device/maplist",
        "device/taskList", "device/taskList/run", "device/report", "device/warn", "device/warn/resolve",
        "warn/index/warn", "message/index", "user/index",
    ),
    "Dealer assistant (read-only)": (
        "index", "reportChart", "device/index", "device/deviceSummary", "device/warn", "warn/index/warn",
        "message/index", "user/index", "user/role", "user/index/role_group",
    ),
}
DEMO_GROUP = ("Site team", (ROLE_USER, "Site supervisor"))

DEMO_ACCOUNTS: tuple[DemoAccount, ...] = (
    DemoAccount("dealerA", "Harbour Cleaning Co.", 2, "admin", (ROLE_DEALER,), "ops@harbour-cleaning.example.com",
                "13800000001"),
    DemoAccount("dealerB", "Northwind Facility Services", 2, "admin", (ROLE_DEALER,), "it@northwind.example.com",
                "13800000002"),
    DemoAccount("userA1", "City Hospital", 3, "dealerA", (ROLE_USER,), "facilities@cityhospital.example.com"),
    DemoAccount("userA2", "Airport Terminal 2", 3, "dealerA", ("Site supervisor",)),
    DemoAccount("subA1", "City Hospital night shift", 4, "userA1", (ROLE_USER,)),
    DemoAccount("userB1", "Grand Mall", 3, "dealerB", (ROLE_USER,), "cleaning@grandmall.example.com"),
    DemoAccount("subB1", "Grand Mall east wing", 4, "userB1", (ROLE_USER,)),
    DemoAccount("shadowA", "Harbour Cleaning assistant", 2, "dealerA", ("Dealer assistant (read-only)",),
                shadow=True),
)


async def _custom_role(db: AsyncSession, owner: User, name: str, keys: tuple[str, ...]) -> Role:
    role = await db.scalar(select(Role).where(Role.user_id == owner.id, Role.name == name))
    if role is None:
        role = Role(id=await roles.custom_role_id(db), name=name, user_id=owner.id, is_preset=False,
                    description="demo role")
        db.add(role)
        await db.flush()
        dealer_keys = PRESET_ROLES[ROLE_DEALER][1]
        db.add_all(RolePermission(role_id=role.id, key=key) for key in keys if key in dealer_keys)
        await db.flush()
    return role


async def seed_users(db: AsyncSession) -> None:
    """Two dealers with their users and sub-users, a shadow user, two custom roles and a role group."""
    accounts: dict[str, User] = {"admin": await demo_user(db, users.ADMIN_ACCOUNT)}
    role_ids: dict[str | int, int] = {}
    for spec in DEMO_ACCOUNTS:
        existing = await users.get_by_account(db, spec.account)
        if existing is None:
            parent = accounts[spec.parent]
            existing = await users.create(
                db, account=spec.account, name=spec.name, password_hash=PASSWORD_NOT_SET, level_depth=spec.level,
                parent=parent, role_ids=[], shadow_of=parent if spec.shadow else None, email=spec.email,
                phone=spec.phone, email_to_warn=1 if spec.email else 0)
            if spec.account == "dealerA":
                for name, keys in DEMO_ROLES.items():
                    role_ids[name] = (await _custom_role(db, existing, name, keys)).id
            wanted = [role_ids.get(role, role) for role in spec.roles]
            await roles.assign_roles(db, existing.id, [int(role_id) for role_id in wanted])
        accounts[spec.account] = existing
    dealer = accounts["dealerA"]
    group_name, group_roles = DEMO_GROUP
    if role_ids and await db.scalar(select(RoleGroup).where(RoleGroup.user_id == dealer.id)) is None:
        group = RoleGroup(name=group_name, user_id=dealer.id, description="demo role group")
        db.add(group)
        await db.flush()
        db.add_all(RoleGroupRole(group_id=group.id, role_id=int(role_ids.get(role, role)))
                   for role in group_roles)
        db.add(UserRoleGroup(user_id=accounts["subA1"].id, group_id=group.id))
    await db.flush()


# --- the demo password --------------------------------------------------------------------------------


async def demo_accounts(db: AsyncSession) -> list[User]:
    names = [spec.account for spec in DEMO_ACCOUNTS]
    return list(await db.scalars(select(User).where(User.account.in_(names)).order_by(User.id)))


async def accounts_without_password(db: AsyncSession, *, legacy: bool) -> list[User]:
    """The demo accounts still waiting for the install's password; with ``legacy``, also those that still sign in
    with the password every install once had (about 25 ms of CPU each: checked once per install)."""
    waiting = []
    for user in await demo_accounts(db):
        if user.password_hash == PASSWORD_NOT_SET or (
                legacy and await asyncio.to_thread(verify_password, user.password_hash, LEGACY_PASSWORD)):
            waiting.append(user)
    return waiting


async def set_demo_password(db: AsyncSession, accounts: list[User], password: str) -> None:
    """One password for these demo accounts (hashed once); their sessions end."""
    password_hash = await hashed(password)
    for user in accounts:
        user.password_hash = password_hash
        user.updated_at = utcnow()
        await revoke_tokens(db, user.id)
    await db.flush()
