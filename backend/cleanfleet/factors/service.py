"""A person's own factors (the "Two factors" page) and the branch policy. Each function that changes data commits
once, at its end, after every check (a throttled code's attempt is committed by the throttle before it is checked).

The factor steps shared with the sign-in's enrolment (factors/signin.py) take the person's ``User``; the calls of a
signed-in person are session-only (``SessionDep``: an API token never manages factors).
"""

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth import service as auth
from cleanfleet.auth import throttle
from cleanfleet.auth.service import SignInContext
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, not_found
from cleanfleet.core.sealed import seal, unseal
from cleanfleet.factors import codes, passkeys, policy, texts, tickets
from cleanfleet.factors.models import CHALLENGE_REGISTER, FactorPolicy, Passkey, RecoveryCode, TotpFactor
from cleanfleet.factors.schemas import (
    MAX_PASSKEYS,
    RECOVERY_CODES,
    Confirm,
    Options,
    PasskeyOut,
    PolicyOut,
    StatusOut,
    TotpStart,
)
from cleanfleet.sessions import events
from cleanfleet.settings import Settings
from cleanfleet.users import service as users
from cleanfleet.users.models import User
from cleanfleet.users.scope import user_in_subtree


async def person(db: AsyncSession, caller: Caller) -> User:
    user = await users.get(db, caller.user_id)
    assert user is not None
    return user


def record_event(db: AsyncSession, kind: str, user: User, context: SignInContext, method: str | None = None,
           by_user_id: int | None = None) -> None:
    events.record(db, kind, user_id=user.id, account=user.account, method=method, address=context.address,
                  user_agent=context.user_agent, by_user_id=by_user_id)


def passkey_out(row: Passkey) -> PasskeyOut:
    return PasskeyOut(id=row.id, name=row.name, createdAt=row.created_at.isoformat(),
                      lastUsedAt=row.last_used_at.isoformat() if row.last_used_at else None, synced=row.discoverable)


async def status(db: AsyncSession, user: User, settings: Settings) -> StatusOut:
    totp = await db.get(TotpFactor, user.id)
    have = await policy.held(db, user.id)
    rows = await db.scalars(select(Passkey).where(Passkey.user_id == user.id).order_by(Passkey.id))
    return StatusOut(
        totp=have.totp, totpSince=totp.confirmed_at.isoformat() if totp and totp.confirmed_at else None,
        recoveryLeft=have.recovery_left if have.any else 0, passkeys=[passkey_out(row) for row in rows],
        required=await policy.required(db, user.id, user.path, user.level_depth, settings),
        passkeyAlone=(await policy.effective(db, user.path)).passkey_alone, hasPassword=bool(user.password_hash))


# -- the authenticator app ---------------------------------------------------------------------------------------

async def start_totp(db: AsyncSession, user: User, settings: Settings) -> TotpStart:
    """A new secret, not on until one code checks (confirm_totp); a set-up begun earlier is replaced."""
    row = await db.get(TotpFactor, user.id)
    if row is not None and row.confirmed_at is not None:
        raise ApiError(Code.CONFLICT, texts.TOTP_ALREADY_ON)
    secret = codes.new_secret()
    sealed = seal(settings, codes.SEAL_PURPOSE, secret)
    if row is None:
        db.add(TotpFactor(user_id=user.id, secret_sealed=sealed))
    else:
        row.secret_sealed, row.created_at, row.last_step = sealed, utcnow(), None
    uri = codes.provisioning_uri(secret, user.account)
    await db.commit()
    return TotpStart(secret=secret, uri=uri, qrSvg=codes.qr_svg(uri))


