"""The daily anchor also mailed (issue 51 item 2): with ``audit_anchor_mail`` set, the day's anchor goes through
the outbox to a real SMTP server (aiosmtpd), in the mail's text and attached; ``audit verify --anchors <file>``
then catches a chain rewritten by someone who also removed the anchor from the object store."""

import asyncio
import os
import random
import subprocess
import sys
from email.message import Message
from typing import Any

import orjson
from sqlalchemy import select

from cleanfleet.audit import chain
from cleanfleet.audit.anchor_mail import anchor_and_mail
from cleanfleet.audit.anchors import anchor_key, read_anchors, read_day
from cleanfleet.audit.models import AuditRecord
from cleanfleet.audit.service import record_apart
from cleanfleet.audit.verify import verify
from cleanfleet.core.db import utcnow
from cleanfleet.core.outbox_sender import run_round
from cleanfleet.storage.backends import NotStored
from tests.users.conftest import mail_text, smtp_inbox  # noqa: F401  - the SMTP fixture

ADDRESSES = "security@example.com, audit-archive@example.com"


async def fresh_chain(app: Any) -> tuple[str, list[AuditRecord]]:
    tenant = f"/1/{random.randrange(10**8, 10**9)}/"
    for n in range(3):
        await record_apart(app.state.db, "sign_in", actor_type="person", actor_id=n, owner_path=tenant + "4/",
                           actor_name=f"person{n}", address="203.0.113.7", client="Firefox", detail={"n": n})
    await chain.seal(app.state.db)
    async with app.state.db.sessions() as db:
        return tenant, list(await db.scalars(select(AuditRecord).where(AuditRecord.chain == tenant)
                                             .order_by(AuditRecord.seq)))


async def rewrite(app: Any, rows: list[AuditRecord], detail: dict[str, Any]) -> None:
    """What someone with the database in hand would do: change row 2 and recompute every hash after it."""
    async with app.state.db.sessions() as db:
        previous = rows[0].hash
        for n, row in enumerate(rows[1:]):
            fresh = await db.get(AuditRecord, row.id)
            if n == 0:
                fresh.detail = detail
            fresh.prev_hash, fresh.hash = previous, chain.row_hash(previous, fresh, fresh.seq)
            previous = fresh.hash
        await db.commit()


def attachment(mail: Message) -> tuple[str, bytes]:
    [part] = [part for part in mail.walk() if part.get_filename()]
    return part.get_filename(), part.get_payload(decode=True)


async def test_the_anchor_is_mailed_and_a_mailed_copy_catches_a_rewrite(app, smtp_inbox, monkeypatch,  # noqa: F811
                                                                         tmp_path):
    store, settings = app.state.store, app.state.settings
    today = utcnow().date()
    try:
        kept = await store.get(anchor_key(today))  # other tests' anchors of today: put back at the end
    except NotStored:
        kept = None
    monkeypatch.setattr(settings, "audit_anchor_mail", ADDRESSES)
    tenant, rows = await fresh_chain(app)
    if kept is not None:
        await store.delete(anchor_key(today))  # today not anchored yet: the job's round anchors and mails
    try:
        assert await anchor_and_mail(app.state.db, store, settings) == 1
        assert await anchor_and_mail(app.state.db, store, settings) == 0  # once a day
        assert (await run_round(app.state.db, settings, ("audit_anchor",)))["sent"] == 1
        [(recipients, mail)] = [m for m in smtp_inbox.mails if "audit anchor" in m[1]["Subject"]]
        assert recipients == ["security@example.com", "audit-archive@example.com"]
        assert mail["Subject"] == f"cleanfleet audit anchor {today.isoformat()}"
        name, content = attachment(mail)
        assert name == f"audit-anchors-{today.isoformat()}.json"
        [anchor] = orjson.loads(content)
        assert anchor == (await read_day(store, today))[0]
        assert anchor["chains"][tenant] == {"seq": 3, "hash": rows[-1].hash}
        assert rows[-1].hash in mail_text(mail) and "--anchors" in mail_text(mail)
        saved = tmp_path / name
        saved.write_bytes(content)

        await rewrite(app, rows, {"n": 99})
        await store.delete(anchor_key(today))  # the store's anchor removed too
        alone = await verify(app.state.db, store)
        assert [f for f in alone.findings if f.chain == tenant] == []  # nothing left to catch it
        mailed = await verify(app.state.db, store, read_anchors(str(saved)))
        assert [f.what for f in mailed.findings if f.chain == tenant] == [
            f"differs from its anchor of {anchor['at']} (the chain was rewritten)"]
        env = {**os.environ, "CLEANFLEET_DATA_DIR": str(settings.data_dir), "CLEANFLEET_DATABASE_URL": settings.db_url}
        command = [sys.executable, "-m", "cleanfleet", "audit", "verify", "--anchors", str(saved)]
        run = await asyncio.to_thread(subprocess.run, command, env=env, capture_output=True, text=True, timeout=300)
        assert run.returncode == 1, run.stdout + run.stderr
        assert f"FAIL chain {tenant} seq 3: differs from its anchor of {anchor['at']}" in run.stdout
    finally:
        await rewrite(app, rows, rows[1].detail)  # as it was: every hash as anchored
        if kept is not None:
            await store.put(anchor_key(today), kept, "application/json")
