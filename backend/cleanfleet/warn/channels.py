"""The notification channels' adapters: e-mail (SMTP, core/mail.py) and one webhook for the providers.

SMS, official account, app push, terminal and off-site push are sent to ``CLEANFLEET_NOTIFY_WEBHOOK_URL`` as
one JSON POST per send (a deployment points it at a small adapter for its SMS or push provider)::

    POST <url>   X-Cleanfleet-Secret: <CLEANFLEET_NOTIFY_WEBHOOK_SECRET>   Content-Type: application/json
    {"id": 17, "channel": "sms", "event": "lidar_dock_failed", "count": 1, "language": "zh-CN",
     "to": {"userId": 42, "account": "acme", "name": "Acme", "phone": "13800000000", "email": "ops@acme.cn"},
     "device": {"id": 7, "name": "R1", "serialNumber": "SN001"},
     "title": "…", "text": "…",            # in the recipient's language
     "values": {"alarmKey": "…", "code": "0x0610", "time": "2026-11-22T16:00:00+00:00", …}}

Any 2xx answer is a success; anything else (or no answer within the timeout) is retried with back-off.
"""

from typing import Any

import httpx

from cleanfleet.core.mail import MailError, MailNotConfigured, send_mail
from cleanfleet.settings import Settings


class SendFailed(Exception):
    """The channel did not take the notification; the text says why (stored on the send). ``final``: trying
    again cannot help (the channel is not configured), so the send fails at once."""

    def __init__(self, reason: str, *, final: bool = False) -> None:
        super().__init__(reason)
        self.final = final


async def send_email(settings: Settings, recipients: list[str], subject: str, text: str) -> None:
    try:
        await send_mail(settings, recipients, subject, text)
    except MailError as exc:
        raise SendFailed(str(exc), final=isinstance(exc, MailNotConfigured)) from exc


async def send_webhook(settings: Settings, payload: dict[str, Any]) -> None:
    if not settings.notify_webhook_url:
        raise SendFailed("no webhook configured (CLEANFLEET_NOTIFY_WEBHOOK_URL)", final=True)
    headers = {"X-Cleanfleet-Secret": settings.notify_webhook_secret or ""}
    try:
        async with httpx.AsyncClient(timeout=settings.notify_webhook_timeout) as client:
            answer = await client.post(settings.notify_webhook_url, json=payload, headers=headers)
    except httpx.HTTPError as exc:
        raise SendFailed(f"webhook: {exc!r}") from exc
    if not 200 <= answer.status_code < 300:
        raise SendFailed(f"webhook answered HTTP {answer.status_code}")
