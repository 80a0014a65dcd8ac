"""The e2e run's SMTP server (playwright.config.ts starts it with the run, `webServer`): a real SMTP sink for the
journeys' server (CLEANFLEET_SMTP_HOST/PORT point here), so the mails it sends can be read by the journeys.

    ../backend/.venv/bin/python e2e/smtp-sink.py --port 19776 --dir test-results-8776/mail

It accepts every mail on 127.0.0.1 (no TLS, no sign-in) and writes each as ``<n>.eml`` (the bytes received) and
``<n>.json`` (from, to, subject, the decoded plain-text body, when it arrived): e2e/mail.ts reads the JSON. Each
file is written under a temporary name and renamed, so a reader never sees half a mail. The folder is emptied at
start (a run's mails only). aiosmtpd is a backend dev dependency (backend/.venv).
"""

import argparse
import asyncio
import itertools
import json
import os
import signal
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.smtp import SMTP, Envelope, Session


def text_of(message: EmailMessage) -> str:
    """The plain-text body (the first text/plain part of a multipart mail)."""
    part = message.get_body(preferencelist=("plain", "html"))
    return part.get_content().replace("\r\n", "\n") if part is not None else ""


def write_atomically(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.part")
    temporary.write_bytes(data)
    os.replace(temporary, path)


class Sink:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.numbers = itertools.count(1)

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802 (aiosmtpd)
        raw = envelope.original_content or envelope.content or b""
        if isinstance(raw, str):
            raw = raw.encode()
        message = message_from_bytes(raw, policy=policy.default)
        assert isinstance(message, EmailMessage)
        number = next(self.numbers)
        summary: dict[str, Any] = {
            "number": number, "receivedAt": datetime.now(UTC).isoformat(), "mailFrom": envelope.mail_from,
            "rcptTos": list(envelope.rcpt_tos), "from": str(message.get("From", "")),
            "to": str(message.get("To", "")), "subject": str(message.get("Subject", "")), "text": text_of(message),
        }
        write_atomically(self.folder / f"{number:05d}.eml", raw)
        write_atomically(self.folder / f"{number:05d}.json", json.dumps(summary, ensure_ascii=False).encode())
        return "250 OK"


def empty_folder(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        if old.is_file():
            old.unlink()


async def serve(port: int, folder: Path) -> None:
    sink = Sink(folder)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(sink, hostname="cleanfleet-e2e-sink"), "127.0.0.1", port)
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    print(f"SMTP sink on 127.0.0.1:{port}, mails in {folder}", flush=True)
    async with server:
        await stop.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", type=Path, required=True)
    args = parser.parse_args()
    folder = args.dir.resolve()
    empty_folder(folder)
    asyncio.run(serve(args.port, folder))


if __name__ == "__main__":
    main()
