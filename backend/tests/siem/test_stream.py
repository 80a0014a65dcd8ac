"""Streaming the audit trail to a real RFC 5424 receiver over TLS (issue 51 item 3): events recorded by real calls
(a sign-in, a change, refusals) arrive in order, each a strict RFC 5424 message with its row's id, seq and hash,
their structured data escaped; the receiver down and up again loses and repeats nothing; a certificate not
trusted is refused and shown; a host on a private network is refused; a destination sees its branch only."""

from datetime import UTC, datetime, timedelta
from typing import Any

import orjson
from sqlalchemy import select

from cleanfleet.audit import personal
from cleanfleet.audit.models import AuditRecord
from cleanfleet.audit.streamed import group_of
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.siem import stream
from cleanfleet.siem.models import SiemDestination
from tests.conftest import Api, new_client, unique_account
from tests.siem.conftest import seal_and_stream
from tests.siem.receiver import Authority, Receiver

TOKEN_NAME = 'ops "bot" [x] \\ y'  # what RFC 5424 §6.3.3 makes a sender escape: '"', ']' and '\'


def destination(receiver: Receiver, authority: Authority, **more: Any) -> dict[str, Any]:
    return {"name": "SOC", "host": "127.0.0.1", "port": receiver.port, "caPem": authority.pem, "appName": "cf-test",
            "kinds": ["signin", "change", "robot", "data", "refused", "token", "other"], **more}


async def add(api: Api, body: dict[str, Any]) -> dict[str, Any]:
    answer = await api.call("/audit/siem/add", body)
    assert answer.code == 0, answer.body
    return answer.data


async def listed(api: Api, destination_id: int) -> dict[str, Any]:
    answer = await api.call("/audit/siem/list", {})
    assert answer.code == 0, answer.body
    return next(row for row in answer.data["list"] if row["destinationId"] == destination_id)


async def sent_rows(app: Any, path: str, after: dict[str, int]) -> list[AuditRecord]:
    """The sealed rows of a branch past a cursor, in the stream's order (chain, seq)."""
    async with app.state.db.sessions() as db:
        return list(await db.scalars(select(AuditRecord).where(stream.pending(path, after))
                                     .order_by(AuditRecord.chain, AuditRecord.seq)))


async def token_calls(app: Any, api: Api) -> None:
    """An API token named with the characters SD values escape: its refused write is an audit row naming it."""
    made = await api.call("/integration/token/insert", {"name": TOKEN_NAME, "keys": ["elevator/index"],
                                                        "expiresAt": (utcnow() + timedelta(days=2)).isoformat()})
    assert made.code == 0, made.body
    async with new_client(app) as client:
        bot = Api(client, app.state.signer)
        refused = await client.post("/api/elevator/insertElevator", json={"elevatorName": "x", "buildingName": "y"},
                                    headers={"Authorization": f"Bearer {made.data['token']}"})
        assert refused.json()["message"]["code"] == Code.NO_PERMISSION, bot


async def test_real_events_arrive_in_order_as_strict_rfc_5424(app, branch, receiver, authority, signed_in):
    dealer = branch["api"]
    made = await add(dealer, destination(receiver, authority))
    assert made["state"] == "waiting" and made["nodeId"] == branch["dealer"].id
    async with app.state.db.sessions() as db:
        cursor = (await db.get(SiemDestination, made["destinationId"])).cursor
    await signed_in(branch["customer"], "Secret123")  # a sign-in in the dealer's branch
    assert (await dealer.call("/user/insertUser", {"account": unique_account("sm"), "name": "Night lead",
                                                   "password": "Secret123"})).code == 0  # a change
    assert (await branch["customer_api"].call("/audit/list", {})).code == Code.NO_PERMISSION  # a refusal
    await token_calls(app, dealer)
    assert (await branch["other_api"].call("/user/insertUser", {"account": unique_account("so"), "name": "Theirs",
                                                                 "password": "Secret123"})).code == 0  # not ours

    sent = await seal_and_stream(app)
    expected = await sent_rows(app, branch["dealer"].path, cursor)
    assert sent == len(expected) and sent >= 5
    messages = await receiver.wait_for(sent)
    assert receiver.errors == []
    assert [int(m.sd["cleanfleet@32473"]["id"]) for m in messages] == [row.id for row in expected]
    kinds = [m.msgid for m in messages]
    assert {"sign_in", "access_change", "refused"} <= set(kinds), kinds
    for message, row in zip(messages, expected, strict=True):
        sd = message.sd["cleanfleet@32473"]
        assert (sd["seq"], sd["hash"], sd["chain"], sd["outcome"]) == (str(row.seq), row.hash, row.chain, row.outcome)
        assert (message.hostname, message.app_name, message.procid) == ("localhost", "cf-test", "-")
        assert message.severity == {"ok": 5, "refused": 4, "failed": 3}[row.outcome]
        assert message.facility == (10 if group_of(row.kind) == "signin" else 13)
        assert datetime.fromisoformat(message.timestamp) == row.at.astimezone(UTC)
        assert message.msg.startswith(b"\xef\xbb\xbf")
        body = orjson.loads(message.msg[3:])
        assert (body["id"], body["hash"], body["kind"]) == (row.id, row.hash, row.kind)
        assert "Secret123" not in message.msg.decode()
    by_token = [m for m in messages if TOKEN_NAME in m.sd["cleanfleet@32473"].get("actor", "")]
    assert by_token, "the token's refused call did not arrive"
    assert all(m.sd["cleanfleet@32473"]["actorType"] == "token" for m in by_token)
    assert branch["other"].account not in {m.sd["cleanfleet@32473"].get("actor") for m in messages}

    health = await listed(dealer, made["destinationId"])
    assert (health["state"], health["sent"], health["backlog"], health["lastError"]) == ("ok", sent, 0, None)
    assert health["lastSentAt"] is not None
    assert await seal_and_stream(app) == 0 and len(receiver.messages) == sent  # nothing twice
    assert receiver.handshakes == 1  # one connection, kept


