"""An edit racing a delete of its record answers success or NOT_FOUND, never HTTP 500 (issue 45 item 4).

Every edit the schema lists with a delete of the same record (``edit_delete_pairs``: a last path segment named
edit, update, rename or save, and one named delete or del for the same noun in the same folder) is raced on a
record of the permission matrix's world (tests/permission_matrix.py), in two ways:

- held: the edit runs until its first write (its reads are done, it believes the record is there), is held there
  (``HeldEdit``, an event hook on the database engine), the delete runs and commits, then the edit goes on;
- together: the edit and the delete sent at once (``asyncio.gather``), whichever the server finishes first.

Either way the edit answers success or NOT_FOUND with HTTP 200, the delete success (or NOT_FOUND when the edit
renamed the record first), and a record the delete removed stays removed: the same edit sent again answers
NOT_FOUND (a save, which would make the record again, is checked by its delete answering NOT_FOUND).

The record raced is the one the matrix's delete entry removes (a spare the rightful run deletes), the edit's body
pointed at it; a pair in ``RECORD_OF_THE_EDIT`` races on the edit's record instead (its delete entry names what the
matrix's edit made); a save first makes its record (the matrix's body), then is raced as its edit (``edit: true``).
An edit that keeps its record on the robot (a task, a schedule) writes nothing to the database: held, it answers
before any write and only the race sent together applies to it.
"""

import asyncio
import importlib
import re
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import event
from sqlalchemy.orm import Session
from sqlalchemy.util import await_only

import tests.users.test_permission_matrix as _user_entries  # noqa: F401 - registers the /api/user/ entries
from cleanfleet.core.codes import Code
from tests.conftest import Answer, Api
from tests.permission_matrix import MATRIX, World, background_writers_paused, build_world, close_world
from tests.tasks.permission_entries import task_world

for _entries in sorted(Path(__file__).parents[1].glob("*/permission_entries.py")):
    importlib.import_module(f"tests.{_entries.parent.name}.permission_entries")

EDIT = re.compile(r"^(?:edit|update|rename|save)(?P<noun>.*)$|^(?P<noun2>.+?)(?:Edit|Update|Rename|Save)$")
DELETE = re.compile(r"^(?:delete|del|remove)(?P<noun>.*?)(?:ById)?$|^(?P<noun2>.+?)(?:Delete|Del)$")
# the delete entry removes what the matrix's edit made (a renamed schedule): race on the edit's record
RECORD_OF_THE_EDIT = {"/api/task/scheduleRename", "/api/task/elevatorScheduleRename", "/api/task/groupRename"}
# a save adds its record, and with ``edit: true`` changes it
SAVES = {"/api/task/scheduleSave", "/api/task/elevatorScheduleSave"}
# an edit of links rather than of one record (a batch's part list; its delete removes one link): made first, and its
# answers checked, not whether the link is gone (the edit may put it back, as it should)
LINKS = {"/api/deviceProductBatch/updateHardSupport"}
MAKES_ITS_RECORD = SAVES | LINKS
# edits of a record the robot keeps (a task, a group, a schedule): they write nothing to the database, so only the
# race sent together applies (an elevator schedule also has rows here, and is held)
ON_THE_ROBOT = {"/api/task/rename", "/api/task/groupRename", "/api/task/scheduleRename", "/api/task/scheduleSave"}
# named like an edit but not one: /advisory/update starts the update of the affected robots to a fixed firmware
# (it sends OTA commands; the advisory itself is not changed)
NOT_EDITS = {"/api/advisory/update"}
# a person's own records (no key, so not in the matrix's world): raced in their own domain's tests
PERSONAL_RACED_ELSEWHERE = {"/api/factors/passkey/rename"}  # tests/factors/test_passkeys.py


def _noun(pattern: re.Pattern[str], segment: str) -> str | None:
    found = pattern.match(segment)
    if found is None:
        return None
    noun = (found.group("noun") if found.group("noun") is not None else found.group("noun2")).lower()
    return noun.removesuffix("info")  # updateDeviceInfo / deleteDevice, updateUserInfo / deleteUserInfo


def edit_delete_pairs(schema: dict[str, Any]) -> list[tuple[str, str]]:
    """(edit, delete) for every edit call of the schema with a delete call of the same record."""
    calls = [path for path, item in schema["paths"].items() if "post" in item]
    pairs = []
    for edit in calls:
        folder, segment = edit.rsplit("/", 1)
        noun = _noun(EDIT, segment)
        if noun is None or edit in NOT_EDITS | PERSONAL_RACED_ELSEWHERE:
            continue
        pairs += [(edit, delete) for delete in calls if delete.rsplit("/", 1)[0] == folder
                  and _noun(DELETE, delete.rsplit("/", 1)[1]) == noun]
    return sorted(pairs)


