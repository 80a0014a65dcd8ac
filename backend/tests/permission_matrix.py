"""The permission matrix: every call, tried by callers who must be refused, changes nothing.

A domain registers one ``Entry`` per call (keyed by path) with a body that is valid for the rightful
caller, and runs ``refusals``/``rightful`` for its path prefix (see tests/users/test_permission_matrix.py).
The world is one organisation built fresh for each run:

    admin
    ├── dealer            the rightful caller (dealer preset + an admin role with "version/app")
    │   ├── user          the usual target (level 3), with an avatar uploaded and a known password
    │   │   └── sub       the "lower level" caller (level 4, ordinary user preset)
    │   ├── spare         a second level-3 user (where a deleted user's children go)
    │   ├── shadow        the "shadow without the key" caller: a shadow of dealer holding only "index"
    │   └── shadowTarget  a shadow of dealer with the dealer preset (target of shadow calls)
    └── other             the "other branch" caller: a dealer with the dealer preset

Owned by dealer: ``role`` (keys include "user/role", which sub lacks) and ``group`` (holding ``role``).
Other domains add their records to the world with ``register_world_builder``, under ``world.ids`` keys
of their own namespace ("d.device"), since the users' keys ("role", "group", ...) are taken.
"""

import contextlib
import io
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from cleanfleet.core.codes import Code
from cleanfleet.models import metadata
from cleanfleet.roles.catalogue import ROLE_DEALER, keys_under
from cleanfleet.writers import writers_paused
from tests.conftest import Answer, Api, new_client

# the calls a matrix run covers: the paths starting with a prefix, or with any of a tuple of them (a snapshot reads
# every row of the test database, so one run over several prefixes costs one pair of snapshots per case, not one each)
Prefix = str | tuple[str, ...]
CASES = ("other_branch", "lower_level", "shadow_without_key", "signed_out")
REFUSED = {
    "other_branch": {Code.NO_PERMISSION, Code.NOT_FOUND},
    "lower_level": {Code.NO_PERMISSION, Code.NOT_FOUND},
    "shadow_without_key": {Code.NO_PERMISSION, Code.NOT_FOUND},
    "signed_out": {Code.SESSION_INVALID},
}
_names = itertools.count(1)
# the dealer's extra role: the firmware page and its buttons (tests/versions)
VERSION_KEYS = sorted(keys_under("version/fireware"))
# whole-machine versions, cloud versions and configuration parameters (tests/machineversions)
VERSION_KEYS += sorted(keys_under("version/index/whole_version", "version/index/cloud_version", "version/configure"))
# advisories and SBOMs (tests/advisories)
VERSION_KEYS += sorted(keys_under("version/advisory"))
# robot data (tests/robotdata): keys no preset but admin holds, given to the dealer with the extra role
ROBOT_DATA_KEYS = ["device/log", "device/log/upload", "device/log/delete", "device/dataBackup",
                   "device/dataBackup/backup", "device/dataBackup/restore", "device/dataBackup/delete",
                   "device/videoHistory", "device/videoHistory/play", "device/videoHistory/delete"]


def fresh_name(prefix: str) -> str:
    return f"{prefix}{next(_names)}m{id(_names) % 10000}"


class WorldIds(dict[str, Any]):
    """The world's record ids by key; a key is set once (two domains' builders using the same key would make one
    domain's calls act on the other's record)."""

    def __setitem__(self, key: str, value: Any) -> None:
        assert key not in self, f"world key {key!r} is set twice: give each domain's keys its own prefix"
        super().__setitem__(key, value)


@dataclass
class World:
    admin: Api
    users: dict[str, Any]
    callers: dict[str, Api]
    passwords: dict[str, str]
    ids: WorldIds = field(default_factory=WorldIds)

    def __post_init__(self) -> None:
        self.ids = WorldIds(self.ids)  # ids given as a plain dict still refuse a key set twice

    def id(self, name: str) -> int:
        return self.users[name].id


Send = Callable[[Api, World], Awaitable[Answer]]


