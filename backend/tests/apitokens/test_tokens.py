"""API tokens (issue 35 item 1): created once and shown once, scoped to their keys and their creator's subtree,
following their creator's keys, revocable, expiring, rate limited, named in the operation log; every bad input
refused naming its field."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from cleanfleet.apitokens.models import ApiToken
from cleanfleet.core.auth import hash_token
from cleanfleet.core.codes import Code
from cleanfleet.oplog.models import OperationLog
from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.apitokens.conftest import days_ahead
from tests.apitokens.window import clear_of_the_window_end

READ = ["elevator/index"]
READ_WRITE = ["elevator/index", "elevator/index/add"]


async def test_a_token_is_shown_once_stored_hashed_and_listed_without_it(dealer, new_token, db):
    made = await new_token(dealer, READ, name="BI export")
    token = made["token"]
    assert token.startswith(made["prefix"] + "_") and made["prefix"].startswith("cft_") and len(token) > 50
    assert made["keys"] == READ and made["userId"] == dealer.user.id and made["lastUsedAt"] is None
    row = await db.scalar(select(ApiToken).where(ApiToken.id == made["id"]))
    assert row.token_hash == hash_token(token) and token not in repr(row.__dict__)
    listed = await dealer.call("/integration/token/list", {})
    assert listed.code == 0
    [item] = listed.data["list"]
    assert item["name"] == "BI export" and item["prefix"] == made["prefix"] and "token" not in item
    assert item["expired"] is False and item["lostKeys"] == []


async def test_a_token_call_needs_no_sign_and_no_session_but_a_session_still_needs_the_sign(
        dealer, new_token, with_token):
    made = await new_token(dealer, READ)
    bot = with_token(made["token"])
    listed = await bot.call("/elevator/list", {})
    assert listed.code == 0, listed.body
    unsigned_session = await dealer.client.post("/api/elevator/list", json={},
                                                headers={"Authorization": f"Bearer {dealer.token}"})
    assert unsigned_session.json()["message"]["code"] == Code.BAD_SIGNATURE
    assert unsigned_session.json()["message"]["field"] == "sign"
    unknown = await with_token("cft_000000000000_not-a-real-token").call("/elevator/list", {})
    assert unknown.code == Code.SESSION_INVALID


async def test_a_read_key_does_not_write_and_another_branch_stays_hidden(dealer, make_user, signed_in, new_token,
                                                                           with_token):
    other_user, password = await make_user(2, roles=[ROLE_DEALER])
    other = await signed_in(other_user, password)
    assert (await other.call("/elevator/insertElevator", {"elevatorName": "Their lift",
                                                          "buildingName": "B"})).code == 0
    assert (await dealer.call("/elevator/insertElevator", {"elevatorName": "Our lift", "buildingName": "A"})).code == 0
    bot = with_token((await new_token(dealer, READ))["token"])
    listed = await bot.call("/elevator/list", {})
    assert [e["elevatorName"] for e in listed.data["list"]] == ["Our lift"]
    refused = await bot.call("/elevator/insertElevator", {"elevatorName": "Sneaky", "buildingName": "A"})
    assert refused.code == Code.NO_PERMISSION
    writer = with_token((await new_token(dealer, READ_WRITE))["token"])
    assert (await writer.call("/elevator/insertElevator", {"elevatorName": "Bot lift", "buildingName": "A"})).code == 0
    theirs = await writer.call("/elevator/list", {"userId": other_user.id})
    assert theirs.code == Code.NOT_FOUND and theirs.field == "userId"


async def test_the_token_loses_what_its_creator_loses(admin, make_user, signed_in, new_token, with_token):
    role = await admin.call("/user/role/insert", {"name": f"Integrator {datetime.now(UTC).timestamp()}",
                                              "keys": ["elevator/index", "integration/token",
                                                       "integration/token/add"]})
    assert role.code == 0, role.body
    user, password = await make_user(2, roles=[role.data["id"]])
    creator = await signed_in(user, password)
    bot = with_token((await new_token(creator, ["elevator/index"]))["token"])
    assert (await bot.call("/elevator/list", {})).code == 0
    changed = await admin.call("/user/role/update", {"id": role.data["id"],
                                                "keys": ["integration/token", "integration/token/add"]})
    assert changed.code == 0, changed.body
    assert (await bot.call("/elevator/list", {})).code == Code.NO_PERMISSION
    [item] = (await creator.call("/integration/token/list", {})).data["list"]
    assert item["lostKeys"] == ["elevator/index"]


async def test_a_deleted_creator_takes_its_tokens_along(admin, make_user, signed_in, new_token, with_token):
    user, password = await make_user(3, roles=[ROLE_DEALER])
    creator = await signed_in(user, password)
    bot = with_token((await new_token(creator, ["elevator/index"]))["token"])
    assert (await bot.call("/elevator/list", {})).code == 0
    assert (await admin.call("/user/deleteUserInfo", {"userId": user.id})).code == 0
    assert (await bot.call("/elevator/list", {})).code == Code.SESSION_INVALID


async def test_revoked_and_expired_tokens_are_refused(dealer, new_token, with_token, db):
    made = await new_token(dealer, READ)
    bot = with_token(made["token"])
    assert (await bot.call("/elevator/list", {})).code == 0
    assert (await dealer.call("/integration/token/delete", {"id": made["id"]})).code == 0
    assert (await bot.call("/elevator/list", {})).code == Code.SESSION_INVALID
    assert (await dealer.call("/integration/token/list", {})).data["total"] == 0

    old = await new_token(dealer, READ)
    await db.execute(update(ApiToken).where(ApiToken.id == old["id"])
                     .values(expires_at=datetime.now(UTC) - timedelta(seconds=1)))
    await db.commit()
    assert (await with_token(old["token"]).call("/elevator/list", {})).code == Code.SESSION_INVALID
    [item] = (await dealer.call("/integration/token/list", {})).data["list"]
    assert item["expired"] is True


async def test_token_calls_cannot_manage_tokens_sign_out_or_change_the_password(dealer, stored_token, with_token):
    keys = ["integration/token", "integration/token/add", "integration/token/delete"]
    made_id, token = await stored_token(dealer.user.id, keys)  # such keys are refused at creation since issue 45
    bot = with_token(token)
    for path, body in (("/integration/token/insert", {"name": "Minted", "expiresAt": days_ahead(1), "keys": keys}),
                       ("/integration/token/list", {}), ("/integration/token/delete", {"id": made_id}),
                       ("/logout", {}),
                       ("/user/updatePassword", {"password": "whatever1", "newPassword": "Minted12345"})):
        refused = await bot.call(path, body)
        assert refused.code == Code.NO_PERMISSION and refused.field == "Authorization", (path, refused.body)
    assert (await dealer.call("/integration/token/list", {})).data["total"] == 1


async def test_a_user_lists_and_revokes_its_subtree_but_not_another_branch(dealer, make_user, signed_in,
                                                                            new_token):
    child_user, password = await make_user(3, parent=dealer.user, roles=[ROLE_DEALER])
    child = await signed_in(child_user, password)
    made = await new_token(child, READ, name="Child token")
    listed = await dealer.call("/integration/token/list", {"userId": child_user.id})
    assert [t["name"] for t in listed.data["list"]] == ["Child token"]
    stranger_user, password = await make_user(2, roles=[ROLE_DEALER])
    stranger = await signed_in(stranger_user, password)
    assert (await stranger.call("/integration/token/list", {})).data["total"] == 0
    refused = await stranger.call("/integration/token/delete", {"id": made["id"]})
    assert refused.code == Code.NOT_FOUND and refused.field == "id"
    assert (await child.call("/integration/token/list", {"userId": dealer.user.id})).code != 0
    assert (await dealer.call("/integration/token/delete", {"id": made["id"]})).code == 0


async def test_the_keys_call_offers_the_callers_own_keys(dealer):
    answer = await dealer.call("/integration/token/keys", {})
    keys = {k["key"] for k in answer.data["list"]}
    assert "elevator/index" in keys and "version/fireware" not in keys
    assert answer.data["maxDays"] == 365 and answer.data["maxTokens"] == 50


@pytest.mark.parametrize(("body", "field", "code"), [
    ({"keys": ["version/fireware"]}, "keys.0", Code.NO_PERMISSION),
    ({"keys": ["elevator/index", "no/such/key"]}, "keys.1", Code.NO_PERMISSION),
    ({"keys": ["elevator/index", "elevator/index"]}, "keys.1", Code.BAD_PARAMETER),
    ({"keys": []}, "keys", Code.BAD_PARAMETER),
    ({"expiresAt": "2001-01-01T00:00:00Z"}, "expiresAt", Code.BAD_PARAMETER),
    ({"expiresAt": days_ahead(366)}, "expiresAt", Code.BAD_PARAMETER),
    ({"expiresAt": "not a date"}, "expiresAt", Code.BAD_PARAMETER),
    ({"expiresAt": None}, "expiresAt", Code.BAD_PARAMETER),
    ({"name": ""}, "name", Code.BAD_PARAMETER),
    ({"name": "x" * 65}, "name", Code.BAD_PARAMETER),
])
async def test_bad_input_is_refused_naming_the_field(dealer, body, field, code):
    full = {"name": "Good name", "expiresAt": days_ahead(10), "keys": READ, **body}
    answer = await dealer.call("/integration/token/insert", {k: v for k, v in full.items() if v is not None})
    assert answer.code == code, answer.body
    assert answer.field == field
    assert (await dealer.call("/integration/token/list", {})).data["total"] == 0


async def test_names_are_unique_per_creator_and_live_tokens_are_bounded(dealer, new_token, db):
    await new_token(dealer, READ, name="Same")
    again = await dealer.call("/integration/token/insert", {"name": "Same", "expiresAt": days_ahead(1),
                                                            "keys": READ})
    assert again.code == Code.ALREADY_EXISTS and again.field == "name"
    for n in range(49):
        await new_token(dealer, READ, name=f"Bulk {n}")
    over = await dealer.call("/integration/token/insert", {"name": "One too many", "expiresAt": days_ahead(1),
                                                           "keys": READ})
    assert over.code == Code.CONFLICT and over.field == "name"


async def test_refusals_speak_the_requests_language(dealer):
    answer = await dealer.call("/integration/token/insert", {"name": "Fr", "expiresAt": days_ahead(1),
                                                             "keys": ["version/fireware"]},
                               headers={"language": "fr"})
    assert answer.field == "keys.0" and "jeton" in answer.message, answer.message


async def test_rate_limit_headers_and_429(app, dealer, new_token, with_token):
    made = await new_token(dealer, READ)
    bot = with_token(made["token"])
    limiter = app.state.api_token_gate.limiter
    saved = limiter.limit
    limiter.limit = 3
    await clear_of_the_window_end()
    try:
        for remaining in (2, 1, 0):
            assert (await bot.call("/elevator/list", {})).code == 0
            headers = bot.last.headers
            assert headers["ratelimit-limit"] == "3" and headers["ratelimit-remaining"] == str(remaining)
            assert 1 <= int(headers["ratelimit-reset"]) <= 60
        refused = await bot.call("/elevator/list", {}, headers={"language": "de"})
        assert refused.status == 429 and refused.code == Code.RATE_LIMITED
        assert 1 <= int(bot.last.headers["retry-after"]) <= 60 and "Token" in refused.message
    finally:
        limiter.limit = saved


async def test_last_use_is_written_at_most_once_a_minute(dealer, new_token, with_token, db):
    made = await new_token(dealer, READ)
    bot = with_token(made["token"])
    assert (await bot.call("/elevator/list", {})).code == 0
    first = await db.scalar(select(ApiToken.last_used_at).where(ApiToken.id == made["id"]))
    assert first is not None
    await db.commit()
    assert (await bot.call("/elevator/list", {})).code == 0
    assert await db.scalar(select(ApiToken.last_used_at).where(ApiToken.id == made["id"])) == first
    [item] = (await dealer.call("/integration/token/list", {})).data["list"]
    assert item["lastUsedAt"] is not None


async def test_the_operation_log_names_the_token(dealer, new_token, with_token, db):
    bot = with_token((await new_token(dealer, READ_WRITE, name="Facility sync"))["token"])
    assert (await bot.call("/elevator/insertElevator", {"elevatorName": "Logged lift", "buildingName": "A"})).code == 0
    row = await db.scalar(select(OperationLog).where(OperationLog.target == "Logged lift"))
    assert row is not None and row.token_name == "Facility sync" and row.user_id == dealer.user.id
    created = await db.scalar(select(OperationLog).where(OperationLog.target == "Facility sync"))
    assert created is not None and created.token_name is None  # made in the console session
