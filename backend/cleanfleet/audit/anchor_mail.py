"""The daily anchor, also mailed (issue 51 item 2: "a file in object storage, an e-mail to a configured address,
or both"): with ``CLEANFLEET_AUDIT_ANCHOR_MAIL`` set, each day's first anchor (the job ``audit-anchor``) queues a
mail to those addresses in the one outbox (core/outbox.py, kind ``audit_anchor``, its ``ref_id`` the day's ordinal:
no row of its own), retried like the other mails. The mail carries the day's anchor file as it stands in the
object store when sent, in its text and attached (``audit-anchors-<date>.json``); ``python -m cleanfleet audit
verify --anchors <file>`` checks the trail against a mailed copy, which neither the database nor the object store
can take back. The mail is in English: it goes to an operator's mailbox, not to a console user."""

from datetime import UTC, date

import orjson

from cleanfleet.audit import anchors
from cleanfleet.core import outbox
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.mail import Attachment, MailError, MailNotConfigured, send_mail
from cleanfleet.core.outbox_sender import retry_waits
from cleanfleet.settings import Settings
from cleanfleet.storage.backends import Store, make_store

KIND = "audit_anchor"


def recipients(settings: Settings) -> list[str]:
    return [address.strip() for address in settings.audit_anchor_mail.split(",") if address.strip()]


async def queue(database: Database, day: date) -> None:
    """The day's anchor mail in the outbox (again, if it was queued before: it then carries the whole day)."""
    async with database.sessions() as db:
        await outbox.enqueue(db, KIND, [outbox.New(day.toordinal(), "email", KIND, "system")])
        await db.commit()


async def anchor_and_mail(database: Database, store: Store, settings: Settings) -> int:
    """The job's round (anchors.anchor_daily), and the mail of the anchor it wrote."""
    done = await anchors.anchor_daily(database, store)
    if done and recipients(settings):
        await queue(database, utcnow().astimezone(UTC).date())
    return done


def mail_text(day: date, content: bytes) -> tuple[str, str]:
    text = (f"The audit trail's anchors of {day.isoformat()} (UTC): each chain's head (seq and hash) as the "
            "server saw it. Keep this mail where the server's operators cannot change it. To check the trail "
            "against it, save the attachment and run:\n\n"
            f"  python -m cleanfleet audit verify --anchors audit-anchors-{day.isoformat()}.json\n\n"
            + content.decode())
    return f"cleanfleet audit anchor {day.isoformat()}", text


async def send(database: Database, settings: Settings, item: outbox.Item) -> outbox.Result:
    """The outbox's channel ``audit_anchor``: the day's anchor file to the configured addresses."""
    addresses = recipients(settings)
    if not addresses:
        return outbox.Result(False, skipped=True)  # the setting was removed meanwhile
    day = date.fromordinal(item.ref_id)
    store = make_store(settings)
    await store.start()
    try:
        found = await anchors.read_day(store, day)
    finally:
        await store.close()
    if not found:
        return outbox.Result(False, gone=True)
    content = orjson.dumps(found, option=orjson.OPT_INDENT_2)
    subject, text = mail_text(day, content)
    try:
        await send_mail(settings, addresses, subject, text, [
            Attachment(f"audit-anchors-{day.isoformat()}.json", content, "application", "json")])
    except MailError as exc:
        return outbox.Result(False, error=str(exc)[:255], final=isinstance(exc, MailNotConfigured))
    return outbox.Result(True)


outbox.register(outbox.Sender(
    KIND, send, retry=lambda s: retry_waits(s.notify_backoff, s.notify_attempts), timeout=lambda _: 60.0))