class _Recorder:
    """Stands in for an Api's HTTP client: keeps the request a matrix entry would send and sends nothing."""

    def __init__(self) -> None:
        self.body: dict[str, Any] = {}
        self.form = False

    async def post(self, url: str, *, json: Any = None, data: Any = None, files: Any = None,
                   headers: Any = None) -> httpx.Response:
        self.form = json is None
        self.body = dict(json if json is not None else data or {})
        assert not files, f"{url}: an edit with a file cannot be raced here"
        return httpx.Response(200, json={"message": {"code": 0, "message": "recorded"}, "data": None})


async def _recorded(app: Any, path: str, world: World) -> tuple[dict[str, Any], bool]:
    """The body (and whether it is a form) the matrix's entry for ``path`` sends in ``world``."""
    recorder = _Recorder()
    await MATRIX[path].call(Api(recorder, app.state.signer), world)  # type: ignore[arg-type]
    return recorder.body, recorder.form


class Call:
    def __init__(self, path: str, body: dict[str, Any], form: bool) -> None:
        self.path, self.body, self.form = path, body, form

    async def send(self, api: Api) -> Answer:
        try:
            return await api.call(self.path.removeprefix("/api"), self.body, form=self.form)
        except Exception as exc:  # the test client raises what the server answered HTTP 500 for: one line each
            return Answer(500, {"message": {"code": Code.INTERNAL, "message": repr(exc)[:300]}, "data": None})


async def race_calls(app: Any, world: World, edit: str, delete: str) -> tuple[Call, Call]:
    """The edit and the delete of one record of ``world`` (see the module's docstring)."""
    edit_body, edit_form = await _recorded(app, edit, world)
    delete_body, delete_form = await _recorded(app, delete, world)
    shared = edit_body.keys() & delete_body.keys()
    assert shared, f"{edit} and {delete} name their record by no common field: {edit_body}, {delete_body}"
    if edit in RECORD_OF_THE_EDIT or edit in MAKES_ITS_RECORD:
        delete_body |= {key: edit_body[key] for key in shared}
    else:
        edit_body |= {key: delete_body[key] for key in shared}
    return Call(edit, edit_body, edit_form), Call(delete, delete_body, delete_form)


async def _make_the_record(api: Api, edit: Call) -> tuple[Call, list[str]]:
    """The edit to race, once its record is made (a save's, a link's); a failure when it could not be."""
    if edit.path not in MAKES_ITS_RECORD:
        return edit, []
    made = await edit.send(api)
    if made.code != 0:
        return edit, [f"{edit.path}: could not make the record to race on: {made.body}"]
    return (Call(edit.path, {**edit.body, "edit": True}, edit.form) if edit.path in SAVES else edit), []


