"""The gateway's ingest: robot messages in, live state, alarms and reports out, in batches.

``receive`` runs for every MQTT message and does no I/O for a known device: a heartbeat replaces the
device's pending state (the latest wins), a status marks it online or offline, an alarm or report
joins the batch. ``flush`` (every ``batch_seconds``, or sooner when alarms and reports wait) writes
the batch in one transaction, then acknowledges the alarms and reports it stored (QoS 1: the broker
redelivers what was never acknowledged, and the msgId keys make redeliveries harmless), then tells
the consoles through the bus: ``live.devices`` {"states": [...]} and ``live.alarms`` {"alarms": [...]}.
The consoles are told every heartbeat; a robot's ``device_states`` row is written at once only when something its
readers act on changed (``service.beat_key``: battery, charging, mode, map, task, state), when it came online or
started a run (both checked against the table on every heartbeat), and otherwise at most every ``refresh_seconds``
(``refresh_after(offline_after)``: 10 s with the default 30, so the sweep never takes a talking robot offline):
lists read from the table show progress, pose and the last heartbeat up to that old (docs/domains/robots.md
"Live state").
A device heard from (a heartbeat, or online again) is also marked present for the UTC day, once per
device and quarter hour (``devices.presence``: the online summary's daily history).

The gateway knows no domain that keeps what robots send (issue 49 item 7): it writes the robots' state rows, then
publishes the batch (``core.arrivals.Arrived``) on ``ROBOT_MESSAGES_ARRIVED`` inside its transaction, where devices
marks the robots heard present, warn stores the alarms and the ended runs' notices, and reports stores the runs
(their coverage on to the sites, ``run.ended`` to the integrations); cleanfleet/events.py wires them, in that order.

The ingest runs on one event loop with the link that feeds it and its ``database``: with the embedded broker, the
broker's own loop and the app's ``Database.twin()`` (gateway/embedded.py), its ``bus`` a ``LoopBus`` onto the API's
loop; with an external broker, the API's loop, its database and bus (gateway/runtime.py).

Nothing one robot sends can stop ingest for the others: every message is checked at the edge
(``payloads``/``fields``) and a bad one is dropped and counted for its robot (``drops``, and one log line
per robot a minute); a report's coverage grid that is bad, or does not fit the robot's map, is dropped alone and
counted apart (``coverage_drops``), the report stored all the same; no exception leaves ``receive``; a batch the
database refuses is searched by halves for the refused messages, which are dropped and counted (never retried);
only while the database does not answer at all does a batch wait for the next flush. ``stop`` always writes what
is pending.
"""

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import text

from cleanfleet.core.arrivals import Arrived
from cleanfleet.core.bus import IN_TRANSACTION, LIVE_ALARMS, LIVE_DEVICES, ROBOT_EVENTS, ROBOT_MESSAGES_ARRIVED
from cleanfleet.core.coverage import RunCoverage
from cleanfleet.core.db import Database, utcnow
from cleanfleet.gateway import payloads, service
from cleanfleet.gateway.batch import BEAT, OFFLINE, ONLINE, Ack, Batch, Held, State, Stored, joined
from cleanfleet.gateway.broker_loop import Publisher
from cleanfleet.gateway.directory import Directory, KnownDevice
from cleanfleet.gateway.fields import Dropped
from cleanfleet.gateway.marks import PresenceMarks
from cleanfleet.gateway.tracks import Tracks
from cleanfleet.realtime.published import routed
from cleanfleet.realtime.schemas import LiveDevice
from cleanfleet.settings import Settings

__all__ = ["Ack", "Ingest"]

CONTENDED_STATES = frozenset({"40P01", "40001"})  # deadlock_detected, serialization_failure
CONTENDED_TRIES = 5
log = logging.getLogger("cleanfleet.gateway")

REFRESH_MAX_SECONDS = 10.0  # a steady robot's row is written at least this often (``refresh_after``)
ACKS_BEFORE_EARLY_FLUSH = 10  # the broker sends only a few unacknowledged messages: don't keep it waiting
DROP_LOG_SECONDS = 60.0
UNKNOWN_SENDER = ""  # the drops of senders that are no known device are counted together