async def confirm_totp(db: AsyncSession, user: User, code: str, context: SignInContext,
                       settings: Settings) -> list[str] | None:
    """Turns the app on once ``code`` checks (throttled); answers ten recovery codes when it is the person's first
    factor. The caller commits (a sign-in's enrolment issues its session in the same commit)."""
    row = await db.get(TotpFactor, user.id)
    if row is None or row.confirmed_at is not None:
        raise ApiError(Code.CONFLICT, texts.TOTP_NOT_STARTED, field="code")
    if not codes.is_totp_code(code):
        raise bad_parameter("code", texts.CODE_FORMAT)
    first = not (await policy.held(db, user.id)).any
    counted = tickets.counters(user.id, context.address, settings)
    await throttle.reserve(db, counted, settings)
    secret = unseal(settings, codes.SEAL_PURPOSE, row.secret_sealed)
    step = codes.matching_step(secret, code, utcnow(), None) if secret else None
    if step is None:
        record_event(db, "second_factor_failed", user, context, "totp")
        await db.commit()
        raise ApiError(Code.WRONG_CREDENTIALS, texts.CODE_WRONG, field="code")
    await throttle.succeeded(db, clear=counted[1:], give_back=counted[:1])
    row.confirmed_at, row.last_step = utcnow(), step
    record_event(db, "factor_added", user, context, "totp")
    return await make_recovery_codes(db, user, context) if first else None


async def turn_on_totp(db: AsyncSession, user: User, code: str, context: SignInContext,
                       settings: Settings) -> list[str] | None:
    """confirm_totp for a signed-in person, committed."""
    made = await confirm_totp(db, user, code, context, settings)
    await db.commit()
    return made


async def remove_totp(db: AsyncSession, user: User, body: Confirm, context: SignInContext,
                      settings: Settings) -> None:
    row = await db.get(TotpFactor, user.id)
    if row is None or row.confirmed_at is None:
        raise not_found(texts.TOTP_NOT_ON)
    await confirm_person(db, user, body, context, settings)
    await _keep_one_if_required(db, user, settings, dropping_totp=True)
    await db.delete(row)
    record_event(db, "factor_removed", user, context, "totp")
    await _drop_recovery_if_none_left(db, user)
    await db.commit()


# -- recovery codes and confirming a change -----------------------------------------------------------------------

async def make_recovery_codes(db: AsyncSession, user: User, context: SignInContext) -> list[str]:
    """Ten new codes replace the old ones (shown once; only their hashes kept). The caller commits."""
    await db.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))
    made = codes.new_recovery_codes(RECOVERY_CODES)
    db.add_all([RecoveryCode(user_id=user.id, code_hash=codes.recovery_hash(code)) for code in made])
    record_event(db, "recovery_codes_made", user, context)
    return made


async def regenerate_recovery(db: AsyncSession, user: User, body: Confirm, context: SignInContext,
                              settings: Settings) -> list[str]:
    if not (await policy.held(db, user.id)).any:
        raise ApiError(Code.CONFLICT, texts.NO_FACTOR_YET)
    await confirm_person(db, user, body, context, settings)
    made = await make_recovery_codes(db, user, context)
    await db.commit()
    return made


async def check_code(db: AsyncSession, user: User, code: str, context: SignInContext, settings: Settings) -> str:
    """A current authenticator code or an unused recovery code of this person (throttled as passwords are);
    answers which ("totp" or "recovery"); a recovery code is spent. WRONG_CREDENTIALS naming ``code`` otherwise
    (the failure is recorded and committed). The caller commits a success."""
    code = code.strip()
    is_totp, is_recovery = codes.is_totp_code(code), codes.is_recovery_code(code)
    if not is_totp and not is_recovery:
        raise bad_parameter("code", texts.CODE_FORMAT)
    counted = tickets.counters(user.id, context.address, settings)
    await throttle.reserve(db, counted, settings)
    method = "totp" if is_totp else "recovery"
    if is_totp:
        row = await db.get(TotpFactor, user.id)
        secret = unseal(settings, codes.SEAL_PURPOSE, row.secret_sealed) if row and row.confirmed_at else None
        step = codes.matching_step(secret, code, utcnow(), row.last_step) if secret and row else None
        matched = step is not None and await _take_step(db, user.id, step)
    else:
        matched = await _spend_recovery(db, user.id, code)
    if not matched:
        record_event(db, "second_factor_failed", user, context, method)
        await db.commit()
        raise ApiError(Code.WRONG_CREDENTIALS, texts.CODE_WRONG, field="code")
    await throttle.succeeded(db, clear=counted[1:], give_back=counted[:1])
    if method == "recovery":
        record_event(db, "recovery_code_used", user, context, method)
    return method


