"""The permission catalogue: a key for every console route and every button action.

A page key is the route path without its leading slash ('/' + key == route path). A button key is
'<page key>/<action>'. The console builds its menu from the page keys the user holds; the server
checks the same keys on every call. Keys are stable: add, never rename.
"""

from dataclasses import dataclass

GROUP_HOME = "home"
GROUP_DEVICE = "device"
GROUP_USER = "user"
GROUP_WARN = "warn"
GROUP_VERSION = "version"
GROUP_FILE = "file"
GROUP_OTHER = "other"
GROUP_INTEGRATION = "integration"  # issue 35: API tokens, webhooks


@dataclass(frozen=True)
class PermissionDef:
    key: str
    name: str
    kind: str  # "page" or "button"
    group: str
    sort: int
    page: str  # the page key a button belongs to; a page's own key


_PAGES: tuple[tuple[str, str, str], ...] = (
    ("index", "Status monitoring", GROUP_HOME),
    ("reportChart", "Task report", GROUP_HOME),
    ("device/index", "Device list", GROUP_DEVICE),
    ("device/group", "Device groups", GROUP_DEVICE),
    ("device/deviceSummary", "Device summary", GROUP_DEVICE),
    ("device/deviceOnLineSummary", "Online summary", GROUP_DEVICE),
    ("device/maplist", "Maps", GROUP_DEVICE),
    ("device/taskList", "Tasks", GROUP_DEVICE),
    ("device/log", "Device logs", GROUP_DEVICE),
    ("device/videoHistory", "Video history", GROUP_DEVICE),
    ("device/report", "Device reports", GROUP_DEVICE),
    ("device/hardSupportIndex", "Accessories", GROUP_DEVICE),
    ("device/index/product/batch/index", "Production batches", GROUP_DEVICE),
    ("device/dataBackup", "Data backups", GROUP_DEVICE),
    ("device/index/hostManage", "Transfer nodes", GROUP_DEVICE),
    ("device/repair", "Repair records", GROUP_DEVICE),
    ("device/health", "Robot health", GROUP_DEVICE),
    ("device/hire", "Leases", GROUP_DEVICE),
    ("device/warn", "Device alarms", GROUP_WARN),
    ("device/warnSummary", "Alarm summary", GROUP_WARN),
    ("device/ad", "Advertising", GROUP_DEVICE),
    ("device/deviceAmap", "Device map view", GROUP_DEVICE),
    ("device/info", "Device info", GROUP_DEVICE),
    ("device/index/device/selectViewPwdPageList", "Password access records", GROUP_DEVICE),
    ("device_control/index", "Remote control", GROUP_DEVICE),
    ("index/realWarn", "Live alarms", GROUP_WARN),
    ("incident/index", "Incidents", GROUP_WARN),
    ("user/index", "Users", GROUP_USER),
    ("user/userShadow", "Shadow users", GROUP_USER),
    ("user/role", "Roles", GROUP_USER),
    ("user/index/role_group", "Role groups", GROUP_USER),
    ("user/sso", "Identity providers", GROUP_USER),  # issue 50: single sign-on (OpenID Connect) per node
    ("user/brand", "Brand", GROUP_USER),  # issue 53 item 4: a node's own brand (branding/)
    ("version/index/cloud_version", "Cloud versions", GROUP_VERSION),
    ("version/index/whole_version", "Whole-machine versions", GROUP_VERSION),
    ("version/fireware", "Firmware", GROUP_VERSION),
    ("version/soft", "Software versions", GROUP_VERSION),
    ("version/app", "App versions", GROUP_VERSION),
    ("version/configure", "Configuration parameters", GROUP_VERSION),
    ("version/advisory", "Advisories", GROUP_VERSION),  # issue 47: SBOMs, OSV advisories, affected robots
    ("elevator/index", "Elevators", GROUP_OTHER),
    ("site/index", "Sites", GROUP_OTHER),
    ("site/actual", "Plan against actual", GROUP_OTHER),
    ("site/field", "Field kit", GROUP_OTHER),  # issue 53 items 5-6: the phone's snapshot and queued actions
    ("wear/index", "Wear forecast", GROUP_OTHER),
    ("file/host", "File hosts", GROUP_FILE),
    ("file/file_list", "Files", GROUP_FILE),
    ("file/knowledge", "Knowledge base", GROUP_FILE),
    ("warn/index/warn", "Alarm centre", GROUP_WARN),
    ("warn/index/warn_set", "Alarm settings", GROUP_WARN),
    ("message/index", "Messages", GROUP_OTHER),
    ("log", "Operation log", GROUP_OTHER),
    ("audit", "Audit trail", GROUP_OTHER),  # issue 51: the tamper-evident record of security events
    ("retention", "Data retention", GROUP_OTHER),  # issue 51 item 5: how long each kind of data is kept
    ("integration/token", "API tokens", GROUP_INTEGRATION),
    ("integration/webhook", "Webhooks", GROUP_INTEGRATION),
)