@dataclass(frozen=True)
class Entry:
    path: str
    body: Callable[[World], dict[str, Any]] = lambda world: {}
    send: Send | None = None
    rightful: str = "dealer"
    # a case that cannot apply to this call, with the reason (a call that only touches the caller's own)
    not_applicable: dict[str, str] = field(default_factory=dict)
    # the rightful run goes by (last, path): calls that delete or sign out the world's records run late,
    # the most destructive last (so one world serves every rightful call)
    last: int = 0
    # its records exist only in its own domain's world (real robots a test starts): a walk over a shared prefix
    # such as /api/device/ from another domain's test leaves it out; its own test asks with ``own=True``
    own_world: bool = False

    async def call(self, api: Api, world: World) -> Answer:
        if self.send is not None:
            return await self.send(api, world)
        return await api.call(self.path.removeprefix("/api"), self.body(world))


MATRIX: dict[str, Entry] = {}
# keys the rightful dealer holds beyond its preset (through the world's extra role)
EXTRA_KEYS = ["device/ad", "device/ad/add", "device/ad/edit", "device/ad/delete", "file/host", "file/host/add",
              "file/host/delete", "log", "log/export"]
WorldBuilder = Callable[[World, Any], Awaitable[None]]
_world_builders: list[WorldBuilder] = []


def register(*entries: Entry) -> None:
    for entry in entries:
        MATRIX[entry.path] = entry


def register_world_builder(builder: WorldBuilder, *, first: bool = False) -> None:
    """``async def builder(world, app)``: add a domain's records (world.ids[...]) to every world. ``first``: the
    builder others build on (the devices': most records hang off a device), run before the rest whatever order
    the test modules happened to import the domains' entries in."""
    if builder in _world_builders:
        return
    if first:
        _world_builders.insert(0, builder)
    else:
        _world_builders.append(builder)


def png_bytes(size: int = 60) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (size, size), (1, 116, 101)).save(out, format="PNG")
    return out.getvalue()


async def build_world(app: Any, admin: Api, make_user: Any, signed_in: Any) -> World:
    extra = await admin.call("/user/role/insert", {"name": fresh_name("versions"),
                                                   "keys": ["version/app", *EXTRA_KEYS, *VERSION_KEYS,
                                                            *ROBOT_DATA_KEYS]})
    assert extra.code == 0, extra.body
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER, extra.data["id"]])
    other, other_pw = await make_user(2, roles=[ROLE_DEALER])
    user, user_pw = await make_user(3, parent=dealer, email="site@example.com")
    sub, sub_pw = await make_user(4, parent=user)
    spare, _ = await make_user(3, parent=dealer)
    callers = {"dealer": await signed_in(dealer, dealer_pw), "other_branch": await signed_in(other, other_pw),
               "user": await signed_in(user, user_pw), "lower_level": await signed_in(sub, sub_pw)}
    role = await callers["dealer"].call("/user/role/insert", {"name": fresh_name("supervisor"),
                                                             "keys": ["index", "user/role", "user/index"]})
    assert role.code == 0, role.body
    only_index = await callers["dealer"].call("/user/role/insert", {"name": fresh_name("viewer"), "keys": ["index"]})
    shadow, shadow_pw = await make_user(2, roles=[only_index.data["id"]], shadow_of=dealer)
    shadow_target, _ = await make_user(2, roles=[ROLE_DEALER], shadow_of=dealer)
    callers["shadow_without_key"] = await signed_in(shadow, shadow_pw)
    group = await callers["dealer"].call("/user/role/group/insert", {"name": fresh_name("team"),
                                                                    "roleIds": [role.data["id"]]})
    assert group.code == 0, group.body
    avatar = await upload(callers["dealer"], png_bytes(), user_id=user.id)
    assert avatar.code == 0, avatar.body
    unsigned = Api(new_client(app), app.state.signer)
    callers["signed_out"] = unsigned
    world = World(
        admin=admin,
        users={"dealer": dealer, "other": other, "user": user, "sub": sub, "spare": spare, "shadow": shadow,
               "shadowTarget": shadow_target},
        callers=callers,
        passwords={"user": user_pw, "dealer": dealer_pw},
        ids={"role": role.data["id"], "group": group.data["id"], "avatarUrl": avatar.data["url"],
             "extraRole": extra.data["id"]},
    )
    for builder in _world_builders:
        await builder(world, app)
    return world


