"""The robots' alarm catalogue (api-spec 8.3 codes, uncoded robot messages, status banners) with its texts in the
nine languages, read from its one source, ``alarm_catalogue.json`` beside this module.

Keyed by the robot's stable alarm name (docs/robot-contract.md). The console reads a copy of the same file
(web/src/api/alarm-catalogue.json, copied by ``make lint``) and the simulator keeps its own catalogue for the
robot's side; tests/warn/test_alarm_catalogue.py fails when either drifts from this one.
"""

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from cleanfleet.core.i18n import LANGUAGES
from cleanfleet.core.texts import Text

CATALOGUE_FILE = Path(__file__).with_name("alarm_catalogue.json")
SOFT_HYPHEN = "\u00ad"

Kind = Literal["fault", "message", "banner"]


@dataclass(frozen=True)
class AlarmName:
    key: str
    code: str  # "0x0610"; "" for uncoded messages and banners
    kind: Kind
    type: Literal["alarm", "reminder"]
    text: Text


def _load() -> dict[str, AlarmName]:
    alarms = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))["alarms"]
    # the console's soft hyphens only break long German words in narrow columns; mails and messages go without
    return {key: AlarmName(key, a["code"], a["kind"], a["type"],
                           Text(*(a["texts"][lang].replace(SOFT_HYPHEN, "") for lang in LANGUAGES)))
            for key, a in alarms.items()}


ALARMS: dict[str, AlarmName] = _load()
ALARM_TEXTS: dict[str, Text] = {key: alarm.text for key, alarm in ALARMS.items()}


def alarm_text(key: str, code: str, content: str, language: str | None) -> str:
    """An alarm in ``language``: by the robot's key, else the robot's own (English) text, else its code."""
    text = ALARM_TEXTS.get(key)
    return text.render(language) if text is not None else (content or code or key)
