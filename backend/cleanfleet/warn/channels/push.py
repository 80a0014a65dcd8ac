"""The "Mobile app" channel (key ``app``, kept from when it was a webhook, so stored settings keep their meaning):
Web Push to every browser or installed console the user subscribed (warn/push/). A user with none is not a
recipient. Each send goes to all the user's live subscriptions; it succeeds when one push service takes it, a
subscription the push service no longer knows (404, 410) is deleted, and if every one failed for another reason
the outbox retries the send. Tapping a notification opens the robot's alarms or task reports (src/sw.ts).
"""

from typing import Any

from cleanfleet.core.db import utcnow
from cleanfleet.core.texts import Text
from cleanfleet.settings import Settings
from cleanfleet.warn.channels.registry import Channel, Outgoing, SendFailed, register
from cleanfleet.warn.models import EVENT_ALARM_RESOLVED, EVENT_TASK_ENDED
from cleanfleet.warn.push import service
from cleanfleet.warn.push.send import Gone, PushFailed, message, push


def _recipient(_user: Any, _event: str) -> str | None:
    return "web push"  # who: the user's subscriptions (``reachable`` left out users without one)


def link_of(out: Outgoing) -> tuple[str, str, str, int | None]:
    """(url, tag, kind, id) of a notification: where tapping it leads and what it replaces."""
    device_id = out.device.id if out.device is not None else None
    if out.device is None and out.values.get("url"):  # a notice of no device names its page (warn.notify.UserNotice)
        return str(out.values["url"]), f"{out.event}-{out.send_id}", out.event, None
    if out.event == EVENT_TASK_ENDED:
        return f"/device/report?deviceId={device_id}", f"run-{out.send_id}", "run", device_id
    url = f"/device/warn?deviceId={device_id}" + (f"&alarmId={out.alarm_id}" if out.alarm_id else "")
    kind = "resolved" if out.event == EVENT_ALARM_RESOLVED else "alarm"
    tag = f"alarm-{out.alarm_id}" if out.alarm_id else f"alarms-{device_id}"
    return url, tag, kind, out.alarm_id


async def _deliver(settings: Settings, out: Outgoing) -> None:
    subscriptions = await service.live_subscriptions(out.db, out.user.id)
    if not subscriptions:
        raise SendFailed("no subscribed browser", final=True)
    url, tag, kind, item = link_of(out)
    payload = message(out.subject, out.text, url, tag, kind, item)
    sent, errors, gone = 0, [], 0
    for subscription in subscriptions:
        try:
            await push(settings, subscription, payload)
        except Gone as exc:
            await out.db.delete(subscription)
            errors.append(str(exc))
            gone += 1
        except PushFailed as exc:
            subscription.last_failure = exc.failure
            errors.append(str(exc))
        else:
            sent += 1
            subscription.last_sent_at, subscription.last_failure = utcnow(), None
    if not sent:
        raise SendFailed("; ".join(errors)[:255], final=gone == len(subscriptions))


APP = register(Channel(
    "app", Text("手机 App", "Mobile app", "Appli mobile", "모바일 앱", "Mobile App", "Mobiele app", "モバイルアプリ",
                "App móvil", "تطبيق الجوال"),
    order=10, deliver=_deliver, recipient=_recipient, reachable=service.reachable))
