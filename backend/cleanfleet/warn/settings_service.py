"""Alarm settings (/wmWarnSet/*): per branch (a user of the caller's subtree) and per alarm name or event, which
of the seven channels tell that user (warn/notify.py reads them).

The catalogue is fixed: the robots' alarm names of api-spec 8.3 (coded faults, uncoded messages, status
banners; core/alarm_catalogue.json) and two events, an alarm resolved and a task run that ended. A branch without a
setting of its own for a name gets ``DEFAULT_CHANNELS`` (cloud platform and e-mail).

E-mail stays on by default (decided for issue 30, which asked whether it should be off): it is a second gate, not
the only one. A mail goes only to a user whose own profile has ``emailToWarn`` on (off for a new user), and only
when the server has an SMTP server; the row says *which* alarms are worth a mail once a user opts in, and
turning it off everywhere by default would make that opt-in silently send nothing. What was missing was saying
that no SMTP server is configured: the list answers ``mailConfigured`` and the page shows a notice.
"""

from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.alarm_texts import ALARMS
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import bad_parameter
from cleanfleet.warn import texts
from cleanfleet.warn.models import CHANNELS, DEFAULT_CHANNELS, EVENT_ALARM_RESOLVED, EVENT_TASK_ENDED, AlarmSetting


def _kind(code: str) -> str:
    alarm = ALARMS.get(code)
    return alarm.kind if alarm else "event"


def _alarm_code(code: str) -> str:
    alarm = ALARMS.get(code)
    return alarm.code if alarm else ""


CATALOGUE: tuple[str, ...] = (*ALARMS, EVENT_ALARM_RESOLVED, EVENT_TASK_ENDED)


def _answer(user_id: int, code: str, setting: AlarmSetting | None) -> dict[str, Any]:
    channels = {c: bool(getattr(setting, c)) for c in CHANNELS} if setting else \
        {c: c in DEFAULT_CHANNELS for c in CHANNELS}
    return {"userId": user_id, "code": code, "alarmCode": _alarm_code(code), "kind": _kind(code),
            **channels, "custom": setting is not None}


async def branch_settings(db: AsyncSession, user_id: int) -> list[dict[str, Any]]:
    """Every name of the catalogue with the branch's channels, in catalogue order."""
    own = {s.code: s for s in await db.scalars(select(AlarmSetting).where(AlarmSetting.owner_id == user_id))}
    return [_answer(user_id, code, own.get(code)) for code in CATALOGUE]


async def edit(db: AsyncSession, user_id: int, code: str, channels: dict[str, bool], by: int) -> dict[str, Any]:
    """Sets the branch's channels for one name (refused naming ``code`` when it is not in the catalogue)."""
    if code not in CATALOGUE:
        raise bad_parameter("code", texts.UNKNOWN_CODE, code=code)
    values = {**{c: bool(channels.get(c, False)) for c in CHANNELS}, "updated_at": utcnow(), "updated_by": by}
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = insert(AlarmSetting).values(owner_id=user_id, code=code, **values).on_conflict_do_update(
        index_elements=["owner_id", "code"], set_=values)
    await db.execute(statement)
    await db.commit()
    setting = await db.scalar(select(AlarmSetting).where(AlarmSetting.owner_id == user_id,
                                                         AlarmSetting.code == code)
                              .execution_options(populate_existing=True))
    return _answer(user_id, code, setting)