async def close_world(world: World) -> None:
    await world.callers["signed_out"].client.aclose()


async def upload(api: Api, data: bytes, *, user_id: int | None = None, name: str = "a.png",
                 extra_files: int = 0) -> Answer:
    """A multipart avatar upload, as the console's upload widget sends it."""
    files = [("file", (name, data, "image/png"))] + [("file", (f"{i}{name}", data, "image/png"))
                                                    for i in range(extra_files)]
    form = {"userId": str(user_id)} if user_id is not None else {}
    response = await api.client.post("/api/user/uploadHeadPicture", files=files, data=form, headers=api.headers())
    return Answer(response.status_code, response.json())


async def snapshot(app: Any) -> dict[str, Any]:
    """Every row of every table (and the stored files on disk): a refusal must leave all of it as it was.

    A table is kept as its number of rows and the sum of its rows' hashes: equal exactly when its rows are (as a
    multiset, which is what the rows are; a collision is a chance of 2**-64). By the matrix tests, late in a run, the
    database holds tens of thousands of rows: PostgreSQL hashes them itself (md5 of each row's text) and sends one
    line a table; SQLite's come from the driver as plain tuples, past SQLAlchemy's result rows (which cost half of
    the snapshots' time)."""
    state: dict[str, Any] = {}
    async with app.state.db.sessions() as db:
        connection = await db.connection()
        driver = (await connection.get_raw_connection()).driver_connection
        table_state = _postgres_table_state if connection.dialect.name == "postgresql" else _sqlite_table_state
        for name in [*sorted(set(metadata.tables) - NOT_SNAPSHOT), "alembic_version"]:
            state[name] = await table_state(driver, name)
    root = app.state.settings.files_root
    state["files on disk"] = sorted((str(p.relative_to(root)),) for p in root.rglob("*")) if root.exists() else []
    return state


# columns a call moves by being made, which are no change: a console session's last use (sessions/gate.py, at most
# once a minute), written for a refused call as for any other
NOT_COMPARED = {"tokens": frozenset({"last_used_at"})}
# tables a refused call writes on purpose: the audit trail records every refusal (issue 51, audit/service.py)
NOT_SNAPSHOT = frozenset({"audit_records"})


def _columns(table: str, alias: str = "") -> str:
    skipped = NOT_COMPARED.get(table)
    if not skipped:
        return f"{alias}*"
    return ", ".join(f'{alias}"{column.name}"' for column in metadata.tables[table].columns
                     if column.name not in skipped)


async def _postgres_table_state(driver: Any, table: str) -> tuple[int, int]:
    """The rows' count and the sum of their hashes, worked out by PostgreSQL (asyncpg's connection)."""
    row_hash = f"('x' || left(md5(ROW({_columns(table, 't.')})::text), 16))::bit(64)::bigint"
    count, total = await driver.fetchrow(f'SELECT count(*), coalesce(sum({row_hash}), 0) FROM "{table}" t')
    return count, int(total)


async def _sqlite_table_state(driver: Any, table: str) -> tuple[int, int]:
    """The rows' count and the sum of their hashes (aiosqlite's connection: tuples as sqlite3 gives them, whose
    values, text, numbers, bytes and NULL, all hash)."""
    rows = await driver.execute_fetchall(f'SELECT {_columns(table)} FROM "{table}"')
    return len(rows), sum(map(hash, rows)) & 0xFFFF_FFFF_FFFF_FFFF


def differences(before: dict[str, list[Any]], after: dict[str, list[Any]]) -> list[str]:
    return [name for name in sorted(set(before) | set(after)) if before.get(name) != after.get(name)]


def routes_under(app: Any, prefix: str) -> set[str]:
    """Every POST call under ``prefix``, from the app's schema (FastAPI includes routers lazily, so
    ``app.routes`` does not list them)."""
    return {path for path, operations in app.openapi()["paths"].items()
            if path.startswith(prefix) and "post" in operations}


