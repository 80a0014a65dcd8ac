"""The gateway's ingest: robot messages in, live state, alarms and reports out, in batches.

``receive`` runs for every MQTT message and does no I/O for a known device: a heartbeat replaces the
device's pending state (the latest wins), a status marks it online or offline, an alarm or report
joins the batch. ``flush`` (every ``batch_seconds``, or sooner when alarms and reports wait) writes
the batch in one transaction, then acknowledges the alarms and reports it stored (QoS 1: the broker
redelivers what was never acknowledged, and the msgId keys make redeliveries harmless), then tells
the consoles through the bus: ``live.devices`` {"states": [...]} and ``live.alarms`` {"alarms": [...]}.
A device heard from (a heartbeat, or online again) is also marked present for the UTC day, once per
device and day (``devices.presence``: the online summary's daily history).
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from cleanfleet.core.bus import Bus
from cleanfleet.core.db import Database, utcnow
from cleanfleet.devices.presence import PresenceMarks, mark_present
from cleanfleet.gateway import payloads, service
from cleanfleet.gateway.directory import Directory, KnownDevice
from cleanfleet.reports.service import ReportMessage, store_reports
from cleanfleet.warn.service import AlarmMessage, store_alarms

log = logging.getLogger("cleanfleet.gateway")

DEVICES_CHANNEL = "live.devices"
ALARMS_CHANNEL = "live.alarms"
ACKS_BEFORE_EARLY_FLUSH = 10  # the broker sends only a few unacknowledged messages: don't keep it waiting
DROP_LOG_SECONDS = 60.0

Ack = Callable[[], None]


@dataclass
class Counters:
    received: int = 0
    heartbeats: int = 0
    alarms: int = 0
    reports: int = 0
    dropped: int = 0
    written: int = 0
    flushes: int = 0
    last_flush_ms: float = 0.0


@dataclass
class Batch:
    states: dict[int, tuple[str, KnownDevice, dict[str, Any] | None]] = field(default_factory=dict)
    alarms: list[AlarmMessage] = field(default_factory=list)
    reports: list[ReportMessage] = field(default_factory=list)
    acks: list[Ack] = field(default_factory=list)


class Ingest:
    def __init__(self, database: Database, bus: Bus, directory: Directory, *, batch_seconds: float = 0.5) -> None:
        self.database = database
        self.bus = bus
        self.directory = directory
        self.batch_seconds = batch_seconds
        self.counters = Counters()
        self._batch = Batch()
        self._urgent = asyncio.Event()
        self._drops: dict[str, tuple[int, float]] = {}
        self._flusher: asyncio.Task[None] | None = None
        self._present = PresenceMarks()

    # --- receiving ---------------------------------------------------------------------------------

    async def receive(self, topic: str, payload: bytes, ack: Ack | None = None) -> None:
        """Takes one message; ``ack`` (if given) is called once it is safely stored or dropped."""
        self.counters.received += 1
        held = False
        try:
            sn, channel = payloads.topic_parts(topic)
            device = self.directory.get(sn) or await self.directory.find(sn)
            if device is None:
                self._drop(sn, "unknown serial number")
                return
            held = self._take(device, channel, payloads.decode(payload, sn), ack)
        except payloads.BadMessage as exc:
            self._drop(topic, str(exc))
        finally:
            if ack is not None and not held:
                ack()

    def _take(self, device: KnownDevice, channel: str, body: dict[str, Any], ack: Ack | None) -> bool:
        """Adds the message to the batch; answers True when its acknowledgement waits for the write."""
        batch = self._batch
        if channel == "heartbeat":
            self.counters.heartbeats += 1
            batch.states[device.id] = ("beat", device, body)
        elif channel == "status":
            if body.get("online") is False:
                batch.states[device.id] = ("offline", device, None)
            elif batch.states.get(device.id, ("",))[0] != "beat":
                batch.states[device.id] = ("online", device, None)
        elif channel in ("alarm", "report"):
            now = utcnow()
            if channel == "alarm":
                self.counters.alarms += 1
                batch.alarms.append(payloads.alarm(device, body, now))
            else:
                self.counters.reports += 1
                batch.reports.append(payloads.report(device, body, now))
            if ack is not None:
                batch.acks.append(ack)
                if len(batch.acks) >= ACKS_BEFORE_EARLY_FLUSH:
                    self._urgent.set()
            else:
                self._urgent.set()
            return ack is not None
        return False

    def _drop(self, what: str, why: str) -> None:
        """Counts a dropped message; logs one line per reason a minute (with how many since the last)."""
        self.counters.dropped += 1
        count, logged_at = self._drops.get(why, (0, -DROP_LOG_SECONDS))
        now = time.monotonic()
        if now - logged_at < DROP_LOG_SECONDS:
            self._drops[why] = (count + 1, logged_at)
            return
        self._drops[why] = (0, now)
        log.warning("robot messages dropped", extra={"fields": {"why": why, "latest": what[:120],
                                                                "count": count + 1}})

    # --- writing -----------------------------------------------------------------------------------

    async def flush(self) -> None:
        """Writes what arrived since the last flush in one transaction, then acknowledges and pushes it."""
        batch, self._batch = self._batch, Batch()
        self._urgent.clear()
        if not (batch.states or batch.alarms or batch.reports):
            return
        started = time.perf_counter()
        now = utcnow()
        now_text = now.isoformat()
        today = now.date()
        present = self._present.unmarked((i for i, (kind, _, _) in batch.states.items() if kind != "offline"), today)
        beats: list[tuple[Any, ...]] = []
        beat_ids: list[int] = []
        online, offline, versions, states = [], [], [], []
        for device_id, (kind, device, body) in batch.states.items():
            if kind == "offline":
                offline.append(device_id)
            elif kind == "online":
                online.append({"s_id": device_id, "s_at": now})
                states.append({"ownerPath": device.owner_path, "deviceId": device_id,
                               "deviceSerialNumber": device.serial_number, "online": True})
            else:
                assert body is not None
                state = payloads.live_state(device, body, now_text)
                beats.append(service.beat_row(state))
                beat_ids.append(device_id)
                states.append(state)
                versions.extend(self._version_change(device, body))
        try:
            async with self.database.sessions() as db:
                await service.write_beats(db, beats, beat_ids, now)
                await service.write_online(db, online)
                await service.write_versions(db, versions)
                await mark_present(db, present, today, now)
                went_offline = await service.mark_offline(db, offline)
                alarm_events = await store_alarms(db, batch.alarms)
                await store_reports(db, batch.reports)
                states.extend(await service.offline_events(db, went_offline))
                await db.commit()
        except Exception:
            log.exception("gateway batch write failed; retrying with the next batch")
            self._requeue(batch)
            return
        self._present.remember(present, today)
        for ack in batch.acks:
            ack()
        self.counters.written += len(beats) + len(online) + len(offline)
        self.counters.flushes += 1
        self.counters.last_flush_ms = (time.perf_counter() - started) * 1000
        if states:
            await self.bus.publish(DEVICES_CHANNEL, {"states": states})
        if alarm_events:
            await self.bus.publish(ALARMS_CHANNEL, {"alarms": alarm_events})

    def _version_change(self, device: KnownDevice, body: dict[str, Any]) -> list[dict[str, Any]]:
        protocol, versions = payloads.reported_versions(body)
        protocol = protocol or device.protocol_version
        versions = versions or device.versions
        if protocol == device.protocol_version and versions == device.versions:
            return []
        self.directory.remember(KnownDevice(device.id, device.serial_number, device.secret_hash, device.owner_path,
                                            protocol, versions))
        return [{"d_id": device.id, "d_protocol": protocol, "d_firmware": versions[0], "d_soft": versions[1],
                 "d_pad": versions[2]}]

    def _requeue(self, batch: Batch) -> None:
        """A failed batch goes back in front of what arrived meanwhile (newer states win)."""
        newer = self._batch
        self._batch = Batch(states={**batch.states, **newer.states}, alarms=batch.alarms + newer.alarms,
                            reports=batch.reports + newer.reports, acks=batch.acks + newer.acks)

    async def run(self) -> None:
        """Flushes every ``batch_seconds``, or as soon as alarms or reports are waiting to be acknowledged."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._urgent.wait(), self.batch_seconds)
            await self.flush()
            await self.directory.reload_if_due()

    def start(self) -> None:
        self._flusher = asyncio.create_task(self.run(), name="gateway-flush")

    async def stop(self) -> None:
        if self._flusher is not None:
            self._flusher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._flusher
        await self.flush()


async def sweep_forever(database: Database, bus: Bus, offline_after: float) -> None:
    """Turns silent devices offline (``offline_after`` seconds without a heartbeat); safe on every worker."""
    every = max(1.0, min(5.0, offline_after / 3))
    while True:
        await asyncio.sleep(every)
        try:
            async with database.sessions() as db:
                went = await service.sweep_offline(db, utcnow() - timedelta(seconds=offline_after))
                events = await service.offline_events(db, went)
                await db.commit()
            if events:
                await bus.publish(DEVICES_CHANNEL, {"states": events})
        except Exception:
            log.exception("offline sweep failed")
