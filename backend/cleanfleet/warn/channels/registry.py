"""The alarm channels as data: each channel is one adapter registered here, so a new channel is one module and no
migration (issue 31 item 3).

A channel says how it is called (``key``, at most 16 characters: the sends' column), its label in the nine
languages, whether a branch without a setting of its own has it on (``default_on``), who a user is on it
(``recipient``: an address, a phone, or ``None`` when the user cannot be reached there; ``reachable`` when that
needs the database), whether the server can
use it at all (``unavailable``: why not, or ``None``), and how a notification goes out (``deliver``; ``None`` for
the console's own pop-up, which the live socket carries). Settings are stored as rows (warn/models.py
``AlarmSettingChannel``: a row per channel turned on), read and written through ``channel_keys()``; the API answers
every registered channel and the console draws a switch per served channel (/wmWarnSet/channels).
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from cleanfleet.core.texts import Text
from cleanfleet.settings import Settings

KEY_LENGTH = 16  # notification_sends.channel and alarm_setting_channels.channel


class SendFailed(Exception):
    """The channel did not take the notification; the text says why (stored on the send). ``final``: trying
    again cannot help (the channel is not configured), so the send fails at once."""

    def __init__(self, reason: str, *, final: bool = False) -> None:
        super().__init__(reason)
        self.final = final


@dataclass(frozen=True)
class Outgoing:
    """One send as its adapter gets it: the outbox row's facts, the recipient user and device, and the text in the
    recipient's language."""

    send_id: int
    channel: str
    event: str
    count: int
    recipient: str
    values: dict[str, Any]
    user: Any  # users.models.User
    device: Any | None  # devices.models.Device
    subject: str
    text: str
    alarm_id: int | None = None
    db: Any = None  # the send's session (AsyncSession): an adapter may read and keep its own rows; the notifier commits


def _nobody(_user: Any, _event: str) -> str | None:
    return None


def _always(_settings: Settings) -> Text | None:
    return None


@dataclass(frozen=True)
class Channel:
    key: str
    label: Text
    order: int  # the column's place on the settings page
    default_on: bool = False
    deliver: Callable[[Settings, Outgoing], Awaitable[None]] | None = None
    recipient: Callable[[Any, str], str | None] = field(default=_nobody)
    unavailable: Callable[[Settings], Text | None] = field(default=_always)
    # which of these users can be reached at all, when that is in the database (push: a subscribed browser); a
    # user it leaves out gets no send row. None: ``recipient`` alone decides.
    reachable: Callable[[Any, set[int]], Awaitable[set[int]]] | None = None


_CHANNELS: dict[str, Channel] = {}


def register(channel: Channel) -> Channel:
    if not channel.key.isidentifier() or len(channel.key) > KEY_LENGTH:
        raise ValueError(f"a channel key is an identifier of at most {KEY_LENGTH} characters: {channel.key!r}")
    if channel.key in _CHANNELS:
        raise ValueError(f"channel {channel.key!r} is registered twice")
    _CHANNELS[channel.key] = channel
    return channel


def unregister(key: str) -> None:
    """For tests that register a channel of their own."""
    _CHANNELS.pop(key, None)


def all_channels() -> list[Channel]:
    return sorted(_CHANNELS.values(), key=lambda c: (c.order, c.key))


def channel_keys() -> list[str]:
    return [c.key for c in all_channels()]


def get_channel(key: str) -> Channel | None:
    return _CHANNELS.get(key)


def default_channels() -> frozenset[str]:
    """What a branch gets without a setting of its own."""
    return frozenset(c.key for c in _CHANNELS.values() if c.default_on)
