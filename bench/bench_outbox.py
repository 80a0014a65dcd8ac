"""The one outbox (issue 49 items 2 and 4), in one process with its real sender, real loopback receivers and a real
SMTP sink (aiosmtpd):

(a) fairness: tenant A's storm (a subscription with ``--storm`` queued deliveries, answering slowly) and a receiver
    of tenant C that hangs ``--hang`` seconds on every post, while tenant B's events (one every 0.5 s) are queued:
    how long each of B's events takes from its commit to its arrival at B's receiver, p50/p95/max. The reference,
    measured first in the same run: B's events alone (no storm, no hanging receiver).
(b) latency: a robot's alarm stored as the gateway stores it (its incident opens, level 0 at once) to the first
    e-mail at the SMTP sink, p50/p95/max over ``--alarms`` alarms (one robot each). The reference: the same SMTP
    sink's round trip for one mail sent directly (core/mail.py), in the same run.

    .venv/bin/python ../bench/bench_outbox.py [--db postgresql://...] [--storm 2113] [--hang 15]
"""

import argparse
import asyncio
import email
import socket
import statistics
import sys
import tempfile
import time
import uuid
from email.header import decode_header, make_header
from pathlib import Path
from typing import Any

from aiohttp import web
from aiosmtpd.controller import Controller
from cleanfleet.app import create_app
from cleanfleet.core.db import utcnow
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from cleanfleet.settings import Settings
from cleanfleet.users import service as users
from cleanfleet.warn.service import AlarmMessage, store_alarms
from cleanfleet.webhooks.models import WebhookSubscription
from cleanfleet.webhooks.outbox import write_deliveries

EVENTS_B = 20


def stats(ms: list[float]) -> dict[str, float]:
    ordered = sorted(ms)
    return {"p50": round(statistics.median(ordered), 1), "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 1),
            "max": round(ordered[-1], 1), "n": len(ordered)}


class Receiver:
    """A loopback receiver: notes when each event id arrived; ``delay`` seconds before it answers 204."""

    def __init__(self, delay: float = 0.0) -> None:
        self.delay, self.arrived, self.port = delay, {}, 0
        self.runner: web.AppRunner | None = None

    async def start(self) -> "Receiver":
        async def hook(request: web.Request) -> web.Response:
            self.arrived.setdefault(request.headers.get("webhook-id", ""), time.perf_counter())
            await asyncio.sleep(self.delay)
            return web.Response(status=204)

        app = web.Application()
        app.router.add_route("POST", "/{tail:.*}", hook)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        if self.runner:
            await self.runner.shutdown()
            await self.runner.cleanup()


async def _user(app: Any, level: int, parent: Any, roles: list[int], **fields: Any) -> Any:
    async with app.state.db.sessions() as db:
        parent = parent or await users.get_by_account(db, "admin")
        user = await users.create(db, account=f"b{uuid.uuid4().hex[:10]}", name="Bench user", password="Secret123",
                                  level_depth=level, parent=parent, role_ids=roles, **fields)
        await db.commit()
        return user


async def _subscription(app: Any, user: Any, port: int) -> int:
    async with app.state.db.sessions() as db:
        sub = WebhookSubscription(user_id=user.id, name="bench", url=f"http://127.0.0.1:{port}/hook",
                                  events=["robot.online"], secret="whsec_" + "A" * 32, active=True)
        db.add(sub)
        await db.commit()
        return sub.id


async def _queue(app: Any, sid: int, count: int) -> list[str]:
    ids = [f"evt_{uuid.uuid4().hex[:26]}" for _ in range(count)]
    async with app.state.db.sessions() as db:
        await write_deliveries(db, [(sid, eid, "robot.online", {"type": "robot.online"}) for eid in ids], utcnow())
        await db.commit()
    return ids


async def _events_of_b(app: Any, sid: int, receiver: Receiver) -> dict[str, float]:
    queued: dict[str, float] = {}
    for _ in range(EVENTS_B):
        [eid] = await _queue(app, sid, 1)
        queued[eid] = time.perf_counter()
        await asyncio.sleep(0.5)
    async with asyncio.timeout(120):
        while len(set(queued) & set(receiver.arrived)) < len(queued):  # noqa: ASYNC110 - polling the receiver
            await asyncio.sleep(0.05)
    return stats([(receiver.arrived[eid] - at) * 1000 for eid, at in queued.items()])


