"""Sign-in, tokens, logout and throttling (api-spec 7.2)."""

from datetime import timedelta

from sqlalchemy import select, update

from cleanfleet.auth.models import LoginFailure, Token
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.roles.catalogue import ALL_KEYS, PRESET_ROLES, ROLE_DEALER
from tests.conftest import ADMIN_PASSWORD


async def test_admin_signs_in_and_holds_every_key(api):
    answer = await api.login("admin", ADMIN_PASSWORD)
    assert answer.code == 0
    data = answer.data
    assert data["userId"] > 0 and data["levelDepth"] == 1 and data["account"] == "admin"
    assert len(data["token"]) >= 40
    assert {bean["key"] for bean in data["permissionBeans"]} == ALL_KEYS
    assert data["shadowId"] is None


async def test_permission_beans_come_from_the_users_roles(api, make_user):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    answer = await api.login(dealer.account, password)
    keys = {bean["key"] for bean in answer.data["permissionBeans"]}
    assert keys == PRESET_ROLES[ROLE_DEALER][1]
    assert "version/app" not in keys


async def test_the_token_is_stored_only_as_a_hash(api, db):
    answer = await api.login("admin", ADMIN_PASSWORD)
    token = answer.data["token"]
    stored = list(await db.scalars(select(Token.token_hash)))
    assert token not in stored
    import hashlib

    assert hashlib.sha256(token.encode()).hexdigest() in stored


async def test_wrong_password_and_unknown_account_get_the_same_refusal(api):
    wrong = await api.call("/login", {"account": "admin", "password": "not-it"})
    unknown = await api.call("/login", {"account": "nobodyhere", "password": "not-it"})
    assert wrong.code == unknown.code == Code.WRONG_CREDENTIALS
    assert wrong.data is None and unknown.data is None


async def test_calls_without_a_live_token_get_10003(api, app, db):
    assert (await api.call("/getLanguage")).code == Code.SESSION_INVALID
    api.token = "made-up-token"
    assert (await api.call("/getLanguage")).code == Code.SESSION_INVALID
    await api.login("admin", ADMIN_PASSWORD)
    assert (await api.call("/getLanguage")).code == 0
    import hashlib

    token_hash = hashlib.sha256(api.token.encode()).hexdigest()
    await db.execute(update(Token).where(Token.token_hash == token_hash).values(expires_at=utcnow() - timedelta(1)))
    await db.commit()
    app.state.session_cache.clear()
    assert (await api.call("/getLanguage")).code == Code.SESSION_INVALID


async def test_logout_revokes_the_token_at_once(api):
    await api.login("admin", ADMIN_PASSWORD)
    assert (await api.call("/getLanguage")).code == 0
    assert (await api.call("/logout")).code == 0
    assert (await api.call("/getLanguage")).code == Code.SESSION_INVALID
    assert (await api.call("/logout")).code == Code.SESSION_INVALID


async def test_the_token_ttl_setting_sets_the_expiry(api, app):
    answer = await api.login("admin", ADMIN_PASSWORD)
    from datetime import datetime

    expires = datetime.fromisoformat(answer.data["expiresAt"])
    ttl = timedelta(seconds=app.state.settings.token_ttl)
    assert abs((expires - utcnow()) - ttl) < timedelta(minutes=1)


async def test_repeated_failures_lock_the_account_even_for_the_right_password(api, app, make_user):
    user, password = await make_user(3)
    limit = app.state.settings.login_max_failures
    for _ in range(limit):
        assert (await api.call("/login", {"account": user.account, "password": "bad"})).code == Code.WRONG_CREDENTIALS
    locked = await api.call("/login", {"account": user.account, "password": password})
    assert locked.code == Code.LOGIN_LOCKED
    assert locked.data["retryAfter"] > 0
    assert "15" in locked.message  # minutes until retry


