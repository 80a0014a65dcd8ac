"""Device type images, kept through the storage layer (public: shown by <img src> at /api/storage/<id>).

Checked from the content with the avatar's image rule (one PNG, JPEG, GIF or WebP of at most 2 MB), decoded off the
event loop under the uploader's and the server's limit for uploaded files (``core/heavy.py``).
"""

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.heavy import run_heavy
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Store
from cleanfleet.users.avatar import MAX_AVATAR_BYTES, check_image

MAX_IMAGE_BYTES = MAX_AVATAR_BYTES
KIND = "device-types"


async def save_image(db: AsyncSession, store: Store, caller: Caller, data: bytes) -> str:
    """Stores an image (flushed, not committed); answers the URL the console shows it from."""
    info = await run_heavy(caller.user_id, "file", check_image, data)
    stored = await storage.save(db, store, data, kind=KIND, extension=info.extension, content_type=info.content_type,
                                owner_user_id=None, public=True)
    return storage.public_url(stored)


def is_own_image(url: str) -> bool:
    return storage.file_id_of_url(url) is not None


async def forget_image(db: AsyncSession, url: str) -> list[str]:
    """Drops a type image's record; answers the keys whose bytes to delete after the commit."""
    file_id = storage.file_id_of_url(url)
    stored = await storage.get(db, file_id) if file_id else None
    if stored is None or stored.kind != KIND:
        return []
    return await storage.forget(db, [stored])
