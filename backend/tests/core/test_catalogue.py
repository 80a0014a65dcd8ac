"""The permission catalogue covers every console route of product-spec section 2 and the named buttons."""

from sqlalchemy import select

from cleanfleet.roles.catalogue import ALL_KEYS, PAGE_KEYS, PRESET_ROLES
from cleanfleet.roles.models import Permission, Role

SPEC_ROUTES = """
index reportChart device/index device/group device/deviceSummary device/deviceOnLineSummary device/maplist
device/taskList device/log device/videoHistory device/report device/hardSupportIndex
device/index/product/batch/index device/dataBackup device/index/hostManage device/repair device/hire device/warn
device/warnSummary device/ad device/deviceAmap device/info device/index/device/selectViewPwdPageList
device_control/index index/realWarn user/index user/userShadow user/role user/index/role_group
version/index/cloud_version version/index/whole_version version/fireware version/soft version/app
version/configure elevator/index file/host file/file_list file/knowledge warn/index/warn warn/index/warn_set
message/index log
""".split()
# third-wave pages (issue 33: sites, plan against actual; issue 34: incidents; issue 35: integrations; issue 36: wear
# forecast, robot health; issue 47: advisories)
BEYOND_SPEC = {"site/index", "site/actual", "incident/index", "integration/token", "integration/webhook",
               "wear/index", "device/health", "version/advisory", "user/sso", "audit",
               "retention",  # issue 51 item 5: how long each kind of data is kept
               "user/brand",  # issue 53 item 4: a node's own brand
               "site/field"}  # issue 53 items 5-6: the field kit, a phone that works without signal

SPEC_BUTTONS = {"device/index/type_admin", "device/index/authCode", "device/index/add", "device/group",
                "index/clear_data", "index/clear_token"}


def test_every_route_has_a_page_key():
    assert set(SPEC_ROUTES) | BEYOND_SPEC == PAGE_KEYS


def test_the_spec_buttons_are_keys():
    assert SPEC_BUTTONS <= ALL_KEYS


def test_create_edit_delete_keys_exist_for_editable_pages():
    for page in ("user/index", "user/role", "device/group", "elevator/index", "device/repair"):
        assert {f"{page}/add", f"{page}/edit", f"{page}/delete"} <= ALL_KEYS, page


def test_preset_roles_use_the_spec_ids():
    assert set(PRESET_ROLES) == {10, 11, 13, 14, 15, 16, 17, 18}


async def test_catalogue_and_presets_are_in_the_database(db):
    stored = set(await db.scalars(select(Permission.key)))
    assert stored == ALL_KEYS
    presets = {role.id: role.name for role in await db.scalars(select(Role).where(Role.is_preset))}
    assert presets == {role_id: name for role_id, (name, _keys) in PRESET_ROLES.items()}
