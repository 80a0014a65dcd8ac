from typing import Any

import pytest

from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.gateway.helpers import robot_device, unique_prefix


class Site:
    """A dealer (signed in), its customer ``owner`` with two robots, the customer signed in too, and another
    customer ``other`` of the dealer."""

    dealer: Any
    customer: Any
    owner: Any
    other: Any
    devices: list[Any]


@pytest.fixture
async def site(db, make_user, signed_in) -> Site:
    dealer_user, password = await make_user(2, roles=[ROLE_DEALER])
    owner, owner_password = await make_user(3, parent=dealer_user, roles=[ROLE_USER])
    prefix = unique_prefix()
    s = Site()
    s.devices = [await robot_device(db, owner, f"{prefix}R{i}") for i in range(2)]
    db.expunge_all()  # plain records from here on (the tests expire what they read)
    s.dealer = await signed_in(dealer_user, password)
    s.dealer.user = dealer_user
    s.customer = await signed_in(owner, owner_password)
    s.owner = owner
    s.other, _ = await make_user(3, parent=dealer_user, roles=[ROLE_USER])  # a second customer, no robots yet
    return s


@pytest.fixture
async def stranger(make_user, signed_in) -> Any:
    user, password = await make_user(2, roles=[ROLE_DEALER])
    return await signed_in(user, password)


from tests.users.conftest import smtp_inbox  # noqa: E402, F401  - the real SMTP server (aiosmtpd)
