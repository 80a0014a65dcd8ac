"""Shadow users: extra sign-ins of an account that act as it (same subtree, same devices) with their own
roles, never beyond the owner's keys.

A shadow user hangs under its owner in the tree with the owner's level; it has no child users and
does not appear in the user lists. The owner (or an ancestor of the owner) manages its shadow users;
a shadow user can never manage shadow users (not even list them).
"""

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.errors import no_permission, not_found
from cleanfleet.roles import service as roles
from cleanfleet.storage import service as storage
from cleanfleet.users import service as users
from cleanfleet.users import texts
from cleanfleet.users.models import TYPE_SHADOW, TYPE_USER, User
from cleanfleet.users.schemas import ShadowInsertIn, ShadowUpdateIn
from cleanfleet.users.scope import user_in_subtree

KEY_LIST = "user/userShadow"
KEY_ADD = "user/userShadow/add"
KEY_EDIT = "user/userShadow/edit"
KEY_DELETE = "user/userShadow/delete"


def refuse_shadow_caller(caller: Caller) -> None:
    if caller.is_shadow:
        raise no_permission(texts.SHADOW_CANNOT_MANAGE)


async def owner_for_list(db: AsyncSession, caller: Caller, user_id: int | None) -> User:
    """Whose shadow users to list: the acting user, or an account of its subtree."""
    refuse_shadow_caller(caller)
    owner = await user_in_subtree(db, caller, user_id if user_id is not None else caller.acting_user_id)
    if owner.type != TYPE_USER:
        raise not_found(texts.USER_NOT_FOUND, field="userId", id=owner.id)
    return owner


async def shadow_user(db: AsyncSession, caller: Caller, user_id: int) -> User:
    """A shadow user whose owner lies in the caller's subtree."""
    refuse_shadow_caller(caller)
    user = await user_in_subtree(db, caller, user_id)
    if user.type != TYPE_SHADOW:
        raise not_found(texts.NOT_A_SHADOW, field="userId", id=user_id)
    return user


async def create_shadow(db: AsyncSession, caller: Caller, body: ShadowInsertIn) -> User:
    """A new shadow user of the caller, holding only the roles given (within the caller's keys)."""
    refuse_shadow_caller(caller)
    owner = await db.get(User, caller.acting_user_id)
    assert owner is not None
    await users.check_account_free(db, body.account)
    role_ids = await roles.check_roles_grantable(db, caller, body.roleIds or [], owner.path,
                                                 owner_keys=await roles.effective_keys(db, owner))
    user = await users.create(db, account=body.account, name=body.name, password=body.password,
                              level_depth=owner.level_depth, parent=owner, role_ids=role_ids, shadow_of=owner,
                              **users.contact_columns(body))
    await db.commit()
    return user


async def update_shadow(db: AsyncSession, caller: Caller, body: ShadowUpdateIn) -> User:
    user = await shadow_user(db, caller, body.userId)
    users.apply_profile(user, body)
    if body.roleIds is not None:
        current = await roles.role_ids_of_user(db, user.id)
        wanted = await roles.check_roles_grantable(db, caller, body.roleIds, user.path, already=current,
                                                   owner_keys=await users.shadow_owner_keys(db, user))
        await roles.assign_roles(db, user.id, wanted)
    await db.commit()
    return user


async def delete_shadow(db: AsyncSession, caller: Caller, user_id: int) -> list[str]:
    """Deletes the shadow user (its tokens go with it); answers the storage keys of its files."""
    user = await shadow_user(db, caller, user_id)
    keys = await storage.forget(db, await storage.files_of_owner(db, user.id))
    await db.delete(user)
    await db.commit()
    return keys
