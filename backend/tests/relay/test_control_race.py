"""Two users taking and releasing one robot's control at the same moment: every answer is a success or the
translated CONFLICT naming the holder (never a 500), and the lease table ends as the answers said."""

import asyncio
from datetime import datetime
from typing import Any

from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.relay.models import ControlLease
from tests.conftest import Api


async def _calls(api: Api, device_id: int, plan: str) -> list[tuple[str, Any]]:
    """One console's clicks, one after another ('t' take, 'r' release): (action, answer or the exception raised)."""
    done: list[tuple[str, Any]] = []
    for step in plan:
        path, body = ("/device/control/take", {"deviceId": device_id, "minutes": 10}) if step == "t" \
            else ("/device/control/release", {"deviceId": device_id})
        try:
            done.append((step, await api.call(path, body)))
        except Exception as error:  # noqa: BLE001 - an unhandled server error reaches the test client as a raise
            done.append((step, error))
    return done


async def test_two_users_taking_and_releasing_at_once_get_an_answer_or_a_clear_refusal(site, db):
    plans = {"customer": "ttrtrrtttrtr", "dealer": "tttrtrttrrtr"}
    users = {"customer": site.customer, "dealer": site.dealer}
    for _ in range(2):  # two rounds, the second starting from whatever the first left
        results = await asyncio.gather(*(_calls(users[who], site.device_id, plans[who]) for who in plans))
        history = dict(zip(plans, results, strict=True))
        last_take: dict[str, dict[str, Any] | None] = {}
        for who, done in history.items():
            other = users["dealer" if who == "customer" else "customer"].account
            last_take[who] = None
            for step, answer in done:
                assert not isinstance(answer, Exception), f"{who} {step}: {answer!r}"
                assert answer.status == 200, (who, step, answer.body)
                if answer.code == Code.CONFLICT:  # the other user holds it, and the refusal says who
                    assert answer.field == "deviceId" and other in answer.message, (who, step, answer.body)
                    continue
                assert answer.code == 0, (who, step, answer.body)
                if step == "t":
                    assert answer.data["mine"] and answer.data["holder"] == users[who].account
                    last_take[who] = answer.data
                else:
                    assert not answer.data["held"]
                    last_take[who] = None  # a successful release ends what this user held
        db.expire_all()
        rows = list(await db.scalars(select(ControlLease).where(ControlLease.device_id == site.device_id)))
        assert len(rows) <= 1
        # the dealer (above) may release the customer's lease, nobody may release the dealer's: whoever the table
        # names holds it since its last successful take, and a dealer whose last success was a take still holds it
        if rows:
            holder = "customer" if rows[0].user_id == site.customer_user.id else "dealer"
            taken = last_take[holder]
            assert taken is not None, f"the table names {holder}, whose last success was no take"
            assert datetime.fromisoformat(taken["takenAt"]) == rows[0].taken_at
            assert datetime.fromisoformat(taken["expiresAt"]) == rows[0].expires_at
        assert last_take["dealer"] is None or (rows and rows[0].account == site.dealer.account)
        for who, api in users.items():  # and each console is told the same
            state = await api.call("/device/control/state", {"deviceId": site.device_id})
            assert state.data["held"] == bool(rows)
            assert state.data["mine"] == bool(rows and rows[0].account == api.account), who
