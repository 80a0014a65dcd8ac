"""The event catalogue: every event a subscription may ask for, the model of its ``data``, the permission key its
owner needs to receive it, and a sample.

Every delivery is one envelope (``Envelope``, version 1): ``{"id", "type", "version": 1, "timestamp", "data"}``;
``id`` is the event's (``evt_`` + 26 characters; the same in every delivery and retry of the event: a receiver
deduplicates on it or on the ``webhook-id`` header), ``timestamp`` when it happened (ISO 8601, UTC). A new field
in a ``data`` model is not a new version; a renamed or removed one is.

Who receives what: a subscription gets an event when the event's tree path (a robot's owner path; the site's
customer for ``site.plan_missed``) lies in its owner's subtree, and its owner holds the key of the event's group
now (checked when the event is written). ``EVENTS`` below is the one list of events, their groups and keys;
``GROUPS`` names each group in the nine languages (the console's checklist shows them as served by the catalogue
call); ``markdown_table()`` writes docs/integrations.md's event table from them (a test keeps the two equal).
"""

from datetime import UTC, datetime
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, Field

from cleanfleet.core.texts import Text

VERSION: Literal[1] = 1
MAX_TEXT = 255


class RobotRef(BaseModel):
    robotId: int = Field(description="the robot's id in this server")
    serialNumber: str = Field(max_length=64)
    name: str = Field(max_length=MAX_TEXT)


class RobotPresence(RobotRef):
    """robot.online, robot.offline: the robot's link came up (its first message after being offline) or went down
    (its goodbye, its last will, or silence past the offline timeout)."""

    at: datetime


class AlarmRaised(RobotRef):
    """alarm.raised: a robot raised an alarm (once per alarm; a robot's repeat of the same message is not new)."""

    alarmId: int
    key: str = Field(max_length=64, description="the alarm's name in the catalogue")
    code: str = Field(max_length=16)
    raisedAt: datetime


class AlarmResolved(RobotRef):
    """alarm.resolved: the robot cleared a raised alarm (a console user's resolve is not sent: it is recorded)."""

    key: str = Field(max_length=64)
    resolvedAt: datetime


class IncidentEvent(RobotRef):
    """incident.opened, incident.acknowledged, incident.resolved: an incident opened or moved on (resolved, or closed
    as noise)."""

    incidentId: int
    key: str = Field(max_length=64)
    urgency: Literal["high", "medium", "low"]
    state: Literal["open", "acknowledged", "resolved", "closed"]
    openedAt: datetime
    acknowledgedAt: datetime | None = None
    endedAt: datetime | None = None
    cause: str | None = Field(default=None, max_length=32)


class RunStarted(RobotRef):
    """run.started: a robot's heartbeat names a task where the last named none."""

    taskName: str = Field(max_length=MAX_TEXT)
    mapName: str = Field(max_length=MAX_TEXT)
    startedAt: datetime


class RunEnded(RobotRef):
    """run.ended: a robot's report of a finished run was stored (once per report)."""

    reportId: int
    taskName: str = Field(max_length=MAX_TEXT)
    mapName: str = Field(max_length=MAX_TEXT)
    startedAt: datetime
    endedAt: datetime | None = None
    durationSeconds: int
    cleanedAreaM2: float


class PlanMissed(BaseModel):
    """site.plan_missed: a plan item's window closed with a run missed or short (judged once, at its close)."""

    siteId: int
    site: str = Field(max_length=MAX_TEXT)
    planItemId: int
    day: str = Field(description="the site's day, YYYY-MM-DD")
    state: Literal["missed", "short"]
    planned: int
    done: int


class OtaEnded(RobotRef):
    """ota.ended: a robot's firmware update reached a final state."""

    updateId: int
    firmwareVersion: str = Field(max_length=64)
    result: Literal["succeeded", "failed", "cancelled"]
    endedAt: datetime


class BackupFinished(RobotRef):
    """backup.finished: a robot's data backup ended (stored, or failed)."""

    backupId: int
    result: Literal["succeeded", "failed"]
    finishedAt: datetime


class AuditEvent(BaseModel):
    """audit.signin, audit.change, audit.robot, audit.data, audit.refused, audit.token, audit.other: a row of the audit
    trail, once sealed in its chain (its seq and hash; docs/domains/siem.md lists each group's kinds). audit.erasure:
    a person erased (kind ``erasure_notice``): drop the values of the digests it lists and name its actors by the
    pseudonym; sent to every subscription that asks for any audit event."""

    id: int = Field(description="the audit row's id")
    at: datetime
    kind: str = Field(max_length=48)
    outcome: Literal["ok", "refused", "failed"]
    actorType: str = Field(max_length=16)
    actorId: int | None = None
    actingId: int | None = None
    actorName: str = Field(max_length=128)
    address: str | None = Field(default=None, max_length=64)
    client: str | None = Field(default=None, max_length=256)
    target: str = Field(max_length=256)
    detail: dict[str, Any] | None = Field(default=None, description="as sealed: a person's values as personal:<digest>")
    personal: dict[str, str] | None = Field(default=None, description="each digest's clear value (audit/personal.py)")
    chain: str = Field(max_length=64)
    seq: int
    sealed: bool = True
    hash: str = Field(max_length=64)


