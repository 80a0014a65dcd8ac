"""What every console session's call passes once (``app.state.session_gate``, run by core/auth.py): its last use.

Written at most once a minute per session and worker (this worker's memory of when it last wrote), and the UPDATE
is conditional (service.note_use), so the row moves at most about once a minute whatever the number of workers and
a call in between costs a dictionary look-up, no database round."""

import math
import time
from collections.abc import Callable
from typing import Any

from cleanfleet.core.auth import Caller
from cleanfleet.sessions import service

MAX_REMEMBERED = 100_000  # sessions this worker remembers; past it, those not written within the minute go


class SessionGate:
    def __init__(self, state: Any, clock: Callable[[], float] = time.monotonic) -> None:
        self._state = state
        self.clock = clock
        self._noted: dict[str, float] = {}  # token hash -> this worker's clock when it last wrote its use

    async def __call__(self, caller: Caller) -> None:
        now = self.clock()
        every = service.LAST_USE_EVERY.total_seconds()
        if now - self._noted.get(caller.token_hash, -math.inf) < every:
            return
        self._noted[caller.token_hash] = now
        if len(self._noted) > MAX_REMEMBERED:
            self._noted = {key: at for key, at in self._noted.items() if now - at < every}
        async with self._state.db.sessions() as db:
            await service.note_use(db, caller.token_hash)
