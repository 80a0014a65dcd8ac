"""Which alarms open an incident and how it escalates: the presets, the branch rules (nearest on the robot owner's
tree path wins), the checks of a policy, the on-duty people, and the escalation's next step (a pure function of
the incident's stored state, so any worker, before or after a restart, computes the same step).

A policy: ``levels`` (``[{"up": n, "waitMinutes": m}]``: level *i* tells the on-duty people of the user ``up``
levels above the robot's owner, ``waitMinutes`` after level *i-1* was told; level 0's wait counts from the open),
``reminderMinutes`` and ``reminderLimit`` (the people of the level last told are reminded every interval, at most
the limit, until the next level is due). Refused: a level not higher up the tree than the one before (a loop:
``levels.<i>.up``), a later level waiting zero minutes (``levels.<i>.waitMinutes``), reminders with a zero
interval (``reminderMinutes``), a rule that opens incidents without levels (``levels``).
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.alarm_texts import ALARMS
from cleanfleet.core.errors import bad_parameter
from cleanfleet.core.scope import ids_on_path
from cleanfleet.incidents import texts
from cleanfleet.incidents.models import IncidentDuty, IncidentRule

ESCALATING = [{"up": 0, "waitMinutes": 0}, {"up": 1, "waitMinutes": 15}, {"up": 2, "waitMinutes": 30}]
# the spec's codes: a robot stuck (no path out), an emergency stop, a lidar failure, disinfectant empty
PRESET_KEYS: dict[str, str] = {
    "replan_failed": "high", "path_not_solved": "high",
    "paused_emergency_stop": "high", "emergency_stop": "high",
    "lidar_dock_failed": "high", "lidar_dock_failed_low_power": "high", "lidar_dock_failed_hot": "high",
    "lidar_dock_failed_no_ranging": "high", "lidar": "high",
    "disinfectant_low_left": "medium", "disinfectant_low_right": "medium", "disinfectant_level": "medium",
}


@dataclass(frozen=True)
class Rule:
    code: str
    opens: bool
    urgency: str
    levels: tuple[tuple[int, int], ...]  # (up, waitMinutes)
    reminder_minutes: int
    reminder_limit: int
    owner_id: int | None = None  # the branch whose rule it is; None: the preset

    def snapshot(self) -> dict[str, Any]:
        """What an incident keeps of its rule (later edits do not change a running escalation)."""
        return {"levels": [{"up": up, "waitMinutes": wait} for up, wait in self.levels],
                "reminderMinutes": self.reminder_minutes, "reminderLimit": self.reminder_limit}


def preset(code: str) -> Rule:
    urgency = PRESET_KEYS.get(code)
    if urgency is None:  # everything else, reminders included: no incident
        return Rule(code, False, "low", ((0, 0),), 0, 0)
    if urgency == "medium":
        return Rule(code, True, urgency, ((0, 0), (1, 60)), 30, 2)
    return Rule(code, True, urgency, tuple((lv["up"], lv["waitMinutes"]) for lv in ESCALATING), 15, 3)


def rule_of(row: IncidentRule) -> Rule:
    return Rule(row.code, row.opens, row.urgency, tuple((int(lv["up"]), int(lv["waitMinutes"])) for lv in row.levels),
                row.reminder_minutes, row.reminder_limit, row.owner_id)


async def rules_for(db: AsyncSession, paths: set[str], codes: set[str]) -> dict[tuple[str, str], Rule]:
    """The rule of each (owner path, code): the nearest branch's on the path (the owner's own first), else the
    preset."""
    owners = {uid for path in paths for uid in ids_on_path(path)}
    found: dict[tuple[int, str], Rule] = {}
    if owners and codes:
        for row in await db.scalars(select(IncidentRule).where(IncidentRule.owner_id.in_(owners),
                                                               IncidentRule.code.in_(codes))):
            found[(row.owner_id, row.code)] = rule_of(row)
    answer = {}
    for path in paths:
        chain = ids_on_path(path)[::-1]
        for code in codes:
            answer[(path, code)] = next((found[(uid, code)] for uid in chain if (uid, code) in found), None) \
                or preset(code)
    return answer


def check_policy(code: str, opens: bool, levels: list[tuple[int, int]], reminder_minutes: int,
                 reminder_limit: int) -> None:
    """Refuses, naming the field, a code outside the catalogue or a policy with a loop or a zero interval."""
    if code not in ALARMS:
        raise bad_parameter("code", texts.UNKNOWN_CODE, code=code)
    if opens and not levels:
        raise bad_parameter("levels", texts.LEVELS_NEEDED)
    for n, (up, wait) in enumerate(levels):
        if n and up <= levels[n - 1][0]:
            raise bad_parameter(f"levels.{n}.up", texts.LEVEL_LOOP, n=n, up=up)
        if n and wait < 1:
            raise bad_parameter(f"levels.{n}.waitMinutes", texts.ZERO_WAIT, n=n)
    if reminder_limit > 0 and reminder_minutes < 1:
        raise bad_parameter("reminderMinutes", texts.ZERO_REMINDER)


def zone_or_refuse(name: str, field: str = "timeZone") -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise bad_parameter(field, texts.BAD_TIME_ZONE, zone=name[:64]) from None


# --- the escalation's steps ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    at: datetime
    level: int
    step: int  # 0: the level's first notice; n: its n-th reminder


def next_step(policy: dict[str, Any], level: int, level_at: datetime | None, reminders: int,
              opened_at: datetime) -> Step | None:
    """The escalation's next step after the stored state (``level`` -1: nothing told yet); None when none is left."""
    levels = policy.get("levels") or []
    if not levels:
        return None
    if level < 0 or level_at is None:
        return Step(opened_at + timedelta(minutes=int(levels[0]["waitMinutes"])), 0, 0)
    escalation = None
    if level + 1 < len(levels):
        escalation = Step(level_at + timedelta(minutes=int(levels[level + 1]["waitMinutes"])), level + 1, 0)
    every, limit = int(policy.get("reminderMinutes") or 0), int(policy.get("reminderLimit") or 0)
    if every > 0 and reminders < limit:
        reminder = Step(level_at + timedelta(minutes=every * (reminders + 1)), level, reminders + 1)
        if escalation is None or reminder.at < escalation.at:
            return reminder
    return escalation


