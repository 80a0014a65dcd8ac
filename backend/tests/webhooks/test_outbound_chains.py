"""Webhooks through the server's one outbound client (issue 45 item 2): a name rebound to loopback after the check
is never connected to there, proxy variables are ignored, and what the deliveries list shows of a failure is its
category (a resolver and a transport the test controls, listeners on 127.0.0.1: no packet beyond loopback)."""

import json

from cleanfleet.webhooks.delivery import send_due
from tests.outbound_fakes import Listener, proxy_environment, use_resolver, use_wire
from tests.webhooks.test_delivery import robot_online, subscribe


async def test_a_name_rebound_to_loopback_after_the_check_is_never_connected_to(app, branch, monkeypatch):
    resolver, wire = use_resolver(monkeypatch), use_wire(monkeypatch)
    wire.code = 204
    # checked when subscribed, checked again and connected to when sent; any later lookup would answer loopback
    resolver.answers["hooks.example"] = [["198.51.100.20"], ["198.51.100.20"], ["127.0.0.1"]]
    await subscribe(branch["customer_api"], "https://hooks.example/in", ["robot.online"])
    await robot_online(app, branch["robot"])
    assert await send_due(app.state.db, app.state.settings) == 1
    [request] = wire.requests
    assert (request.url.host, request.url.port or 443) == ("198.51.100.20", 443)
    assert request.headers["host"] == "hooks.example" and request.extensions["sni_hostname"] == "hooks.example"
    # one lookup a call, none in between (of this name: a delivery another test left may be looked up meanwhile)
    assert [name for name in resolver.asked if name == "hooks.example"] == ["hooks.example", "hooks.example"]
    await robot_online(app, branch["robot"])
    assert await send_due(app.state.db, app.state.settings) == 0  # now it points at 127.0.0.1: refused
    assert [r.url.host for r in wire.requests] == ["198.51.100.20"]


async def test_proxy_variables_of_the_environment_are_ignored(app, branch, receiver, monkeypatch):
    proxy = await Listener(b"HTTP/1.1 204 No Content\r\n\r\n").start()
    proxy_environment(monkeypatch, proxy.port)
    try:
        await subscribe(branch["customer_api"], receiver.url(), ["robot.online"])
        await robot_online(app, branch["robot"])
        assert await send_due(app.state.db, app.state.settings) == 1
    finally:
        proxy.stop()
    assert len(receiver.got) == 1 and proxy.connections == 0


async def test_the_deliveries_show_a_failures_category_never_its_text(app, branch, monkeypatch):
    plain = await Listener(b"HTTP/1.1 204 No Content\r\n\r\n").start()  # https to plain HTTP: TLS fails
    monkeypatch.setattr(app.state.settings, "webhook_allow", f"127.0.0.1:{plain.port}")
    try:
        sub = await subscribe(branch["customer_api"], f"https://127.0.0.1:{plain.port}/in", ["robot.online"])
        await robot_online(app, branch["robot"])
        assert await send_due(app.state.db, app.state.settings) == 0
    finally:
        plain.stop()
    page = await branch["customer_api"].call("/integration/webhook/deliveries",
                                             {"subscriptionId": sub["subscriptionId"]})
    [delivery] = page.data["list"]
    assert delivery["lastError"] == "tls" and [t["error"] for t in delivery["tries"]] == ["tls"]
    shown = json.dumps(page.body)
    for raw in ("SSL", "WRONG_VERSION", "ConnectError", "_ssl.c", "Errno"):
        assert raw not in shown, raw
