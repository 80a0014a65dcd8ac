"""The dealer most file tests act as (dealer preset: files and knowledge base)."""

from typing import Any

import pytest

from cleanfleet.roles.catalogue import ROLE_DEALER


@pytest.fixture
async def dealer(make_user, signed_in) -> Any:
    user, password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(user, password)
    api.user = user
    return api
