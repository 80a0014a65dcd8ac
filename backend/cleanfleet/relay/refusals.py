"""The one catalogue of robot refusals: what a robot's ``{code, msg, reason?, field?, values?}`` means, in the
reader's language, naming the parameter it concerns.

Every place that shows a robot's refusal reads it here: the server's own robot calls (``tasks.robot``,
``maps.robot``) turn it into an ``ApiError``, and ``/relay`` adds the sentence to the robot's answer for the
console (``refusal``: ``{message, field, reason}``; see ``relay.router``).

How a refusal is read (docs/robot-contract.md, "Refusals"):

1. a known ``reason`` key (``no_task_running``, ``crosses_itself`` ...) with the values its sentence shows
   (``index``, ``max``, ``task`` ...) gives that sentence; a reason whose values are missing counts as unknown;
2. else a code that means one thing (4, 6 to 11) gives the code's sentence, whatever the robot wrote;
3. else the robot's own words, quoted after a translated lead ("Der Roboter hat abgelehnt: „…“"); a
   bad parameter (code 2) names its field in the lead.

The field is the robot's ``field``, or for a robot that sends none (older robots, the api-spec's code and msg
only) the start of a code 2 ``msg`` (``"<field>: why"``). A field we know is shown by its translated name
("Sperrzone 2 überschneidet sich selbst"), any other as the robot wrote it. What the robot sends is bounded
here: words up to 64 characters (a list of names up to 200), numbers as numbers, anything else dropped.
"""

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import tzinfo
from typing import Any

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.core.texts import Text
from cleanfleet.relay import refusal_texts as t

BAD_PARAMETER = 2
NOT_FOUND = 3
NAME_TAKEN = 11
_FIELD = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]{0,63}$")
_WORDS = {"name": 64, "map": 64, "task": 64, "schedule": 64, "tasks": 200}
_NUMBERS = ("index", "min", "max", "protocol")
SAID_LIMIT = 200

# reason key -> (sentence, the robot values it needs); {field} is filled by the catalogue itself
REASONS: dict[str, tuple[Text, frozenset[str]]] = {
    "required": (t.REQUIRED, frozenset()),
    "not_a_number": (t.NOT_A_NUMBER, frozenset()),
    "out_of_range": (t.OUT_OF_RANGE, frozenset({"min", "max"})),
    "not_whole": (t.NOT_WHOLE, frozenset()),
    "zero_or_one": (t.ZERO_OR_ONE, frozenset()),
    "not_json": (t.NOT_JSON, frozenset()),
    "attach_file": (t.ATTACH_FILE, frozenset()),
    "beyond_map_edge": (t.BEYOND_EDGE, frozenset({"index"})),
    "crosses_itself": (t.CROSSES_ITSELF, frozenset({"index"})),
    "too_many_shapes": (t.TOO_MANY_SHAPES, frozenset({"max"})),
    "too_many_points": (t.TOO_MANY_POINTS, frozenset({"index", "max"})),
    "too_few_points": (t.TOO_FEW_POINTS, frozenset({"index", "min"})),
    "not_free_floor": (t.NOT_FREE_FLOOR, frozenset()),
    "end_time_needed": (t.END_TIME_NEEDED, frozenset()),
    "no_tasks": (t.NO_TASKS, frozenset()),
    "task_twice": (t.TASK_TWICE, frozenset()),
    "not_a_time": (t.NOT_A_TIME, frozenset()),
    "no_days": (t.NO_DAYS, frozenset()),
    "flag_name_missing": (t.FLAG_NAME_MISSING, frozenset()),
    "flag_beyond_edge": (t.FLAG_BEYOND_EDGE, frozenset()),
    "no_task_running": (t.NO_TASK_RUNNING, frozenset()),
    "no_task_paused": (t.NO_TASK_PAUSED, frozenset()),
    "cannot_resume": (t.CANNOT_RESUME, frozenset()),
    "map_not_selected": (t.MAP_NOT_SELECTED, frozenset()),
    "path_not_solved": (t.PATH_NOT_SOLVED, frozenset()),
    "brake_on": (t.BRAKE_ON, frozenset()),
    "manual_mode": (t.MANUAL_MODE, frozenset()),
    "no_charging_pile": (t.NO_CHARGING_PILE, frozenset()),
    "not_going_home": (t.NOT_GOING_HOME, frozenset()),
    "pile_too_far": (t.PILE_TOO_FAR, frozenset()),
    "not_on_pile": (t.NOT_ON_PILE, frozenset()),
    "not_building_map": (t.NOT_BUILDING_MAP, frozenset()),
    "no_free_floor": (t.NO_FREE_FLOOR, frozenset()),
    "task_on_other_map": (t.TASK_ON_OTHER_MAP, frozenset({"task", "map"})),
    "disinfectant_empty": (t.DISINFECTANT_EMPTY, frozenset()),
    "rebooting": (t.REBOOTING, frozenset()),
    "map_not_found": (t.MAP_NOT_FOUND, frozenset({"map"})),
    "task_not_found": (t.TASK_NOT_FOUND, frozenset({"task"})),
    "task_running": (t.TASK_RUNNING, frozenset()),
    "building_map": (t.BUILDING_MAP, frozenset()),
    "map_in_use": (t.MAP_IN_USE, frozenset({"tasks"})),
    "current_map": (t.CURRENT_MAP, frozenset()),
    "task_in_schedule": (t.TASK_IN_SCHEDULE, frozenset({"task", "schedule"})),
    "name_taken": (t.NAME_TAKEN, frozenset({"name"})),
    "not_on_protocol": (t.NOT_ON_PROTOCOL, frozenset()),
    "locked": (t.LOCKED, frozenset()),
    "low_battery": (t.LOW_BATTERY, frozenset()),
    "emergency_stop": (t.EMERGENCY_STOP, frozenset()),
    "position_unconfirmed": (t.POSITION_UNCONFIRMED, frozenset()),
    "elevator_running": (t.ELEVATOR_RUNNING, frozenset()),
}
# the codes that mean one thing whatever the robot writes
CODES: dict[int, Text] = {4: t.NOT_ON_PROTOCOL, 6: t.LOCKED, 7: t.LOW_BATTERY, 8: t.EMERGENCY_STOP,
                          9: t.POSITION_UNCONFIRMED, 10: t.ELEVATOR_RUNNING, NAME_TAKEN: t.NAME_TAKEN_PLAIN}