_CRUD = ("add", "edit", "delete")

_BUTTONS: dict[str, tuple[str, ...]] = {
    "index": ("clear_data", "clear_token"),
    "reportChart": ("export",),
    "device/index": (
        "type_admin", "authCode", "add", "edit", "delete", "bind_user", "edit_owner", "hardware",
        "consumable", "maintain", "view_password", "export", "revoke_cert", "password_robots",
    ),
    "device/group": _CRUD,
    "device/maplist": ("edit", "delete", "sync", "import", "download"),
    "device/taskList": ("add", "edit", "delete", "run"),
    "device/log": ("upload", "delete"),
    "device/videoHistory": ("play", "delete"),
    "device/report": ("edit", "delete", "export", "add"),
    "device/hardSupportIndex": _CRUD,
    "device/index/product/batch/index": (*_CRUD, "apply"),
    "device/dataBackup": ("backup", "restore", "delete"),
    "device/index/hostManage": _CRUD,
    "device/repair": (*_CRUD, "process"),
    "device/hire": ("add", "stop"),
    "device/warn": ("resolve", "delete", "export"),
    "device/ad": _CRUD,
    "device_control/index": ("control", "reboot", "params"),
    "index/realWarn": ("resolve",),
    "user/index": (*_CRUD, "reset_password", "assign_role", "clean_token", "test_mail", "devices", "sessions",
                   "factor_policy",  # factor_policy: two factors in a branch, a passkey alone (factors/)
                   "export_data", "erase",  # a person's data exported, a person erased (privacy/, issue 51)
                   "end_customer"),  # a customer and everything of it removed (customerend/, issue 51 item 8)
    "user/userShadow": _CRUD,
    "user/role": _CRUD,
    "user/index/role_group": (*_CRUD, "assign"),
    "user/sso": _CRUD,
    "user/brand": ("edit",),
    "version/index/cloud_version": _CRUD,
    "version/index/whole_version": (*_CRUD, "publish", "range"),
    "version/fireware": (*_CRUD, "enable", "publish", "rollout"),
    "version/soft": (*_CRUD, "publish", "range"),
    "version/app": (*_CRUD, "publish"),
    "version/configure": _CRUD,
    "version/advisory": ("import", "delete", "sbom", "update"),
    "elevator/index": _CRUD,
    "site/index": (*_CRUD, "robots", "plan", "targets",  # targets: a dealer's agreed availability (issue 53)
                   "by_hand"),  # a plan window marked cleaned by hand (issue 53 item 5)
    "wear/index": ("settings",),
    "file/host": _CRUD,
    "file/file_list": ("add", "delete"),
    "file/knowledge": ("add", "delete"),
    "warn/index/warn": ("resolve", "delete"),
    "warn/index/warn_set": ("edit",),
    "incident/index": ("ack", "resolve", "settings"),
    "message/index": ("delete",),
    "log": ("export",),
    "audit": ("export", "siem"),  # siem: the syslog destinations the branch streams to (siem/)
    "retention": ("edit",),  # a node's own periods (retention/)
    "integration/token": ("add", "delete"),
    "integration/webhook": _CRUD,
}


def _build() -> tuple[PermissionDef, ...]:
    defs: list[PermissionDef] = []
    for sort, (key, name, group) in enumerate(_PAGES):
        defs.append(PermissionDef(key, name, "page", group, sort * 100, key))
        for offset, action in enumerate(_BUTTONS.get(key, ()), start=1):
            label = f"{name}: {action.replace('_', ' ')}"
            defs.append(PermissionDef(f"{key}/{action}", label, "button", group, sort * 100 + offset, key))
    return tuple(defs)


