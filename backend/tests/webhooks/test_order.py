"""Delivery order is not kept (issue 48 item 12, docs/integrations.md "Order"): every body carries the event's
``timestamp`` and a ``sequence`` that grows per subscription in the order the events were written, signed with the
body, the same on a retry, so a receiver that was down can put late deliveries back in order."""

from datetime import timedelta

from cleanfleet.core.bus import Fact, tell
from cleanfleet.core.db import utcnow
from cleanfleet.webhooks.catalogue import Envelope
from cleanfleet.webhooks.delivery import SCHEDULE, send_due
from tests.webhooks.test_delivery import robot_online, subscribe, verified


async def test_the_sequence_grows_per_subscription_and_survives_a_receiver_coming_back(app, branch, receiver):
    sub = await subscribe(branch["customer_api"], receiver.url(), ["robot.online", "robot.offline"])
    other = await subscribe(branch["api"], receiver.url("/dealer"), ["robot.online"])
    receiver.answers = [500]  # the first to arrive fails once and comes again after the others
    robot = branch["robot"]
    at = utcnow()
    for n, kind in enumerate(("robot.online", "robot.offline", "robot.online")):
        moment = at + timedelta(seconds=n)
        data = {"robotId": robot.id, "serialNumber": robot.serial_number, "name": "R", "at": moment}
        async with app.state.db.sessions() as db:
            await tell(db, [Fact(kind, robot.owner_path, data, moment)])
            await db.commit()
    for round_ in range(6):  # the first round, then the failed one's retry when due (a few rounds at most)
        await send_due(app.state.db, app.state.settings, now=utcnow() + round_ * timedelta(seconds=SCHEDULE[0] + 1))
        if len(receiver.got) >= 6:  # 3 to the customer, 2 to the dealer, the failed one again
            break
    assert len(receiver.got) == 6
    first = receiver.got[0]  # it failed and came again last, the same bytes (signed once)
    assert [got["body"] for got in receiver.got if got["headers"]["webhook-id"] == first["headers"]["webhook-id"]
            and got["path"] == first["path"]] == [first["body"], first["body"]]
    by_id = {got["headers"]["webhook-id"]: got for got in receiver.on("/hook")}
    mine = [verified(sub["secret"], got) for got in by_id.values()]
    assert len(mine) == 3
    in_order = sorted(mine, key=lambda body: body["sequence"])
    assert [body["type"] for body in in_order] == ["robot.online", "robot.offline", "robot.online"]
    assert [body["timestamp"] for body in in_order] == sorted(body["timestamp"] for body in mine)
    dealer = {got["headers"]["webhook-id"]: verified(other["secret"], got)["sequence"]
              for got in receiver.on("/dealer")}
    assert len(set(dealer.values())) == 2  # its own two events, each with its own place
    assert Envelope.model_json_schema()["properties"]["sequence"]["type"] == "integer"


async def test_a_test_event_has_a_sequence_after_the_events_before_it(app, branch, receiver):
    sub = await subscribe(branch["customer_api"], receiver.url(), ["robot.online"])
    await robot_online(app, branch["robot"])
    await branch["customer_api"].call("/integration/webhook/test", {"subscriptionId": sub["subscriptionId"]})
    await send_due(app.state.db, app.state.settings)
    bodies = [verified(sub["secret"], got) for got in receiver.got]
    assert [body["type"] for body in sorted(bodies, key=lambda body: body["sequence"])] == [
        "robot.online", "webhook.test"]
