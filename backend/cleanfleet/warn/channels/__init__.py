"""The alarm channels: the registry (registry.py) and the built-in adapters, registered on import."""

from cleanfleet.warn.channels import cloud, email, push, webhook  # noqa: F401  (each registers its channels)
from cleanfleet.warn.channels.registry import (
    Channel,
    Outgoing,
    SendFailed,
    all_channels,
    channel_keys,
    default_channels,
    get_channel,
    register,
    unregister,
)

__all__ = ["Channel", "Outgoing", "SendFailed", "all_channels", "channel_keys", "default_channels", "get_channel",
           "register", "unregister"]
