"""The server's own check of map and flag names (issue 29 item 8), before anything reaches a robot.

product-spec 5 says only that map and flag names are required; the rest is decided here, as an operator expects:

- **Length.** A map or flag name has 1 to 64 characters after trimming the spaces around it (as the console's
  editor counts them; they are shown on robot cards, pads and map lists). The robot and the records keep up to
  128, so older long names stay usable: only a name given *now* is checked.
- **Characters.** Letters of any language, digits, spaces and punctuation, except control characters and the
  file-name specials ``/ \\ : * ? " < > |``: a map name is a file on the robot (``api2/image/<name>.png``) and in a
  downloaded map file; a flag follows the same rule so one sentence explains both. A name may not be ``.`` or
  ``..`` either.
- **Uniqueness.** A map name is unique per robot: building a map under a name the robot already has is refused
  (importing or uploading over a same-named map *replaces* it, with its own confirmation). A flag name is unique
  on its map: a flag list that names two flags alike is refused (exactly as written, after trimming, as the
  console's editor and the robot compare them).

The refusals name the field as the request gave it (``mapName`` on /map/import, the robot's own ``map_name``,
``name`` or ``flags`` on a relayed robot call) and are in the request's language.
"""

import json
import re
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.validation import REQUIRED
from cleanfleet.maps import texts
from cleanfleet.maps.models import RobotMap

MAP_NAME_MAX = 64
FLAG_NAME_MAX = 64
_FORBIDDEN = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]')


def check_name(value: Any, field: str, longest: int) -> str:
    """The trimmed name, or a BAD_PARAMETER naming ``field``."""
    name = value.strip() if isinstance(value, str) else ""
    if not name:
        raise bad_parameter(field, REQUIRED)
    if len(name) > longest:
        raise bad_parameter(field, texts.NAME_TOO_LONG, max=longest)
    if _FORBIDDEN.search(name) or name in (".", ".."):
        raise bad_parameter(field, texts.NAME_CHARACTERS)
    return name


def check_map_name(value: Any, field: str = "mapName") -> str:
    return check_name(value, field, MAP_NAME_MAX)


def check_flags(flags: Any, field: str = "flags") -> None:
    """A whole flag list (the editor's save, an upload): every name checked, no two alike."""
    if not isinstance(flags, list):
        return  # the robot refuses what is no list; only names are this module's
    seen: set[str] = set()
    for flag in flags:
        name = check_name(flag.get("name") if isinstance(flag, dict) else None, field, FLAG_NAME_MAX)
        if name in seen:
            raise bad_parameter(field, texts.FLAG_NAME_TWICE, name=name)
        seen.add(name)


async def check_new_map(db: AsyncSession, device_id: int, value: Any, field: str = "map_name") -> None:
    """A map about to be built under ``value``: a valid name the robot has not got yet (by its last record)."""
    name = check_map_name(value, field)
    if await db.scalar(select(RobotMap.id).where(RobotMap.device_id == device_id, RobotMap.name == name)):
        raise ApiError(Code.ALREADY_EXISTS, texts.MAP_NAME_TAKEN, field=field, values={"map": name})


def _structured(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return None
    return value


async def check_robot_call(db: AsyncSession, device_id: int, call: str, params: dict[str, Any]) -> None:
    """The names in a relayed robot call (api2/…) that creates or renames map things; other calls pass."""
    if call == "map_save":
        await check_new_map(db, device_id, params.get("map_name"))
    elif call == "map/Upload":
        check_map_name(params.get("map_name"), "map_name")
        if "flags" in params:
            check_flags(_structured(params["flags"]))
    elif call == "map/CloudInfoUpdate" and "flags" in params:
        check_flags(_structured(params["flags"]))
    elif call == "map_flag_add":
        check_name(params.get("name"), "name", FLAG_NAME_MAX)


CHECKED_CALLS = frozenset({"map_save", "map/Upload", "map/CloudInfoUpdate", "map_flag_add"})