@dataclass(frozen=True)
class Explained:
    """A robot refusal read: the sentence and its values, the robot parameter concerned, the robot's reason key."""

    text: Text
    values: dict[str, Any]
    field: str | None
    reason: str | None

    def render(self, language: str | None, zone: tzinfo | None = None) -> str:
        return self.text.render(language, self.values, zone)


def _code(answer: Mapping[str, Any]) -> int | None:
    code = answer.get("code")
    return code if isinstance(code, int) and not isinstance(code, bool) else None


def _msg(answer: Mapping[str, Any]) -> str:
    return " ".join(str(answer.get("msg") or "").split())[:500]


def _field(answer: Mapping[str, Any], code: int | None) -> str | None:
    named = answer.get("field")
    if isinstance(named, str) and _FIELD.match(named):
        return named
    head, colon, _ = _msg(answer).partition(":")
    return head.strip() if code == BAD_PARAMETER and colon and _FIELD.match(head.strip()) else None


def _values(answer: Mapping[str, Any]) -> dict[str, Any]:
    given = answer.get("values")
    if not isinstance(given, Mapping):
        return {}
    kept: dict[str, Any] = {}
    for name, limit in _WORDS.items():
        if isinstance(given.get(name), str) and given[name].strip():
            kept[name] = given[name].strip()[:limit]
    for name in _NUMBERS:
        value = given.get(name)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
                and abs(value) < 1e9:
            kept[name] = value
    return kept


def _said(msg: str, field: str | None) -> str:
    if field and msg.startswith(f"{field}:"):
        msg = msg[len(field) + 1:].strip()
    return msg[:SAID_LIMIT]


def explain(answer: Mapping[str, Any]) -> Explained:
    """What a refusing robot answer means (see the module's doc for the order)."""
    code = _code(answer)
    reason = answer.get("reason") if isinstance(answer.get("reason"), str) else None
    field = _field(answer, code)
    label: Text | str = t.FIELDS.get(field, field) if field else ""
    values = _values(answer)
    if reason in REASONS:
        text, needs = REASONS[reason]
        if needs <= values.keys() and (field or "field" not in text.placeholders):
            return Explained(text, {**values, "field": label}, field, reason)
    if code == NAME_TAKEN and "name" in values:
        return Explained(t.NAME_TAKEN, values, field, reason)
    if code in CODES:
        return Explained(CODES[code], {}, field, reason)
    said = _said(_msg(answer), field)
    if code == BAD_PARAMETER and field:
        return Explained(t.REFUSED_FIELD_SAYING, {"field": label, "said": said or "-"}, field, reason)
    if not said:
        return Explained(t.REFUSED_CODE, {"code": code if code is not None else "-"}, field, reason)
    return Explained(t.NOT_FOUND_SAYING if code == NOT_FOUND else t.REFUSED_SAYING, {"said": said}, field, reason)


def refusal_error(answer: Mapping[str, Any], kinds: Mapping[int, Code],
                  console_field: Callable[[str], str] | None = None) -> ApiError:
    """The refusal as our error: ``kinds`` picks our code by the robot's (ROBOT_ERROR otherwise); the field is
    the robot's parameter, as the calling screen names it (``console_field``)."""
    explained = explain(answer)
    code = _code(answer)
    kind = kinds.get(code, Code.ROBOT_ERROR) if code is not None else Code.ROBOT_ERROR
    field = explained.field
    if field and console_field is not None:
        field = console_field(field)
    return ApiError(kind, explained.text, field=field, values=explained.values)


def relay_note(answer: Mapping[str, Any], language: str | None, zone: tzinfo | None = None) -> dict[str, Any]:
    """What /relay adds to a robot's refusal for the console: the sentence, the robot parameter, the reason key
    and, when the refusal concerns one shape of a list (a zone of ``forbidden_zone``), its ``index`` from 1."""
    explained = explain(answer)
    note = {"message": explained.render(language, zone), "field": explained.field, "reason": explained.reason}
    index = explained.values.get("index")
    return {**note, "index": index} if isinstance(index, int) else note
