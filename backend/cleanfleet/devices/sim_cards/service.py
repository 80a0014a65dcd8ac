"""SIM card information from the card's provider (simSupport 0-3), through adapters.

An adapter answers a card's live data (state, plan, traffic) from its provider's API. None ships with
the server (each needs a contract and credentials); register one with ``register_provider``. Without
one, getSimInfo answers the data stored on the device and says so (``fromProvider`` false).
"""

from typing import Any, Protocol

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.devices.access import visible
from cleanfleet.devices.models import Device
from cleanfleet.devices.sim_cards import texts

SIM_PROVIDERS = {0: "Tianyuan mobile", 1: "quantum mobile", 2: "digital-signal telecom", 3: "SimBoss"}


class SimProvider(Protocol):
    async def card_info(self, sim_no: str) -> dict[str, Any]: ...


_providers: dict[int, SimProvider] = {}


def register_provider(sim_support: int, provider: SimProvider) -> None:
    _providers[sim_support] = provider


def unregister_provider(sim_support: int) -> None:
    _providers.pop(sim_support, None)


async def card_info(db: AsyncSession, caller: Caller, sim_no: str) -> dict[str, Any]:
    """The card of one of the caller's devices, found by its number."""
    device = await db.scalar(select(Device).where(Device.sim_no == sim_no, visible(caller)).limit(1))
    if device is None:
        raise ApiError(Code.NOT_FOUND, texts.SIM_NOT_FOUND, field="cNo", values={"cNo": sim_no})
    return await sim_info(device)


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
