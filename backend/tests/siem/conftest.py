"""The SIEM test ground: the app's sealer, streamer and outbox paused (a test seals and streams when it wants), a
real RFC 5424 receiver over TLS on loopback (receiver.py), let through for the test only by ``siem_allow``, and a
dealer above a customer (both signed in) with another dealer's customer."""

from collections.abc import AsyncIterator
from typing import Any

import pytest

from cleanfleet.audit import chain
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from cleanfleet.siem.stream import stream_round
from cleanfleet.writers import writers_paused
from tests.siem.receiver import Authority, Receiver


@pytest.fixture(autouse=True)
async def paused(app: Any) -> AsyncIterator[None]:
    async with writers_paused(app.state, app.state.settings, ["audit_seal", "siem_stream", "outbox"]):
        yield


@pytest.fixture(scope="session")
def authority() -> Authority:
    return Authority("cleanfleet tests' SIEM CA")


@pytest.fixture
async def receiver(app: Any, authority: Authority) -> AsyncIterator[Receiver]:
    box = Receiver(authority)
    await box.start()
    settings = app.state.settings
    before = settings.siem_allow
    settings.siem_allow = f"127.0.0.1:{box.port}"
    try:
        yield box
    finally:
        settings.siem_allow = before
        if box._server is not None:
            await box.stop()


@pytest.fixture
async def branch(make_user: Any, signed_in: Any) -> dict[str, Any]:
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_pw = await make_user(3, parent=dealer, roles=[ROLE_USER])
    other_dealer, other_pw = await make_user(2, roles=[ROLE_DEALER])
    return {"dealer": dealer, "customer": customer, "other": other_dealer, "password": dealer_pw,
            "api": await signed_in(dealer, dealer_pw), "customer_api": await signed_in(customer, customer_pw),
            "other_api": await signed_in(other_dealer, other_pw)}


async def seal_and_stream(app: Any) -> int:
    """The audit jobs' rounds, as the leader runs them: seal what was written, stream what was sealed."""
    while await chain.seal(app.state.db):
        pass
    return await stream_round(app.state.db, app.state.settings)
