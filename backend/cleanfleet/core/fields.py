"""The request field types several domains share, one per rule (a domain's own rules stay in its schemas.py).

Strings are stripped first; a required one must keep a character after that. Numbers, ids, pages and times are
in ``core/bounds.py``.
"""

import json
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, StringConstraints

from cleanfleet.core.bounds import MAX_LIST, Id
from cleanfleet.core.validation import NOT_LIST, TextError

PORT_MIN = 20000  # the FRP ports a transfer node hands out to robots (hosts) and a device may be given (devices)
PORT_MAX = 30000

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
LongName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=128)]  # files, reports
Short = Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)]  # may be empty
Text = Annotated[str, StringConstraints(strip_whitespace=True, max_length=255)]  # may be empty
# a robot's serial number as a device is registered with it
SerialNumber = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64,
                                                pattern=r"^[A-Za-z0-9_.:-]+$")]
# a serial number to look for or a robot's own report of it: its length is checked, not its characters
AnySerial = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
Port = Annotated[int, Field(ge=PORT_MIN, le=PORT_MAX)]


def parse_list(value: Any) -> Any:
    """A list as a list, a JSON list string ("[16,17]", the spec's role field), "16,17" or one id."""
    if isinstance(value, int):
        return [value]
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return []
        if text.startswith("["):
            try:
                return json.loads(text)
            except ValueError as exc:
                raise TextError(NOT_LIST) from exc
        return [part.strip() for part in text.split(",") if part.strip()]
    return value


IdList = Annotated[list[Id], BeforeValidator(parse_list), Field(max_length=MAX_LIST)]
