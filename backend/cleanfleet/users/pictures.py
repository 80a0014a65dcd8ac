"""A user's pictures: the avatar and the pad customisation (logo, colours), for the caller or a child."""


from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import bad_parameter, no_permission
from cleanfleet.core.texts import LACKS_KEYS
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Store
from cleanfleet.users import texts
from cleanfleet.users.models import LEVEL_DEALER, TYPE_USER, User
from cleanfleet.users.schemas import (
    PadConfig,
)
from cleanfleet.users.service import KEY_EDIT, _acting_user, check_account_matches, child_user, own_or_child


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
