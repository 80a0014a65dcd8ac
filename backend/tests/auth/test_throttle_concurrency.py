"""Password throttles under parallel attempts (issue 10, item 3): counting is atomic on SQLite and PostgreSQL,
attempts beyond the limit are refused without checking the password, a busy address does not lock other
accounts, forwarded addresses are believed only from trusted proxies, and the current password of
/user/updatePassword is throttled the same way."""

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from cleanfleet.auth import service as auth_service
from cleanfleet.core.codes import Code
from cleanfleet.users import passwords as users_passwords
from tests.conftest import Answer, Api, new_client

PARALLEL = 40
_proxy_hosts = itertools.count(10)


class Checks:
    """Wraps the real password check: counts the checks and notes any made on the event loop's thread."""

    def __init__(self, check: Callable[..., bool]) -> None:
        self.check = check
        self.count = 0
        self.on_event_loop = 0

    def __call__(self, *args: Any) -> bool:
        self.count += 1
        try:
            asyncio.get_running_loop()
            self.on_event_loop += 1
        except RuntimeError:
            pass  # a worker thread: no loop runs here
        return self.check(*args)


@pytest.fixture
def login_checks(monkeypatch) -> Checks:
    checks = Checks(auth_service.verify_password)
    monkeypatch.setattr(auth_service, "verify_password", checks)
    return checks


@pytest.fixture
def password_change_checks(monkeypatch) -> Checks:
    checks = Checks(users_passwords.verify_password)
    monkeypatch.setattr(users_passwords, "verify_password", checks)
    return checks


def codes(answers: list[Answer]) -> list[int]:
    assert [a.status for a in answers] == [200] * len(answers), [a.body for a in answers if a.status != 200]
    return [a.code for a in answers]


async def wrong_logins(api: Api, accounts: list[str]) -> list[int]:
    answers = await asyncio.gather(*(api.call("/login", {"account": account, "password": "wrong-one"})
                                     for account in accounts))
    return codes(list(answers))


def assert_locked(answer: Answer) -> None:
    assert answer.code == Code.LOGIN_LOCKED, answer.body
    assert set(answer.data) == {"minutes", "retryAfter"}
    assert answer.data["retryAfter"] > 0 and answer.data["minutes"] >= 1
    assert str(answer.data["minutes"]) in answer.message


async def test_parallel_wrong_logins_check_at_most_the_limit_and_lock(app, api, make_user, login_checks):
    user, password = await make_user(3)
    limit = app.state.settings.login_max_failures
    answered = await wrong_logins(api, [user.account] * PARALLEL)
    assert answered.count(Code.WRONG_CREDENTIALS) == limit
    assert answered.count(Code.LOGIN_LOCKED) == PARALLEL - limit
    assert login_checks.count == limit
    assert login_checks.on_event_loop == 0
    assert_locked(await api.login(user.account, password))
    assert login_checks.count == limit  # the right password was not even checked


async def test_parallel_wrong_logins_from_many_addresses_lock_the_account(app, make_user):
    user, password = await make_user(3)
    limit = app.state.settings.login_max_failures
    clients = [new_client(app) for _ in range(PARALLEL)]
    try:
        callers = [Api(client, app.state.signer) for client in clients]
        answers = await asyncio.gather(*(caller.call("/login", {"account": user.account, "password": "nope"})
                                         for caller in callers))
        answered = codes(list(answers))
        assert answered.count(Code.WRONG_CREDENTIALS) == limit
        assert_locked(await callers[0].login(user.account, password))
    finally:
        for client in clients:
            await client.aclose()


async def test_wrong_passwords_on_many_accounts_from_one_address_lock_none_of_the_others(app, api, make_user):
    user, password = await make_user(3)
    limit = app.state.settings.login_max_failures
    guessed = [f"guessed{n}x{id(api)}" for n in range(3)]
    answered = await wrong_logins(api, [account for account in guessed for _ in range(limit)])
    assert answered.count(Code.WRONG_CREDENTIALS) == 3 * limit  # each account its own limit
    assert (await api.login(user.account, password)).code == 0  # 15 failures: far below the address limit


async def test_the_address_limit_holds_under_parallel_attempts_on_many_accounts(app, api, make_user, monkeypatch,
                                                                               login_checks):
    monkeypatch.setattr(app.state.settings, "login_max_failures_per_address", 7)
    user, password = await make_user(3)
    answered = await wrong_logins(api, [f"many{n}x{id(api)}" for n in range(PARALLEL)])
    assert answered.count(Code.WRONG_CREDENTIALS) == 7
    assert login_checks.count == 7
    assert_locked(await api.login(user.account, password))
    async with new_client(app) as elsewhere:
        assert (await Api(elsewhere, app.state.signer).login(user.account, password)).code == 0


async def test_right_passwords_from_a_busy_address_never_lock_it(app, api, make_user, monkeypatch):
    monkeypatch.setattr(app.state.settings, "login_max_failures_per_address", 3)
    people = [await make_user(3) for _ in range(6)]
    # one after another: only wrong passwords (and attempts still being checked) count against an address
    answers = [await api.call("/login", {"account": u.account, "password": pw}) for u, pw in people]
    assert codes(answers) == [0] * 6


