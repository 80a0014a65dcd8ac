"""The provider channels: official account, SMS, terminal and off-site push, each sent to
``CLEANFLEET_NOTIFY_WEBHOOK_URL`` as one JSON POST per send (a deployment points it at a small adapter for its SMS
or push provider)::

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

from cleanfleet.core.texts import Text
from cleanfleet.settings import Settings
from cleanfleet.warn.channels.registry import Channel, Outgoing, SendFailed, register

NO_WEBHOOK = Text(
    "服务器未配置通知网关（CLEANFLEET_NOTIFY_WEBHOOK_URL），此渠道不会发送",
    "The server has no notification gateway (CLEANFLEET_NOTIFY_WEBHOOK_URL), so this channel sends nothing",
    "Le serveur n'a pas de passerelle de notification (CLEANFLEET_NOTIFY_WEBHOOK_URL) : ce canal n'envoie rien",
    "서버에 알림 게이트웨이(CLEANFLEET_NOTIFY_WEBHOOK_URL)가 없어 이 채널은 보내지 않습니다",
    "Der Server hat kein Benachrichtigungs-Gateway (CLEANFLEET_NOTIFY_WEBHOOK_URL), dieser Kanal sendet nichts",
    "De server heeft geen meldingsgateway (CLEANFLEET_NOTIFY_WEBHOOK_URL), dit kanaal verstuurt niets",
    "サーバーに通知ゲートウェイ（CLEANFLEET_NOTIFY_WEBHOOK_URL）がないため、このチャネルは送信しません",
    "El servidor no tiene pasarela de notificaciones (CLEANFLEET_NOTIFY_WEBHOOK_URL): este canal no envía nada",
    "لا توجد بوابة إشعارات على الخادم (CLEANFLEET_NOTIFY_WEBHOOK_URL)، لذلك لا ترسل هذه القناة شيئًا")


def _recipient(user: Any, _event: str) -> str | None:
    return (user.phone or user.account)[:255]


def _payload(out: Outgoing) -> dict[str, Any]:
    user, device = out.user, out.device
    return {
        "id": out.send_id, "channel": out.channel, "event": out.event, "count": out.count,
        "language": user.language or "zh-CN",
        "to": {"userId": user.id, "account": user.account, "name": user.name, "phone": user.phone,
               "email": user.email},
        "device": None if device is None else {"id": device.id, "name": device.name,
                                               "serialNumber": device.serial_number},
        "title": out.subject, "text": out.text, "values": out.values,
    }


async def _deliver(settings: Settings, out: Outgoing) -> None:
    if not settings.notify_webhook_url:
        raise SendFailed("no webhook configured (CLEANFLEET_NOTIFY_WEBHOOK_URL)", final=True)
    headers = {"X-Cleanfleet-Secret": settings.notify_webhook_secret or ""}
    try:
        async with httpx.AsyncClient(timeout=settings.notify_webhook_timeout) as client:
            answer = await client.post(settings.notify_webhook_url, json=_payload(out), headers=headers)
    except httpx.HTTPError as exc:
        raise SendFailed(f"webhook: {exc!r}") from exc
    if not 200 <= answer.status_code < 300:
        raise SendFailed(f"webhook answered HTTP {answer.status_code}")


def _unavailable(settings: Settings) -> Text | None:
    return None if settings.notify_webhook_url else NO_WEBHOOK


def _webhook_channel(key: str, order: int, label: Text) -> Channel:
    return register(Channel(key, label, order=order, deliver=_deliver, recipient=_recipient,
                            unavailable=_unavailable))


OFFICIAL = _webhook_channel("official", 40, Text(
    "公众号", "Official account", "Compte officiel", "공식 계정", "Offizielles Konto", "Officieel account",
    "公式アカウント", "Cuenta oficial", "الحساب الرسمي"))
SMS = _webhook_channel("sms", 50, Text(
    "短信", "SMS", "Texto", "문자 메시지", "Kurz\u00adnachricht", "Sms", "SMS", "Mensaje de texto", "رسالة قصيرة"))
TERMINAL = _webhook_channel("terminal", 60, Text(
    "终端", "Terminal", "Borne", "단말", "Endgerät", "Eindapparaat", "端末", "Equipo terminal", "الطرفية"))
OFFSITE = _webhook_channel("offsite", 70, Text(
    "异地推送", "Off-site push", "Envoi à distance", "원격 푸시", "Fern-Push", "Externe push", "遠隔プッシュ",
    "Envío remoto", "إشعار خارجي"))