class TestPing(BaseModel):
    """webhook.test: sent by the console's "Send test event"; changes nothing."""

    subscriptionId: int
    message: str = Field(max_length=MAX_TEXT)


class Envelope(BaseModel):
    """What every delivery's body is (version 1)."""

    id: str = Field(description="the event's id: evt_ + 26 characters, the same in every retry (webhook-id)")
    type: str = Field(description="noun.verb, one of the catalogue")
    version: Literal[1] = VERSION
    timestamp: datetime = Field(description="when it happened, UTC (its occurrence, not its sending)")
    sequence: int = Field(default=0, ge=0, description=(
        "grows with every event written for this subscription, in the order they were written; deliveries may "
        "arrive out of order (retries, a receiver that was down): sort by it to restore the order. Not "
        "contiguous: a gap is not a lost event"))
    data: dict[str, Any]


_AT = datetime(2025, 6, 2, 8, 30, tzinfo=UTC)
_ROBOT: dict[str, Any] = {"robotId": 42, "serialNumber": "CF-S1-000042", "name": "Lobby scrubber"}

_AUDIT: dict[str, Any] = {
    "id": 88123, "at": _AT, "outcome": "ok", "actorType": "person", "actorId": 7, "actingId": 7,
    "actorName": "dealerA", "address": "203.0.113.9", "client": "Firefox 128", "target": "/api/user/insertUser",
    "detail": {"call": "/api/user/insertUser", "changes": [["user", "created", 31, "Site lead"]]}, "chain": "/1/7/",
    "seq": 4021, "sealed": True, "hash": "9f2c" * 16}

# name -> (group, key, data model, sample data)
EVENTS: dict[str, tuple[str, str, type[BaseModel], dict[str, Any]]] = {
    "robot.online": ("robot", "device/index", RobotPresence, {**_ROBOT, "at": _AT}),
    "robot.offline": ("robot", "device/index", RobotPresence, {**_ROBOT, "at": _AT}),
    "alarm.raised": ("alarm", "warn/index/warn", AlarmRaised,
                     {**_ROBOT, "alarmId": 9001, "key": "bumper_hit", "code": "E201", "raisedAt": _AT}),
    "alarm.resolved": ("alarm", "warn/index/warn", AlarmResolved, {**_ROBOT, "key": "bumper_hit", "resolvedAt": _AT}),
    "incident.opened": ("incident", "incident/index", IncidentEvent,
                        {**_ROBOT, "incidentId": 77, "key": "stuck", "urgency": "high", "state": "open",
                         "openedAt": _AT}),
    "incident.acknowledged": ("incident", "incident/index", IncidentEvent,
                              {**_ROBOT, "incidentId": 77, "key": "stuck", "urgency": "high", "state": "acknowledged",
                               "openedAt": _AT, "acknowledgedAt": _AT}),
    "incident.resolved": ("incident", "incident/index", IncidentEvent,
                          {**_ROBOT, "incidentId": 77, "key": "stuck", "urgency": "high", "state": "resolved",
                           "openedAt": _AT, "acknowledgedAt": _AT, "endedAt": _AT, "cause": "obstacle"}),
    "run.started": ("run", "device/report", RunStarted,
                    {**_ROBOT, "taskName": "Lobby daily", "mapName": "Ground floor", "startedAt": _AT}),
    "run.ended": ("run", "device/report", RunEnded,
                  {**_ROBOT, "reportId": 5150, "taskName": "Lobby daily", "mapName": "Ground floor", "startedAt": _AT,
                   "endedAt": _AT, "durationSeconds": 2700, "cleanedAreaM2": 812.5}),
    "site.plan_missed": ("site", "site/actual", PlanMissed,
                         {"siteId": 3, "site": "North tower", "planItemId": 12, "day": "2025-06-02",
                          "state": "missed", "planned": 1, "done": 0}),
    "ota.ended": ("ota", "device/index", OtaEnded,
                  {**_ROBOT, "updateId": 310, "firmwareVersion": "2.4.1", "result": "succeeded", "endedAt": _AT}),
    "backup.finished": ("backup", "device/dataBackup", BackupFinished,
                        {**_ROBOT, "backupId": 64, "result": "succeeded", "finishedAt": _AT}),
    **{f"audit.{group}": ("audit", "audit", AuditEvent, {**_AUDIT, "kind": kind}) for group, kind in (
        ("signin", "sign_in"), ("change", "access_change"), ("robot", "control_taken"), ("data", "export"),
        ("refused", "refused"), ("token", "token_used"), ("other", "erased"), ("erasure", "erasure_notice"))},
    "webhook.test": ("webhook", "integration/webhook", TestPing,
                     {"subscriptionId": 1, "message": "A test event from cleanfleet"}),
}
# group -> its name in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar), in the checklist's order
GROUPS: dict[str, Text] = {
    "robot": Text("机器人", "Robots", "État des robots", "로봇", "Roboter", "Robotstatus", "ロボット",
                  "Estado de robots", "الروبوتات"),
    "alarm": Text("告警", "Alarms", "Alarmes", "알람", "Alarme", "Alarmen", "アラーム", "Alarmas", "الإنذارات"),
    "incident": Text("事件", "Incidents", "Incidents robots", "인시던트", "Vorfälle", "Incidenten", "インシデント",
                     "Incidentes", "الحوادث"),
    "run": Text("作业", "Runs", "Missions", "작업", "Einsätze", "Ritten", "作業", "Trabajos", "المهام"),
    "site": Text("场地", "Sites", "Plans de nettoyage", "사이트", "Standorte", "Locaties", "サイト", "Sitios",
                 "المواقع"),
    "ota": Text("升级", "Updates", "Mises à jour", "업데이트", "Firmware-Updates", "Updates", "アップデート",
                "Actualizaciones", "التحديثات"),
    "backup": Text("备份", "Backups", "Sauvegardes", "백업", "Sicherungen", "Back-ups", "バックアップ", "Copias",
                   "النسخ الاحتياطية"),
    "audit": Text("审计日志", "Audit trail", "Journal d'audit", "감사 기록", "Audit-Protokoll", "Audittrail",
                  "監査証跡", "Registro de auditoría", "سجل التدقيق"),
    "webhook": Text("Webhook", "Webhooks", "Tests du webhook", "웹훅", "Webhook-Tests", "Webhooktests", "Webhook",
                    "Pruebas de webhook", "الويب هوك"),
}
if set(GROUPS) != {group for group, *_ in EVENTS.values()}:
    raise RuntimeError("webhooks.catalogue: every event's group needs a name in GROUPS, and every name an event")