async def _take_step(db: AsyncSession, user_id: int, step: int) -> bool:
    """Keeps the step a code was taken at; False when a code of it (or later) was taken meanwhile (a replay)."""
    result = await db.execute(update(TotpFactor).where(
        TotpFactor.user_id == user_id, (TotpFactor.last_step.is_(None)) | (TotpFactor.last_step < step))
        .values(last_step=step))
    return bool(result.rowcount)  # type: ignore[attr-defined]


async def _spend_recovery(db: AsyncSession, user_id: int, code: str) -> bool:
    result = await db.execute(update(RecoveryCode).where(
        RecoveryCode.user_id == user_id, RecoveryCode.code_hash == codes.recovery_hash(code),
        RecoveryCode.used_at.is_(None)).values(used_at=utcnow()))
    return bool(result.rowcount)  # type: ignore[attr-defined]


async def confirm_person(db: AsyncSession, user: User, body: Confirm, context: SignInContext,
                         settings: Settings) -> None:
    """A weakening change asks again: the account's password (throttled like a password change) or a code."""
    if body.password:
        counted = [throttle.password_counter(user.id, settings)]
        await throttle.reserve(db, counted, settings)
        if not await auth.password_matches(user, body.password):
            raise ApiError(Code.WRONG_CREDENTIALS, texts.CONFIRM_WRONG, field="password")
        await throttle.succeeded(db, clear=counted)
    elif body.code:
        await check_code(db, user, body.code, context, settings)
    else:
        raise bad_parameter("password", texts.CONFIRM_NEEDED)


async def _keep_one_if_required(db: AsyncSession, user: User, settings: Settings, *, dropping_totp: bool = False,
                                dropping_passkey: bool = False) -> None:
    have = await policy.held(db, user.id)
    left = (have.totp and not dropping_totp) or have.passkeys - (1 if dropping_passkey else 0) > 0
    if not left and await policy.required(db, user.id, user.path, user.level_depth, settings):
        raise ApiError(Code.CONFLICT, texts.LAST_FACTOR_REQUIRED)


async def _drop_recovery_if_none_left(db: AsyncSession, user: User) -> None:
    """Recovery codes stand in for a factor: with no factor left, they go too. The caller commits."""
    await db.flush()
    if not (await policy.held(db, user.id)).any:
        await db.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))


# -- passkeys ------------------------------------------------------------------------------------------------------

async def passkey_options(db: AsyncSession, user: User, party: passkeys.Party) -> Options:
    existing = list(await db.scalars(select(Passkey).where(Passkey.user_id == user.id)))
    if len(existing) >= MAX_PASSKEYS:
        raise ApiError(Code.CONFLICT, texts.TOO_MANY_PASSKEYS, values={"limit": MAX_PASSKEYS})
    options, challenge = passkeys.registration_options(party, user_id=user.id, account=user.account,
                                                       name=user.name, existing=existing)
    handle = await tickets.new_challenge(db, user.id, CHALLENGE_REGISTER, challenge, party.rp_id)
    await db.commit()
    return Options(handle=handle, options=options)