async def rightful(world: World, prefix: Prefix, *, own: bool = False) -> list[str]:
    """Runs every entry under ``prefix`` as its rightful caller, which must succeed (the body is valid)."""
    failures = []
    for path, entry in sorted(MATRIX.items(), key=lambda item: (item[1].last, item[0])):
        if path.startswith(prefix) and (own or not entry.own_world):
            answer = await entry.call(world.callers[entry.rightful], world)
            if answer.code != 0:
                failures.append(f"{path}: {answer.code} {answer.message}")
    return failures


def background_writers_paused(app: Any) -> contextlib.AbstractAsyncContextManager[None]:
    """The app's own background writers (cleanfleet/writers.py) stopped: they change rows that earlier tests of the
    worker's database left behind, which is not a refused caller's doing."""
    return writers_paused(app.state, app.state.settings)


async def refusals(app: Any, world: World, cases: str | tuple[str, ...], prefix: Prefix, *,
                   own: bool = False) -> list[str]:
    """Runs every entry under ``prefix`` (one, or a tuple of them) as each case's caller (one, or a tuple of them:
    one pair of snapshots for all); answers the failures found."""
    async with background_writers_paused(app):
        return await _refusals(app, world, (cases,) if isinstance(cases, str) else cases, prefix, own=own)


async def _refusals(app: Any, world: World, cases: tuple[str, ...], prefix: Prefix, *, own: bool) -> list[str]:
    """One snapshot before and one after all of the cases' calls (a snapshot reads every row, and the refusals
    change nothing when all is well); a change found is then traced to its calls by running them again, each
    between two snapshots."""
    runs = [(case, [(path, entry) for path, entry in sorted(MATRIX.items())
                    if path.startswith(prefix) and case not in entry.not_applicable and (own or not entry.own_world)])
            for case in cases]
    failures = []
    before = await snapshot(app)
    for case, entries in runs:
        for path, entry in entries:
            answer = await entry.call(world.callers[case], world)
            if answer.code not in REFUSED[case] or answer.status != 200:
                failures.append(f"{path} as {case}: answered {answer.code} {answer.message}")
    changed = differences(before, await snapshot(app))
    if changed:
        traced = [failure for case, entries in runs for failure in await _changers(app, world, case, entries)]
        failures += traced or [f"{prefix} as {', '.join(cases)}: changed {', '.join(changed)} (no single call did "
                               "again)"]
    return failures


async def _changers(app: Any, world: World, case: str, entries: list[tuple[str, Entry]]) -> list[str]:
    """The calls that change something, each run again between two snapshots."""
    failures = []
    before = await snapshot(app)
    for path, entry in entries:
        await entry.call(world.callers[case], world)
        after = await snapshot(app)
        changed = differences(before, after)
        if changed:
            failures.append(f"{path} as {case}: changed {', '.join(changed)}")
            before = after
    return failures


async def wrong_callers_and_rightful(app: Any, admin: Api, make_user: Any, signed_in: Any,
                                     prefix: Prefix) -> list[str]:
    """A fresh world: every case refused (changing nothing) and the rightful caller served, for ``prefix``."""
    world = await build_world(app, admin, make_user, signed_in)
    failures = await refusals(app, world, CASES, prefix)
    failures += await rightful(world, prefix)
    await close_world(world)
    return failures


# Other domains' entries, imported last (they use the definitions above), so that running one domain's
# tests alone still sees every call of a shared prefix such as /api/user/.
from tests.customerend import permission_entries as _customer_end_entries  # noqa: E402, F401
from tests.devices import permission_entries  # noqa: E402, F401
from tests.fieldkit import permission_entries as _field_entries  # noqa: E402, F401
from tests.files import permission_entries as _files_entries  # noqa: E402, F401
from tests.machineversions import permission_entries as _machine_version_entries  # noqa: E402, F401
from tests.privacy import permission_entries as _privacy_entries  # noqa: E402, F401
from tests.retention import permission_entries as _retention_entries  # noqa: E402, F401
from tests.screen import permission_entries as _screen_entries  # noqa: E402, F401
from tests.sessions import permission_entries as _session_entries  # noqa: E402, F401
from tests.versions import permission_entries as _version_entries  # noqa: E402, F401