def implied(event: str, asked: list[str]) -> bool:
    """An event a subscription gets without asking: audit.erasure, for one that asks for any audit event."""
    return event == "audit.erasure" and any(name.startswith("audit.") for name in asked)


def key_of(event: str) -> str:
    return EVENTS[event][1]


def data_of(event: str, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` checked against the event's model, as JSON values."""
    return EVENTS[event][2].model_validate(data).model_dump(mode="json")


def envelope(event_id: str, event: str, at: datetime, data: dict[str, Any]) -> dict[str, Any]:
    return Envelope(id=event_id, type=event, timestamp=at, data=data_of(event, data)).model_dump(mode="json")


def sample(event: str) -> dict[str, Any]:
    return {**envelope("evt_2zQ7V0dS1H5cXk9m3PqRt8WbYa", event, _AT, EVENTS[event][3]), "sequence": 1207}


def schema_of(event: str) -> dict[str, Any]:
    """The JSON schema of a delivery's body for ``event`` (the envelope with its ``data`` model)."""
    model = EVENTS[event][2]
    data = model.model_json_schema()
    body = Envelope.model_json_schema()
    body["properties"]["type"] = {"const": event, "type": "string"}
    body["properties"]["data"] = data
    body["title"] = event
    return body


_ROBOT_FIELDS = set(RobotRef.model_fields)


def _field_text(field: str, annotation: Any) -> str:
    if get_origin(annotation) is Literal and field == "result":
        return f"`{field}` ({', '.join(f'`{value}`' for value in get_args(annotation))})"
    return f"`{field}`"


def markdown_table() -> str:
    """docs/integrations.md's event table, written from ``EVENTS``: one row per data model (its events, what the
    model's docstring says after the names, its fields besides the robot's, the key)."""
    rows: dict[type[BaseModel], list[str]] = {}
    for name, (_, _, model, _) in EVENTS.items():
        rows.setdefault(model, []).append(name)
    lines = ["| event | when | data (besides `robotId`, `serialNumber`, `name` of a robot) | key the owner needs |",
             "|---|---|---|---|"]
    for model, names in rows.items():
        when = " ".join((model.__doc__ or "").split()).split(": ", 1)[-1]
        fields = ", ".join(_field_text(field, info.annotation) for field, info in model.model_fields.items()
                           if field not in _ROBOT_FIELDS)
        events = " / ".join(f"`{name}`" for name in names)
        lines.append(f"| {events} | {when} | {fields} | `{key_of(names[0])}` |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown_table(), end="")
