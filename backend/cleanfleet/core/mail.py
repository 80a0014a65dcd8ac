"""Sending e-mail through the SMTP server of the CLEANFLEET_SMTP_* settings (aiosmtplib).

Used by the users' test mail now, and by alarm and task-report mails later. Nothing here knows
HTTP: callers turn ``MailError`` into their own answer.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage

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


def build_message(sender: str, recipients: list[str], subject: str, text: str,
                  attachments: Sequence[Attachment] = ()) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = ", ".join(recipients)
    message["Subject"] = subject
    message.set_content(text)
    for item in attachments:
        message.add_attachment(item.content, maintype=item.maintype, subtype=item.subtype, filename=item.filename)
    return message


async def send_mail(settings: Settings, recipients: list[str], subject: str, text: str,
                    attachments: Sequence[Attachment] = ()) -> None:
    """Send one plain-text mail (with any attachments) to every recipient; raises MailError when it cannot."""
    if not settings.smtp_host:
        raise MailNotConfigured("no SMTP server configured (CLEANFLEET_SMTP_HOST)")
    if not recipients:
        raise MailError("no recipients")
    message = build_message(settings.smtp_from, recipients, subject, text, attachments)
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
