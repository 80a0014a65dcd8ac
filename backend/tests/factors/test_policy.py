"""The branch policy (issue 50 item 7): a node requires two factors for everyone below it (the strictest on the
path holds), a person without a factor is led to enrol at the next sign-in, the admin account after its first
sign-in; scoped to the caller's subtree, keyed, and never through an API token."""

from cleanfleet.core.bus import SecondStep
from cleanfleet.core.codes import Code
from cleanfleet.factors import tickets
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.factors.authenticator import SoftAuthenticator
from tests.factors.conftest import code_at, owed


async def test_a_required_branch_leads_a_person_without_a_factor_to_enrol(make_user, signed_in, fresh):
    dealer, dealer_password = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_password = await make_user(3, parent=dealer, roles=[ROLE_USER])
    person, password = await make_user(4, parent=customer, roles=[ROLE_USER])
    dealer_api = await signed_in(dealer, dealer_password)
    answer = await dealer_api.call("/factors/policy/set", {"userId": customer.id, "requireTwo": True})
    assert answer.code == 0 and answer.data["effectiveRequireTwo"] and not answer.data["setAbove"]

    api = fresh()
    step = await owed(api, person.account, password)
    assert step["methods"] == ["enrol", "totp", "webauthn"]
    nothing = await api.call("/factors/verify", {"ticket": step["ticket"], "code": "123456"})
    assert nothing.code == Code.CONFLICT and nothing.field == "ticket"  # an enrolment ticket verifies nothing
    start = await api.call("/factors/ticket/totp/start", {"ticket": step["ticket"]})
    assert start.code == 0
    done = await api.call("/factors/ticket/totp/confirm", {"ticket": step["ticket"],
                                                            "code": code_at(start.data["secret"])})
    assert done.code == 0, done.body
    assert done.data["account"] == person.account and len(done.data["recoveryCodes"]) == 10
    api.token, api.account = done.data["token"], person.account
    status = (await api.call("/factors/status")).data
    assert status["totp"] and status["required"]
    last = await api.call("/factors/totp/remove", {"code": done.data["recoveryCodes"][0]})
    assert last.code == Code.CONFLICT  # the branch requires it: the last factor stays

    # the dealer (above the customer) is not asked; the customer's own "no" does not loosen what is above it
    assert (await fresh().login(dealer.account, dealer_password)).code == 0
    customer_api = await signed_in(dealer, dealer_password)
    loosened = await customer_api.call("/factors/policy/set", {"userId": person.id, "requireTwo": False})
    assert loosened.code == 0 and loosened.data["effectiveRequireTwo"] and loosened.data["setAbove"]


async def test_an_enrolment_ticket_takes_a_first_passkey(make_user, signed_in, fresh):
    dealer, dealer_password = await make_user(2, roles=[ROLE_DEALER])
    person, password = await make_user(3, parent=dealer, roles=[ROLE_USER])
    await (await signed_in(dealer, dealer_password)).call("/factors/policy/set", {"requireTwo": True})
    api = fresh()
    step = await owed(api, person.account, password)
    options = await api.call("/factors/ticket/passkey/options", {"ticket": step["ticket"]})
    done = await api.call("/factors/ticket/passkey/add", {
        "ticket": step["ticket"], "name": "Laptop", "handle": options.data["handle"],
        "credential": SoftAuthenticator().register(options.data["options"])})
    assert done.code == 0, done.body
    assert len(done.data["recoveryCodes"]) == 10
    again = await api.call("/factors/ticket/passkey/options", {"ticket": step["ticket"]})
    assert again.code == Code.CODE_EXPIRED  # spent


async def test_the_policy_is_scoped_keyed_and_person_only(make_user, signed_in, new_token, with_token):
    dealer, dealer_password = await make_user(2, roles=[ROLE_DEALER])
    other, other_password = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_password = await make_user(3, parent=dealer, roles=[ROLE_USER])
    stranger = await signed_in(other, other_password)
    refused = await stranger.call("/factors/policy/set", {"userId": customer.id, "requireTwo": True})
    assert refused.code == Code.NOT_FOUND and refused.field == "userId"
    assert (await stranger.call("/factors/policy/get", {"userId": customer.id})).code == Code.NOT_FOUND
    viewer, viewer_password = await make_user(3, parent=dealer, roles=[])  # no roles: no key
    keyless = await signed_in(viewer, viewer_password)
    assert (await keyless.call("/factors/policy/set", {"requireTwo": True})).code == Code.NO_PERMISSION
    dealer_api = await signed_in(dealer, dealer_password)
    token = (await new_token(dealer_api, ["index"]))["token"]
    integration = with_token(token)
    for path in ("/factors/status", "/factors/totp/start", "/factors/passkey/options", "/factors/policy/get"):
        answer = await integration.call(path, {})
        assert answer.code in (Code.NO_PERMISSION, Code.SESSION_INVALID), (path, answer.body)
    assert (await dealer_api.call("/factors/status")).code == 0


async def test_the_admin_account_enrols_after_its_first_sign_in(make_user, app, db):
    admin_like, _password = await make_user(1)
    settings = app.state.settings.model_copy(update={"admin_second_factor": True})

    def step() -> SecondStep:
        return SecondStep(user_id=admin_like.id, user_path=admin_like.path, level_depth=1, method="password",
                          platform="web", mfa_done=False)

    first = step()
    await tickets.second_step(db, first, settings)
    assert first.ticket is None  # the first sign-in is let in
    second = step()
    await tickets.second_step(db, second, settings)
    assert second.ticket and second.methods == ("enrol", "totp", "webauthn")
    off = step()
    await tickets.second_step(db, off, settings.model_copy(update={"admin_second_factor": False}))
    assert off.ticket is None  # the operator turned it off
    provider = SecondStep(user_id=admin_like.id, user_path=admin_like.path, level_depth=1, method="oidc",
                          platform="web", mfa_done=True)
    await tickets.second_step(db, provider, settings)
    assert provider.ticket is None  # a provider that already asked a second factor (amr) is not asked twice
    await db.rollback()
