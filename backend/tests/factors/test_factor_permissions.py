"""The branch policy calls in the permission matrix: another branch, a lower level, a shadow without the key and a
signed-out caller are refused and change nothing; the dealer is served for its child's branch. The person's own
factors (no key) refuse an API token and a signed-out caller, changing nothing; every /api/factors/ call is one of
the three kinds (keyed, personal, the sign-in's second step)."""

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.conftest import Api, new_client
from tests.factors import permission_entries  # noqa: F401  - registers the entries
from tests.permission_matrix import (
    MATRIX,
    background_writers_paused,
    differences,
    routes_under,
    snapshot,
    wrong_callers_and_rightful,
)

PREFIX = "/api/factors/policy/"


async def test_every_policy_call_is_in_the_matrix(app):
    assert routes_under(app, PREFIX) == {path for path in MATRIX if path.startswith(PREFIX)}
    assert routes_under(app, PREFIX)  # the prefix is mounted


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    failures = await wrong_callers_and_rightful(app, admin, make_user, signed_in, PREFIX)
    assert not failures, "\n".join(failures)


# The person's own factors: no key, a console session (never an API token, never signed out); each acts on the
# caller's own account. The second step's calls take a ticket or a passkey instead of a session.
SECOND_STEP = {"/api/factors/verify", "/api/factors/ticket/options", "/api/factors/ticket/totp/start",
               "/api/factors/ticket/totp/confirm", "/api/factors/ticket/passkey/options",
               "/api/factors/ticket/passkey/add", "/api/factors/passkey/signInOptions", "/api/factors/passkey/signIn"}
PERSONAL = {
    "/api/factors/status": {},
    "/api/factors/totp/start": {},
    "/api/factors/totp/confirm": {"code": "123456"},
    "/api/factors/totp/remove": {"password": "Start12345"},
    "/api/factors/recovery/regenerate": {"password": "Start12345"},
    "/api/factors/passkey/options": {},
    "/api/factors/passkey/add": {"name": "Desk key", "handle": "h" * 43, "credential": "{}"},
    "/api/factors/passkey/rename": {"id": 1, "name": "Desk key"},
    "/api/factors/passkey/remove": {"id": 1},
}


async def test_every_factors_call_is_personal_keyed_or_a_second_step(app):
    assert routes_under(app, "/api/factors/") == set(PERSONAL) | SECOND_STEP | routes_under(app, PREFIX)


async def test_personal_calls_refuse_an_api_token_and_the_signed_out_and_change_nothing(
        app, make_user, signed_in, new_token, with_token):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    token = (await new_token(await signed_in(dealer, password), ["index"]))["token"]
    integration = with_token(token)
    client = new_client(app)
    signed_out = Api(client, app.state.signer)
    async with background_writers_paused(app):
        before = await snapshot(app)
        for path, body in PERSONAL.items():
            by_token = await integration.call(path.removeprefix("/api"), body)
            assert (by_token.code, by_token.field) == (Code.NO_PERMISSION, "Authorization"), (path, by_token.body)
            unsigned = await signed_out.call(path.removeprefix("/api"), body)
            assert unsigned.code == Code.SESSION_INVALID, (path, unsigned.body)
        # a token's use is recorded on its row (its last use), whatever the call answers: no change of factors
        assert [name for name in differences(before, await snapshot(app)) if name != "api_tokens"] == []
    await client.aclose()
