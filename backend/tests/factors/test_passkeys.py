"""Passkeys and security keys (issue 50 item 6): several per person with names, listed, renamed, removed; one as
the second factor; alone where the branch allows it. A software authenticator signs real WebAuthn answers that
py_webauthn checks (tests/factors/authenticator.py)."""

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.factors.authenticator import SoftAuthenticator
from tests.factors.conftest import owed


async def register(api, name: str, key: SoftAuthenticator | None = None) -> tuple[SoftAuthenticator, dict]:
    key = key or SoftAuthenticator()
    options = await api.call("/factors/passkey/options")
    assert options.code == 0, options.body
    added = await api.call("/factors/passkey/add", {"name": name, "handle": options.data["handle"],
                                                     "credential": key.register(options.data["options"])})
    assert added.code == 0, added.body
    return key, added.data


async def test_several_named_passkeys_listed_renamed_removed(make_user, signed_in):
    user, password = await make_user(3, roles=[ROLE_USER])
    api = await signed_in(user, password)
    _laptop, first = await register(api, "Laptop")
    assert len(first["recoveryCodes"]) == 10  # the first factor comes with recovery codes
    _key, second = await register(api, "Yellow key")
    assert second["recoveryCodes"] is None
    taken = await api.call("/factors/passkey/options")
    dup = await api.call("/factors/passkey/add", {"name": "laptop", "handle": taken.data["handle"],
                                                   "credential": SoftAuthenticator().register(taken.data["options"])})
    assert dup.code == Code.ALREADY_EXISTS and dup.field == "name"
    listed = (await api.call("/factors/status")).data["passkeys"]
    assert [p["name"] for p in listed] == ["Laptop", "Yellow key"]
    renamed = await api.call("/factors/passkey/rename", {"id": second["passkey"]["id"], "name": "Office key"})
    assert renamed.code == 0 and renamed.data["name"] == "Office key"
    assert (await api.call("/factors/passkey/remove", {"id": first["passkey"]["id"]})).code == 0
    assert [p["name"] for p in (await api.call("/factors/status")).data["passkeys"]] == ["Office key"]


async def test_a_forged_or_replayed_registration_is_refused(make_user, signed_in):
    user, password = await make_user(3, roles=[ROLE_USER])
    api = await signed_in(user, password)
    options = await api.call("/factors/passkey/options")
    elsewhere = SoftAuthenticator(origin="https://evil.example")
    refused = await api.call("/factors/passkey/add", {"name": "Phished", "handle": options.data["handle"],
                                                       "credential": elsewhere.register(options.data["options"])})
    assert refused.code == Code.BAD_PARAMETER and refused.field == "credential"
    again = await api.call("/factors/passkey/add", {"name": "Again", "handle": options.data["handle"],
                                                     "credential": SoftAuthenticator().register(
                                                         options.data["options"])})
    assert again.code == Code.CODE_EXPIRED and again.field == "handle"  # the challenge is single use


async def test_a_passkey_as_the_second_factor(make_user, signed_in, fresh):
    user, password = await make_user(3, roles=[ROLE_USER])
    key, _added = await register(await signed_in(user, password), "Laptop")
    api = fresh()
    step = await owed(api, user.account, password)
    assert step["methods"] == ["webauthn", "recovery"]
    options = await api.call("/factors/ticket/options", {"ticket": step["ticket"]})
    assert options.code == 0
    impostor = await api.call("/factors/verify", {"ticket": step["ticket"], "handle": options.data["handle"],
                                                   "credential": SoftAuthenticator().sign_in(
                                                       options.data["options"].replace('"allowCredentials"',
                                                                                       '"x"'))})
    assert impostor.code == Code.WRONG_CREDENTIALS and impostor.field == "credential"
    options = await api.call("/factors/ticket/options", {"ticket": step["ticket"]})
    done = await api.call("/factors/verify", {"ticket": step["ticket"], "handle": options.data["handle"],
                                               "credential": key.sign_in(options.data["options"])})
    assert done.code == 0, done.body
    api.token = done.data["token"]
    listed = (await api.call("/factors/status")).data["passkeys"]
    assert listed[0]["lastUsedAt"] is not None


async def test_a_passkey_alone_only_where_the_branch_allows_it(make_user, signed_in, fresh, admin):
    dealer, dealer_password = await make_user(2, roles=[ROLE_DEALER])
    user, password = await make_user(3, parent=dealer, roles=[ROLE_USER])
    key, _added = await register(await signed_in(user, password), "Phone")
    api = fresh()
    options = await api.call("/factors/passkey/signInOptions")
    assert "allowCredentials" not in options.data["options"] or '"allowCredentials": []' in options.data["options"]
    refused = await api.call("/factors/passkey/signIn", {"handle": options.data["handle"],
                                                          "credential": key.sign_in(options.data["options"])})
    assert refused.code == Code.NO_PERMISSION and refused.field == "credential"
    dealer_api = await signed_in(dealer, dealer_password)
    allowed = await dealer_api.call("/factors/policy/set", {"requireTwo": False, "passkeyAlone": True})
    assert allowed.code == 0 and allowed.data["effectivePasskeyAlone"]
    options = await api.call("/factors/passkey/signInOptions")
    done = await api.call("/factors/passkey/signIn", {"handle": options.data["handle"],
                                                       "credential": key.sign_in(options.data["options"])})
    assert done.code == 0, done.body
    assert done.data["account"] == user.account
    api.token, api.account = done.data["token"], user.account
    unverified = SoftAuthenticator(verifies_user=False)
    await register(api, "Old key", unverified)
    options = await api.call("/factors/passkey/signInOptions")
    no_pin = await api.call("/factors/passkey/signIn", {"handle": options.data["handle"],
                                                         "credential": unverified.sign_in(options.data["options"])})
    assert no_pin.code == Code.WRONG_CREDENTIALS  # alone, the authenticator must verify its user
    # a "no" above wins over the dealer's "yes"
    assert (await admin.call("/factors/policy/set", {"requireTwo": False, "passkeyAlone": False})).code == 0
    try:
        options = await api.call("/factors/passkey/signInOptions")
        again = await api.call("/factors/passkey/signIn", {"handle": options.data["handle"],
                                                            "credential": key.sign_in(options.data["options"])})
        assert again.code == Code.NO_PERMISSION
    finally:
        await admin.call("/factors/policy/set", {"requireTwo": False, "passkeyAlone": None})


async def test_renaming_a_passkey_while_it_is_removed_answers_not_found_never_500(make_user, signed_in):
    """The race tests/core/test_edit_delete_race.py runs on the matrix's world, here on a person's own passkey (a
    personal record: no key, so not in the matrix): rename and remove sent at once, then the rename again."""
    import asyncio

    user, password = await make_user(3, roles=[ROLE_USER])
    api = await signed_in(user, password)
    for n in range(3):
        _key, added = await register(api, f"Raced {n}")
        passkey = added["passkey"]["id"]
        renamed, removed = await asyncio.gather(
            api.call("/factors/passkey/rename", {"id": passkey, "name": f"Renamed {n}"}),
            api.call("/factors/passkey/remove", {"id": passkey}))
        assert renamed.status == 200 and renamed.code in (0, Code.NOT_FOUND), renamed.body
        assert removed.status == 200 and removed.code == 0, removed.body
        again = await api.call("/factors/passkey/rename", {"id": passkey, "name": "Back"})
        assert again.code == Code.NOT_FOUND and again.field == "id", again.body
