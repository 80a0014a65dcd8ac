"""The deploy files give every broker robot identity (issue 46 item 1): EMQX asks the API, with its shared secret."""

import re

import yaml

from cleanfleet.settings import REPO_ROOT

DEPLOY = REPO_ROOT / "deploy"


def test_compose_emqx_asks_the_api_about_every_robot_and_allows_nothing_else() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    emqx = compose["services"]["emqx"]["environment"]
    assert "/api/broker/authenticate" in emqx["EMQX_AUTHENTICATION"]
    assert "/api/broker/authorize" in emqx["EMQX_AUTHORIZATION__SOURCES"]
    assert emqx["EMQX_AUTHORIZATION__NO_MATCH"] == "deny"
    for hocon in (emqx["EMQX_AUTHENTICATION"], emqx["EMQX_AUTHORIZATION__SOURCES"]):
        assert '"X-Broker-Secret" = "${BROKER_AUTH_SECRET:?' in hocon  # the same secret the API checks
        assert "$${clientid}" in hocon and "$${username}" in hocon  # EMQX's placeholders, not compose's
    api = compose["services"]["api"]["environment"]
    assert api["CLEANFLEET_BROKER_AUTH_SECRET"].startswith("${BROKER_AUTH_SECRET:?")
    assert re.match(r"^mqtt://cleanfleet-gateway:\$\{MQTT_GATEWAY_PASSWORD:\?[^}]*\}@emqx:1883$",
                    api["CLEANFLEET_MQTT_URL"])


def test_kubernetes_hands_emqx_the_same_authenticator_and_authorizer() -> None:
    config = yaml.safe_load((DEPLOY / "k8s" / "emqx-auth.yaml").read_text())["data"]["emqx-auth.hocon"]
    assert "/api/broker/authenticate" in config and "/api/broker/authorize" in config
    assert "no_match = deny" in config and config.count("${BROKER_AUTH_SECRET}") == 2
    assert "emqx-auth.yaml" in (DEPLOY / "k8s" / "kustomization.yaml").read_text()
    secret = yaml.safe_load((DEPLOY / "k8s" / "secret.example.yaml").read_text())["stringData"]
    assert "CLEANFLEET_BROKER_AUTH_SECRET" in secret and "@emqx:1883" in secret["CLEANFLEET_MQTT_URL"]


async def test_run_cluster_starts_its_own_mosquitto_that_refuses_strangers(tmp_path) -> None:
    """`make run-cluster` with no CLEANFLEET_MQTT_URL: its own Mosquitto with the shipped configuration."""
    import pytest

    from cleanfleet.cluster import start_own_broker
    from cleanfleet.gateway.link import BrokerAddress
    from cleanfleet.gateway.mqtt import MqttClient, MqttError
    from tests.gateway.helpers import free_ports

    shared: dict[str, str] = {}
    port = free_ports(1)
    broker = start_own_broker(shared, tmp_path, port)
    if broker is None:
        pytest.skip("no mosquitto binary or no dynamic security plugin on this machine")
    try:
        address = BrokerAddress.parse(shared["CLEANFLEET_MQTT_URL"])
        assert (address.port, address.username) == (port, "cleanfleet-gateway") and address.password
        with pytest.raises(MqttError, match="refused"):
            await MqttClient.open("127.0.0.1", port, lambda _: None, client_id="stranger", clean_session=True)
        admin = await MqttClient.open("127.0.0.1", port, lambda _: None, client_id="sync", clean_session=True,
                                      username=shared["CLEANFLEET_MQTT_DYNSEC_USER"],
                                      password=shared["CLEANFLEET_MQTT_DYNSEC_PASSWORD"])
        admin.close()
        assert start_own_broker({"CLEANFLEET_MQTT_URL": "mqtt://elsewhere:1883"}, tmp_path, port) is None
    finally:
        broker.terminate()
        broker.wait(10)
