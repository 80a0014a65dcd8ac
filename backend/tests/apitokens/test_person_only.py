"""Nothing done with an API token makes a credential or ends a session (issue 45 item 1): no account that can sign
in, no password set or reset, no shadow, no token, no change of roles, role groups or their assignment, nobody
signed out. The outside test's chains (a token holding user-management keys calling user/insertUser,
user/shadow/insert, user/updateInitialPassword, user/cleanToken, ...) are refused naming ``Authorization`` and
change nothing; such keys are refused when a token is made and dropped from one made before; revoking the token
then ends everything it could do; what it did carries its id on the operation log."""

from collections.abc import Iterator
from typing import Any

from fastapi.routing import iter_route_contexts
from sqlalchemy import func, select

from cleanfleet.apitokens import service as tokens
from cleanfleet.apitokens.models import ApiToken
from cleanfleet.auth.models import Token
from cleanfleet.core.auth import hash_token, session_caller
from cleanfleet.core.codes import Code
from cleanfleet.oplog.models import OperationLog
from cleanfleet.roles.catalogue import PERSON_ONLY_KEYS, PRESET_ROLES, ROLE_DEALER, ROLE_USER
from cleanfleet.roles.models import Role, RoleGroup, RolePermission, UserRole, UserRoleGroup
from cleanfleet.users.models import User
from tests.apitokens.conftest import days_ahead
from tests.conftest import unique_account

# The dealer's keys of user management and tokens: what the outside test's token held.
MANAGER_KEYS = sorted(PERSON_ONLY_KEYS & PRESET_ROLES[ROLE_DEALER][1])
READ = ["elevator/index", "user/index"]

# Every call of the chains, and the others that make a credential or end a session: each is a person's only.
PERSON_CALLS = {
    "/api/user/insertUser", "/api/user/updateUserPermission", "/api/user/deleteUserInfo",
    "/api/user/updateInitialPassword", "/api/user/cleanToken", "/api/user/updatePassword",
    "/api/user/shadow/insert", "/api/user/shadow/update", "/api/user/shadow/delete",
    "/api/user/role/insert", "/api/user/role/update", "/api/user/role/delete",
    "/api/user/role/group/insert", "/api/user/role/group/update", "/api/user/role/group/delete",
    "/api/integration/token/insert", "/api/integration/token/delete", "/api/integration/token/list",
    "/api/integration/token/keys", "/api/logout", "/api/device/deviceGenerateAuthCode",
}


def _dependencies(dependant: Any) -> Iterator[Any]:
    for dependency in dependant.dependencies:
        yield dependency.call
        yield from _dependencies(dependency)


def _routes(app: Any) -> Iterator[tuple[str, list[Any]]]:
    for route in iter_route_contexts(app.routes):
        if (route.path or "").startswith("/api/") and getattr(route, "dependant", None) is not None:
            yield route.path, list(_dependencies(route.dependant))


def _session_only(calls: list[Any]) -> bool:
    return any(call is session_caller or getattr(call, "admits", ((), False, False))[2] for call in calls)


def _needs_a_person_key(calls: list[Any]) -> bool:
    """Admitted only by a key a token never holds: every key of a ``require``, or all of a ``require_any``."""
    for call in calls:
        keys, any_of, _ = getattr(call, "admits", ((), False, False))
        if keys and (set(keys) <= PERSON_ONLY_KEYS if any_of else bool(set(keys) & PERSON_ONLY_KEYS)):
            return True
    return False


def test_every_call_needing_a_person_key_is_session_only(app):
    routes = dict(_routes(app))
    assert len(routes) > 100  # the walk sees the whole app
    open_to_tokens = sorted(path for path, calls in routes.items() if _needs_a_person_key(calls)
                            and not _session_only(calls))
    assert open_to_tokens == [], "these need a key a token never holds: declare core.auth.person_only"
    session_only = {path for path, calls in routes.items() if _session_only(calls)}
    assert session_only >= PERSON_CALLS, sorted(PERSON_CALLS - session_only)
    # person_only is used for those keys only, so PERSON_ONLY_KEYS stays the one list of them
    for path, calls in routes.items():
        for call in calls:
            keys, _, person = getattr(call, "admits", ((), False, False))
            assert not person or set(keys) <= PERSON_ONLY_KEYS, (path, keys)


