"""An erased person leaves no clear value in any table, the audit trail's sealed rows included (issue 51: a person's
values are sealed as references, audit/personal.py): a person who signed in, changed their own profile, failed a
sign-in, was renamed by their dealer (name, e-mail, phone) and whose changes went to a webhook; after the erasure no
text or JSON column of any table holds any of their names, account, e-mails or phones, `audit verify` passes, the
trail shows the pseudonym where their values were, and an erasure notice names the digests a SIEM must drop."""

from typing import Any

import orjson
from sqlalchemy import select

from cleanfleet.audit import chain
from cleanfleet.audit.models import AuditPersonal, AuditRecord
from cleanfleet.audit.verify import verify
from cleanfleet.webhooks.models import WebhookDelivery, WebhookSubscription
from cleanfleet.writers import writers_paused
from tests.privacy.helpers import finished
from tests.privacy.test_erasure import _found_anywhere


async def _subscription(app: Any, owner: Any) -> int:
    """A webhook subscription of the dealer to the audit trail's changes and sign-ins (its deliveries stay queued:
    the outbox is paused)."""
    async with app.state.db.sessions() as db:
        row = WebhookSubscription(user_id=owner.id, name="SOC hook", url="https://soc.example.org/hook",
                                  events=["audit.change", "audit.signin"], secret="s" * 32, active=True)
        db.add(row)
        await db.commit()
        return row.id


async def _sealed(app: Any) -> None:
    while await chain.seal(app.state.db):
        pass


async def test_an_erased_person_leaves_no_clear_value_in_any_table_and_the_chain_verifies(family, app):
    me, dealer = family.person, family.dealer
    async with writers_paused(app.state, app.state.settings, ["outbox", "audit_seal"]):
        hook = await _subscription(app, dealer.user)
        old = [me.user.account, me.name, me.email, me.phone]  # the person's own update (family) wrote these
        renamed = {"name": f"Renamed {me.name}", "email": f"new.{me.email}", "phone": me.phone[:-4] + "9876"}
        edited = await dealer.api.call("/user/updateUserInfo", {"userId": me.user.id, **renamed})
        assert edited.code == 0, edited.body
        assert (await me.api.call("/user/updateUserInfo", {"name": renamed["name"], "remark": "night shift"})).code == 0
        assert (await me.api.login(me.user.account, "wrong-password")).code != 0
        await _sealed(app)
        needles = old + list(renamed.values())
        before = await _found_anywhere(app, needles)
        assert ("audit_personal", "value") in before and ("webhook_deliveries", "body") in before, before
        assert ("audit_records", "detail") not in before  # the sealed detail never held them

        listed = await dealer.api.call("/audit/list", {"target": "/api/user/updateUserInfo", "pageSize": 50})
        renaming = [row for row in listed.data["list"] if row["actorId"] == dealer.user.id]
        assert renaming and renamed["name"] in renaming[0]["detail"]  # the page puts the clear values back

        asked = await dealer.api.call("/privacy/erase", {"userId": me.user.id, "confirm": me.user.account})
        assert asked.code == 0, asked.body
        job = await finished(dealer.api, asked.data["id"])
        assert job["state"] == "done", job
        pseudonym = job["pseudonym"]
        await _sealed(app)

        assert await _found_anywhere(app, needles) == set()
        report = await verify(app.state.db, app.state.store)
        assert report.ok, [finding.line() for finding in report.findings]

        shown = await dealer.api.call("/audit/list", {"target": "/api/user/updateUserInfo", "pageSize": 50})
        again = next(row for row in shown.data["list"] if row["id"] == renaming[0]["id"])
        assert pseudonym in again["detail"] and renamed["name"] not in again["detail"]
        async with app.state.db.sessions() as db:
            erased = list(await db.scalars(select(AuditPersonal).where(AuditPersonal.pseudonym == pseudonym)))
            assert erased and all(v.value is None and v.key is None for v in erased)
            notices = list(await db.scalars(select(AuditRecord).where(AuditRecord.kind == "erasure_notice",
                                                                      AuditRecord.target == f"user#{me.user.id}")))
            assert len(notices) == 1 and notices[0].owner_path == me.user.path and notices[0].seq is not None
            notice = notices[0].detail
            assert notice["pseudonym"] == pseudonym and notice["actors"]["person"] == [me.user.id]
            assert set(notice["digests"]) == {v.digest for v in erased}
            told = list(await db.scalars(select(WebhookDelivery.body).where(
                WebhookDelivery.subscription_id == hook, WebhookDelivery.event_type == "audit.erasure")))
        assert len(told) == 1  # the subscription asked for audit events: it hears of the erasure unasked
        data = orjson.loads(told[0])["data"]
        assert data["kind"] == "erasure_notice" and set(data["detail"]["digests"]) == set(notice["digests"])
