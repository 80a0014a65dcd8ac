"""The gateway's default MQTT client id cannot be guessed, yet stays the same across restarts of one install."""

from cleanfleet.gateway.runtime import DEFAULT_CLIENT_ID, gateway_client_id
from cleanfleet.settings import Settings


def test_the_default_client_id_is_per_install_and_kept_across_restarts(tmp_path) -> None:
    first_install = Settings(data_dir=tmp_path / "one")
    second_install = Settings(data_dir=tmp_path / "two")
    drawn = gateway_client_id(first_install)
    assert drawn.startswith(f"{DEFAULT_CLIENT_ID}-") and len(drawn) > len(DEFAULT_CLIENT_ID) + 12
    assert gateway_client_id(first_install) == drawn  # the next start
    assert gateway_client_id(second_install) != drawn


def test_a_configured_client_id_is_used_as_it_is(tmp_path) -> None:
    assert gateway_client_id(Settings(data_dir=tmp_path, mqtt_client_id="worker-2")) == "worker-2"
