"""Sending e-mail through the SMTP server of the CLEANFLEET_SMTP_* settings (aiosmtplib).

Used by every mail the product sends (test mail, alarms, task and site reports, sign-in notices, audit anchors).
Nothing here knows HTTP: callers turn ``MailError`` into their own answer.

Whose brand a mail carries (issue 53 item 4): a caller asks ``await sender_of(db, person_id)`` for the person the
mail is for (None: the install's default, the admin's brand) and passes it as ``sender``; the sender's display
name replaces the one of CLEANFLEET_SMTP_FROM (the address stays the install's: its mail server is the one allowed
to send for it) and its reply-to becomes the mail's ``Reply-To``. The lookup is the branding domain's
(``branding/service.py`` installs it with ``use_sender_lookup``), so core imports no domain.
"""

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, parseaddr
from typing import Any

import aiosmtplib

from cleanfleet.settings import Settings


class MailError(Exception):
    """The mail could not be sent; the text says why (never the password)."""


class MailNotConfigured(MailError):
    pass


@dataclass(frozen=True)
class Attachment:
    filename: str
    content: bytes
    maintype: str = "application"
    subtype: str = "octet-stream"


@dataclass(frozen=True)
class MailSender:
    """A brand's sender: the display name shown with the install's From address, and the address replies go to
    (either may be empty: the install's own)."""

    name: str = ""
    reply_to: str = ""


SenderLookup = Callable[[Any, int | None], Awaitable[MailSender]]
_lookup: list[SenderLookup] = []


def use_sender_lookup(lookup: SenderLookup) -> None:
    """Installs the function that answers a person's sender (branding/service.py, when it is imported)."""
    _lookup[:] = [lookup]


async def sender_of(db: Any, person_id: int | None) -> MailSender | None:
    """The sender of a mail to the person with ``person_id`` (None: the install's default), read with ``db``."""
    return await _lookup[0](db, person_id) if _lookup else None


def from_header(address: str, sender: MailSender | None) -> str:
    """CLEANFLEET_SMTP_FROM with the sender's display name instead of its own (when the sender has one)."""
    if sender is None or not sender.name:
        return address
    return formataddr((sender.name, parseaddr(address)[1] or address))


def build_message(sender: str, recipients: list[str], subject: str, text: str,
                  attachments: Sequence[Attachment] = (), reply_to: str = "") -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = ", ".join(recipients)
    if reply_to:
        message["Reply-To"] = reply_to
    message["Subject"] = subject
    message.set_content(text)
    for item in attachments:
        message.add_attachment(item.content, maintype=item.maintype, subtype=item.subtype, filename=item.filename)
    return message


async def send_mail(settings: Settings, recipients: list[str], subject: str, text: str,
                    attachments: Sequence[Attachment] = (), sender: MailSender | None = None) -> None:
    """Send one plain-text mail (with any attachments) to every recipient, from ``sender``'s brand when given;
    raises MailError when it cannot."""
    if not settings.smtp_host:
        raise MailNotConfigured("no SMTP server configured (CLEANFLEET_SMTP_HOST)")
    if not recipients:
        raise MailError("no recipients")
    message = build_message(from_header(settings.smtp_from, sender), recipients, subject, text, attachments,
                            sender.reply_to if sender is not None else "")
    try:
        await aiosmtplib.send(
            message,
            hostname=settings.smtp_host,
            port=settings.smtp_port,
            username=settings.smtp_user or None,
            password=settings.smtp_password or None,
            use_tls=settings.smtp_tls == "ssl",
            start_tls={"auto": None, "starttls": True, "ssl": False, "none": False}[settings.smtp_tls],
            timeout=settings.smtp_timeout,
        )
    except (aiosmtplib.SMTPException, OSError) as exc:
        raise MailError(f"{settings.smtp_host}:{settings.smtp_port}: {exc}") from exc
