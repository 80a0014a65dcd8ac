"""A sign-in from a browser the person never used: a message-centre notice and an e-mail (issue 50 item 8).

**Which browser.** The console keeps a random id in the browser's storage and sends it with the sign-in (header
``browser-id``); a client that sends none (a script) is known by its user agent. Only the sha256 of either is kept
(``sign_in_browsers``), per person. A sign-in from a browser not among the person's is told, unless it is the
person's very first (nothing to compare with: a new account, or everyone once after this was deployed).

**How.** In the sign-in's transaction: the message-centre row (``keyed_row``, shown in the reader's language) and an
outbox send (core/outbox.py, kind ``sign_in``, its row the ``sign_in`` event) that mails the person's addresses in
the person's language, retried like the alarm notices. No mailbox: the message centre only.
"""

import asyncio
import hashlib
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import outbox
from cleanfleet.core.db import Database
from cleanfleet.core.mail import MailError, MailNotConfigured, send_mail, sender_of
from cleanfleet.core.outbox_sender import retry_waits
from cleanfleet.core.texts import Text
from cleanfleet.messages.service import insert_messages, keyed_row
from cleanfleet.sessions import texts
from cleanfleet.sessions.agents import describe
from cleanfleet.sessions.models import KnownBrowser, SignInEvent
from cleanfleet.settings import Settings
from cleanfleet.users.models import User

KIND = "sign_in"  # the outbox's kind of these mails
PAGE = "/user/sessions"  # the console's sessions page


def browser_hash(browser_id: str, user_agent: str) -> str:
    seed = f"id:{browser_id}" if browser_id else f"ua:{user_agent}"
    return hashlib.sha256(seed.encode()).hexdigest()


async def known(db: AsyncSession, user_id: int, digest: str, now: datetime) -> bool | None:
    """Notes the browser for the person; answers True when it was known, False when it is new, None when it is the
    person's first browser (nothing to tell)."""
    moved = await db.execute(update(KnownBrowser).where(KnownBrowser.user_id == user_id,
                                                        KnownBrowser.browser_hash == digest)
                             .values(last_at=now).execution_options(synchronize_session=False))
    if (moved.rowcount or 0) > 0:  # type: ignore[attr-defined]
        return True
    first = await db.scalar(select(KnownBrowser.id).where(KnownBrowser.user_id == user_id).limit(1)) is None
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    added = await db.execute(insert(KnownBrowser).values(user_id=user_id, browser_hash=digest, first_at=now,
                                                        last_at=now)
                             .on_conflict_do_nothing().returning(KnownBrowser.id))
    if added.first() is None:  # the same new browser signing in twice at once: told by the other
        return True
    return None if first else False


def browser_words(user_agent: str | None) -> str | Text:
    """"Chrome 131 · Windows 10" (names, the same in every language), or the text for an unknown browser."""
    agent = describe(user_agent)
    parts = [part for part in (agent.browser, agent.system) if part]
    return " · ".join(parts) if parts else texts.UNKNOWN_BROWSER


async def tell(db: AsyncSession, user: User, event: SignInEvent, now: datetime) -> None:
    """The notice of a sign-in from a new browser: the message centre's row, and the e-mail's send (the caller
    commits)."""
    await db.flush()  # the event's id: the e-mail's row
    browser = await asyncio.to_thread(browser_words, event.user_agent)  # the parser's rules load once, off the loop
    values = {"account": user.account, "browser": browser, "address": event.address or "-", "time": now,
              "link": PAGE}
    reader = user.shadow_of_id or user.id  # the message centre is the acting user's (a shadow's owner)
    await insert_messages(db, [keyed_row(reader, None, "sign_in", texts.NEW_BROWSER_TITLE, texts.NEW_BROWSER_CONTENT,
                                         values, now, f"sign_in:{event.id}")])
    if mailboxes(user):
        await outbox.enqueue(db, KIND, [outbox.New(event.id, "email", f"sign_in:u{user.id}", f"u{user.id}", now)],
                             now)


def mailboxes(user: User) -> list[str]:
    return [a.strip() for a in user.email.replace(";", ",").split(",") if a.strip()]


def mail_text(user: User, event: SignInEvent, settings: Settings) -> tuple[str, str]:
    """The e-mail's subject and text in the person's language (times in UTC: a mail has no screen's zone)."""
    language = user.language
    values = {"account": user.account, "address": event.address or "-", "time": event.at,
              "browser": browser_words(event.user_agent)}
    link = settings.public_url.rstrip("/") + PAGE
    body = f"{texts.NEW_BROWSER_CONTENT.render(language, values)}\n\n{texts.MAIL_LINK.render(language, {'link': link})}"
    return texts.NEW_BROWSER_TITLE.render(language), body


async def send(database: Database, settings: Settings, item: outbox.Item) -> outbox.Result:
    """The outbox's channel ``sign_in``: the new-browser mail to the person's addresses."""
    async with database.sessions() as db:
        event = await db.get(SignInEvent, item.ref_id)
        user = await db.get(User, event.user_id) if event and event.user_id else None
        if event is None or user is None:
            return outbox.Result(False, gone=True)
        recipients = mailboxes(user)
        if not recipients:
            return outbox.Result(False, skipped=True)  # the address was removed meanwhile
        subject, text = mail_text(user, event, settings)
        sender = await sender_of(db, user.id)
    try:
        await send_mail(settings, recipients, subject, text, sender=sender)
    except MailError as exc:
        return outbox.Result(False, error=str(exc)[:255], final=isinstance(exc, MailNotConfigured))
    return outbox.Result(True)


outbox.register(outbox.Sender(
    KIND, send, retry=lambda s: retry_waits(s.notify_backoff, s.notify_attempts), timeout=lambda _: 60.0,
    table="sign_in_events"))
