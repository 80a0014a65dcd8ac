"""A real SMTP server (aiosmtpd) on a free local port, wired into the app's settings for one test, with the app's
periodic mailers paused meanwhile: a test runs their rounds by hand, on its own clock."""

import socket
from collections.abc import AsyncIterator
from email import message_from_bytes
from email.message import Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from cleanfleet.writers import writers_paused

# The writers that mail on their own timer once an SMTP server is set. The app is the session's, so without the pause
# their round could land in the middle of a test with the server wired in: the site report mailer's real-clock round
# mailed the current week of the test's schedule beside the test's own round (4 mails where the test made 2).
PERIODIC_MAILERS = ["report_mailer", "site_report_mailer"]


class Inbox:
    """Records every mail the server accepts."""

    def __init__(self) -> None:
        self.mails: list[tuple[list[str], Message]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
        self.mails.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content)))
        return "250 OK"


def mail_text(mail: Message) -> str:
    """A received mail's text parts, decoded and joined (a mail with files attached is multipart: the site report's,
    which another test's round may deliver into the same inbox)."""
    parts = [part for part in mail.walk() if part.get_content_type() == "text/plain"]
    return "\n".join(part.get_payload(decode=True).decode(part.get_content_charset() or "utf-8") for part in parts)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
async def smtp_inbox(app: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Inbox]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings = app.state.settings
    try:
        async with writers_paused(app.state, settings, PERIODIC_MAILERS):  # before the server is set
            monkeypatch.setattr(settings, "smtp_host", "127.0.0.1")
            monkeypatch.setattr(settings, "smtp_port", port)
            monkeypatch.setattr(settings, "smtp_tls", "none")
            monkeypatch.setattr(settings, "smtp_from", "robots@cleanfleet.example")
            yield inbox
            monkeypatch.undo()  # before the mailers start again
    finally:
        controller.stop()
