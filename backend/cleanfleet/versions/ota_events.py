"""The robots' OTA events (core.bus ``ROBOT_EVENTS``): written in groups by ``ota``, then the rollouts they end a
group's turn in are evaluated (``waits.evaluate_rollout``). Above ``ota`` and ``waits``, which import neither this
module nor each other's callers."""

import logging
from typing import Any

from cleanfleet.core.bus import LIVE_UPDATES, Bus, Handler
from cleanfleet.core.db import Database
from cleanfleet.versions import waits
from cleanfleet.versions.models import FINAL
from cleanfleet.versions.ota import BATCH, PREFIX, apply_events, live_item, record_refusals

log = logging.getLogger("cleanfleet.versions")


def event_handler(state: Any) -> Handler:
    """The bus handler of robot events (core.bus.ROBOT_EVENTS) for OTA updates; ``state`` is app.state (its
    ``db``, ``bus`` and, once the robot link runs, ``robot_commands``).

    Group commit: the events that arrive while a batch is being written wait in ``pending`` and go together
    in the next transaction (a rollout's thousands of robots reporting at once cost a few transactions, not
    one each, and never wait for a pooled connection)."""
    database: Database = state.db
    bus: Bus = state.bus
    pending: list[dict[str, Any]] = []
    flushing = False

    async def write(batch: list[dict[str, Any]]) -> None:
        async with database.sessions() as db:
            try:
                refused = await record_refusals(db, batch)
            except Exception:
                log.exception("OTA refusals could not be written")
                await db.rollback()
                refused = []
            if refused:
                await bus.publish(LIVE_UPDATES, {"updates": [live_item(i, d, f) for i, d, f in refused]})
            try:
                rows = await apply_events(db, batch)
            except Exception:
                log.exception("OTA events could not be written together; one by one")
                await db.rollback()
                rows = []
                for event in batch:
                    try:
                        rows.extend(await apply_events(db, [event]))
                    except Exception:
                        log.exception("OTA event dropped: %s", str(event)[:200])
                        await db.rollback()
            if not rows:
                return
            await bus.publish(LIVE_UPDATES, {"updates": [live_item(i, d, f) for i, d, f in rows]})
            for rollout_id in dict.fromkeys(i.rollout_id for i, _, _ in rows if i.rollout_id and i.state in FINAL):
                await waits.evaluate_rollout(db, getattr(state, "robot_commands", None), bus, rollout_id)

    async def handle(event: dict[str, Any]) -> None:
        nonlocal flushing
        if not str(event.get("cmdId") or "").startswith(PREFIX + "-"):
            return
        pending.append(event)
        if flushing:
            return
        flushing = True
        try:
            while pending:
                batch = pending[:BATCH]
                del pending[:BATCH]
                await write(batch)
        finally:
            flushing = False

    return handle
