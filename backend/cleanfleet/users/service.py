"""The rules of the user tree: who may create, read, change and delete which account.

Levels: 1 admin, 2 dealer, 3 user, 4 sub-user, 5 sub-sub-user. A parent creates exactly the next
level (admin → dealer, dealer → user, user → sub-user; a sub-user creates none). Admin and dealers
may pick the parent anywhere in their subtree (``parentId``), so an admin can create a user under
one of its dealers; the new account's level is always its parent's plus one.

Every target lies in the caller's subtree (of the acting user, for a shadow user). Reads accept
the acting user itself; writes on another account need a *child*: strictly below the acting user.
A caller's own account needs no key for its own profile, password, avatar, pad and test mail.
"""


import secrets
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, no_permission
from cleanfleet.core.passwords import hashed
from cleanfleet.core.texts import LACKS_KEYS
from cleanfleet.roles import service as roles
from cleanfleet.roles.catalogue import DEFAULT_ROLE_BY_LEVEL
from cleanfleet.roles.service import assign_roles
from cleanfleet.users import texts
from cleanfleet.users.models import TYPE_SHADOW, TYPE_USER, User
from cleanfleet.users.schemas import (
    InsertUserIn,
    ProfileFields,
    UpdatePermissionIn,
    UpdateUserInfoIn,
)
from cleanfleet.users.scope import user_in_subtree

ADMIN_ACCOUNT = "admin"

# The level a parent of each level creates; a sub-user (4) and below create none.
CHILD_LEVEL = {1: 2, 2: 3, 3: 4}
# The levels the user search offers, by the acting user's level (product-spec 6).
SEARCH_LEVELS: dict[int, tuple[int, ...]] = {1: (1, 2, 3, 4), 2: (3, 4), 3: (4,), 4: (), 5: ()}

KEY_ADD = "user/index/add"
KEY_EDIT = "user/index/edit"
KEY_DELETE = "user/index/delete"
KEY_ASSIGN_ROLE = "user/index/assign_role"
KEY_ASSIGN_GROUP = "user/index/role_group/assign"
KEY_RESET_PASSWORD = "user/index/reset_password"
KEY_TEST_MAIL = "user/index/test_mail"
KEY_USERS_PAGE = "user/index"


# --- reading ------------------------------------------------------------------------------------------


async def get(db: AsyncSession, user_id: int) -> User | None:
    return await db.get(User, user_id)


async def get_by_account(db: AsyncSession, account: str) -> User | None:
    return await db.scalar(select(User).where(User.account == account))


async def account_taken(db: AsyncSession, account: str) -> bool:
    found = await db.scalar(select(User.id).where(func.lower(User.account) == account.lower()).limit(1))
    return found is not None


async def check_account_free(db: AsyncSession, account: str) -> None:
    if await account_taken(db, account):
        raise ApiError(Code.ALREADY_EXISTS, texts.ACCOUNT_TAKEN, field="account", values={"account": account})


def is_self(caller: Caller, user_id: int | None) -> bool:
    return user_id is None or user_id == caller.user_id


async def readable_user(db: AsyncSession, caller: Caller, user_id: int | None, key: str | None,
                        field: str = "userId") -> User:
    """The caller's own account, or (with ``key``) any user of its subtree, the acting user included."""
    if is_self(caller, user_id):
        return await _own_account(db, caller)
    if key is not None and not caller.holds(key):
        raise no_permission(LACKS_KEYS, keys=key)
    assert user_id is not None
    return await user_in_subtree(db, caller, user_id, field=field)


async def child_user(db: AsyncSession, caller: Caller, user_id: int, key: str | None,
                     field: str = "userId") -> User:
    """A user strictly below the caller's acting user (never the caller or its owner)."""
    if key is not None and not caller.holds(key):
        raise no_permission(LACKS_KEYS, keys=key)
    user = await user_in_subtree(db, caller, user_id, field=field)
    if user.id in (caller.user_id, caller.acting_user_id):
        raise no_permission(texts.NOT_YOUR_CHILD, field=field)
    return user


async def own_or_child(db: AsyncSession, caller: Caller, user_id: int | None, key: str) -> User:
    """The caller's own account (no key needed), or a child user when the caller holds ``key``."""
    if is_self(caller, user_id):
        return await _own_account(db, caller)
    assert user_id is not None
    return await child_user(db, caller, user_id, key)


async def _own_account(db: AsyncSession, caller: Caller) -> User:
    user = await db.get(User, caller.user_id)
    if user is None:
        raise ApiError(Code.SESSION_INVALID)
    return user


def search_levels(caller: Caller) -> tuple[int, ...]:
    return SEARCH_LEVELS.get(caller.acting_level, ())


# --- creating -----------------------------------------------------------------------------------------


