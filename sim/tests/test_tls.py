"""MQTT over TLS in the simulator (cleanfleet_sim/tls.py, link.Broker): mqtts:// URLs, the CA the broker is verified
against, the robot's own certificate when it has one."""

import ssl
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import aiomqtt
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from cleanfleet_sim.link import Broker
from cleanfleet_sim.tls import client_context


def _self_signed(tmp_path):
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "SIM-TLS-1")])
    now = datetime.now(UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(1).not_valid_before(now - timedelta(minutes=1)).not_valid_after(now + timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = tmp_path / "robot.crt", tmp_path / "robot.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert.public_bytes(serialization.Encoding.PEM).decode(), cert_path, key_path


def test_mqtts_urls_mean_tls_on_8883() -> None:
    assert Broker.parse("mqtts://broker.example") == Broker("broker.example", 8883, tls=True)
    assert Broker.parse("mqtts://127.0.0.1:19277").url() == "mqtts://127.0.0.1:19277"
    assert Broker.parse("mqtt://127.0.0.1") == Broker("127.0.0.1", 1883)
    with pytest.raises(ValueError):
        Broker.parse("http://127.0.0.1")


def test_the_context_verifies_the_broker_and_presents_the_robots_certificate(tmp_path) -> None:
    ca_pem, cert_path, key_path = _self_signed(tmp_path)
    context = client_context(ca_pem, cert_path, key_path)
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname
    assert context.minimum_version == ssl.TLSVersion.TLSv1_2
    assert client_context(ca_pem, tmp_path / "missing.crt", tmp_path / "missing.key").verify_mode == ssl.CERT_REQUIRED


def test_no_tls_without_a_ca(tmp_path) -> None:
    from cleanfleet_sim.link import tls_context_for

    class Robot:
        identity = object()

    with pytest.raises(aiomqtt.MqttError):
        tls_context_for(Broker.parse("mqtts://127.0.0.1"), Robot())  # type: ignore[arg-type]
    ca_pem, _, _ = _self_signed(tmp_path)
    assert tls_context_for(replace(Broker.parse("mqtts://127.0.0.1"), ca_pem=ca_pem), Robot()) is not None  # type: ignore[arg-type]
    assert tls_context_for(Broker.parse("mqtt://127.0.0.1"), Robot()) is None  # type: ignore[arg-type]
