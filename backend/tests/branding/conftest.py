"""The brand tests' ground: a dealer with a customer and its sub-user, another dealer, and helpers that save a brand
as the console does (a multipart form). The admin's brand is the whole test database's default: every test that
sets one removes it at its end (``admin_brand_removed``)."""

import io
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image

from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.conftest import Answer, Api
from tests.users.conftest import smtp_inbox  # noqa: F401 - the real SMTP sink, for the mail test

DEALER_BRAND = {"productName": "Harbour Clean", "primaryColor": "#1d3557", "headerColor": "#1d3557",
                "footerText": "Harbour Cleaning Co. · 12 Quay Road", "mailSenderName": "Harbour Clean",
                "mailReplyTo": "help@harbour.com"}


@dataclass
class Tree:
    admin: Api
    dealer: Api
    customer: Api
    sub: Api
    other: Api
    users: dict[str, Any]


@pytest.fixture
async def tree(admin: Api, make_user: Any, signed_in: Any) -> AsyncIterator[Tree]:
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_pw = await make_user(3, parent=dealer, roles=[ROLE_USER], email="site@customer.example")
    sub, sub_pw = await make_user(4, parent=customer, roles=[ROLE_USER])
    other, other_pw = await make_user(2, roles=[ROLE_DEALER])
    yield Tree(admin, await signed_in(dealer, dealer_pw), await signed_in(customer, customer_pw),
               await signed_in(sub, sub_pw), await signed_in(other, other_pw),
               {"dealer": dealer, "customer": customer, "sub": sub, "other": other})
    await admin.call("/brand/remove", {})  # the install's default again for every later test


def image_bytes(kind: str = "PNG", size: tuple[int, int] = (300, 120), colour: tuple[int, ...] = (29, 53, 87)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format=kind)
    return out.getvalue()


async def save(api: Api, fields: dict[str, Any], files: dict[str, tuple[str, bytes, str]] | None = None,
               language: str = "en") -> Answer:
    """``/brand/set`` as the console sends it: the fields as a multipart form, ``hostNames`` repeated."""
    data = {key: (value if isinstance(value, list) else str(value).lower() if isinstance(value, bool) else str(value))
            for key, value in fields.items()}
    response = await api.client.post("/api/brand/set", data=data, files=files,
                                      headers={**api.headers(), "language": language})
    return Answer(response.status_code, response.json())


async def current(api: Api) -> dict[str, Any]:
    answer = await api.call("/brand/current", {})
    assert answer.code == 0, answer.body
    return answer.data  # type: ignore[no-any-return]
