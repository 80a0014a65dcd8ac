"""SIM card information from the card's provider (simSupport 0-3), through adapters.

An adapter answers a card's live data (state, plan, traffic) from its provider's API. None ships with
the server (each needs a contract and credentials); register one with ``register_provider``. Without
one, getSimInfo answers the data stored on the device and says so (``fromProvider`` false).
"""

from typing import Any, Protocol

from cleanfleet.devices.models import SIM_PROVIDERS, Device


class SimProvider(Protocol):
    async def card_info(self, sim_no: str) -> dict[str, Any]: ...


_providers: dict[int, SimProvider] = {}


def register_provider(sim_support: int, provider: SimProvider) -> None:
    _providers[sim_support] = provider


def unregister_provider(sim_support: int) -> None:
    _providers.pop(sim_support, None)


async def sim_info(device: Device) -> dict[str, Any]:
    stored = {
        "cNo": device.sim_no,
        "simSupport": device.sim_support,
        "providerName": SIM_PROVIDERS.get(device.sim_support, "") if device.sim_support is not None else "",
        "deviceId": device.id,
        "deviceSerialNumber": device.serial_number,
    }
    provider = _providers.get(device.sim_support) if device.sim_support is not None else None
    if provider is None:
        return {**stored, "fromProvider": False, "note": "no SIM provider configured: stored data only",
                "provider": None}
    return {**stored, "fromProvider": True, "note": "", "provider": await provider.card_info(device.sim_no)}
