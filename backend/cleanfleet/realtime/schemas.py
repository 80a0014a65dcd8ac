"""The live events: every message ``/api/ws`` sends a console, declared once.

docs/architecture.md, "Live events match their models", has the rule and what keeps it.

The events are ``TypedDict``s: pydantic reads them like models (the published schema, the tests' check of every
message sent), mypy checks every place that builds one (a key missing, misspelt or of the wrong type), and at run
time they are plain dicts, so the gateway's 10,000 heartbeats a second cost no model building. The domains build
their events with these classes (``LiveDevice(deviceId=..., ...)``), never with dict literals, and hand them to the
bus with the owner path the hub filters on (``realtime.published.routed``). ``extra="forbid"``: a key no event
declares (an owner path left in, say) fails the check.

Their JSON schemas are published among the OpenAPI components (``realtime.published.live_components``), named
``Live*``; the console's ``src/api/realtime.ts`` takes its types from the generated ``schema.d.ts``.
"""

from typing import Annotated, Literal, NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict  # pydantic reads typing.TypedDict only from Python 3.12

_STRICT = ConfigDict(extra="forbid")

AlarmAction = Literal["raise", "clear", "resolve"]
AlarmState = Literal["unknown", "unresolved", "resolved"]


@with_config(_STRICT)
class LivePose(TypedDict):
    """Where the robot is on its map (metres, radians); null where the heartbeat did not say."""

    x: float | None
    y: float | None
    yaw: float | None


@with_config(_STRICT)
class LiveDevice(TypedDict):
    """A robot's live state. A heartbeat carries every field; a robot that went offline (or came back online
    without a heartbeat yet) carries only deviceId, deviceSerialNumber and online."""

    deviceId: int
    deviceSerialNumber: str
    online: Annotated[Literal[0, 1], Field(description="1 online, 0 offline (the device's ``online``)")]
    battery: NotRequired[float | None]
    charging: NotRequired[bool]
    onPile: NotRequired[bool]
    state: NotRequired[Annotated[str, Field(description="idle, charging, working, paused, returning, docking, "
                                                        "moving, manual, mapping, elevator, relocating")]]
    mode: NotRequired[str]
    map: NotRequired[str]
    task: NotRequired[str]
    progress: NotRequired[float | None]
    cleanedArea: NotRequired[float | None]
    localized: NotRequired[bool]
    pose: NotRequired[LivePose]
    alarms: NotRequired[list[str]]
    heartbeatTime: NotRequired[str]


@with_config(_STRICT)
class LiveAlarm(TypedDict):
    """An alarm raised or cleared by a robot, or someone resolving a device's open alarms (``resolve``: ``count``
    and ``resolvedBy``, and ``warnId`` when one alarm was resolved)."""

    action: AlarmAction
    deviceId: int
    deviceSerialNumber: str
    time: str
    state: AlarmState
    warnId: NotRequired[int]
    key: NotRequired[str]
    code: NotRequired[str]
    type: NotRequired[str]
    level: NotRequired[int]
    kind: NotRequired[str]
    content: NotRequired[str]
    count: NotRequired[int]
    resolvedBy: NotRequired[str]
    quietFor: NotRequired[Annotated[list[int], Field(description="raise: the users whose cloud platform channel "
                                                                 "is off for this alarm (no pop-up for them)")]]


@with_config(_STRICT)
class LiveUpdate(TypedDict):
    """A robot's over-the-air update changed state; with state ``ROLLOUT`` only ``rolloutId``: a rollout moved on
    or paused."""

    state: str
    updateId: NotRequired[int]
    deviceId: NotRequired[int]
    deviceSerialNumber: NotRequired[str]
    target: NotRequired[Annotated[str, Field(description="firmware, or the software type's name")]]
    versionId: NotRequired[int]
    version: NotRequired[str]
    publicId: NotRequired[int | None]
    rolloutId: NotRequired[int | None]
    groupNumber: NotRequired[int | None]
    progress: NotRequired[int]
    reason: NotRequired[str]


@with_config(_STRICT)
class LiveLease(TypedDict):
    """A robot's remote control lease taken, extended or released (the same for every viewer)."""

    deviceId: int
    held: bool
    holder: str | None
    holderId: int | None
    expiresAt: str | None
    longTerm: bool


@with_config(_STRICT)
class LiveHello(TypedDict):
    """The first message: resume later with ``since=<seq>&epoch=<epoch>``."""

    type: Literal["hello"]
    epoch: str
    seq: int
    userId: int


@with_config(_STRICT)
class LiveDevices(TypedDict):
    type: Literal["devices"]
    seq: int
    data: list[LiveDevice]


@with_config(_STRICT)
class LiveAlarms(TypedDict):
    type: Literal["alarms"]
    seq: int
    data: list[LiveAlarm]


@with_config(_STRICT)
class LiveUpdates(TypedDict):
    type: Literal["updates"]
    seq: int
    data: list[LiveUpdate]


@with_config(_STRICT)
class LiveLeases(TypedDict):
    type: Literal["leases"]
    seq: int
    data: list[LiveLease]


@with_config(_STRICT)
class LiveResync(TypedDict):
    """Events were missed (or this is another server): reload the lists, then carry on."""

    type: Literal["resync"]
    seq: int


@with_config(_STRICT)
class LivePong(TypedDict):
    """The answer to the console's ``{"type": "ping"}``."""

    type: Literal["pong"]


LiveBatch = LiveDevices | LiveAlarms | LiveUpdates | LiveLeases
LiveEvent = LiveDevice | LiveAlarm | LiveUpdate | LiveLease
LiveMessage = Annotated[LiveHello | LiveDevices | LiveAlarms | LiveUpdates | LiveLeases | LiveResync | LivePong,
                        Field(discriminator="type")]
"""Every message the server sends on ``/api/ws``, told apart by ``type``."""