async def fairness(app: Any, storm: int, hang: float) -> dict[str, dict[str, float]]:
    b_receiver, a_receiver, c_receiver = Receiver(), Receiver(0.05), Receiver(hang)
    for receiver in (b_receiver, a_receiver, c_receiver):
        await receiver.start()
    app.state.settings.webhook_allow = ",".join(f"127.0.0.1:{r.port}" for r in (a_receiver, b_receiver, c_receiver))
    dealer_a, dealer_b, dealer_c = [await _user(app, 2, None, [ROLE_DEALER]) for _ in range(3)]
    sid_a, sid_b, sid_c = (await _subscription(app, dealer_a, a_receiver.port),
                           await _subscription(app, dealer_b, b_receiver.port),
                           await _subscription(app, dealer_c, c_receiver.port))
    figures = {"B's event alone (reference)": await _events_of_b(app, sid_b, b_receiver)}
    await _queue(app, sid_a, storm)
    await _queue(app, sid_c, 20)
    figures[f"B's event, A's storm of {storm} + C hanging {hang:g} s"] = await _events_of_b(app, sid_b, b_receiver)
    for receiver in (b_receiver, a_receiver, c_receiver):
        await receiver.stop()
    return figures


class Inbox:
    def __init__(self) -> None:
        self.arrived: list[tuple[float, str]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
        self.arrived.append((time.perf_counter(), _text(envelope.content)))
        return "250 OK"


def _text(content: bytes) -> str:
    """A mail's subject and decoded parts (the serial is inside base64 or encoded words)."""
    mail = email.message_from_bytes(content)
    parts = [str(make_header(decode_header(mail.get("Subject", ""))))]
    for part in mail.walk():
        payload = part.get_payload(decode=True)
        if isinstance(payload, bytes):
            parts.append(payload.decode(errors="replace"))
    return "\n".join(parts)


async def latency(app: Any, alarms: int, smtp_port: int, inbox: Inbox) -> dict[str, dict[str, float]]:
    from cleanfleet.core.mail import send_mail  # the reference: one mail straight to the sink
    from cleanfleet.devices.service import add_device
    from cleanfleet.devices.types.models import DeviceType

    settings = app.state.settings
    reference = []
    for n in range(5):
        started = time.perf_counter()
        before = len(inbox.arrived)
        await send_mail(settings, ["ref@example.com"], f"reference {n}", "x")
        while len(inbox.arrived) == before:  # noqa: ASYNC110 - polling the sink
            await asyncio.sleep(0.005)
        reference.append((inbox.arrived[-1][0] - started) * 1000)
    dealer = await _user(app, 2, None, [ROLE_DEALER], email="dealer@example.com", email_to_warn=1)
    customer = await _user(app, 3, dealer, [ROLE_USER], email="customer@example.com", email_to_warn=1)
    spent = []
    for n in range(alarms):
        async with app.state.db.sessions() as db:
            kind = DeviceType(name=f"Bench model {uuid.uuid4().hex[:6]}")
            db.add(kind)
            await db.flush()
            serial = f"BENCH{uuid.uuid4().hex[:8].upper()}"
            device, _ = await add_device(db, customer, serial, f"robot {n}", kind.id, {})
            await db.commit()
        started = time.perf_counter()
        async with app.state.db.sessions() as db:
            await store_alarms(db, [AlarmMessage(device.id, serial, device.owner_path, f"{serial}-{n}", "raise",
                                                 f"A{n}", "replan_failed", "", None, "fault", "alarm",
                                                 "replan_failed", utcnow())], None)
            await db.commit()
        async with asyncio.timeout(60):
            while not any(serial in text for _, text in inbox.arrived):  # noqa: ASYNC110 - polling the sink
                await asyncio.sleep(0.005)
        first = min(at for at, text in inbox.arrived if serial in text)
        spent.append((first - started) * 1000)
    return {"one mail to the SMTP sink (reference)": stats(reference),
            "alarm stored → first e-mail at the sink": stats(spent)}


async def main(args: argparse.Namespace) -> None:
    inbox = Inbox()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        smtp_port = probe.getsockname()[1]
    controller = Controller(inbox, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp), database_url=args.db, admin_password="Bench-Admin-1", demo=False,
                            smtp_host="127.0.0.1", smtp_port=smtp_port, smtp_tls="none",
                            smtp_from="robots@cleanfleet.example", webhook_timeout=args.hang + 5)
        from cleanfleet.bootstrap import prepare

        await prepare(settings)
        app = create_app(settings)
        async with app.router.lifespan_context(app):
            figures = await fairness(app, args.storm, args.hang)
            figures |= await latency(app, args.alarms, smtp_port, inbox)
    controller.stop()
    print("| figure | p50 ms | p95 ms | max ms | n |")
    print("|---|---|---|---|---|")
    for name, figure in figures.items():
        print(f"| {name} | {figure['p50']} | {figure['p95']} | {figure['max']} | {figure['n']:g} |")
    print(f"database: {'PostgreSQL' if args.db else 'SQLite'}", file=sys.stderr)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default=None, help="a PostgreSQL URL (emptied first? no: give a fresh database)")
    parser.add_argument("--storm", type=int, default=2113)
    parser.add_argument("--hang", type=float, default=15.0)
    parser.add_argument("--alarms", type=int, default=20)
    asyncio.run(main(parser.parse_args()))
