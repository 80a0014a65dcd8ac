"""Alarm settings (/wmWarnSet/*): per branch (a user of the caller's subtree) and per alarm name or event, which
of the registered channels (warn/channels/) tell that user (warn/notify.py reads them).

The catalogue is fixed: the robots' alarm names of api-spec 8.3 (coded faults, uncoded messages, status
banners; core/alarm_catalogue.json) and three events, an alarm resolved, a task run that ended and a site plan's
window missed or short (told to the site's customer and the users above it). A branch without a
setting of its own for a name gets the channels registered on by default
(cloud platform and e-mail).

E-mail stays on by default (decided for issue 30, which asked whether it should be off): it is a second gate, not
the only one. A mail goes only to a user whose own profile has ``emailToWarn`` on (off for a new user), and only
when the server has an SMTP server; the row says *which* alarms are worth a mail once a user opts in, and
turning it off everywhere by default would make that opt-in silently send nothing. What was missing was saying
that no SMTP server is configured: the list answers ``mailConfigured`` and the page shows a notice.
"""

from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.alarm_texts import ALARMS
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import bad_parameter
from cleanfleet.settings import Settings
from cleanfleet.warn import texts
from cleanfleet.warn.channels import all_channels, channel_keys, default_channels
from cleanfleet.warn.models import (
    EVENT_ALARM_RESOLVED,
    EVENT_SITE_PLAN,
    EVENT_TASK_ENDED,
    EVENT_WEAR_DUE,
    AlarmSetting,
    AlarmSettingChannel,
)


def _kind(code: str) -> str:
    alarm = ALARMS.get(code)
    return alarm.kind if alarm else "event"


def _alarm_code(code: str) -> str:
    alarm = ALARMS.get(code)
    return alarm.code if alarm else ""


CATALOGUE: tuple[str, ...] = (*ALARMS, EVENT_ALARM_RESOLVED, EVENT_TASK_ENDED, EVENT_SITE_PLAN, EVENT_WEAR_DUE)


def served_channels(settings: Settings, language: str) -> list[dict[str, Any]]:
    """Every registered channel as the settings page draws it: key, label, and why the server cannot use it."""
    served = []
    for channel in all_channels():
        reason = channel.unavailable(settings)
        served.append({"key": channel.key, "label": channel.label.render(language),
                       "available": reason is None, "reason": reason.render(language) if reason else ""})
    return served


def _answer(user_id: int, code: str, on: set[str] | None) -> dict[str, Any]:
    """``on``: the channels of the branch's own setting, ``None`` without one (the defaults). Every registered
    channel is answered both in ``channels`` and, for the spec's clients, as a flat field of its key."""
    chosen = on if on is not None else default_channels()
    channels = {key: key in chosen for key in channel_keys()}
    return {"userId": user_id, "code": code, "alarmCode": _alarm_code(code), "kind": _kind(code),
            **channels, "channels": channels, "custom": on is not None}


async def channels_on(db: AsyncSession, user_ids: set[int], codes: set[str] | None = None
                      ) -> dict[tuple[int, str], set[str]]:
    """The channels each user's own settings turn on per code (a code without a setting is absent)."""
    query = (select(AlarmSetting.owner_id, AlarmSetting.code, AlarmSettingChannel.channel)
             .outerjoin(AlarmSettingChannel, AlarmSettingChannel.setting_id == AlarmSetting.id)
             .where(AlarmSetting.owner_id.in_(user_ids)))
    if codes is not None:
        query = query.where(AlarmSetting.code.in_(codes))
    found: dict[tuple[int, str], set[str]] = {}
    for owner_id, code, channel in await db.execute(query):
        on = found.setdefault((owner_id, code), set())
        if channel is not None:
            on.add(channel)
    return found


async def branch_settings(db: AsyncSession, user_id: int) -> list[dict[str, Any]]:
    """Every name of the catalogue with the branch's channels, in catalogue order."""
    own = await channels_on(db, {user_id})
    return [_answer(user_id, code, own.get((user_id, code))) for code in CATALOGUE]


def check_channels(channels: dict[str, bool]) -> None:
    known = set(channel_keys())
    for key in channels:
        if key not in known:
            raise bad_parameter(f"channels.{key}"[:80], texts.UNKNOWN_CHANNEL, channel=key[:64])


async def edit(db: AsyncSession, user_id: int, code: str, channels: dict[str, bool], by: int) -> dict[str, Any]:
    """Sets the branch's channels for one name (refused naming ``code`` when it is not in the catalogue, and the
    channel when it is not registered); a registered channel missing from ``channels`` is off."""
    if code not in CATALOGUE:
        raise bad_parameter("code", texts.UNKNOWN_CODE, code=code)
    check_channels(channels)
    values = {"updated_at": utcnow(), "updated_by": by}
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    await db.execute(insert(AlarmSetting).values(owner_id=user_id, code=code, **values).on_conflict_do_update(
        index_elements=["owner_id", "code"], set_=values))
    setting_id = await db.scalar(select(AlarmSetting.id).where(AlarmSetting.owner_id == user_id,
                                                               AlarmSetting.code == code))
    await db.execute(delete(AlarmSettingChannel).where(AlarmSettingChannel.setting_id == setting_id))
    on = {key for key, wanted in channels.items() if wanted}
    db.add_all([AlarmSettingChannel(setting_id=setting_id, channel=key) for key in sorted(on)])
    await db.commit()
    return _answer(user_id, code, on)
