"""The purge rounds these tests run by hand: the background jobs paused, and no rest between batches (a round over
the whole test database, which earlier tests filled with old rows, rested nineteen times each batch's time on
SQLite: 25-34 s a test late in a run). test_purge.py's ``test_the_job_rests_as_long_as_a_batch_took`` keeps the
rest itself."""

from typing import Any

import pytest

from cleanfleet.core import retention
from cleanfleet.writers import writers_paused


@pytest.fixture
def unpaced(monkeypatch: pytest.MonkeyPatch) -> None:
    """The job waits only its least pause (``retention_pause``) after a batch."""
    for dialect in retention.REST_PER_BUSY:
        monkeypatch.setitem(retention.REST_PER_BUSY, dialect, 0)


@pytest.fixture
async def quiet(app: Any, unpaced: None) -> Any:
    """The background purge job paused (the tests run rounds by hand)."""
    async with writers_paused(app.state, app.state.settings, ["retention"]):
        yield
