"""Single sign-on end to end against a real OpenID provider (issue 50 items 1-4): a dealer's provider, a person
created just in time under the customer their group lands at with the mapped roles, roles following the groups at
every sign-in, a person the provider no longer vouches for refused with their sessions and tokens ended, the
flow's checks (state, browser, nonce), passwords off for the tenant's people, and the provider's sign-out."""

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, update

from cleanfleet.roles.catalogue import ROLE_USER
from cleanfleet.roles.models import UserRole
from cleanfleet.sessions.events import SignInEvent
from cleanfleet.sso.models import SsoFlow
from cleanfleet.users.models import User
from tests.sso.conftest import (
    back_to_console,
    provider_body,
    sign_in_through,
    start,
    through_provider,
)


async def _custom_role(api: Any, keys: list[str]) -> int:
    made = await api.call("/user/role/insert", {"name": f"supervisor{id(keys) % 100000}", "keys": keys,
                                                "description": ""})
    assert made.code == 0, made.body
    return made.data["id"]


async def _provider(branch: Any, oidc_provider: Any, supervisor: int, **fields: Any) -> int:
    made = await branch.dealer_api.call("/sso/provider/add", provider_body(branch, oidc_provider, [
        {"group": "cleaners", "roleId": ROLE_USER, "nodeId": branch.customer.id},
        {"group": "supervisors", "roleId": supervisor, "nodeId": branch.customer.id}], **fields))
    assert made.code == 0, made.body
    return made.data["id"]


async def _roles(db: Any, user_id: int) -> set[int]:
    return set(await db.scalars(select(UserRole.role_id).where(UserRole.user_id == user_id)))


async def test_a_new_person_lands_under_the_customer_with_the_mapped_roles(app, branch, oidc_provider, browsers, db):
    supervisor = await _custom_role(branch.dealer_api, ["index", "device/index"])
    provider_id = await _provider(branch, oidc_provider, supervisor)
    oidc_provider.people({"ann": {"password": "pw", "email": f"ann@{branch.domain}", "name": "Ann Example",
                                  "groups": ["cleaners", "supervisors", "unmapped"]}})
    browser = browsers()
    fragment = await sign_in_through(browser, provider_id, "ann")
    assert set(fragment) == {"sso"}, fragment
    person = await db.scalar(select(User).where(User.email == f"ann@{branch.domain}"))
    assert person.parent_id == branch.customer.id and person.level_depth == 4 and person.name == "Ann Example"
    assert person.account == "ann"
    assert await _roles(db, person.id) == {ROLE_USER, supervisor}
    session = await browser.call("/getLanguage")  # the redeemed session works
    assert session.code == 0, session.body
    listed = await branch.dealer_api.call("/sso/provider/list")
    assert [p["people"] for p in listed.data if p["id"] == provider_id] == [1]


async def test_every_sign_in_reads_the_groups_again(app, branch, oidc_provider, browsers, db):
    supervisor = await _custom_role(branch.dealer_api, ["index", "device/index"])
    provider_id = await _provider(branch, oidc_provider, supervisor)
    person = {"password": "pw", "email": f"bo@{branch.domain}", "groups": ["cleaners", "supervisors"]}
    oidc_provider.people({"bo": person})
    first = browsers()
    await sign_in_through(first, provider_id, "bo")
    expires = (datetime.now(UTC) + timedelta(days=30)).isoformat()
    made = await first.call("/integration/token/insert", {"name": "ci", "expiresAt": expires, "keys": ["index"]})
    assert made.code == 0, made.body
    api_token = made.data["token"]
    user_id = await db.scalar(select(User.id).where(User.email == f"bo@{branch.domain}"))

    oidc_provider.people({"bo": {**person, "groups": ["cleaners"]}})  # a group removed at the provider
    second = browsers()
    await sign_in_through(second, provider_id, "bo")
    assert await _roles(db, user_id) == {ROLE_USER}

    oidc_provider.people({"bo": {**person, "groups": ["visitors"]}})  # no group maps to a role any more
    third = browsers()
    assert await sign_in_through(third, provider_id, "bo") == {"ssoError": "noRole"}
    for browser in (first, second):
        assert (await browser.call("/getLanguage")).code == 10003  # their sessions ended
    third.token = api_token
    assert (await third.call("/getLanguage", headers={"sign": None})).code == 10003  # the API token too
    refused = await db.scalar(select(SignInEvent).where(SignInEvent.kind == "provider_refused",
                                                        SignInEvent.user_id == user_id))
    assert refused is not None and refused.method == "oidc"


