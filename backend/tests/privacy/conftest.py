"""A small organisation for the privacy tests: a dealer, its customer, two people of the customer, each signed in."""

import io
import itertools
import os
import zipfile
from dataclasses import dataclass
from typing import Any

import pytest

from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.conftest import Api

_people = itertools.count(1)


@dataclass
class Person:
    user: Any
    password: str
    api: Api
    email: str
    phone: str
    name: str


@dataclass
class Family:
    dealer: Person
    customer: Person
    person: Person
    other: Person
    stranger: Person  # a dealer of another branch


@pytest.fixture
async def family(make_user, signed_in) -> Family:  # noqa: ANN201
    async def person(level: int, parent: Any = None, roles: list[int] | None = None) -> Person:
        n = f"{os.getpid()}q{next(_people)}"
        email, phone, name = f"priv{n}@example.org", f"1390{n.replace('q', '')[-7:]:0>7}", f"Privatus {n}"
        user, password = await make_user(level, parent=parent, roles=roles, email=email, phone=phone)
        return Person(user, password, await signed_in(user, password), email, phone, name)

    dealer = await person(2, roles=[ROLE_DEALER])
    customer = await person(3, parent=dealer.user, roles=[ROLE_USER])
    me = await person(4, parent=customer.user, roles=[ROLE_USER])
    other = await person(4, parent=customer.user, roles=[ROLE_USER])
    stranger = await person(2, roles=[ROLE_DEALER])
    for who in (me, other):
        answer = await who.api.call("/user/updateUserInfo", {"name": who.name, "phone": who.phone, "email": who.email})
        assert answer.code == 0, answer.body
    return Family(dealer, customer, me, other, stranger)


async def download(api: Api, link: str) -> zipfile.ZipFile:
    response = await api.client.get(link)
    assert response.status_code == 200, response.text
    return zipfile.ZipFile(io.BytesIO(response.content))


from tests.devices.conftest import new_device, new_type  # noqa: E402, F401 - a robot of the person's node
