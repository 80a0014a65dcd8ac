"""Who owes a second factor: the tenant policy on the person's path, the admin rule, and the factors the person has.

- **Require two factors.** A node (a dealer, a customer, any user of the tree) may require two factors for everyone
  in its branch. The effective rule is the strictest on the path from the root to the person: any node on it that
  requires two factors requires them (a node below cannot loosen it).
- **A passkey alone.** A node may allow (true) or forbid (false) signing in with a passkey alone, or say nothing
  (null: as the branch above says). A "no" anywhere on the path wins; else a "yes" on it allows; else no.
- **The admin account** (level 1) must enrol and use a second factor from its second sign-in on, unless the
  operator turns that off (CLEANFLEET_ADMIN_SECOND_FACTOR=false). Its first sign-in without a factor is recorded
  (``factor_admin_grace``), so that a purge of old sessions gives no second free pass.
"""

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.scope import ids_on_path
from cleanfleet.factors.models import AdminGrace, FactorPolicy, Passkey, RecoveryCode, TotpFactor
from cleanfleet.settings import Settings
from cleanfleet.users.models import LEVEL_ADMIN


@dataclass(frozen=True)
class Effective:
    require_two: bool
    passkey_alone: bool
    set_above: bool  # a node above the one asked about already requires two factors


async def effective(db: AsyncSession, path: str) -> Effective:
    """The policy in force at the node with this tree path (its own setting and every one above it)."""
    ids = ids_on_path(path)
    rows = {row.user_id: row for row in await db.scalars(select(FactorPolicy).where(FactorPolicy.user_id.in_(ids)))}
    above = [rows[i] for i in ids[:-1] if i in rows]
    chain = above + ([rows[ids[-1]]] if ids and ids[-1] in rows else [])
    alone = [row.passkey_alone for row in chain if row.passkey_alone is not None]
    return Effective(require_two=any(row.require_two for row in chain),
                     passkey_alone=bool(alone) and all(alone),
                     set_above=any(row.require_two for row in above))


@dataclass(frozen=True)
class Held:
    totp: bool
    passkeys: int
    recovery_left: int

    @property
    def any(self) -> bool:
        return self.totp or self.passkeys > 0

    def methods(self) -> tuple[str, ...]:
        found = (("totp",) if self.totp else ()) + (("webauthn",) if self.passkeys else ())
        return found + (("recovery",) if found and self.recovery_left else ())


async def held(db: AsyncSession, user_id: int) -> Held:
    totp = await db.scalar(select(TotpFactor.user_id).where(
        TotpFactor.user_id == user_id, TotpFactor.confirmed_at.is_not(None)))
    passkeys = await db.scalar(select(func.count()).select_from(Passkey).where(Passkey.user_id == user_id))
    left = await db.scalar(select(func.count()).select_from(RecoveryCode).where(
        RecoveryCode.user_id == user_id, RecoveryCode.used_at.is_(None)))
    return Held(totp=totp is not None, passkeys=passkeys or 0, recovery_left=left or 0)


async def admin_rule(db: AsyncSession, user_id: int, level_depth: int, settings: Settings, *,
                     use_grace: bool) -> bool:
    """True when the admin rule requires a factor of this person now. ``use_grace``: this is a sign-in, so the
    admin's one sign-in without a factor is spent (recorded in the caller's transaction)."""
    if level_depth != LEVEL_ADMIN or not settings.admin_second_factor:
        return False
    if await db.get(AdminGrace, user_id) is not None:
        return True
    if use_grace:
        db.add(AdminGrace(user_id=user_id))
    return False


async def required(db: AsyncSession, user_id: int, path: str, level_depth: int, settings: Settings) -> bool:
    """Does this person have to keep a second factor (the branch's policy, or the admin rule once its free sign-in
    is spent)? Nothing is written."""
    if (await effective(db, path)).require_two:
        return True
    return await admin_rule(db, user_id, level_depth, settings, use_grace=False)
