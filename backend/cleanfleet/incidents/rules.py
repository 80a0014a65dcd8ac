"""A branch's incident settings (/incident/rule/*, /incident/duty/*): per alarm name, whether it opens an incident,
its urgency and escalation policy (incidents/policy.py); who is on duty for the branch (a weekly rota optional).

A branch is the caller's acting user or a user of its subtree (``userId``); its rule for a name applies to the
robots of its whole subtree unless a branch below has its own (the nearest wins), else the preset.
"""

from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.alarm_texts import ALARMS
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import bad_parameter, not_found
from cleanfleet.incidents import texts
from cleanfleet.incidents.models import IncidentDuty, IncidentRule
from cleanfleet.incidents.policy import (
    Rule,
    check_policy,
    on_duty_now,
    rules_for,
    weekday_bits,
    weekdays_of,
    zone_or_refuse,
)
from cleanfleet.users.models import User


def rule_answer(user_id: int, rule: Rule) -> dict[str, Any]:
    alarm = ALARMS[rule.code]
    return {"userId": user_id, "code": rule.code, "alarmCode": alarm.code, "kind": alarm.kind, "type": alarm.type,
            "opens": rule.opens, "urgency": rule.urgency,
            "levels": [{"up": up, "waitMinutes": wait} for up, wait in rule.levels],
            "reminderMinutes": rule.reminder_minutes, "reminderLimit": rule.reminder_limit,
            "custom": rule.owner_id == user_id,
            "inheritedFrom": rule.owner_id if rule.owner_id not in (None, user_id) else None}


async def branch_rules(db: AsyncSession, branch: User) -> list[dict[str, Any]]:
    """Every alarm name of the catalogue with the rule that applies to the branch, in catalogue order."""
    rules = await rules_for(db, {branch.path}, set(ALARMS))
    return [rule_answer(branch.id, rules[(branch.path, code)]) for code in ALARMS]


async def edit_rule(db: AsyncSession, branch: User, body: Any, by: int) -> dict[str, Any]:
    levels = [(level.up, level.waitMinutes) for level in body.levels]
    check_policy(body.code, body.opens, levels, body.reminderMinutes, body.reminderLimit)
    values = {"opens": body.opens, "urgency": body.urgency,
              "levels": [{"up": up, "waitMinutes": wait} for up, wait in levels],
              "reminder_minutes": body.reminderMinutes, "reminder_limit": body.reminderLimit,
              "updated_at": utcnow(), "updated_by": by}
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    await db.execute(insert(IncidentRule).values(owner_id=branch.id, code=body.code, **values)
                     .on_conflict_do_update(index_elements=["owner_id", "code"], set_=values))
    await db.commit()
    return rule_answer(branch.id, (await rules_for(db, {branch.path}, {body.code}))[(branch.path, body.code)])


async def reset_rule(db: AsyncSession, branch: User, code: str) -> dict[str, Any]:
    """The branch's own rule for ``code`` removed: the one above applies again."""
    if code not in ALARMS:
        raise bad_parameter("code", texts.UNKNOWN_CODE, code=code)
    await db.execute(delete(IncidentRule).where(IncidentRule.owner_id == branch.id, IncidentRule.code == code))
    await db.commit()
    return rule_answer(branch.id, (await rules_for(db, {branch.path}, {code}))[(branch.path, code)])


# --- duty ------------------------------------------------------------------------------------------------------

def _clock(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def _minute(clock: str) -> int:
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def duty_answer(duty: IncidentDuty, name: str) -> dict[str, Any]:
    return {"dutyId": duty.id, "userId": duty.owner_id, "personId": duty.user_id, "personName": name,
            "weekdays": weekdays_of(duty.weekdays), "startTime": _clock(duty.start_minute),
            "endTime": _clock(duty.end_minute), "timeZone": duty.time_zone, "onDutyNow": on_duty_now(duty, utcnow())}


async def duties(db: AsyncSession, branch: User) -> list[dict[str, Any]]:
    rows = await db.execute(select(IncidentDuty, User.name).join(User, User.id == IncidentDuty.user_id)
                            .where(IncidentDuty.owner_id == branch.id).order_by(IncidentDuty.id))
    return [duty_answer(duty, name) for duty, name in rows]


async def add_duty(db: AsyncSession, branch: User, body: Any) -> dict[str, Any]:
    person = await db.get(User, body.personId)
    if person is None or not person.path.startswith(branch.path):
        raise bad_parameter("personId", texts.PERSON_OUTSIDE_BRANCH, id=body.personId)
    zone_or_refuse(body.timeZone)
    start, end = _minute(body.startTime), _minute(body.endTime)
    if end <= start:
        raise bad_parameter("endTime", texts.BAD_WINDOW)
    duty = IncidentDuty(owner_id=branch.id, user_id=person.id, weekdays=weekday_bits(body.weekdays),
                        start_minute=start, end_minute=end, time_zone=body.timeZone)
    db.add(duty)
    await db.commit()
    return duty_answer(duty, person.name)


async def remove_duty(db: AsyncSession, acting_path: str, duty_id: int) -> None:
    duty = await db.get(IncidentDuty, duty_id)
    owner = await db.get(User, duty.owner_id) if duty is not None else None
    if duty is None or owner is None or not owner.path.startswith(acting_path):
        raise not_found(texts.DUTY_NOT_FOUND, field="dutyId", id=duty_id)
    await db.delete(duty)
    await db.commit()