async def test_the_receiver_down_then_up_loses_and_repeats_nothing(app, branch, receiver, authority):
    dealer = branch["api"]
    await seal_and_stream(app)  # the fixture's sign-ins sealed before the destination is added
    made = await add(dealer, destination(receiver, authority, kinds=["change"]))

    accounts: list[str] = []

    async def change(name: str) -> None:
        accounts.append(unique_account("sd"))
        answer = await dealer.call("/user/insertUser", {"account": accounts[-1], "name": name,
                                                        "password": "Secret123"})
        assert answer.code == 0, answer.body

    await change("Before")
    assert await seal_and_stream(app) == 2  # the destination's own adding (a change) and "Before"
    await receiver.wait_for(2)
    await receiver.stop()
    await change("While down 1")
    await change("While down 2")
    assert await seal_and_stream(app) == 0
    down = await listed(dealer, made["destinationId"])
    assert (down["state"], down["lastError"], down["backlog"]) == ("failing", "unreachable", 2)
    assert down["lastErrorText"] and down["retryAt"] is not None
    assert await seal_and_stream(app) == 0  # waits for its retry: not tried again at once
    await receiver.start()  # up again, on the same port
    later = utcnow() + timedelta(seconds=10)
    assert await stream.stream_round(app.state.db, app.state.settings, later) == 2
    messages = await receiver.wait_for(4)
    bodies = [orjson.loads(m.msg[3:]) for m in messages if m.msgid == "access_change"]
    names = [personal.resolved(body["detail"]["changes"][0][3], body["personal"]) for body in bodies]
    assert names == accounts  # the user made before, and the two made while the receiver was down, in order
    assert len({m.sd["cleanfleet@32473"]["id"] for m in messages}) == len(messages) == 4
    up = await listed(dealer, made["destinationId"])
    assert (up["state"], up["lastError"], up["backlog"], up["sent"]) == ("ok", None, 0, 4)


async def test_a_certificate_not_trusted_is_refused_and_shown(app, branch, receiver, authority):
    dealer = branch["api"]
    stranger = Authority("someone else's CA")
    made = await add(dealer, destination(receiver, authority, caPem=stranger.pem))
    tested = await dealer.call("/audit/siem/test", {"destinationId": made["destinationId"]})
    assert tested.code == 0 and (tested.data["ok"], tested.data["error"]) == (False, "tls")
    assert tested.data["errorText"]
    assert (await dealer.call("/user/insertUser", {"account": unique_account("st"), "name": "x",
                                                   "password": "Secret123"})).code == 0
    assert await seal_and_stream(app) == 0
    shown = await listed(dealer, made["destinationId"])
    assert (shown["state"], shown["lastError"]) == ("failing", "tls") and shown["backlog"] >= 1
    system = await add(dealer, destination(receiver, authority, name="System CAs", caPem=None))
    tested = await dealer.call("/audit/siem/test", {"destinationId": system["destinationId"]})
    assert (tested.data["ok"], tested.data["error"]) == (False, "tls")  # not a public authority's certificate
    assert receiver.messages == []


async def test_the_test_button_sends_one_message(branch, receiver, authority):
    dealer = branch["api"]
    made = await add(dealer, destination(receiver, authority))
    tested = await dealer.call("/audit/siem/test", {"destinationId": made["destinationId"]},
                               headers={"language": "en"})
    assert tested.code == 0 and tested.data["ok"] is True and tested.data["error"] is None, tested.body
    [message] = await receiver.wait_for(1)
    assert message.msgid == "test" and message.sd == {"cleanfleet@32473": {"test": "true"}}
    assert message.msg == "\ufeffA test message from cleanfleet".encode()


async def test_hosts_and_ports_the_server_may_not_reach_are_refused(branch, receiver, authority):
    dealer = branch["api"]
    for host, port, field in (("10.0.0.5", 6514, "host"), ("192.168.1.20", 6514, "host"),
                              ("169.254.169.254", 6514, "host"), ("localhost", 6514, "host"),
                              ("127.0.0.1", receiver.port + 1 if receiver.port < 65535 else 1024, "host"),
                              ("203.0.113.5", 25, "port")):
        answer = await dealer.call("/audit/siem/add", destination(receiver, authority, host=host, port=port))
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, field), (host, port, answer.body)
    not_pem = await dealer.call("/audit/siem/add", destination(receiver, authority, caPem="not a certificate"))
    assert (not_pem.code, not_pem.field) == (Code.BAD_PARAMETER, "caPem")
    other = await dealer.call("/audit/siem/add", {**destination(receiver, authority), "nodeId": branch["other"].id})
    assert other.code in (Code.NO_PERMISSION, Code.NOT_FOUND) and other.field == "nodeId"
    made = await add(dealer, destination(receiver, authority))
    theirs = await branch["other_api"].call("/audit/siem/test", {"destinationId": made["destinationId"]})
    assert (theirs.code, theirs.field) == (Code.NOT_FOUND, "destinationId")