async def test_the_account_lock_holds_from_another_address(app, make_user):
    from tests.conftest import Api, new_client

    user, password = await make_user(3)
    async with new_client(app) as first, new_client(app) as second:
        for _ in range(app.state.settings.login_max_failures):
            await Api(first, app.state.signer).call("/login", {"account": user.account, "password": "bad"})
        answer = await Api(second, app.state.signer).login(user.account, password)
        assert answer.code == Code.LOGIN_LOCKED


async def test_the_address_lock_holds_for_other_accounts(api, app, make_user, monkeypatch):
    monkeypatch.setattr(app.state.settings, "login_max_failures_per_address", 3)
    victim, password = await make_user(3)
    for n in range(3):
        await api.call("/login", {"account": f"guess{n}", "password": "bad"})
    assert (await api.login(victim.account, password)).code == Code.LOGIN_LOCKED


async def test_sign_in_works_again_after_the_lock_ends(api, app, db, make_user):
    user, password = await make_user(3)
    for _ in range(app.state.settings.login_max_failures):
        await api.call("/login", {"account": user.account, "password": "bad"})
    await db.execute(update(LoginFailure).values(locked_until=utcnow() - timedelta(seconds=1)))
    await db.commit()
    assert (await api.login(user.account, password)).code == 0


async def test_a_success_resets_the_failure_count(api, app, make_user):
    user, password = await make_user(3)
    for _ in range(app.state.settings.login_max_failures - 1):
        await api.call("/login", {"account": user.account, "password": "bad"})
    assert (await api.login(user.account, password)).code == 0
    for _ in range(app.state.settings.login_max_failures - 1):
        await api.call("/login", {"account": user.account, "password": "bad"})
    assert (await api.login(user.account, password)).code == 0


async def test_passwords_are_argon2id(db, make_user, product_passwords):
    from cleanfleet.users.models import User

    user, _ = await make_user(3)
    stored = await db.scalar(select(User.password_hash).where(User.id == user.id))
    assert stored.startswith("$argon2id$v=19$m=19456,t=2,p=1$")  # OWASP's first Argon2id configuration


async def test_an_older_hash_still_signs_in_and_is_made_again_with_todays_parameters(api, db, make_user,
                                                                                     product_passwords):
    from argon2 import PasswordHasher

    from cleanfleet.users.models import User

    user, password = await make_user(3)
    older = PasswordHasher(time_cost=3, memory_cost=65536, parallelism=4).hash(password)  # an earlier release's
    await db.execute(update(User).where(User.id == user.id).values(password_hash=older))
    await db.commit()
    assert (await api.call("/login", {"account": user.account, "password": "wrong"})).code == Code.WRONG_CREDENTIALS
    assert await db.scalar(select(User.password_hash).where(User.id == user.id)) == older  # not on a failure
    assert (await api.login(user.account, password)).code == 0
    db.expire_all()
    renewed = await db.scalar(select(User.password_hash).where(User.id == user.id))
    assert renewed.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert (await api.login(user.account, password)).code == 0


async def test_a_caller_read_while_a_change_is_evicted_is_not_kept(api, app, make_user):
    """A call that read its caller before a change committed, and stored it after the change's eviction, used
    to serve the old caller for the cache's whole TTL (a language just set read back as the old one for 30 s)."""
    from cleanfleet.users.models import User

    user, password = await make_user(3)  # its own: the others' stored language stays as it was
    await api.login(user.account, password)
    assert (await api.call("/setLanguage", {"language": "zh-CN"})).code == 0
    app.state.session_cache.clear()
    resolve = app.state.resolve_caller

    async def read_then_another_call_changes(db, token_hash):
        caller = await resolve(db, token_hash)  # read before the change: zh-CN
        app.state.resolve_caller = resolve
        async with app.state.db.sessions() as other:  # the other call commits and evicts meanwhile
            await other.execute(update(User).where(User.id == caller.user_id).values(language="en"))
            await other.commit()
        app.state.session_cache.evict_user(caller.user_id)
        return caller

    app.state.resolve_caller = read_then_another_call_changes
    assert (await api.call("/getLanguage")).data["language"] == "zh-CN"  # this call's own read
    assert (await api.call("/getLanguage")).data["language"] == "en"