async def create(
    db: AsyncSession,
    *,
    account: str,
    name: str,
    password: str | None = None,
    level_depth: int,
    parent: User | None,
    role_ids: list[int] | None = None,
    shadow_of: User | None = None,
    password_hash: str | None = None,
    **fields: object,
) -> User:
    """Insert a user under ``parent`` and give it its path; the caller checks the rules first.

    A shadow user hangs under its owner, with the owner's level (it acts as the owner)."""
    if shadow_of is not None:
        parent, level_depth = shadow_of, shadow_of.level_depth
    user = User(
        account=account,
        name=name,
        password_hash=password_hash or await hashed(password or secrets.token_urlsafe(16)),
        level_depth=level_depth,
        parent_id=parent.id if parent else None,
        path="/",
        type=TYPE_SHADOW if shadow_of else TYPE_USER,
        shadow_of_id=shadow_of.id if shadow_of else None,
        **fields,
    )
    db.add(user)
    try:
        await db.flush()
    except IntegrityError as exc:  # the account was taken between the check and the insert
        raise ApiError(Code.ALREADY_EXISTS, texts.ACCOUNT_TAKEN, field="account",
                       values={"account": account}) from exc
    user.path = f"{parent.path if parent else '/'}{user.id}/"
    await assign_roles(db, user.id, role_ids if role_ids is not None else [DEFAULT_ROLE_BY_LEVEL[level_depth]])
    await db.flush()
    return user


async def insert_user(db: AsyncSession, caller: Caller, body: InsertUserIn) -> User:
    """Create a child account under ``parentId`` (default the acting user), one level below it."""
    parent = (await user_in_subtree(db, caller, body.parentId, field="parentId") if body.parentId is not None
              else await _acting_user(db, caller))
    if parent.type != TYPE_USER:
        raise bad_parameter("parentId", texts.SHADOW_HAS_NO_CHILDREN)
    level = CHILD_LEVEL.get(parent.level_depth)
    if level is None:
        raise no_permission(texts.LEVEL_HAS_NO_CHILDREN, field="parentId", level=parent.level_depth)
    if body.levelDepth is not None and body.levelDepth != level:
        raise bad_parameter("levelDepth", texts.WRONG_CHILD_LEVEL, level=level, parent=parent.level_depth)
    await check_account_free(db, body.account)
    role_ids = body.roleIds if body.roleIds is not None else [DEFAULT_ROLE_BY_LEVEL[level]]
    await roles.check_roles_grantable(db, caller, role_ids, parent.path)
    if body.roleGroupId and not caller.holds(KEY_ASSIGN_GROUP):
        raise no_permission(LACKS_KEYS, field="roleGroupId", keys=KEY_ASSIGN_GROUP)
    user = await create(db, account=body.account, name=body.name, password=body.password, level_depth=level,
                        parent=parent, role_ids=role_ids, **contact_columns(body))
    if body.roleGroupId:
        await roles.set_user_group(db, caller, user, body.roleGroupId)
    await db.commit()
    return user


async def _acting_user(db: AsyncSession, caller: Caller) -> User:
    user = await db.get(User, caller.acting_user_id)
    if user is None:
        raise ApiError(Code.SESSION_INVALID)
    return user


def contact_columns(body: Any) -> dict[str, Any]:
    """The column values of the profile fields a body carries (unset fields are left out)."""
    names = {"phone": "phone", "email": "email", "emailToTask": "email_to_task",
             "emailToWarn": "email_to_warn", "emailToTaskReport": "email_to_task_report", "remark": "remark"}
    given = body.model_dump(exclude_unset=False)
    return {column: given[field] for field, column in names.items() if given.get(field) is not None}


# --- changing -----------------------------------------------------------------------------------------


def check_account_matches(user: User, account: str | None) -> None:
    if account not in (None, "", user.account):
        raise bad_parameter("account", texts.ACCOUNT_CANNOT_CHANGE)


def apply_profile(user: User, body: ProfileFields) -> None:
    if body.name is not None:
        user.name = body.name
    for column, value in contact_columns(body).items():
        setattr(user, column, value)
    user.updated_at = utcnow()


async def update_profile(db: AsyncSession, caller: Caller, body: UpdateUserInfoIn) -> User:
    """The caller's own profile, or a child's with the edit key; the account names the user and cannot change."""
    user = await own_or_child(db, caller, body.userId, KEY_EDIT)
    check_account_matches(user, body.account)
    apply_profile(user, body)
    await db.commit()
    return user


async def update_permission(db: AsyncSession, caller: Caller, body: UpdatePermissionIn) -> User:
    """Replace a child user's roles (with the assign-role key) and/or role group (with the assign-group key),
    within what the caller may grant; the route admits a caller holding either key."""
    user = await child_user(db, caller, body.userId, None)
    owner_keys = await shadow_owner_keys(db, user)
    if body.roleIds is not None:
        if not caller.holds(KEY_ASSIGN_ROLE):
            raise no_permission(LACKS_KEYS, field="roleIds", keys=KEY_ASSIGN_ROLE)
        current = await roles.role_ids_of_user(db, user.id)
        wanted = await roles.check_roles_grantable(db, caller, body.roleIds, user.path, already=current,
                                                   owner_keys=owner_keys)
        await assign_roles(db, user.id, wanted)
    if "roleGroupId" in body.model_fields_set:
        if not caller.holds(KEY_ASSIGN_GROUP):
            raise no_permission(LACKS_KEYS, field="roleGroupId", keys=KEY_ASSIGN_GROUP)
        await roles.set_user_group(db, caller, user, body.roleGroupId or None, owner_keys=owner_keys)
    await db.commit()
    return user


async def shadow_owner_keys(db: AsyncSession, user: User) -> frozenset[str] | None:
    """For a shadow user, the keys of its owner (its roles never go beyond them); None otherwise."""
    if user.shadow_of_id is None:
        return None
    owner = await db.get(User, user.shadow_of_id)
    return await roles.effective_keys(db, owner) if owner is not None else frozenset()