CATALOGUE: tuple[PermissionDef, ...] = _build()
ALL_KEYS: frozenset[str] = frozenset(p.key for p in CATALOGUE)
PAGE_KEYS: frozenset[str] = frozenset(p.key for p in CATALOGUE if p.kind == "page")


def keys_under(*prefixes: str) -> frozenset[str]:
    """The given keys and, for page keys, their buttons."""
    return frozenset(p.key for p in CATALOGUE if p.key in prefixes or p.page in prefixes)


# Keys whose calls make a credential or end a session (issue 45 item 1): an account that can sign in (a user, a
# shadow), a password set or reset, a role, a role group or their assignment (what keys someone holds), an API
# token, signing people out (a user's sessions cleaned, an account deleted). Only a person signed in to the console
# uses them: an API token never holds one (apitokens/ refuses them at creation and drops them when it resolves a
# token, older tokens too) and their calls are session-only (``core.auth.person_only``);
# tests/apitokens/test_person_only.py checks every route that needs one.
PERSON_ONLY_KEYS: frozenset[str] = frozenset({
    "user/index/add", "user/index/delete", "user/index/reset_password", "user/index/assign_role",
    "user/index/clean_token", "index/clear_token",
    "user/index/sessions",  # a child's console sessions and API tokens, seen and ended (sessions/, issue 50)
    "user/index/factor_policy",  # how a branch's people must sign in: two factors, a passkey alone (factors/)
    "user/index/export_data", "user/index/erase",  # a person's data, a person erased (privacy/)
    "user/index/end_customer",  # a customer ended: its people's sessions with it (customerend/)
    "user/userShadow/add", "user/userShadow/edit", "user/userShadow/delete",
    "user/role/add", "user/role/edit", "user/role/delete",
    "user/index/role_group/add", "user/index/role_group/edit", "user/index/role_group/delete",
    "user/index/role_group/assign",
    "device/index/authCode",  # a robot's registration code: the robot gets its own secret with it
    "device/index/revoke_cert",  # ends a robot's certificate (certificates/): its broker sign-in goes with it
    "device/index/password_robots",  # whether a tenant's robots may still sign in to the broker by password
    "audit/siem",  # where the branch's security events are streamed (siem/): never an API token's to change
}) | keys_under("integration/token") | keys_under("user/sso")  # a provider makes accounts and gives roles


ROLE_ADMIN = 10
ROLE_USER = 11
ROLE_SOFTWARE = 13
ROLE_HARDWARE = 14
ROLE_MANUFACTURING = 15
ROLE_DEALER = 16
ROLE_AFTER_SALES = 17
ROLE_OPERATIONS = 18

_CUSTOMER_PAGES = (
    "index", "reportChart", "device/index/edit", "device/group", "device/deviceSummary",
    "device/deviceOnLineSummary", "device/maplist", "device/taskList", "device/report", "device/warn",
    "device/warnSummary", "device/deviceAmap", "device_control/index", "index/realWarn", "elevator/index",
    "warn/index/warn", "warn/index/warn_set", "message/index", "site/index", "site/actual", "site/field",
    "incident/index", "integration/token", "integration/webhook", "device/health", "wear/index",
    "retention",  # a customer sees how long its data is kept and may keep it less (issue 51 item 5)
    "user/brand",  # its brand; a customer saves one only while its dealer lets it (branding/, issue 53 item 4)
)
_BASE = frozenset({"index", "device/index", "message/index", "message/index/delete", "index/clear_data",
                  "index/clear_token"})

