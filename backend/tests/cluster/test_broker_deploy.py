"""The deploy files give every broker robot identity (issue 46 item 1): EMQX asks the API, with its shared secret."""

import asyncio
import re
from pathlib import Path

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
    assert re.match(r"^mqtts://cleanfleet-gateway:\$\{MQTT_GATEWAY_PASSWORD:\?[^}]*\}@emqx:8883$",
                    api["CLEANFLEET_MQTT_URL"])
    # TLS only: the ssl listener with the product's certificates, the client's certificate CN its identity
    assert emqx["EMQX_LISTENERS__TCP__DEFAULT__ENABLE"] == "false"
    assert compose["services"]["emqx"]["ports"] == ["8883:8883"]
    assert emqx["EMQX_LISTENERS__SSL__DEFAULT__SSL_OPTIONS__VERIFY"] == "verify_peer"
    assert emqx["EMQX_MQTT__PEER_CERT_AS_CLIENTID"] == "cn" and "$${cert_common_name}" in emqx["EMQX_AUTHENTICATION"]


def test_kubernetes_hands_emqx_the_same_authenticator_and_authorizer() -> None:
    config = yaml.safe_load((DEPLOY / "k8s" / "emqx-auth.yaml").read_text())["data"]["emqx-auth.hocon"]
    assert "/api/broker/authenticate" in config and "/api/broker/authorize" in config
    assert "no_match = deny" in config and config.count("${BROKER_AUTH_SECRET}") == 2
    assert "emqx-auth.yaml" in (DEPLOY / "k8s" / "kustomization.yaml").read_text()
    secret = yaml.safe_load((DEPLOY / "k8s" / "secret.example.yaml").read_text())["stringData"]
    assert "CLEANFLEET_BROKER_AUTH_SECRET" in secret and secret["CLEANFLEET_MQTT_URL"].startswith("mqtts://")
    assert "listeners.tcp.default.enable = false" in config and "verify = verify_peer" in config


async def test_run_cluster_starts_its_own_mosquitto_that_refuses_strangers(tmp_path) -> None:
    """`make run-cluster` with no CLEANFLEET_MQTT_URL: its own Mosquitto with the shipped configuration."""
    import pytest

    from cleanfleet.cluster import start_own_broker
    from cleanfleet.gateway.broker.tls import gateway_context
    from cleanfleet.gateway.link import BrokerAddress
    from cleanfleet.gateway.mqtt import MqttClient, MqttError
    from cleanfleet.settings import Settings
    from tests.gateway.helpers import free_ports

    shared: dict[str, str] = {}
    port = free_ports(2)
    settings = Settings(data_dir=tmp_path)
    broker = start_own_broker(shared, settings, port, port + 1)
    if broker is None:
        pytest.skip("no mosquitto binary or no dynamic security plugin on this machine")
    try:
        address = BrokerAddress.parse(shared["CLEANFLEET_MQTT_URL"])
        assert (address.port, address.username, address.tls) == (port, "cleanfleet-gateway", True)
        assert address.password
        context = gateway_context(settings, address)  # the broker verified against the product CA
        with pytest.raises(MqttError, match="refused"):
            await MqttClient.open("127.0.0.1", port, lambda _: None, client_id="stranger", clean_session=True,
                                  ssl=context)
        with pytest.raises(MqttError, match="cannot reach|connection"):  # plain MQTT: no such listener
            await MqttClient.open("127.0.0.1", port, lambda _: None, client_id="plain", clean_session=True,
                                  username=shared["CLEANFLEET_MQTT_DYNSEC_USER"],
                                  password=shared["CLEANFLEET_MQTT_DYNSEC_PASSWORD"])
        admin = await MqttClient.open("127.0.0.1", port, lambda _: None, client_id="sync", clean_session=True,
                                      username=shared["CLEANFLEET_MQTT_DYNSEC_USER"],
                                      password=shared["CLEANFLEET_MQTT_DYNSEC_PASSWORD"], ssl=context)
        admin.close()
        # the certificate listener wants a client certificate
        with pytest.raises(MqttError):
            await MqttClient.open("127.0.0.1", port + 1, lambda _: None, client_id="stranger", clean_session=True,
                                  ssl=context)
        # the workers SIGHUP it after each CRL rewrite: its pid file names this very process
        pid_file = Path(shared["CLEANFLEET_BROKER_RELOAD_PID_FILE"])
        assert int(await asyncio.to_thread(pid_file.read_text)) == broker.pid
        assert start_own_broker({"CLEANFLEET_MQTT_URL": "mqtt://elsewhere:1883"}, settings, port) is None
    finally:
        broker.terminate()
        broker.wait(10)


def test_run_cluster_robots_enrol_and_sign_in_by_certificate(tmp_path) -> None:
    """With its own Mosquitto the cluster runs the simulated robots as certificate robots: they enrol (device secret
    and a CSR) with the first worker, keep their pairs in data_dir, and sign in on the certificate listener over TLS,
    verifying the broker against the CA file."""
    from cleanfleet.cluster import ROBOTS_FOLDER, simulated_fleet_command
    from cleanfleet.settings import Settings

    settings = Settings(data_dir=tmp_path, sim_robots=5)
    command = simulated_fleet_command(settings, "http://127.0.0.1:8001", 8885, tmp_path / "ca.pem")
    options = dict(zip(command[3::2], command[4::2], strict=False))
    assert command[1:3] == ["-m", "cleanfleet_sim"] and "--enrol" in command
    assert options["--robots"] == "5" and options["--cloud"] == "http://127.0.0.1:8001"
    assert command[command.index("--mqtt") + 1] == "mqtts://127.0.0.1:8885"
    assert command[command.index("--mqtt-ca") + 1] == str(tmp_path / "ca.pem")
    assert command[command.index("--state-dir") + 1] == str(tmp_path / ROBOTS_FOLDER)
