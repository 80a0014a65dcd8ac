"""What a SIEM already received cannot be recalled (issue 51): a person's values reach it as references with their
clear values beside them (``personal``), and their erasure reaches it as an ``erasure_notice`` message naming the
pseudonym and the digests to drop, over the same real RFC 5424 receiver, though the destination picked no such kind;
the values the notice names are the ones it received. The webhooks hear it as ``audit.erasure``
(tests/privacy/test_erasure_trail.py)."""

import asyncio
from typing import Any

import orjson

from cleanfleet.audit import personal
from cleanfleet.roles.catalogue import ROLE_USER
from tests.privacy.helpers import finished
from tests.siem.conftest import seal_and_stream
from tests.siem.receiver import Receiver
from tests.siem.test_stream import add, destination

SD = "cleanfleet@32473"


def body_of(message: Any) -> dict[str, Any]:
    return dict(orjson.loads(message.msg[3:]))


async def until(receiver: Receiver, wanted: str) -> Any:
    """The first message of kind ``wanted`` (streaming again until it arrives)."""
    async with asyncio.timeout(20):
        while True:
            found = [m for m in receiver.messages if m.msgid == wanted]
            if found:
                return found[0]
            await asyncio.sleep(0.05)


async def test_an_erasure_tells_the_siem_which_values_to_drop(app, branch, receiver, authority, make_user):
    dealer = branch["api"]
    made = await add(dealer, destination(receiver, authority, kinds=["signin", "change"]))
    person, _ = await make_user(4, parent=branch["customer"], roles=[ROLE_USER])
    name = f"Streamed {person.account}"
    renamed = await dealer.call("/user/updateUserInfo", {"userId": person.id, "name": name,
                                                         "email": f"{person.account}@example.org"})
    assert renamed.code == 0, renamed.body
    sent = await seal_and_stream(app)
    await receiver.wait_for(sent)
    change = next(m for m in receiver.messages if m.msgid == "access_change"
                  and body_of(m)["target"] == "/api/user/updateUserInfo")
    body = body_of(change)
    assert name not in orjson.dumps(body["detail"]).decode()  # the row as sealed: references only
    moved = next(v for v in body["detail"]["values"] if v["record"] == f"users#{person.id}")
    digest = moved["after"]["name"].removeprefix(personal.PREFIX)
    assert body["personal"][digest] == name  # and the clear value beside it, by its digest
    received = set(body["personal"])

    asked = await dealer.call("/privacy/erase", {"userId": person.id, "confirm": person.account})
    assert asked.code == 0, asked.body
    job = await finished(dealer, asked.data["id"])
    assert job["state"] == "done", job
    await seal_and_stream(app)
    notice = await until(receiver, "erasure_notice")
    assert receiver.errors == []
    told = body_of(notice)
    assert notice.sd[SD]["kind"] == "erasure_notice" and notice.sd[SD]["target"] == f"user#{person.id}"
    assert told["detail"]["pseudonym"] == job["pseudonym"] and told["detail"]["actors"]["person"] == [person.id]
    assert received <= set(told["detail"]["digests"])  # every value it was sent of the person, to drop
    assert "personal" not in told and name not in notice.msg.decode()
    assert "other" not in made["kinds"]  # the destination never asked for it: a notice goes to every destination
