"""A provider's sign-in that owes a second factor (issue 50 item 3 with items 5-7): the callback hands the console a
ticket instead of a session; the session the second step ends with is the provider's all the same, so its exit goes
through the provider's sign-out (RP-initiated logout) as a sign-in without a second step does."""

from typing import Any

from sqlalchemy import select

from cleanfleet.roles.catalogue import ROLE_USER
from cleanfleet.sso.models import TICKET, SsoFlow
from tests.factors.conftest import code_at, turn_on_totp
from tests.sso.conftest import provider_body, sign_in_through


async def test_the_session_after_the_second_step_exits_through_the_provider(app, branch, oidc_provider, browsers,
                                                                           db: Any):
    made = await branch.dealer_api.call("/sso/provider/add", provider_body(branch, oidc_provider, [
        {"group": "cleaners", "roleId": ROLE_USER, "nodeId": branch.customer.id}]))
    assert made.code == 0, made.body
    provider_id = made.data["id"]
    oidc_provider.people({"tess": {"password": "pw", "email": f"tess@{branch.domain}", "groups": ["cleaners"],
                                   "amr": ["pwd"]}})
    first = browsers()
    await sign_in_through(first, provider_id, "tess")
    secret, _codes = await turn_on_totp(first)  # the person turns an authenticator app on

    browser = browsers()
    fragment = await sign_in_through(browser, provider_id, "tess")
    assert set(fragment) == {"ticket", "methods"} and "totp" in fragment["methods"], fragment
    assert (await db.scalar(select(SsoFlow).where(SsoFlow.kind == TICKET))) is not None
    done = await browser.call("/factors/verify", {"ticket": fragment["ticket"], "code": code_at(secret, 30)})
    assert done.code == 0, done.body
    browser.token = done.data["token"]
    out = await browser.call("/sso/signOut")
    assert out.code == 0, out.body
    assert out.data["redirect"].startswith(f"{oidc_provider.issuer}/session/end?")
    assert "id_token_hint=" in out.data["redirect"]
    assert (await browser.call("/getLanguage")).code == 10003  # the session ended
    db.expire_all()
    assert (await db.scalar(select(SsoFlow).where(SsoFlow.kind == TICKET))) is None  # the link was used up