class HeldEdit:
    """Holds a request to ``path`` at its first write (INSERT, UPDATE or DELETE) until ``release``: its reads are
    done and it is about to change its record. A request that locks what it reads (FOR UPDATE) is not held: a
    delete would wait for it, so nothing can come between its read and its write."""

    def __init__(self, app: Any, path: str) -> None:
        self.path = path
        self.engine = app.state.db.engine.sync_engine
        self.connections: weakref.WeakSet[Any] = weakref.WeakSet()
        self.reached, self.released = asyncio.Event(), asyncio.Event()
        self.locks = False

    def __enter__(self) -> "HeldEdit":
        event.listen(Session, "after_begin", self._after_begin)
        event.listen(self.engine, "before_cursor_execute", self._before_execute)
        return self

    def __exit__(self, *exc: object) -> None:
        event.remove(Session, "after_begin", self._after_begin)
        event.remove(self.engine, "before_cursor_execute", self._before_execute)

    def _after_begin(self, session: Session, _transaction: Any, connection: Any) -> None:
        request = session.info.get("request")
        if request is not None and request.url.path == self.path:
            self.connections.add(connection)

    def _before_execute(self, connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if connection not in self.connections or self.reached.is_set() or self.locks:
            return
        if re.search(r"\bFOR (UPDATE|SHARE)\b", statement, re.IGNORECASE):
            self.locks = True
            return
        if statement.lstrip().split(None, 1)[0].upper() in {"INSERT", "UPDATE", "DELETE"}:
            self.reached.set()
            await_only(self.released.wait())  # the request's task waits here; the test's task runs the delete


def _refused_oddly(answer: Answer, allowed: set[int]) -> bool:
    return answer.status != 200 or answer.code not in allowed


async def _gone(api: Api, edit: Call) -> str | None:
    """None when the raced record is gone (the same edit again finds nothing); else what it answered."""
    again = await edit.send(api)
    if again.code != Code.NOT_FOUND:
        return f"the record is still there: the edit again answered {again.status} {again.code} {again.message}"
    return None


async def race_held(app: Any, api: Api, edit: Call, delete: Call) -> list[str]:
    """The delete runs and commits while the edit is held between its reads and its first write."""
    edit, unmade = await _make_the_record(api, edit)
    if unmade:
        return unmade
    with HeldEdit(app, edit.path) as held:
        editing = asyncio.ensure_future(edit.send(api))
        reached = asyncio.ensure_future(held.reached.wait())
        await asyncio.wait({editing, reached}, return_when=asyncio.FIRST_COMPLETED)
        if not held.reached.is_set():
            reached.cancel()
            answer = editing.result()
            if answer.code == 0 and answer.status == 200 and edit.path in ON_THE_ROBOT:
                return []  # nothing in the database to hold it at
            return [f"{edit.path}: not held, it answered {answer.status} {answer.code} {answer.message} before any "
                    "write" + (" (it locks what it reads)" if held.locks else "")]
        if edit.path in ON_THE_ROBOT:
            held.released.set()
            await editing
            return [f"{edit.path}: held at a database write, though ON_THE_ROBOT says it keeps its record there"]
        try:
            deleted = await delete.send(api)
        finally:
            held.released.set()
        edited = await editing
    return await _checked(api, edit, delete, edited, deleted, "edit held")


async def race_together(api: Api, edit: Call, delete: Call) -> list[str]:
    """The edit and the delete sent at once."""
    edit, unmade = await _make_the_record(api, edit)
    if unmade:
        return unmade
    edited, deleted = await asyncio.gather(edit.send(api), delete.send(api))
    return await _checked(api, edit, delete, edited, deleted, "sent together")


async def _checked(api: Api, edit: Call, delete: Call, edited: Answer, deleted: Answer, how: str) -> list[str]:
    """Both answered success or NOT_FOUND (the edit's naming its record's field; a robot's own "not found" of a
    record it keeps names none); the record the delete removed is gone. The delete may find nothing when the edit
    renamed the record first (on the robot, before it was held)."""
    unheld = how == "sent together"  # it may be a record on the robot, which a held edit's cannot be
    failures = []
    if _refused_oddly(edited, {0, Code.NOT_FOUND}):
        failures.append(f"{edit.path} ({how}): {edited.status} {edited.code} {edited.message}")
    elif edited.code == Code.NOT_FOUND and edited.field not in (*edit.body, *([None] if unheld else [])):
        failures.append(f"{edit.path} ({how}): NOT_FOUND names {edited.field!r}, no field of {sorted(edit.body)}")
    if _refused_oddly(deleted, {0, Code.NOT_FOUND}):
        failures.append(f"{delete.path} ({how}): {deleted.status} {deleted.code} {deleted.message}")
    if not failures and deleted.code == 0 and edit.path not in LINKS and (gone := await _gone(api, edit)):
        failures.append(f"{edit.path} ({how}): {gone}")
    return failures


def _in_matrix_order(pairs: list[tuple[str, str]]) -> Iterator[tuple[str, str]]:
    """The races on the edit's record first (the others delete the matrix's spares, which an edit of the same
    folder may name: a batch's part list), then as the matrix's rightful run goes: the deletes that remove more (a
    user, a role) last."""
    on_the_edits = RECORD_OF_THE_EDIT | MAKES_ITS_RECORD
    yield from sorted(pairs, key=lambda pair: (pair[0] not in on_the_edits, MATRIX[pair[1]].last, pair))


async def test_every_edit_with_a_delete_is_raced(app):
    pairs = edit_delete_pairs(app.openapi())
    assert ("/api/wmDeviceHostInfo/edit", "/api/wmDeviceHostInfo/deleteById") in pairs
    assert ("/api/wmCloudVersion/edit", "/api/wmCloudVersion/deleteById") in pairs
    missing = [path for pair in pairs for path in pair if path not in MATRIX]
    assert not missing, f"calls without a permission matrix entry to race them with: {missing}"


@pytest.mark.parametrize("held", [True, False], ids=["held", "together"])
async def test_an_edit_racing_its_records_delete_answers_not_found_never_500(app, admin, make_user, signed_in, held):
    """Held: the delete commits while the edit waits between its reads and its first write; together: both sent at
    once."""
    failures = []
    async with task_world():
        world = await build_world(app, admin, make_user, signed_in)
        async with background_writers_paused(app):
            for edit, delete in _in_matrix_order(edit_delete_pairs(app.openapi())):
                api = world.callers[MATRIX[edit].rightful]
                calls = await race_calls(app, world, edit, delete)
                failures += await (race_held(app, api, *calls) if held else race_together(api, *calls))
        await close_world(world)
    assert not failures, "\n".join(failures)