async def test_a_locked_address_costs_the_account_nothing(app, api, make_user, monkeypatch):
    monkeypatch.setattr(app.state.settings, "login_max_failures_per_address", 2)
    user, password = await make_user(3)
    await wrong_logins(api, [f"lock{n}x{id(api)}" for n in range(2)])
    refused = await wrong_logins(api, [user.account] * 10)
    assert refused == [Code.LOGIN_LOCKED] * 10
    async with new_client(app) as elsewhere:  # the account's own counter was never touched
        assert (await Api(elsewhere, app.state.signer).login(user.account, password)).code == 0


# --- forwarded addresses ------------------------------------------------------------------------------


def proxy_client(app: Any) -> tuple[httpx.AsyncClient, str]:
    """A client connecting from its own address in 198.51.100.0/24 (the proxies of these tests)."""
    address = f"198.51.100.{next(_proxy_hosts)}"
    transport = httpx.ASGITransport(app=app, client=(address, 40000))
    return httpx.AsyncClient(transport=transport, base_url="http://cleanfleet.test"), address


async def forwarded_login(api: Api, account: str, password: str, forwarded_for: str) -> Answer:
    return await api.call("/login", {"account": account, "password": password},
                          headers={"X-Forwarded-For": forwarded_for})


async def test_forwarded_for_is_ignored_without_trusted_proxies(app, make_user, monkeypatch):
    monkeypatch.setattr(app.state.settings, "login_max_failures_per_address", 2)
    monkeypatch.setattr(app.state.settings, "trusted_proxies", "")
    user, password = await make_user(3)
    client, _ = proxy_client(app)
    async with client:
        api = Api(client, app.state.signer)
        for n, claimed in enumerate(("203.0.113.1", "203.0.113.2")):
            await forwarded_login(api, f"spoof{n}x{id(api)}", "bad", claimed)
        assert_locked(await forwarded_login(api, user.account, password, "203.0.113.3"))


async def test_a_trusted_proxy_s_forwarded_client_is_the_one_counted(app, make_user, monkeypatch):
    monkeypatch.setattr(app.state.settings, "login_max_failures_per_address", 2)
    monkeypatch.setattr(app.state.settings, "trusted_proxies", "192.0.2.1, 198.51.100.0/24")
    user, password = await make_user(3)
    client, _ = proxy_client(app)
    async with client:
        api = Api(client, app.state.signer)
        for n in range(2):
            await forwarded_login(api, f"behind{n}x{id(api)}", "bad", "203.0.113.20")
        assert_locked(await forwarded_login(api, user.account, password, "203.0.113.20"))
        # another client behind the same proxy is not locked
        assert (await forwarded_login(api, user.account, password, "203.0.113.21")).code == 0
        # a client cannot hide behind a made-up hop: the rightmost untrusted entry counts
        assert_locked(await forwarded_login(api, user.account, password, "203.0.113.99, 203.0.113.20"))
        # hops added by trusted proxies are skipped
        assert_locked(await forwarded_login(api, user.account, password, "203.0.113.20, 198.51.100.250"))


def test_a_malformed_trusted_proxy_setting_is_refused_at_start(settings):
    from pydantic import ValidationError

    from cleanfleet.settings import Settings

    with pytest.raises(ValidationError, match="trusted_proxies"):
        Settings(trusted_proxies="10.0.0.0/8, not-an-address")


# --- the current password of /user/updatePassword --------------------------------------------------------


async def test_parallel_guesses_of_the_current_password_check_at_most_the_limit(app, make_user, signed_in,
                                                                                password_change_checks):
    user, password = await make_user(3)
    api = await signed_in(user, password)
    limit = app.state.settings.login_max_failures
    answers = await asyncio.gather(*(api.call("/user/updatePassword", {"password": f"guess{n}",
                                                                       "newPassword": "Changed123"})
                                     for n in range(PARALLEL)))
    answered = codes(list(answers))
    assert answered.count(Code.WRONG_CREDENTIALS) == limit
    assert answered.count(Code.LOGIN_LOCKED) == PARALLEL - limit
    assert password_change_checks.count == limit and password_change_checks.on_event_loop == 0
    assert_locked(await api.call("/user/updatePassword", {"password": password, "newPassword": "Changed123"}))
    async with new_client(app) as elsewhere:  # unchanged: the old password still signs in
        assert (await Api(elsewhere, app.state.signer).login(user.account, password)).code == 0


async def test_a_right_current_password_resets_the_count(app, make_user, signed_in):
    user, password = await make_user(3)
    api = await signed_in(user, password)
    limit = app.state.settings.login_max_failures
    for _ in range(limit - 1):
        wrong = await api.call("/user/updatePassword", {"password": "not-mine", "newPassword": "Changed123"})
        assert wrong.code == Code.WRONG_CREDENTIALS
    changed = await api.call("/user/updatePassword", {"password": password, "newPassword": "Changed123"})
    assert changed.code == 0, changed.body
    for _ in range(limit - 1):
        await api.call("/user/updatePassword", {"password": "not-mine", "newPassword": "Other1234"})
    assert (await api.call("/user/updatePassword", {"password": "Changed123", "newPassword": "Other1234"})).code == 0
