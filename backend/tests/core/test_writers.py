"""The background writers (cleanfleet/writers.py): the app runs every one, and pausing them (what the permission
matrix does while it compares the database's rows) stops every one and starts each again afterwards."""

import asyncio
from typing import Any

import pytest

from cleanfleet.writers import WRITERS, writers_paused
from tests.users.conftest import PERIODIC_MAILERS, smtp_inbox  # noqa: F401  - the fixture


def _tasks(app: Any) -> dict[str, Any]:
    return {writer.name: getattr(app.state, writer.name) for writer in WRITERS}


async def test_the_app_runs_every_writer(app: Any) -> None:
    running = _tasks(app)
    assert {name for name, task in running.items() if task.done()} == set()
    assert "plan_watch" in running and "health_scan" in running and "site_report_mailer" in running


async def test_pausing_stops_every_writer_and_starts_each_again(app: Any) -> None:
    before = _tasks(app)
    async with writers_paused(app.state, app.state.settings):
        assert {name for name, task in before.items() if not task.done()} == set()
    after = _tasks(app)
    assert {name for name in after if after[name] is before[name] or after[name].done()} == set()


async def test_pausing_one_writer_leaves_the_others_running(app: Any) -> None:
    before = _tasks(app)
    async with writers_paused(app.state, app.state.settings, ["outbox"]):
        assert before["outbox"].done()
        assert {name for name, task in before.items() if name != "outbox" and task.done()} == set()
    assert app.state.outbox is not before["outbox"] and not app.state.outbox.done()


async def test_an_unknown_writer_is_refused(app: Any) -> None:
    with pytest.raises(ValueError, match="no background writer named"):
        async with writers_paused(app.state, app.state.settings, ["nightly_cleanup"]):
            pass


def _running_tasks_named(name: str) -> int:
    return sum(1 for task in asyncio.all_tasks() if task.get_name() == name and not task.done())


async def test_a_pause_inside_a_pause_leaves_one_task_of_each_writer(app: Any) -> None:
    """A domain's tests pause their own writer, and the permission matrix pauses every writer inside that."""
    async with writers_paused(app.state, app.state.settings, ["outbox"]):
        async with writers_paused(app.state, app.state.settings):
            pass
        assert app.state.outbox.done()  # still the outer pause's
    names = [getattr(app.state, writer.name).get_name() for writer in WRITERS]
    assert len(set(names)) == len(WRITERS)
    assert {name: _running_tasks_named(name) for name in names} == {name: 1 for name in names}


async def test_a_wired_in_smtp_server_pauses_the_periodic_mailers_for_its_test(app: Any, smtp_inbox: Any) -> None:  # noqa: F811
    """tests/users/conftest.py: the session's app would otherwise mail its own rounds into the test's inbox."""
    paused = {name for name, task in _tasks(app).items() if task.done()}
    assert paused == set(PERIODIC_MAILERS)