async def _world(make_user, signed_in, stored_token, with_token) -> dict[str, Any]:
    """A dealer (signed in), its user with a sub-user, a shadow, a custom role and a role group; and a token of the
    dealer's made before issue 45 with every user-management key the dealer holds (as the outside test's)."""
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    console = await signed_in(dealer, password)
    user, _ = await make_user(3, parent=dealer, roles=[ROLE_USER])
    sub, _ = await make_user(4, parent=user, roles=[ROLE_USER])
    shadow, _ = await make_user(2, roles=[ROLE_USER], shadow_of=dealer)
    role = await console.call("/user/role/insert", {"name": unique_account("Role "), "keys": ["elevator/index"]})
    group = await console.call("/user/role/group/insert", {"name": unique_account("Group "),
                                                          "roleIds": [role.data["id"]]})
    assert role.code == 0 and group.code == 0, (role.body, group.body)
    token_id, token = await stored_token(dealer.id, [*READ, *MANAGER_KEYS])
    return {"dealer": dealer, "console": console, "user": user, "sub": sub, "shadow": shadow,
            "role": role.data["id"], "group": group.data["id"], "token_id": token_id, "token": token,
            "bot": with_token(token)}


def _chains(w: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    new_account = {"account": unique_account("minted"), "name": "Minted", "password": "Minted12345"}
    return [
        ("/user/insertUser", {**new_account, "parentId": w["user"].id, "roleIds": [ROLE_USER]}),
        ("/user/insertUser", new_account),  # a level-3 user with the dealer's preset
        ("/user/shadow/insert", {**new_account, "roleIds": [ROLE_USER]}),
        ("/user/shadow/update", {"userId": w["shadow"].id, "roleIds": [ROLE_DEALER]}),
        ("/user/shadow/delete", {"userId": w["shadow"].id}),
        ("/user/updateInitialPassword", {"userId": w["sub"].id, "password": "Taken12345"}),
        ("/user/updateInitialPassword", {"userId": w["user"].id}),
        ("/user/cleanToken", {}),  # its creator signed out everywhere
        ("/user/cleanToken", {"userId": w["user"].id}),
        ("/user/updateUserPermission", {"userId": w["user"].id, "roleIds": [ROLE_DEALER]}),
        ("/user/updateUserPermission", {"userId": w["user"].id, "roleGroupId": w["group"]}),
        ("/user/deleteUserInfo", {"userId": w["sub"].id}),
        ("/user/role/insert", {"name": "Minted role", "keys": MANAGER_KEYS}),
        ("/user/role/update", {"id": w["role"], "keys": MANAGER_KEYS}),
        ("/user/role/delete", {"id": w["role"]}),
        ("/user/role/group/insert", {"name": "Minted group", "roleIds": [ROLE_DEALER]}),
        ("/user/role/group/update", {"id": w["group"], "roleIds": [ROLE_DEALER]}),
        ("/user/role/group/delete", {"id": w["group"]}),
        ("/integration/token/insert", {"name": "Minted", "expiresAt": days_ahead(30), "keys": READ}),
        ("/integration/token/delete", {"id": w["token_id"]}),
        ("/user/updatePassword", {"password": "Secret123", "newPassword": "Minted12345"}),
        ("/logout", {}),
    ]


async def _stored(db: Any, w: dict[str, Any]) -> dict[str, Any]:
    """What the chains would change: accounts, passwords, sessions, tokens, roles, groups and their holders."""
    db.expire_all()
    users = {u.id: (u.password_hash, u.updated_at) for u in await db.scalars(
        select(User).where(User.path.startswith(w["dealer"].path)))}
    return {
        "users": users,
        "sessions": await db.scalar(select(func.count()).select_from(Token).where(
            Token.user_id.in_(users), Token.revoked_at.is_(None))),
        "tokens": sorted(await db.scalars(select(ApiToken.id).where(ApiToken.user_id.in_(users)))),
        "roles": sorted(await db.scalars(select(Role.id).where(Role.user_id.in_(users)))),
        "role keys": sorted(await db.scalars(select(RolePermission.key).where(RolePermission.role_id == w["role"]))),
        "groups": sorted(await db.scalars(select(RoleGroup.id).where(RoleGroup.user_id.in_(users)))),
        "holders": sorted((await db.execute(select(UserRole.user_id, UserRole.role_id).where(
            UserRole.user_id.in_(users)))).all()),
        "group holders": sorted((await db.execute(select(UserRoleGroup.user_id, UserRoleGroup.group_id).where(
            UserRoleGroup.user_id.in_(users)))).all()),
    }


async def test_a_token_with_user_management_keys_makes_no_credential_and_signs_nobody_out(
        make_user, signed_in, stored_token, with_token, db):
    w = await _world(make_user, signed_in, stored_token, with_token)
    before = await _stored(db, w)
    for path, body in _chains(w):
        refused = await w["bot"].call(path, body)
        assert refused.code == Code.NO_PERMISSION and refused.field == "Authorization", (path, refused.body)
    for path, body in _chains(w)[:3]:  # the refusal says why, in the request's language
        answer = await w["bot"].call(path, body, headers={"language": "fr"})
        assert "personne connectée à la console" in answer.message, answer.message
    assert await _stored(db, w) == before  # no account, password, session, token, role or group changed
    assert (await w["console"].call("/user/selectUserInfo", {})).code == 0  # the creator is still signed in
    assert (await w["bot"].call("/elevator/list", {})).code == 0  # the token itself still works: it was refused


async def test_revoking_the_token_ends_what_it_could_do(make_user, signed_in, stored_token, with_token, db):
    w = await _world(make_user, signed_in, stored_token, with_token)
    for path, body in _chains(w):
        await w["bot"].call(path, body)
    before = await _stored(db, w)
    assert (await w["console"].call("/integration/token/delete", {"id": w["token_id"]})).code == 0
    assert (await w["bot"].call("/elevator/list", {})).code == Code.SESSION_INVALID
    after = await _stored(db, w)
    assert after["tokens"] == [] and after["users"] == before["users"]
    assert after["sessions"] == before["sessions"]  # nothing the token made lives on: it made no session


async def test_such_keys_are_refused_when_a_token_is_made_naming_the_field_and_the_keys(dealer, db):
    count = await db.scalar(select(func.count()).select_from(ApiToken).where(ApiToken.user_id == dealer.user.id))
    body = {"name": "User sync", "expiresAt": days_ahead(30),
            "keys": ["elevator/index", "user/index/add", "user/index/reset_password"]}
    refused = await dealer.call("/integration/token/insert", body, headers={"language": "en"})
    assert refused.code == Code.NO_PERMISSION and refused.field == "keys", refused.body
    assert "user/index/add, user/index/reset_password" in refused.message, refused.message
    assert "person signed in to the console" in refused.message
    for key in sorted(PERSON_ONLY_KEYS):  # every one of them, alone
        answer = await dealer.call("/integration/token/insert", {**body, "keys": [key]})
        assert answer.code == Code.NO_PERMISSION and answer.field == "keys", (key, answer.body)
    db.expire_all()
    assert await db.scalar(select(func.count()).select_from(ApiToken).where(
        ApiToken.user_id == dealer.user.id)) == count


async def test_the_key_list_marks_what_a_token_may_never_get(dealer):
    answer = await dealer.call("/integration/token/keys", {})
    marked = {item["key"]: item["personOnly"] for item in answer.data["list"]}
    assert marked["elevator/index"] is False and marked["user/index"] is False
    assert {key for key, person in marked.items() if person} == set(MANAGER_KEYS)


async def test_an_older_token_never_holds_such_keys_and_lists_them_lost(dealer, stored_token, db):
    token_id, token = await stored_token(dealer.user.id, ["elevator/index", "user/index/add", "index/clear_token"])
    caller = await tokens.resolve(db, hash_token(token))
    assert caller is not None and caller.keys == frozenset({"elevator/index"})
    [item] = [t for t in (await dealer.call("/integration/token/list", {})).data["list"] if t["id"] == token_id]
    assert item["lostKeys"] == ["user/index/add", "index/clear_token"]


async def test_the_operation_log_row_carries_the_tokens_id(dealer, new_token, with_token, db):
    made = await new_token(dealer, ["elevator/index", "elevator/index/add", "log"], name="Lift sync")
    bot = with_token(made["token"])
    assert (await bot.call("/elevator/insertElevator", {"elevatorName": "Traced lift", "buildingName": "A"})).code == 0
    row = await db.scalar(select(OperationLog).where(OperationLog.target == "Traced lift"))
    assert row is not None and row.token_id == made["id"] and row.token_name == "Lift sync"
    found = await dealer.call("/log/list", {"tokenId": made["id"]}, headers={"language": "en"})
    assert found.code == 0, found.body
    assert [(r["target"], r["token"], r["tokenId"]) for r in found.data["list"]] == [
        ("Elevator Traced lift: created", "Lift sync", made["id"])]
    assert (await dealer.call("/log/list", {"tokenId": made["id"] + 10_000})).data["total"] == 0


async def test_a_tokens_first_call_of_the_day_from_an_address_is_an_audit_event_not_every_call(
        dealer, new_token, with_token, db):
    from cleanfleet.audit.models import AuditRecord

    made = await new_token(dealer, ["elevator/index"], name="Audited sync")
    bot = with_token(made["token"])
    for _ in range(3):
        assert (await bot.call("/elevator/list", {"currentPage": 1, "pageSize": 10})).code == 0
    used = (await db.scalars(select(AuditRecord).where(AuditRecord.kind == "token_used",
                                                       AuditRecord.actor_id == made["id"]))).all()
    assert [(r.actor_type, r.acting_id, r.target, r.actor_name) for r in used] == [
        ("token", dealer.user.id, f"api_token#{made['id']}", f"{dealer.user.account} (Audited sync)")]
