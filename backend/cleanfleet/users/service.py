"""The rules of the user tree: who may create, read, change and delete which account.

Levels: 1 admin, 2 dealer, 3 user, 4 sub-user, 5 sub-sub-user. A parent creates exactly the next
level (admin → dealer, dealer → user, user → sub-user; a sub-user creates none). Admin and dealers
may pick the parent anywhere in their subtree (``parentId``), so an admin can create a user under
one of its dealers; the new account's level is always its parent's plus one.

Every target lies in the caller's subtree (of the acting user, for a shadow user). Reads accept
the acting user itself; writes on another account need a *child*: strictly below the acting user.
A caller's own account needs no key for its own profile, password, avatar, pad and test mail.
"""

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, literal, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth import throttle
from cleanfleet.auth.models import Token
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, no_permission
from cleanfleet.core.language import caller_language
from cleanfleet.core.passwords import hash_password, verify_password
from cleanfleet.core.retention import purge_older_than
from cleanfleet.core.scope import path_prefix
from cleanfleet.core.texts import LACKS_KEYS
from cleanfleet.roles import service as roles
from cleanfleet.roles.catalogue import DEFAULT_ROLE_BY_LEVEL
from cleanfleet.roles.models import Role, RoleGroup
from cleanfleet.roles.service import assign_roles
from cleanfleet.settings import Settings
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Store
from cleanfleet.users import texts
from cleanfleet.users.models import LEVEL_ADMIN, LEVEL_DEALER, TYPE_SHADOW, TYPE_USER, User
from cleanfleet.users.schemas import (
    DeleteUserIn,
    InsertUserIn,
    PadConfig,
    ProfileFields,
    UpdatePermissionIn,
    UpdateUserInfoIn,
    UserTarget,
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


# --- records other domains keep per user -------------------------------------------------------------


@dataclass(frozen=True)
class OwnedRecords:
    """How a domain counts a user's records (devices...) and moves them to another user."""

    count: Callable[[AsyncSession, int], Awaitable[int]]
    move: Callable[[AsyncSession, int, User], Awaitable[int]]


_owned: dict[str, OwnedRecords] = {}


def register_owned_records(name: str, count: Callable[[AsyncSession, int], Awaitable[int]],
                           move: Callable[[AsyncSession, int, User], Awaitable[int]]) -> None:
    """A domain whose records belong to a user registers here, so deleting that user moves them
    (``moveToUserId``) or is refused while they exist: ``register_owned_records("devices", count, move)``.
    ``move(db, from_user_id, to_user)`` runs inside the delete's transaction and must not commit."""
    _owned[name] = OwnedRecords(count, move)


def register_owned_named_records(name: str, model: Any) -> None:
    """``register_owned_records`` for a table of named records with a ``user_id`` owner (device groups,
    elevators): a deleted user's records go to its heir, and a name the heir already uses gets the old owner's
    id added, so a per-owner unique name stays unique."""

    async def count(db: AsyncSession, user_id: int) -> int:
        return await db.scalar(select(func.count()).select_from(model).where(model.user_id == user_id)) or 0

    async def move(db: AsyncSession, from_user_id: int, to_user: User) -> int:
        taken = set(await db.scalars(select(model.name).where(model.user_id == to_user.id)))
        moved = list(await db.scalars(select(model).where(model.user_id == from_user_id)))
        for record in moved:
            if record.name in taken:
                record.name = f"{record.name[:50]} (#{from_user_id})"
            record.user_id = to_user.id
        await db.flush()
        return len(moved)

    register_owned_records(name, count, move)


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


async def hashed(password: str) -> str:
    """argon2 takes about 25 ms of CPU (core/passwords.py): off the event loop, so other calls go on meanwhile."""
    return await asyncio.to_thread(hash_password, password)


async def set_password(db: AsyncSession, user: User, password: str) -> None:
    user.password_hash = await hashed(password)
    user.updated_at = utcnow()
    await db.flush()


async def revoke_tokens(db: AsyncSession, user_id: int, *, keep_token_hash: str | None = None) -> int:
    query = update(Token).where(Token.user_id == user_id, Token.revoked_at.is_(None))
    if keep_token_hash is not None:
        query = query.where(Token.token_hash != keep_token_hash)
    result = await db.execute(query.values(revoked_at=utcnow()))
    return result.rowcount or 0  # type: ignore[attr-defined]


async def change_own_password(db: AsyncSession, caller: Caller, *, user_id: int | None, account: str | None,
                              old: str, new: str, settings: Settings) -> int:
    """The caller's own password, after checking the current one (throttled like a sign-in: a stolen token
    must not guess it); signs out its other sessions."""
    if not is_self(caller, user_id):
        raise no_permission(texts.OWN_PASSWORD_ONLY, field="userId")
    user = await _own_account(db, caller)
    check_account_matches(user, account)
    if old == new:
        raise bad_parameter("newPassword", texts.SAME_PASSWORD)
    attempts = throttle.password_counter(user.id, settings)
    await throttle.reserve(db, [attempts], settings)
    if not await asyncio.to_thread(verify_password, user.password_hash, old):
        raise ApiError(Code.WRONG_CREDENTIALS, texts.WRONG_CURRENT_PASSWORD, field="password")
    await throttle.succeeded(db, clear=[attempts])
    await set_password(db, user, new)
    signed_out = await revoke_tokens(db, user.id, keep_token_hash=caller.token_hash)
    await db.commit()
    return signed_out


async def reset_initial_password(db: AsyncSession, caller: Caller, user_id: int, password: str | None) -> tuple[
        User, str]:
    """Give a child user a new initial password (random when none is given) and sign it out."""
    user = await child_user(db, caller, user_id, KEY_RESET_PASSWORD)
    password = password or initial_password()
    await set_password(db, user, password)
    await revoke_tokens(db, user.id)
    await db.commit()
    return user, password


def initial_password() -> str:
    """Ten characters of letters and digits, with at least one of each."""
    alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    while True:
        candidate = "".join(secrets.choice(alphabet) for _ in range(10))
        if any(c.isdigit() for c in candidate) and any(c.isalpha() for c in candidate):
            return candidate


async def pad_owner(db: AsyncSession, caller: Caller, user_id: int | None) -> User:
    """The dealer whose pad customisation the caller changes: the dealer itself; its shadow users and its
    ancestors need the edit key."""
    if user_id is None or user_id in (caller.user_id, caller.acting_user_id):
        if caller.is_shadow and not caller.holds(KEY_EDIT):
            raise no_permission(LACKS_KEYS, keys=KEY_EDIT)
        user = await _acting_user(db, caller)
    else:
        user = await child_user(db, caller, user_id, KEY_EDIT)
    if user.level_depth != LEVEL_DEALER or user.type != TYPE_USER:
        raise no_permission(texts.PAD_DEALERS_ONLY, field="userId")
    return user


async def set_pad_config(db: AsyncSession, caller: Caller, user_id: int | None, config: PadConfig) -> list[str]:
    """A dealer's pad customisation. Its uploaded pad images that the new one does not use are forgotten:
    answers their storage keys, to delete once the change is committed."""
    user = await pad_owner(db, caller, user_id)
    user.pad_config = config.model_dump()
    user.updated_at = utcnow()
    used = {storage.file_id_of_url(url) for url in config.images.model_dump().values()}
    stale = [file for file in await storage.files_of_owner(db, user.id, kind=PAD_KIND) if file.id not in used]
    keys = await storage.forget(db, stale)
    await db.commit()
    return keys


async def set_head_picture(db: AsyncSession, store: Store, caller: Caller, *, user_id: int | None,
                           account: str | None, url: str) -> tuple[User, list[str]]:
    """Point the user's avatar at one of its uploaded avatars; its other avatar files go. An empty url is refused
    naming ``url`` (product-spec: "Avatar: an image must be chosen first").

    Answers the storage keys to delete once the change is committed."""
    user = await own_or_child(db, caller, user_id, KEY_EDIT)
    check_account_matches(user, account)
    url = url.strip()
    if not url:
        raise bad_parameter("url", texts.CHOOSE_PICTURE)
    keep_id = storage.file_id_of_url(url)
    if keep_id is None:
        raise bad_parameter("url", texts.NOT_AN_AVATAR)
    avatars = await storage.files_of_owner(db, user.id, kind=AVATAR_KIND)
    if keep_id is not None and keep_id not in {file.id for file in avatars}:
        raise bad_parameter("url", texts.NOT_THIS_USERS_AVATAR)
    user.url = url
    user.updated_at = utcnow()
    keys = await storage.forget(db, [file for file in avatars if file.id != keep_id])
    await db.commit()
    return user, keys


AVATAR_KIND = "avatar"
PAD_KIND = "pad"


# --- signing out and clearing data ---------------------------------------------------------------------


async def target_user_id(db: AsyncSession, caller: Caller, body: UserTarget, child_key: str,
                         default: int | None = None) -> int:
    """The caller itself (or ``default``), or a user strictly below the acting user with ``child_key``.

    A shadow user's owner is not "itself": reaching the owner takes the child key and is refused.
    """
    if body.userId is None:
        return default or caller.user_id
    if body.userId == caller.user_id:
        return caller.user_id
    if not caller.holds(child_key):
        raise no_permission(LACKS_KEYS, field="userId", keys=child_key)
    user = await user_in_subtree(db, caller, body.userId, field="userId")
    if user.id == caller.acting_user_id:
        raise no_permission(texts.ACTING_USER, field="userId")
    return user.id


async def clear_old_data(db: AsyncSession, caller: Caller, user_id: int, age: timedelta) -> tuple[dict[str, int],
                                                                                                 datetime]:
    """Purge the subtree's records older than ``age``; answers the counts by kind and the cut-off."""
    user = await user_in_subtree(db, caller, user_id, field="userId")
    before = utcnow() - age
    removed = await purge_older_than(db, user.path, before)
    await db.commit()
    return removed, before


# --- deleting -----------------------------------------------------------------------------------------


@dataclass
class Deleted:
    user_id: int
    moved_to: int | None
    moved: dict[str, int]
    deleted_shadows: int
    file_keys: list[str]


async def child_count(db: AsyncSession, user_id: int) -> int:
    query = select(func.count()).select_from(User).where(User.parent_id == user_id, User.type == TYPE_USER)
    return await db.scalar(query) or 0


async def delete_user(db: AsyncSession, caller: Caller, body: DeleteUserIn) -> Deleted:
    """Delete a child user. Its child users and records move to ``moveToUserId`` (a user of the same
    level in the caller's subtree, outside the deleted one's), or the delete is refused while any exist.
    Its shadow users are deleted with it; the roles and role groups it owned go to the new parent."""
    user = await child_user(db, caller, body.userId, KEY_DELETE)
    if user.type != TYPE_USER:
        raise bad_parameter("userId", texts.IS_SHADOW_USER)
    target = await _move_target(db, caller, user, body.moveToUserId) if body.moveToUserId is not None else None
    counts = {"users": await child_count(db, user.id)}
    for name, owned in sorted(_owned.items()):
        counts[name] = await owned.count(db, user.id)
    if target is None and any(counts.values()):
        raise ApiError(Code.CONFLICT, texts.STILL_HOLDS, field="moveToUserId", values={"held": held_text(counts)},
                       data=counts)
    moved: dict[str, int] = {}
    if target is not None:
        moved = await _move_subtree(db, user, target, counts)
    shadows = list(await db.scalars(select(User).where(User.shadow_of_id == user.id)))
    file_keys: list[str] = []
    for gone in [*shadows, user]:
        file_keys += await storage.forget(db, await storage.files_of_owner(db, gone.id))
        await db.delete(gone)
        await db.flush()
    await db.commit()
    return Deleted(user.id, target.id if target else None, moved, len(shadows), file_keys)


def held_text(counts: dict[str, int]) -> str:
    """What a user still holds ("2 个下级用户, 3 台设备"), in the caller's language."""
    language = caller_language()
    joiner = {"zh-CN": "、", "ja": "、", "ar": "، "}.get(language, ", ")
    return joiner.join(texts.HELD[name].render(language, {"count": count}) if name in texts.HELD
                       else f"{count} {name}" for name, count in counts.items() if count)


async def _move_target(db: AsyncSession, caller: Caller, user: User, target_id: int) -> User:
    target = await user_in_subtree(db, caller, target_id, field="moveToUserId")
    if target.type != TYPE_USER or target.path.startswith(user.path):
        raise bad_parameter("moveToUserId", texts.MOVE_TARGET_OUTSIDE)
    if target.level_depth != user.level_depth:
        raise bad_parameter("moveToUserId", texts.MOVE_TARGET_LEVEL, level=user.level_depth)
    return target


async def _move_subtree(db: AsyncSession, user: User, target: User, counts: dict[str, int]) -> dict[str, int]:
    """Re-parent the children (rewriting the paths of the whole subtree) and move every owned record."""
    moved = {"users": counts["users"]}
    for name, owned in sorted(_owned.items()):
        moved[name] = await owned.move(db, user.id, target)
    below = path_prefix(User.path, user.path)
    await db.execute(update(User).where(User.parent_id == user.id, User.type == TYPE_USER)
                     .values(parent_id=target.id))
    await db.execute(update(User).where(below, User.id != user.id, User.shadow_of_id.is_distinct_from(user.id))
                     .values(path=literal(target.path) + func.substr(User.path, len(user.path) + 1))
                     .execution_options(synchronize_session=False))
    await db.execute(update(Role).where(Role.user_id == user.id).values(user_id=target.id))
    await db.execute(update(RoleGroup).where(RoleGroup.user_id == user.id).values(user_id=target.id))
    return moved


# --- the admin account --------------------------------------------------------------------------------


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