# --- who is on duty -------------------------------------------------------------------------------------------

def weekday_bits(days: list[int]) -> int:
    return sum(1 << (d - 1) for d in set(days))


def weekdays_of(bits: int) -> list[int]:
    return [d for d in range(1, 8) if bits & (1 << (d - 1))]


def on_duty_now(duty: IncidentDuty, now: datetime) -> bool:
    try:
        local = now.astimezone(ZoneInfo(duty.time_zone))
    except (ZoneInfoNotFoundError, ValueError):
        local = now
    minute = local.hour * 60 + local.minute
    return bool(duty.weekdays & (1 << (local.isoweekday() - 1))) and duty.start_minute <= minute < duty.end_minute


async def people_on_duty(db: AsyncSession, branches: set[int], now: datetime) -> dict[int, list[int]]:
    """Per branch user, the people on duty now: its duty rows in force, else the branch user itself (someone is
    always told: a branch without duty rows, or whose rota has nobody now)."""
    rows: dict[int, list[IncidentDuty]] = {}
    for duty in await db.scalars(select(IncidentDuty).where(IncidentDuty.owner_id.in_(branches))
                                 .order_by(IncidentDuty.id)):
        rows.setdefault(duty.owner_id, []).append(duty)
    answer = {}
    for branch in branches:
        people = list(dict.fromkeys(d.user_id for d in rows.get(branch, []) if on_duty_now(d, now)))
        answer[branch] = people or [branch]
    return answer


def branch_at(owner_path: str, up: int) -> int | None:
    """The user ``up`` levels above the path's last user (0: the owner itself); None above the root."""
    chain = ids_on_path(owner_path)
    return chain[-1 - up] if up < len(chain) else None