async def test_a_provider_that_says_no_is_a_refusal(app, branch, oidc_provider, browsers, db):
    provider_id = await _provider(branch, oidc_provider, ROLE_USER)
    oidc_provider.people({"cy": {"password": "pw", "email": f"cy@{branch.domain}", "groups": ["cleaners"],
                                 "disabled": True}})
    assert await sign_in_through(browsers(), provider_id, "cy") == {"ssoError": "refused"}
    assert await db.scalar(select(User).where(User.email == f"cy@{branch.domain}")) is None


async def test_a_flow_is_used_once_by_the_browser_that_started_it(app, branch, oidc_provider, browsers):
    provider_id = await _provider(branch, oidc_provider, ROLE_USER)
    oidc_provider.people({"di": {"password": "pw", "email": f"di@{branch.domain}", "groups": ["cleaners"]}})
    assert await back_to_console(browsers().client, "/api/sso/callback?state=made-up&code=x") == {
        "ssoError": "expired"}
    started = browsers()
    callback = await through_provider(await start(started.client, provider_id, "di"), "di", "pw")
    assert await back_to_console(browsers().client, callback) == {"ssoError": "expired"}  # another browser
    assert await back_to_console(started.client, callback) == {"ssoError": "expired"}  # the flow went with it


async def test_an_id_token_for_another_nonce_is_refused(app, branch, oidc_provider, browsers, db):
    provider_id = await _provider(branch, oidc_provider, ROLE_USER)
    oidc_provider.people({"ed": {"password": "pw", "email": f"ed@{branch.domain}", "groups": ["cleaners"]}})
    browser = browsers()
    url = await start(browser.client, provider_id, "ed")
    await db.execute(update(SsoFlow).where(SsoFlow.provider_id == provider_id).values(nonce="another-nonce"))
    await db.commit()
    assert await back_to_console(browser.client, await through_provider(url, "ed", "pw")) == {"ssoError": "invalid"}
    assert await db.scalar(select(User).where(User.email == f"ed@{branch.domain}")) is None


async def test_a_tenant_turns_passwords_off_for_its_people(app, branch, oidc_provider, make_user, api):
    below, below_password = await make_user(4, parent=branch.customer)
    await _provider(branch, oidc_provider, ROLE_USER, passwordsOff=True)
    refused = await api.login(below.account, below_password)
    assert refused.code == 10004 and refused.field == "password" and "Acme" in refused.message
    assert (await api.login(branch.dealer.account, "Secret123")).code == 0  # the node's own account still may


async def test_discovery_offers_the_provider_for_its_domain_only(app, branch, oidc_provider, api):
    provider_id = await _provider(branch, oidc_provider, ROLE_USER)
    found = await api.call("/sso/discover", {"login": f"Someone@{branch.domain.upper()}"})
    assert found.data == {"providers": [{"id": provider_id, "name": "Acme"}]}
    assert (await api.call("/sso/discover", {"login": "admin"})).data == {"providers": []}
    assert (await api.call("/sso/discover", {"login": "a@elsewhere.test"})).data == {"providers": []}


async def test_signing_out_sends_the_browser_to_the_provider(app, branch, oidc_provider, browsers):
    provider_id = await _provider(branch, oidc_provider, ROLE_USER)
    oidc_provider.people({"fa": {"password": "pw", "email": f"fa@{branch.domain}", "groups": ["cleaners"]}})
    browser = browsers()
    await sign_in_through(browser, provider_id, "fa")
    out = await browser.call("/sso/signOut")
    assert out.code == 0, out.body
    assert out.data["redirect"].startswith(f"{oidc_provider.issuer}/session/end?")
    assert "id_token_hint=" in out.data["redirect"] and "post_logout_redirect_uri=" in out.data["redirect"]
    assert (await browser.call("/getLanguage")).code == 10003
    # a password session has no provider to go to
    assert (await branch.dealer_api.call("/sso/signOut")).data == {"redirect": None}
