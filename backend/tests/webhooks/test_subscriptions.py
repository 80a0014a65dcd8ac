"""Subscribing: where the server may post (refused naming ``url`` in the caller's language), unknown events and
events whose key the owner lacks (``events.N``), the bound of 20, ownership, the secret shown once and rotated, the
catalogue and the OpenAPI webhooks."""

import ipaddress
import socket

import pytest

from cleanfleet.core import outbound
from cleanfleet.core.outbound import UnsafeUrl, check_webhook_url, parse_allowed, resolve_webhook
from cleanfleet.roles.catalogue import ROLE_AFTER_SALES
from cleanfleet.settings import REPO_ROOT
from cleanfleet.webhooks import catalogue
from cleanfleet.webhooks.schemas import MAX_SUBSCRIPTIONS

REFUSED = [
    "http://127.0.0.1/hook",  # loopback literal
    "http://localhost/hook",  # a name that resolves to 127.0.0.1
    "https://10.1.2.3/hook",  # private
    "http://169.254.169.254/latest/meta-data/",  # cloud metadata
    "http://[::1]/hook",  # IPv6 loopback
    "http://[fd00:ec2::254]/",  # IPv6 metadata
    "http://100.64.0.1/",  # CGNAT
    "http://224.0.0.1/",  # multicast
    "https://example.com:8443/hook",  # odd port
    "ftp://example.com/hook",  # not http(s)
    "https://user:pass@example.com/hook",  # credentials
    "javascript:alert(1)",
]


@pytest.mark.parametrize("url", REFUSED)
async def test_urls_the_server_may_not_post_to_are_refused_naming_url(branch, url):
    answer = await branch["customer_api"].call("/integration/webhook/add", {
        "name": "x", "url": url, "events": ["robot.online"]})
    assert answer.code == 10001 and answer.field == "url", answer.body


async def test_the_refusal_is_in_the_callers_language(branch):
    body = {"name": "x", "url": "https://example.com:8080/", "events": ["robot.online"]}
    french = await branch["customer_api"].call("/integration/webhook/add", body, headers={"language": "fr"})
    english = await branch["customer_api"].call("/integration/webhook/add", body, headers={"language": "en"})
    assert french.field == english.field == "url"
    assert "seulement les ports 80 et 443" in french.message and "only ports 80 and 443" in english.message


async def test_a_name_resolving_to_loopback_is_refused_after_lookup(monkeypatch):
    """A DNS name the rules cannot judge by its text: only the lookup (right before each call) shows where it
    points. ``rebind.example`` answers 127.0.0.1 here (the resolver patched: no network in tests), then a private
    address, then a public and a metadata one (every address must pass)."""
    answers = iter([["127.0.0.1"], ["10.9.8.7"], ["93.184.216.34", "169.254.169.254"]])
    real = outbound._lookup
    monkeypatch.setattr(outbound, "_lookup", lambda host, port: next(answers) if host == "rebind.example"
                        else real(host, port))
    for _ in range(3):
        with pytest.raises(UnsafeUrl, match="points at"):
            await resolve_webhook("https://rebind.example/hook")
    own = socket.gethostname()  # in containers the machine's name is in the hosts file as a loopback address
    if any(ipaddress.ip_address(a).is_loopback for a in outbound._lookup(own, 80)):
        with pytest.raises(UnsafeUrl, match="loopback"):
            await resolve_webhook(f"http://{own}/")
    with pytest.raises(UnsafeUrl, match="cannot be found"):
        await resolve_webhook("http://nothing-here.invalid/")


async def test_the_allow_setting_lets_one_host_port_through_and_nothing_else():
    allowed = parse_allowed("127.0.0.1:8899, [::1]:9000")
    assert check_webhook_url("http://127.0.0.1:8899/x", allowed)[4] is True
    with pytest.raises(UnsafeUrl):
        check_webhook_url("http://127.0.0.1:8898/x", allowed)
    with pytest.raises(UnsafeUrl):
        check_webhook_url("http://localhost:8899/x", allowed)  # as written, not as resolved
    target = await resolve_webhook("http://127.0.0.1:8899/x?y=1", allowed)
    assert target.connect_url() == "http://127.0.0.1:8899/x?y=1" and target.host_header() == "127.0.0.1:8899"
    with pytest.raises(ValueError):
        parse_allowed("no-port")


