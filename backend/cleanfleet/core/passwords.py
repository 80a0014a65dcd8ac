"""Password hashing with argon2id.

Parameters: OWASP's Password Storage Cheat Sheet's first Argon2id configuration (19 MiB of memory, 2 passes, one
lane): about 25 ms of CPU per check here, where argon2-cffi's default (64 MiB, 3 passes, 4 lanes) cost 200-250 ms,
the largest part of the way from pressing Enter on the sign-in page to the robot cards (bench/README.md, first
load) and of a sign-in storm's CPU. A hash keeps the parameters it was made with, so older hashes still verify;
each is replaced by one with these parameters at its account's next sign-in (``needs_rehash``).
"""

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError


def product_hasher() -> PasswordHasher:
    return PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)


_hasher = product_hasher()
# what an unknown account is checked against: a hash made once with the parameters above (written here, not made at
# each start: 25-45 ms of the start's CPU); tests/core/test_passwords.py keeps it in step with them
_DUMMY = "$argon2id$v=19$m=19456,t=2,p=1$xGLEud9fOGMrYEtUdfvMIg$KOzOyWObxS7xLExPNLiRnFdeLAHKL8KdfLQUhpVlCbk"


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    """Constant-ish time: an unknown account still costs one verification."""
    try:
        return _hasher.verify(password_hash or _DUMMY, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    """Whether a stored hash was made with other parameters than today's."""
    try:
        return _hasher.check_needs_rehash(password_hash)
    except InvalidHashError:
        return False


async def hashed(password: str) -> str:
    """argon2 takes about 25 ms of CPU: off the event loop, so other calls go on meanwhile."""
    return await asyncio.to_thread(hash_password, password)
