"""The live events on their way: the owner path the hub filters on, the schema published, the tests' check.

The bus carries each event with its owner's tree path (``ownerPath``, the hub's filter; a console never sees it):
``routed(path, LiveDevice(...))``. The hub takes the path off before it sends (``hub.visible``).
"""

from functools import cache
from typing import Any

from pydantic import TypeAdapter, ValidationError

from cleanfleet.core.bus import LIVE_ROUTE_KEY
from cleanfleet.realtime.schemas import LiveEvent, LiveMessage

ROUTE_KEY = LIVE_ROUTE_KEY
MESSAGE_SCHEMA = "LiveMessage"


class LiveMismatch(AssertionError):
    """A message the hub sends does not match its published model (raised only with check_answers on)."""


def routed(owner_path: str, event: LiveEvent) -> dict[str, Any]:
    """The event as the bus carries it: with the owner path the hub filters on."""
    return {ROUTE_KEY: owner_path, **event}


@cache
def _adapter() -> TypeAdapter[Any]:
    return TypeAdapter(LiveMessage)


def live_components() -> dict[str, Any]:
    """The OpenAPI components of every live message (``LiveMessage``, the union by ``type``, and its parts)."""
    schema = _adapter().json_schema(ref_template="#/components/schemas/{model}", mode="serialization")
    parts = schema.pop("$defs", {})
    schema["description"] = "Every message the server sends a console on the WebSocket /api/ws (see its docs)."
    return {**parts, MESSAGE_SCHEMA: schema}


def check_message(text: str) -> None:
    """Raises LiveMismatch, naming what differs, when a message sent on /api/ws is not a published one (strictly
    as the console parses it: no key missing, none undeclared, no wrong type)."""
    try:
        _adapter().validate_json(text, strict=True)
    except ValidationError as exc:
        found = [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']} (got {str(e.get('input'))[:80]})"
                 for e in exc.errors()]
        raise LiveMismatch(f"/api/ws sent {text[:200]}, not a LiveMessage: {'; '.join(found[:10])}") from None
