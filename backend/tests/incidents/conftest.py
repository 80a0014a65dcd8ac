"""Incident test ground: the app's escalation job paused (a test runs the rounds itself with its own clock), a real
SMTP server (tests/users' inbox), and a branch: a dealer above a customer who owns a robot."""

from collections.abc import AsyncIterator
from typing import Any

import pytest

from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from cleanfleet.writers import writers_paused
from tests.gateway.helpers import robot_device, unique_prefix
from tests.users.conftest import free_port, smtp_inbox  # noqa: F401  - the SMTP fixture
from tests.warn.helpers import set_user


@pytest.fixture(autouse=True)
async def paused_escalation(app: Any) -> AsyncIterator[None]:
    async with writers_paused(app.state, app.state.settings, ["incident_escalation", "outbox"]):
        yield


@pytest.fixture
async def branch(db, make_user, signed_in):
    """A dealer (e-mail on) above a customer (e-mail on, Japanese) owning a robot; both signed in."""
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_pw = await make_user(3, parent=dealer, roles=[ROLE_USER])
    await set_user(db, dealer, email="dealer@example.com", email_to_warn=1)
    await set_user(db, customer, email="customer@example.com", email_to_warn=1, language="ja")
    robot = await robot_device(db, customer, f"{unique_prefix()}N")
    return {"dealer": dealer, "customer": customer, "robot": robot, "api": await signed_in(dealer, dealer_pw),
            "customer_api": await signed_in(customer, customer_pw)}
