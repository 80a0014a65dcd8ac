"""Warn's part of a gateway batch (``core.bus.ROBOT_MESSAGES_ARRIVED``, wired in cleanfleet/events.py): the robots'
alarms stored (their console events written back for the gateway to push once it commits), and a message with its
notifications for every task run that ended (a report's ``msgId`` seen for the first time)."""

from typing import Any

from cleanfleet.core.arrivals import Arrived
from cleanfleet.warn.notify import NotifyPolicy
from cleanfleet.warn.service import store_alarms, tell_task_ended


async def robot_messages(db: Any, arrived: Arrived) -> None:
    if not arrived.alarms and not arrived.reports:
        return
    policy = NotifyPolicy.of(arrived.settings) if arrived.settings is not None else NotifyPolicy()
    if arrived.alarms:
        arrived.alarm_events.extend(await store_alarms(db, arrived.alarms, policy))
    if arrived.reports:
        await tell_task_ended(db, [report.message for report in arrived.reports], policy)