async def add_passkey(db: AsyncSession, user: User, party: passkeys.Party, *, name: str, handle: str,
                      credential: str, context: SignInContext) -> tuple[Passkey, list[str] | None]:
    """Registers the browser's new credential under ``name``; ten recovery codes when it is the first factor. The
    caller commits."""
    await _name_free(db, user.id, name)
    challenge = await tickets.take_challenge(db, handle, CHALLENGE_REGISTER, user.id)
    if challenge.rp_id != party.rp_id:
        raise ApiError(Code.CODE_EXPIRED, texts.CHALLENGE_GONE, field="handle")
    made = passkeys.verify_registration(party, credential, challenge.challenge)
    if await db.scalar(select(Passkey.id).where(Passkey.credential_id == made.credential_id)) is not None:
        raise bad_parameter("credential", texts.PASSKEY_REFUSED)
    first = not (await policy.held(db, user.id)).any
    row = Passkey(user_id=user.id, name=name, credential_id=made.credential_id, public_key=made.public_key,
                  rp_id=party.rp_id, sign_count=made.sign_count, transports=made.transports,
                  discoverable=made.synced)
    db.add(row)
    await db.flush()
    record_event(db, "factor_added", user, context, "webauthn")
    return row, await make_recovery_codes(db, user, context) if first else None


async def register_passkey(db: AsyncSession, user: User, party: passkeys.Party, *, name: str, handle: str,
                           credential: str, context: SignInContext) -> tuple[Passkey, list[str] | None]:
    """add_passkey for a signed-in person, committed."""
    row, made = await add_passkey(db, user, party, name=name, handle=handle, credential=credential, context=context)
    await db.commit()
    return row, made


async def _name_free(db: AsyncSession, user_id: int, name: str, but: int | None = None) -> None:
    taken = await db.scalar(select(func.count()).select_from(Passkey).where(
        Passkey.user_id == user_id, func.lower(Passkey.name) == name.lower(), Passkey.id != (but or 0)))
    if taken:
        raise ApiError(Code.ALREADY_EXISTS, texts.PASSKEY_NAME_TAKEN, field="name", values={"name": name})


async def _own_passkey(db: AsyncSession, user: User, passkey_id: int) -> Passkey:
    row = await db.get(Passkey, passkey_id)
    if row is None or row.user_id != user.id:
        raise not_found(texts.PASSKEY_NOT_FOUND, field="id", id=passkey_id)
    return row


async def rename_passkey(db: AsyncSession, user: User, passkey_id: int, name: str) -> PasskeyOut:
    row = await _own_passkey(db, user, passkey_id)
    await _name_free(db, user.id, name, but=row.id)
    row.name = name
    await db.commit()
    return passkey_out(row)


async def remove_passkey(db: AsyncSession, user: User, passkey_id: int, context: SignInContext,
                         settings: Settings) -> None:
    row = await _own_passkey(db, user, passkey_id)
    await _keep_one_if_required(db, user, settings, dropping_passkey=True)
    await db.delete(row)
    record_event(db, "factor_removed", user, context, "webauthn")
    await _drop_recovery_if_none_left(db, user)
    await db.commit()


# -- the branch policy ---------------------------------------------------------------------------------------------

async def policy_of(db: AsyncSession, caller: Caller, user_id: int | None) -> PolicyOut:
    node = await user_in_subtree(db, caller, user_id or caller.acting_user_id)
    row = await db.get(FactorPolicy, node.id)
    found = await policy.effective(db, node.path)
    return PolicyOut(userId=node.id, requireTwo=bool(row and row.require_two),
                     passkeyAlone=row.passkey_alone if row else None, effectiveRequireTwo=found.require_two,
                     effectivePasskeyAlone=found.passkey_alone, setAbove=found.set_above)


async def set_policy(db: AsyncSession, caller: Caller, user_id: int | None, require_two: bool,
                     passkey_alone: bool | None) -> PolicyOut:
    """The node's own word (a node of the caller's subtree, its own by default); a node above may still be
    stricter (the effective policy is the strictest on the path)."""
    node = await user_in_subtree(db, caller, user_id or caller.acting_user_id)
    row = await db.get(FactorPolicy, node.id)
    if row is None:
        db.add(FactorPolicy(user_id=node.id, require_two=require_two, passkey_alone=passkey_alone,
                            updated_by=caller.user_id))
    else:
        row.require_two, row.passkey_alone, row.updated_by = require_two, passkey_alone, caller.user_id
    await db.commit()
    return await policy_of(db, caller, node.id)
