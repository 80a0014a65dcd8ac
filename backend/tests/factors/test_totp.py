"""Authenticator apps (issue 50 item 5): enrol with a QR code, one code checked before it is on, ten single-use
recovery codes shown once, codes throttled as passwords are, and the second step's ticket single use and short."""

from datetime import timedelta

from sqlalchemy import select, update

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.factors.models import FactorTicket, RecoveryCode, TotpFactor
from cleanfleet.roles.catalogue import ROLE_USER
from tests.factors.conftest import code_at, owed, turn_on_totp


async def test_enrol_confirm_and_sign_in_with_the_apps_code(make_user, signed_in, fresh, db):
    user, password = await make_user(3, roles=[ROLE_USER])
    api = await signed_in(user, password)  # no factor yet: the password alone signs in
    start = await api.call("/factors/totp/start")
    assert start.code == 0
    secret = start.data["secret"]
    assert start.data["uri"].startswith("otpauth://totp/CleanFleet:") and f"secret={secret}" in start.data["uri"]
    assert start.data["qrSvg"].lstrip().startswith("<svg")
    assert not (await api.call("/factors/status")).data["totp"]  # not on before a code checks
    wrong = await api.call("/factors/totp/confirm", {"code": "000000" if code_at(secret) != "000000" else "111111"})
    assert wrong.code == Code.WRONG_CREDENTIALS and wrong.field == "code"
    confirmed = await api.call("/factors/totp/confirm", {"code": code_at(secret)})
    assert confirmed.code == 0
    recovery = confirmed.data["recoveryCodes"]
    assert len(recovery) == 10 and len(set(recovery)) == 10
    status = (await api.call("/factors/status")).data
    assert status["totp"] and status["recoveryLeft"] == 10
    stored = (await db.scalars(select(TotpFactor.secret_sealed).where(TotpFactor.user_id == user.id))).one()
    assert secret not in stored  # sealed at rest
    hashes = set(await db.scalars(select(RecoveryCode.code_hash).where(RecoveryCode.user_id == user.id)))
    assert not hashes & set(recovery)  # only hashes kept

    second = fresh()
    step = await owed(second, user.account, password)
    assert step["methods"] == ["totp", "recovery"]
    assert (await second.call("/getLanguage")).code == Code.SESSION_INVALID  # a ticket is no session
    bad = await second.call("/factors/verify", {"ticket": step["ticket"], "code": "12345"})
    assert bad.code == Code.BAD_PARAMETER and bad.field == "code"
    done = await second.call("/factors/verify", {"ticket": step["ticket"], "code": code_at(secret, 30)})
    assert done.code == 0, done.body
    assert done.data["account"] == user.account and done.data["token"]
    second.token = done.data["token"]
    assert (await second.call("/getLanguage")).code == 0

    third = fresh()
    again = await owed(third, user.account, password)
    replay = await third.call("/factors/verify", {"ticket": again["ticket"], "code": code_at(secret, 30)})
    assert replay.code == Code.WRONG_CREDENTIALS  # a code is taken once


async def test_a_recovery_code_signs_in_once(make_user, signed_in, fresh):
    user, password = await make_user(3, roles=[ROLE_USER])
    _secret, recovery = await turn_on_totp(await signed_in(user, password))
    first = fresh()
    step = await owed(first, user.account, password)
    done = await first.call("/factors/verify", {"ticket": step["ticket"], "code": recovery[0].upper()})
    assert done.code == 0, done.body
    first.token = done.data["token"]
    assert (await first.call("/factors/status")).data["recoveryLeft"] == 9
    second = fresh()
    step = await owed(second, user.account, password)
    used = await second.call("/factors/verify", {"ticket": step["ticket"], "code": recovery[0]})
    assert used.code == Code.WRONG_CREDENTIALS and used.field == "code"


async def test_a_ticket_is_single_use_and_short_lived(make_user, signed_in, fresh, db):
    user, password = await make_user(3, roles=[ROLE_USER])
    _secret, recovery = await turn_on_totp(await signed_in(user, password))
    api = fresh()
    step = await owed(api, user.account, password)
    assert (await api.call("/factors/verify", {"ticket": step["ticket"], "code": recovery[0]})).code == 0
    twice = await api.call("/factors/verify", {"ticket": step["ticket"], "code": recovery[1]})
    assert twice.code == Code.CODE_EXPIRED and twice.field == "ticket"
    late = await owed(api, user.account, password)
    await db.execute(update(FactorTicket).where(FactorTicket.user_id == user.id, FactorTicket.used_at.is_(None))
                     .values(expires_at=utcnow() - timedelta(seconds=1)))
    await db.commit()
    expired = await api.call("/factors/verify", {"ticket": late["ticket"], "code": recovery[1]})
    assert expired.code == Code.CODE_EXPIRED and expired.field == "ticket"
    made_up = await api.call("/factors/verify", {"ticket": "x" * 43, "code": recovery[1]})
    assert made_up.code == Code.CODE_EXPIRED


async def test_wrong_codes_are_throttled_like_passwords(make_user, signed_in, fresh, app):
    user, password = await make_user(3, roles=[ROLE_USER])
    secret, _recovery = await turn_on_totp(await signed_in(user, password))
    api = fresh()
    step = await owed(api, user.account, password)
    wrong = "000000" if code_at(secret, 30) != "000000" else "111111"
    for _ in range(app.state.settings.login_max_failures):
        answer = await api.call("/factors/verify", {"ticket": step["ticket"], "code": wrong})
        assert answer.code == Code.WRONG_CREDENTIALS
    locked = await api.call("/factors/verify", {"ticket": step["ticket"], "code": code_at(secret, 30)})
    assert locked.code == Code.LOGIN_LOCKED and locked.data["retryAfter"] > 0
    other = fresh()  # another address: the person's own counter holds the lock
    step = await owed(other, user.account, password)
    assert (await other.call("/factors/verify", {"ticket": step["ticket"],
                                                 "code": code_at(secret, 30)})).code == Code.LOGIN_LOCKED


async def test_turning_the_app_off_asks_again_and_regenerating_replaces_the_codes(make_user, signed_in, fresh):
    user, password = await make_user(3, roles=[ROLE_USER])
    api = await signed_in(user, password)
    _secret, recovery = await turn_on_totp(api)
    assert (await api.call("/factors/totp/start")).code == Code.CONFLICT  # on already
    unasked = await api.call("/factors/recovery/regenerate", {})
    assert unasked.code == Code.BAD_PARAMETER and unasked.field == "password"
    wrong = await api.call("/factors/recovery/regenerate", {"password": "not-it-at-all"})
    assert wrong.code == Code.WRONG_CREDENTIALS and wrong.field == "password"
    fresh_codes = (await api.call("/factors/recovery/regenerate", {"password": password})).data["recoveryCodes"]
    assert len(fresh_codes) == 10 and not set(fresh_codes) & set(recovery)
    off = await api.call("/factors/totp/remove", {"code": fresh_codes[0]})
    assert off.code == 0, off.body
    status = (await api.call("/factors/status")).data
    assert not status["totp"] and status["recoveryLeft"] == 0
    again = fresh()
    assert (await again.login(user.account, password)).code == 0  # no factor: the password alone again
