"""A node's identity providers (issue 50 item 1): scoped to the caller's branch, person-only, every field bounded and
refused by name, the client secret sealed and never answered, logged or in the operation log, and the discovery
test showing what the provider says."""

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, text

from cleanfleet.roles.catalogue import ROLE_ADMIN, ROLE_USER
from cleanfleet.sso import oidc
from cleanfleet.sso.models import SsoProvider
from tests.sso.conftest import CLIENT_SECRET, provider_body


async def _add(branch: Any, oidc_provider: Any, **fields: Any) -> Any:
    groups = fields.pop("groups", [{"group": "cleaners", "roleId": ROLE_USER, "nodeId": branch.customer.id}])
    return await branch.dealer_api.call("/sso/provider/add", provider_body(branch, oidc_provider, groups, **fields))


async def test_the_secret_is_sealed_and_never_shown(app, branch, oidc_provider, db):
    made = await _add(branch, oidc_provider)
    assert made.code == 0, made.body
    assert made.data["secretSet"] is True and made.data["redirectUri"].endswith("/api/sso/callback")
    assert made.data["groups"] == [{"group": "cleaners", "roleId": ROLE_USER, "roleName": "ordinary user",
                                    "nodeId": branch.customer.id, "nodeAccount": branch.customer.account}]
    kept = await branch.dealer_api.call("/sso/provider/edit", {**provider_body(branch, oidc_provider, []),
                                                               "id": made.data["id"], "clientSecret": None,
                                                               "name": "Acme Corp"})
    assert kept.code == 0, kept.body
    listed = await branch.dealer_api.call("/sso/provider/list")
    row = await db.scalar(select(SsoProvider).where(SsoProvider.id == made.data["id"]))
    assert CLIENT_SECRET not in row.client_secret_sealed  # sealed, and kept through the edit
    logs = (await db.execute(text("SELECT * FROM operation_logs"))).all()
    for shown in (made.body, kept.body, listed.body, [list(map(str, log)) for log in logs]):
        assert CLIENT_SECRET not in json.dumps(shown, default=str)
    assert "Acme Corp" in json.dumps([list(map(str, log)) for log in logs], default=str)  # the change is logged


async def test_another_branch_sees_nothing_and_touches_nothing(app, branch, oidc_provider, make_user, signed_in):
    made = await _add(branch, oidc_provider)
    provider_id = made.data["id"]
    other = branch.other_api
    assert [p for p in (await other.call("/sso/provider/list")).data if p["id"] == provider_id] == []
    for path, body in (("/sso/provider/edit", {**provider_body(branch, oidc_provider, []), "id": provider_id}),
                       ("/sso/provider/delete", {"id": provider_id}), ("/sso/provider/test", {"id": provider_id})):
        refused = await other.call(path, body)
        assert (refused.code, refused.field) == (10005, "id"), refused.body
    foreign = await other.call("/sso/provider/add", {**provider_body(branch, oidc_provider, []),
                                                     "nodeId": branch.customer.id, "domains": ["x.example"]})
    assert (foreign.code, foreign.field) == (10005, "nodeId")
    below, password = await make_user(4, parent=branch.customer)  # no key
    assert (await (await signed_in(below, password)).call("/sso/provider/list")).code == 10004


async def test_an_api_token_manages_no_provider(app, branch, oidc_provider):
    expires = (datetime.now(UTC) + timedelta(days=3)).isoformat()
    made = await branch.dealer_api.call("/integration/token/insert", {"name": "t", "expiresAt": expires,
                                                                      "keys": ["index"]})
    branch.dealer_api.token = made.data["token"]
    refused = await branch.dealer_api.call("/sso/provider/list", headers={"sign": None})
    assert (refused.code, refused.field) == (10004, "Authorization")


async def test_bad_fields_are_refused_by_name(app, branch, oidc_provider, db):
    cases = [
        ({"issuer": "http://10.1.2.3/realms/x"}, "issuer"),
        ({"issuer": "ftp://idp.example"}, "issuer"),
        ({"domains": ["not a domain"]}, "domains.0"),
        ({"domains": [branch.domain, branch.domain.upper()]}, "domains.1"),
        ({"clientSecret": None}, "clientSecret"),
        ({"scopes": "email profile"}, "scopes"),
        ({"groupsClaim": "has space"}, "groupsClaim"),
        ({"name": ""}, "name"),
        ({"groups": [{"group": "g", "roleId": ROLE_ADMIN}]}, "groups.0.roleId"),  # a role the dealer cannot give
        ({"groups": [{"group": "g", "roleId": ROLE_USER, "nodeId": 1}]}, "groups.0.nodeId"),  # above the node
    ]
    for fields, field in cases:
        refused = await _add(branch, oidc_provider, **fields)
        assert refused.code != 0 and refused.field == field, (fields, refused.body)
    assert await db.scalar(select(SsoProvider.id).where(SsoProvider.node_id == branch.dealer.id)) is None
    assert (await _add(branch, oidc_provider)).code == 0
    taken = await branch.other_api.call("/sso/provider/add", {**provider_body(branch, oidc_provider, [])})
    assert (taken.code, taken.field) == (10001, "domains.0") and branch.domain in taken.message


async def test_the_test_shows_what_the_provider_says(app, branch, oidc_provider):
    told = await branch.dealer_api.call("/sso/provider/test", {"issuer": oidc_provider.issuer + "/"})
    assert told.code == 0, told.body
    assert told.data["issuer"] == oidc_provider.issuer and told.data["keys"] >= 1
    assert told.data["endSessionEndpoint"].startswith(oidc_provider.issuer)
    assert "S256" not in told.data["signingAlgorithms"] and "RS256" in told.data["signingAlgorithms"]
    nobody = await branch.dealer_api.call("/sso/provider/test", {"issuer": "http://127.0.0.1:9/nothing"})
    assert (nobody.code, nobody.field) == (10001, "issuer")


def test_amr_that_says_two_factors():
    assert oidc.mfa_done({"amr": ["pwd", "mfa"]}) and oidc.mfa_done({"amr": ["pwd", "otp"]})
    assert oidc.mfa_done({"amr": ["hwk", "fpt"]})
    assert not oidc.mfa_done({"amr": ["pwd"]}) and not oidc.mfa_done({}) and not oidc.mfa_done({"amr": "mfa"})
    assert not oidc.mfa_done({"amr": ["pwd", "pin"]})  # two things known are one kind of factor