async def test_unknown_and_unheld_events_are_refused_naming_the_entry(branch, make_user, signed_in):
    answer = await branch["customer_api"].call("/integration/webhook/add", {
        "name": "x", "url": "https://example.com/", "events": ["robot.online", "robot.exploded"]})
    assert answer.code == 10001 and answer.field == "events.1"
    after_sales, password = await make_user(3, parent=branch["dealer"], roles=[ROLE_AFTER_SALES])
    api = await signed_in(after_sales, password)
    answer = await api.call("/integration/webhook/add", {"name": "x", "url": "https://example.com/",
                                                        "events": ["robot.online"]})
    assert answer.code == 10004  # no integration/webhook key at all


async def test_at_most_twenty_subscriptions(branch, receiver):
    api = branch["api"]
    for n in range(MAX_SUBSCRIPTIONS):
        answer = await api.call("/integration/webhook/add", {"name": f"s{n}", "url": receiver.url(),
                                                             "events": ["robot.online"]})
        assert answer.code == 0, answer.body
    answer = await api.call("/integration/webhook/add", {"name": "one more", "url": receiver.url(),
                                                         "events": ["robot.online"]})
    assert answer.code == 10001 and answer.field == "name"


async def test_a_subscription_is_its_owners_alone_and_its_secret_rotates(branch, receiver):
    created = await branch["customer_api"].call("/integration/webhook/add", {
        "name": "BMS", "url": receiver.url(), "events": ["alarm.raised", "robot.online", "alarm.raised"]})
    sid = created.data["subscriptionId"]
    assert created.data["events"] == ["robot.online", "alarm.raised"]  # once each, in the catalogue's order
    for path in ("/edit", "/rotate", "/resume", "/test", "/delete"):
        body = {"subscriptionId": sid, "name": "x", "url": receiver.url(), "events": ["robot.online"]}
        answer = await branch["other_api"].call("/integration/webhook" + path, body)
        assert answer.code == 10005 and answer.field == "subscriptionId", path
    rotated = await branch["customer_api"].call("/integration/webhook/rotate", {"subscriptionId": sid})
    assert rotated.data["secret"].startswith("whsec_") and rotated.data["secret"] != created.data["secret"]
    edited = await branch["customer_api"].call("/integration/webhook/edit", {
        "subscriptionId": sid, "name": "BMS 2", "url": receiver.url("/v2"), "events": ["robot.offline"],
        "active": False})
    assert edited.code == 0 and edited.data["state"] == "off" and "secret" not in edited.data
    refused = await branch["customer_api"].call("/integration/webhook/edit", {
        "subscriptionId": sid, "name": "BMS 2", "url": "http://10.0.0.1/", "events": ["robot.offline"]})
    assert refused.field == "url"


async def test_the_catalogue_lists_every_event_with_schema_and_sample(branch):
    answer = await branch["customer_api"].call("/integration/webhook/catalogue")
    names = [event["name"] for event in answer.data["events"]]
    assert names == list(catalogue.EVENTS) and "site.plan_missed" in names and "webhook.test" in names
    for event in answer.data["events"]:
        assert event["sample"]["type"] == event["name"] and event["sample"]["version"] == 1
        assert event["bodySchema"]["properties"]["type"]["const"] == event["name"]
        catalogue.EVENTS[event["name"]][2].model_validate(event["sample"]["data"])


async def test_the_catalogue_names_its_groups_in_the_readers_language(branch):
    """The console's checklist shows the groups as the server names them (no copy of the list in the console)."""
    english = await branch["customer_api"].call("/integration/webhook/catalogue", headers={"language": "en"})
    german = await branch["customer_api"].call("/integration/webhook/catalogue", headers={"language": "de"})
    assert [group["name"] for group in english.data["groups"]] == list(catalogue.GROUPS)
    assert {event["group"] for event in english.data["events"]} == set(catalogue.GROUPS)
    by_name = {group["name"]: group["label"] for group in english.data["groups"]}
    assert by_name["run"] == "Runs" and by_name["webhook"] == "Webhooks"
    assert {group["name"]: group["label"] for group in german.data["groups"]}["ota"] == "Firmware-Updates"


def test_the_documented_event_table_is_the_catalogues():
    """docs/integrations.md's event table is written from EVENTS (python -m cleanfleet.webhooks.catalogue)."""
    docs = (REPO_ROOT / "docs" / "integrations.md").read_text()
    assert catalogue.markdown_table() in docs, "run python -m cleanfleet.webhooks.catalogue and paste its table"


async def test_the_events_are_openapi_webhooks(api):
    response = await api.client.get("/api/openapi.json")
    schema = response.json()
    assert schema["openapi"].startswith("3.1")
    assert set(schema["webhooks"]) == set(catalogue.EVENTS)
    body = schema["webhooks"]["alarm.raised"]["post"]["requestBody"]["content"]["application/json"]
    assert body["example"]["type"] == "alarm.raised"
