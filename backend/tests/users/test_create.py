"""Creating accounts: the level rules, the field rules of product-spec 5, and roles the creator may grant."""

from types import SimpleNamespace

from sqlalchemy import func, select

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import PRESET_ROLES, ROLE_DEALER, ROLE_SOFTWARE, ROLE_USER
from cleanfleet.users.models import User
from tests.conftest import unique_account


async def user_count(db) -> int:
    return await db.scalar(select(func.count()).select_from(User))


def new_user(**fields):
    return {"account": unique_account("n"), "name": "Site office", "password": "Secret123", **fields}


async def test_each_level_creates_exactly_the_next_one(admin, signed_in, make_user):
    dealer = await admin.call("/user/insertUser", new_user(email="a@b.cn"))
    assert dealer.code == 0, dealer.body
    assert dealer.data["levelDepth"] == 2 and dealer.data["roleIds"] == [ROLE_DEALER] and dealer.data["role"] == "[16]"
    dealer_row, _ = await make_user(2, roles=[ROLE_DEALER])
    dealer_api = await signed_in(dealer_row, "Secret123")
    user = await dealer_api.call("/user/insertUser", new_user())
    assert user.code == 0 and user.data["levelDepth"] == 3 and user.data["parentId"] == dealer_row.id
    assert user.data["roleIds"] == [ROLE_USER]
    user_api = await api_for(signed_in, user.data["account"])
    sub = await user_api.call("/user/insertUser", new_user())
    assert sub.code == 0 and sub.data["levelDepth"] == 4
    sub_api = await api_for(signed_in, sub.data["account"])
    refused = await sub_api.call("/user/insertUser", new_user())
    assert refused.code == Code.NO_PERMISSION and refused.field == "parentId"
    assert refused.message == "4 级账号不能有下级用户"


async def api_for(signed_in, account: str):
    return await signed_in(SimpleNamespace(account=account), "Secret123")


async def test_admin_creates_a_user_under_one_of_its_dealers(admin, make_user, db):
    dealer, _ = await make_user(2)
    answer = await admin.call("/user/insertUser", new_user(parentId=dealer.id, levelDepth=3))
    assert answer.code == 0 and answer.data["levelDepth"] == 3 and answer.data["parentId"] == dealer.id
    created = await db.get(User, answer.data["userId"])
    assert created.path == f"{dealer.path}{created.id}/"


async def test_a_level_that_is_not_the_next_one_is_refused(admin, make_user, db):
    dealer, _ = await make_user(2)
    before = await user_count(db)
    answer = await admin.call("/user/insertUser", new_user(parentId=dealer.id, levelDepth=4))
    assert answer.code == Code.BAD_PARAMETER and answer.field == "levelDepth"
    assert answer.message == "2 级账号只能创建 3 级账号"
    assert await user_count(db) == before


async def test_a_parent_outside_the_subtree_is_refused(signed_in, make_user, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    stranger, _ = await make_user(2)
    api = await signed_in(dealer, password)
    before = await user_count(db)
    answer = await api.call("/user/insertUser", new_user(parentId=stranger.id))
    assert (answer.code, answer.field) == (Code.NOT_FOUND, "parentId")  # core/scope.py's refusal
    assert await user_count(db) == before


async def test_the_login_name_is_letters_and_digits_and_unique(admin, make_user, db):
    before = await user_count(db)
    bad = await admin.call("/user/insertUser", new_user(account="dealer-one"))
    assert bad.code == Code.BAD_PARAMETER and bad.field == "account" and bad.message == "只能包含英文字母和数字"
    existing, _ = await make_user(2)
    taken = await admin.call("/user/insertUser", new_user(account=existing.account.upper()))
    assert taken.code == Code.ALREADY_EXISTS and taken.field == "account"
    assert taken.message == f"账号 {existing.account.upper()} 已被使用"
    assert await user_count(db) == before + 1  # only make_user's


async def test_field_rules(admin, db):
    before = await user_count(db)
    cases = [
        ({"name": "  "}, "name"),
        ({"phone": "1380000000"}, "phone"),
        ({"phone": "1380000000a"}, "phone"),
        ({"email": "ops@example.com,not-a-mailbox"}, "email"),
        ({"email": "ops@example.toolongtld"}, "email"),
        ({"emailToTask": 2}, "emailToTask"),
        ({"password": "short1"}, "password"),
        ({"password": "lettersonly"}, "password"),
    ]
    for fields, field in cases:
        answer = await admin.call("/user/insertUser", new_user(**fields))
        assert answer.code == Code.BAD_PARAMETER, (fields, answer.body)
        assert answer.field == field, (fields, answer.body)
    mailbox = await admin.call("/user/insertUser", new_user(email="ops@example.com, bad"))
    assert mailbox.field == "email" and mailbox.message == "邮箱格式错误：bad"
    assert await user_count(db) == before


async def test_optional_fields_and_a_mailbox_list(admin):
    answer = await admin.call("/user/insertUser", new_user(phone="", email=" a@b.com ,c.d@e-f.org ", emailToWarn=1),
                              form=True)
    assert answer.code == 0, answer.body
    assert answer.data["email"] == "a@b.com,c.d@e-f.org" and answer.data["phone"] == ""
    assert answer.data["emailToWarn"] == 1 and answer.data["emailToTask"] == 0


async def test_roles_given_at_creation_must_be_held_by_the_creator(signed_in, make_user, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(dealer, password)
    before = await user_count(db)
    answer = await api.call("/user/insertUser", new_user(role=f"[{ROLE_SOFTWARE}]"))
    missing = sorted(PRESET_ROLES[ROLE_SOFTWARE][1] - PRESET_ROLES[ROLE_DEALER][1])
    assert answer.code == Code.NO_PERMISSION and answer.field == "roleIds"
    assert answer.message.startswith(f"角色 {ROLE_SOFTWARE} 含有你没有的权限：") and missing[0] in answer.message
    assert await user_count(db) == before
    ok = await api.call("/user/insertUser", new_user(role=f"[{ROLE_USER}]"))
    assert ok.code == 0 and ok.data["roleIds"] == [ROLE_USER]


async def test_a_shadow_user_cannot_be_a_parent(admin, make_user, db):
    dealer, _ = await make_user(2)
    shadow, _ = await make_user(2, shadow_of=dealer)
    answer = await admin.call("/user/insertUser", new_user(parentId=shadow.id))
    assert answer.code == Code.BAD_PARAMETER and answer.field == "parentId"