# Preset role ids follow the product spec (there is no id 12). Presets are read-only and always equal
# these sets; custom roles are the way to grant something else. Who needs what (docs/roles.md shows the matrix,
# kept equal to these sets by tests/roles/test_preset_matrix.py):
# - a dealer runs its customers' robots day to day and answers their calls: everything a customer has, plus
#   users and roles of its branch, leases, repairs, device info, and the after-sales reach into its customers'
#   robots (logs, backups, recorded video, the pad's advertising, who viewed a robot's password, and the
#   operation log of its branch); not the factory's pages (accessories, batches, transfer nodes, versions);
# - after-sales diagnoses robots: logs, backups, video, alarms, remote control, repairs, device info;
# - operations watches the fleet's figures and its alarms, runs the infrastructure (transfer nodes, file hosts).
PRESET_ROLES: dict[int, tuple[str, frozenset[str]]] = {
    ROLE_ADMIN: ("admin", ALL_KEYS),
    ROLE_USER: ("ordinary user", (_BASE | keys_under(*_CUSTOMER_PAGES) | keys_under("user/index", "user/userShadow"))
                - {"site/index/targets"}),  # a site's targets are its dealer's to set (issue 53)
    ROLE_SOFTWARE: (
        "software development",
        _BASE | keys_under("device/index", "device/log", "device/dataBackup", "device/maplist", "device/taskList",
                           "device_control/index", "version/index/cloud_version", "version/index/whole_version",
                           "version/fireware", "version/soft", "version/app", "version/configure", "version/advisory",
                           "log"),
    ),
    ROLE_HARDWARE: (
        "hardware development",
        _BASE | keys_under("device/index", "device/hardSupportIndex", "device/index/product/batch/index",
                           "device/log", "device_control/index", "version/fireware"),
    ),
    ROLE_MANUFACTURING: (
        "manufacturing",
        _BASE | keys_under("device/index", "device/hardSupportIndex", "device/index/product/batch/index",
                           "device/index/hostManage"),
    ),
    ROLE_DEALER: (
        "dealer",
        _BASE | keys_under(*_CUSTOMER_PAGES) | keys_under(
            "device/index", "device/hire", "device/repair", "device/info", "user/index", "user/userShadow",
            "user/role", "user/index/role_group", "user/sso", "file/file_list", "file/knowledge", "device/log",
            "device/dataBackup", "device/videoHistory", "device/ad", "device/index/device/selectViewPwdPageList",
            "log", "audit"),
    ),
    ROLE_AFTER_SALES: (
        "after-sales",
        _BASE | keys_under("device/index", "device/repair", "device/hire", "device/log", "device/dataBackup",
                           "device/warn", "device/warnSummary", "warn/index/warn", "index/realWarn",
                           "incident/index", "device_control/index", "device/index/device/selectViewPwdPageList",
                           "file/knowledge", "device/videoHistory", "device/info"),
    ),
    ROLE_OPERATIONS: (
        "operations",
        _BASE | keys_under("device/index", "device/deviceSummary", "device/deviceOnLineSummary",
                           "device/index/hostManage", "device/report", "reportChart", "log", "user/index",
                           "device/health", "device/ad", "file/host", "file/file_list", "device/warn",
                           "device/warnSummary", "warn/index/warn", "index/realWarn", "incident/index"),
    ),
}


def preset_matrix() -> str:
    """docs/roles.md's table: each page (its title in the catalogue) and what each preset role holds of it:
    "all" (the page and every button), "view" (the page only), "some" (the page and some buttons), "" (none)."""
    roles = sorted(PRESET_ROLES)
    lines = ["| page | key | " + " | ".join(f"{PRESET_ROLES[r][0]} ({r})" for r in roles) + " |",
             "|---|---|" + "---|" * len(roles)]
    for page in (p for p in CATALOGUE if p.kind == "page"):
        buttons = {p.key for p in CATALOGUE if p.page == page.key and p.kind == "button"}
        cells = []
        for role in roles:
            keys = PRESET_ROLES[role][1]
            held = buttons & keys
            cells.append("" if page.key not in keys else "all" if held == buttons else "view" if not held else "some")
        lines.append(f"| {page.name} | `{page.key}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# The role a newly created account gets when its creator names none, by level depth.
DEFAULT_ROLE_BY_LEVEL = {1: ROLE_ADMIN, 2: ROLE_DEALER, 3: ROLE_USER, 4: ROLE_USER, 5: ROLE_USER}

# The menu's groups, in menu order, as the role editor's permission tree shows them.
GROUP_NAMES: dict[str, str] = {
    GROUP_HOME: "Home",
    GROUP_DEVICE: "Device management",
    GROUP_USER: "User management",
    GROUP_WARN: "Alarm centre",
    GROUP_VERSION: "Version admin",
    GROUP_FILE: "File management",
    GROUP_OTHER: "Other",
    GROUP_INTEGRATION: "Integrations",
}