@dataclass
class Counters:
    received: int = 0
    heartbeats: int = 0
    alarms: int = 0
    reports: int = 0
    dropped: int = 0
    coverage_dropped: int = 0  # reports stored without their coverage grid (bad, or not fitting the map)
    written: int = 0
    beats_held_back: int = 0  # heartbeats told to the consoles but not written (``service.LatestRows``)
    flushes: int = 0
    last_flush_ms: float = 0.0
    statuses: int = 0
    events: int = 0
    # the drops by (channel, reason): unknown_sender, bad_message, failed, refused, bad_coverage (metrics/)
    drops_by: dict[tuple[str, str], int] = field(default_factory=dict)


@dataclass
class Drops:
    """The messages of one robot dropped so far, and why the latest was."""

    count: int = 0
    reason: str = ""
    at: datetime | None = None
    logged_count: int = 0  # the count when a line was last logged
    logged_at: float = -DROP_LOG_SECONDS


class Ingest:
    def __init__(self, database: Database, bus: Publisher, directory: Directory, *, batch_seconds: float = 0.25,
                 settings: Settings | None = None, refresh_seconds: float = 0.0) -> None:
        """``refresh_seconds``: how long a robot's row may go unwritten while nothing a reader acts on changes
        (``service.LatestRows``; the server passes ``refresh_after(offline_after)``; 0, the default: every
        heartbeat is written). ``settings``: the server's, handed to the batch's subscribers (warn's notification
        policy); None: their defaults."""
        self.settings = settings
        self.latest = service.LatestRows(refresh_seconds)
        self.database = database
        self.bus = bus
        self.directory = directory
        self.batch_seconds = batch_seconds
        self.counters = Counters()
        self.drops: dict[str, Drops] = {}  # by serial number (known devices only, so bounded by the fleet)
        self.coverage_drops: dict[str, Drops] = {}  # the coverage grids dropped from stored reports, likewise
        self._batch = Batch()
        self._urgent = asyncio.Event()
        self._flusher: asyncio.Task[None] | None = None
        self._round: asyncio.Future[None] | None = None  # the flush under way (run)
        self._present = PresenceMarks()
        self._forwarding: set[asyncio.Task[None]] = set()
        self.tracks = Tracks()  # the running tasks' poses, for their reports' paths

    # --- receiving ---------------------------------------------------------------------------------

    async def receive(self, topic: str, payload: bytes, ack: Ack | None = None) -> None:
        """Takes one message; ``ack`` (if given) is called once it is safely stored or dropped. Never raises:
        whatever one message does, it is dropped and counted for its robot and the link goes on."""
        self.counters.received += 1
        held = False
        sender: KnownDevice | None = None
        channel = ""
        try:
            sn, channel = payloads.topic_parts(topic)
            sender = self.directory.get(sn) or await self.directory.find(sn)
            if sender is None:
                self._drop(UNKNOWN_SENDER, f"unknown serial number {sn[:64]!r}", channel, "unknown_sender")
                return
            held = self._take(sender, channel, payloads.decode(payload, sn, channel), ack)
        except payloads.BadMessage as exc:
            self._drop(sender.serial_number if sender else UNKNOWN_SENDER, f"{str(exc)[:200]} on {topic[:120]!r}",
                       channel, "bad_message")
        except Exception as exc:
            self._drop(sender.serial_number if sender else UNKNOWN_SENDER,
                       f"could not be handled: {exc!r}"[:200], channel, "failed", failed=True)
        finally:
            if ack is not None and not held:
                _acknowledge(ack)

    def _take(self, device: KnownDevice, channel: str, message: dict[str, Any], ack: Ack | None) -> bool:
        """Adds a checked message to the batch; answers True when its acknowledgement waits for the write."""
        batch = self._batch
        if channel == "heartbeat":
            self.counters.heartbeats += 1
            batch.states[device.id] = State(BEAT, device, message)
            self.tracks.add(device.id, message)
        elif channel == "status":
            self.counters.statuses += 1
            if message["online"] is False:
                batch.states[device.id] = State(OFFLINE, device)
            elif (waiting := batch.states.get(device.id)) is None or waiting.kind != BEAT:
                batch.states[device.id] = State(ONLINE, device)
        elif channel in ("alarm", "report"):
            now = utcnow()
            if channel == "alarm":
                self.counters.alarms += 1
                batch.alarms.append(Held(payloads.alarm(device, message, now), device.serial_number, ack))
            else:
                self.counters.reports += 1
                report = payloads.report(device, message, now)
                report.fields["path"] = self.tracks.finish(device.id, message["runId"])
                batch.reports.append(Held(report, device.serial_number, ack, self._coverage(device, message)))
            if ack is None or len(batch.alarms) + len(batch.reports) >= ACKS_BEFORE_EARLY_FLUSH:
                self._urgent.set()
            return ack is not None
        elif channel == "event":
            self.counters.events += 1
            if message["cmdId"]:
                self._forward_event(device, message)
        return False

    def _forward_event(self, device: KnownDevice, message: dict[str, Any]) -> None:
        """A command's ack or a job's progress, to whichever domain sent the command (off the receive path)."""
        event = {**{k: v for k, v in message.items() if k != "ts"}, "deviceId": device.id,
                 "serialNumber": device.serial_number}
        task = asyncio.create_task(self.bus.publish(ROBOT_EVENTS, event))
        self._forwarding.add(task)
        task.add_done_callback(self._forwarding.discard)

    def _coverage(self, device: KnownDevice, message: dict[str, Any]) -> RunCoverage | None:
        """The report's checked coverage grid; a bad one is counted as dropped and the report goes without it."""
        grid = message["coverageGrid"]
        if isinstance(grid, Dropped):
            self._drop_coverage(device.serial_number, grid.why)
        return grid if isinstance(grid, RunCoverage) else None

    def _drop(self, serial_number: str, why: str, channel: str, reason: str, *, failed: bool = False) -> None:
        """Counts a dropped message for its robot; logs one line per robot a minute (with how many since)."""
        self.counters.dropped += 1
        self._count_kind(channel, reason)
        self._count(self.drops, "robot messages dropped", serial_number, why, failed)

    def _drop_coverage(self, serial_number: str, why: str) -> None:
        """Counts a report stored without its coverage grid (bad, or not fitting the robot's map)."""
        self.counters.coverage_dropped += 1
        self._count_kind("report", "bad_coverage")
        self._count(self.coverage_drops, "robot coverage grids dropped", serial_number, why, False)

    def _count_kind(self, channel: str, reason: str) -> None:
        key = (channel if channel in payloads.CHANNELS else "unknown", reason)
        self.counters.drops_by[key] = self.counters.drops_by.get(key, 0) + 1

    @staticmethod
    def _count(table: dict[str, Drops], what: str, serial_number: str, why: str, failed: bool) -> None:
        """One more drop for the robot; one log line per robot a minute (with how many since)."""
        drops = table.setdefault(serial_number, Drops())
        drops.count += 1
        drops.reason, drops.at = why, utcnow()
        now = time.monotonic()
        if now - drops.logged_at < DROP_LOG_SECONDS:
            return
        fields = {"sn": serial_number or "(unknown)", "why": why, "count": drops.count - drops.logged_count}
        drops.logged_at, drops.logged_count = now, drops.count
        log.warning(what, exc_info=failed, extra={"fields": fields})

    def drops_of(self, serial_number: str) -> Drops:
        """How many of this robot's messages were dropped, and the latest reason."""
        return self.drops.get(serial_number) or Drops()

    def coverage_drops_of(self, serial_number: str) -> Drops:
        """How many of this robot's reports were stored without their coverage grid, and the latest reason."""
        return self.coverage_drops.get(serial_number) or Drops()

    # --- writing -----------------------------------------------------------------------------------

    async def flush(self) -> None:
        """Writes what arrived since the last flush in one transaction, then acknowledges and pushes it.

        When that write fails, the messages are written one at a time and those the database refuses are
        dropped and counted; only when the database does not answer at all does the rest wait for the next
        flush (so a poisoned row is never retried, and an outage loses nothing)."""
        batch, self._batch = self._batch, Batch()
        self._urgent.clear()
        if not batch:
            return
        started = time.perf_counter()
        try:
            stored, waiting = await self._store_all(batch)
        except asyncio.CancelledError:  # stopping mid-write: the final flush writes it (every write is idempotent)
            self._batch = batch.then(self._batch)
            raise
        if waiting:
            self._batch = waiting.then(self._batch)
        for held in stored.held:
            if held.ack is not None:
                _acknowledge(held.ack)
        for serial_number, why in stored.coverage_refused:
            self._drop_coverage(serial_number, why)
        self.counters.written += stored.written
        self.counters.flushes += 1
        self.counters.last_flush_ms = (time.perf_counter() - started) * 1000
        await self._tell_consoles(stored)

    async def _tell_consoles(self, stored: Stored) -> None:
        try:
            if stored.states:
                await self.bus.publish(LIVE_DEVICES, {"states": stored.states})
            if stored.alarm_events:
                await self.bus.publish(LIVE_ALARMS, {"alarms": stored.alarm_events})
        except Exception:  # stored all the same: the consoles catch up on their next read
            log.exception("telling the consoles about robot messages failed")

    async def _store_all(self, batch: Batch) -> tuple[Stored, Batch | None]:
        """Stores the batch, else finds the messages the database refuses by halves (a few writes for one bad
        row among thousands); answers what was stored and what must wait for the database to answer."""
        try:
            return await self._store_again_if_contended(batch), None
        except Exception:
            log.exception("gateway batch write failed; looking for the messages the database refuses")
        if not await self._database_answers():
            log.warning("the database does not answer; the batch waits for the next write")
            return Stored(), batch
        stored = Stored()
        chunks = _halves(batch.parts())  # a stack: the next chunk to write is the last
        while chunks:
            chunk = chunks.pop()
            try:
                stored.add(await self._store_again_if_contended(joined([part for _, part in chunk])))
                continue
            except Exception as exc:
                refused = exc
            if len(chunk) > 1:
                chunks.extend(_halves(chunk))
            elif await self._database_answers():
                serial_number, part = chunk[0]
                log.error("a robot message the database refuses is dropped", exc_info=refused,
                          extra={"fields": {"sn": serial_number}})
                self._drop(serial_number, f"could not be stored: {refused!r}"[:200], "", "refused")
                stored.held.extend(part.held())  # acknowledged: sent again, it would fail again
            else:
                log.warning("the database stopped answering; the rest of the batch waits for the next write")
                return stored, joined([part for rest in [*chunks, chunk][::-1] for _, part in rest])
        return stored, None

    async def _store_again_if_contended(self, batch: Batch) -> Stored:
        """``_store``, written again when PostgreSQL rolled it back for a deadlock or a serialization failure
        (several workers write the same robots' rows: the shared subscription spreads a robot's messages over
        the gateways); nothing of a rolled-back transaction stayed, so the whole batch goes again."""
        for attempt in range(CONTENDED_TRIES):
            try:
                return await self._store(batch)
            except Exception as exc:
                if attempt == CONTENDED_TRIES - 1 or not contended(exc):
                    raise
                log.info("gateway batch rolled back by a concurrent writer; written again",
                         extra={"fields": {"attempt": attempt + 1}})
                await asyncio.sleep(0.05 * (attempt + 1))
        raise AssertionError("unreachable")

    async def _store(self, batch: Batch) -> Stored:
        """Writes the batch in one transaction; its robots' state rows locked first, in device id order (workers
        writing at the same time lock the rows they share in the same order: no deadlock between their batches)."""
        now = utcnow()
        now_text = now.isoformat()
        present = self._present.unmarked(sorted(i for i, s in batch.states.items() if s.kind != OFFLINE), now)
        latest = self.latest
        heard: list[tuple[int, dict[str, Any], tuple[Any, ...], bool]] = []  # device id, heartbeat, key, due
        online: list[dict[str, Any]] = []
        offline: list[int] = []
        versions: list[KnownDevice] = []
        stored = Stored(held=batch.held())
        for device_id, state in sorted(batch.states.items()):
            device = state.device
            if state.kind == OFFLINE:
                offline.append(device_id)
            elif state.beat is None:
                online.append({"s_id": device_id, "s_at": now})
                stored.states.append(routed(device.owner_path, LiveDevice(
                    deviceId=device_id, deviceSerialNumber=device.serial_number, online=1)))
            else:
                beat = state.beat
                key = service.beat_key(beat)
                heard.append((device_id, beat, key, latest.due(device_id, key, now)))
                stored.states.append(routed(device.owner_path, payloads.live_state(device, beat, now_text)))
                versions.extend(payloads.version_change(device, beat))
        arrived = Arrived(now, present, batch.alarm_messages(), batch.arrived_reports(), self.settings)
        touched = [*batch.states, *(r.message.device_id for r in arrived.reports),
                   *(a.device_id for a in arrived.alarms)]
        async with self.database.sessions() as db:
            await service.lock_states(db, touched)
            came_online = await service.mark_came_online(db, [*(h[0] for h in heard), *(r["s_id"] for r in online)])
            started = await service.runs_started(db, [(i, beat["task"] or "", beat["map"] or "")
                                                      for i, beat, _, _ in heard], now)
            forced = set(came_online).union(started)  # its row may be another gateway's, or older: written whole
            written = [(i, beat, key) for i, beat, key, due in heard if due or i in forced]
            await service.write_beats(db, [service.beat_row(beat) for _, beat, _ in written],
                                      [i for i, _, _ in written], now)
            await service.write_online(db, online)
            await service.write_versions(db, [payloads.version_row(d) for d in versions])
            went_offline = await service.mark_offline(db, offline)
            if arrived:  # presence (devices), alarms (warn), run reports (reports): cleanfleet/events.py
                await IN_TRANSACTION.publish(db, ROBOT_MESSAGES_ARRIVED, arrived=arrived)
            stored.alarm_events, stored.coverage_refused = arrived.alarm_events, arrived.coverage_refused
            await service.presence_facts(db, came_online, went_offline, now)
            stored.states.extend(await service.offline_events(db, went_offline))
            await db.commit()
        self._present.remember(present, now)
        latest.remember([(i, key) for i, _, key in written], now)
        latest.forget(offline)
        for device in versions:
            self.directory.remember(device)
        self.counters.beats_held_back += len(heard) - len(written)
        stored.written = len(written) + len(online) + len(offline)
        return stored

    async def _database_answers(self) -> bool:
        try:
            async with self.database.sessions() as db:
                await db.execute(text("SELECT 1"))
        except Exception:
            return False
        return True

    async def run(self) -> None:
        """Flushes every ``batch_seconds``, or as soon as alarms or reports are waiting to be acknowledged. A round
        under way is shielded: ``stop`` lets it end rather than cancel a write half done (on SQLite its open
        transaction kept the one writer's lock, and the last flush waited 30 s for it with 10,000 robots just gone)."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._urgent.wait(), self.batch_seconds)
            self._round = asyncio.ensure_future(self._flush_round())
            await asyncio.shield(self._round)

    async def _flush_round(self) -> None:
        try:
            await self.flush()
            await self.directory.reload_if_due()
        except Exception:  # e.g. the directory's reload while the database is away: the next round tries again
            log.exception("gateway flush round failed")

    def start(self) -> None:
        self._flusher = asyncio.create_task(self.run(), name="gateway-flush")

    async def stop(self) -> None:
        """Stops the flusher, then writes what is pending (also when the flusher had failed)."""
        if self._flusher is not None:
            self._flusher.cancel()
            try:
                await self._flusher
            except asyncio.CancelledError:
                pass
            except Exception:
                log.exception("the gateway flusher had failed")
        if self._round is not None:
            await self._round  # the round under way ends (never raises: _flush_round logs)
        await self.flush()
        if self._batch:
            log.error("robot messages not stored at shutdown (the database does not answer)",
                      extra={"fields": {"states": len(self._batch.states), "alarms": len(self._batch.alarms),
                                        "reports": len(self._batch.reports)}})


def refresh_after(offline_after: float) -> float:
    """How long a steady robot's row may go unwritten: a third of ``offline_after``, at most 10 s. The sweep takes
    a robot offline when its row's ``heartbeat_at`` is ``offline_after`` old, and a robot heard from is written at
    least every ``refresh_after`` seconds by each gateway hearing it: only a robot silent for over two thirds of
    ``offline_after`` (20 s of the default 30; robots beat every 5 s) can be taken offline."""
    return min(REFRESH_MAX_SECONDS, offline_after / 3)


def contended(exc: BaseException) -> bool:
    """Whether ``exc`` (or what caused it) is PostgreSQL's deadlock or serialization failure: try again."""
    seen: BaseException | None = exc
    while seen is not None:
        if getattr(seen, "sqlstate", None) in CONTENDED_STATES or getattr(seen, "pgcode", None) in CONTENDED_STATES:
            return True
        seen = seen.__cause__
    return False


def _halves(parts: list[tuple[str, Batch]]) -> list[list[tuple[str, Batch]]]:
    """The parts split in two, as a stack (the first half on top)."""
    middle = (len(parts) + 1) // 2
    return [half for half in (parts[middle:], parts[:middle]) if half]


def _acknowledge(ack: Ack) -> None:
    try:
        ack()
    except Exception:  # a lost connection: the broker sends the message again, and its msgId makes that harmless
        log.warning("acknowledging a robot message failed", exc_info=True)
