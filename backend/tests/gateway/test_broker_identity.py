"""Robot identity at the system Mosquitto started with deploy/mosquitto.conf (issue 46 item 1).

The shipped configuration, on a port and in a folder of this test's own, with the dynamic security file the
product's init writes; the product's broker sync (gateway/brokerauth/sync.py) makes the clients. Proven: nobody
connects anonymously, a robot cannot sign in as another or with a wrong secret, a robot's publishes to another's
topics and subscriptions to another's commands get nothing through, the robot works end to end with the gateway,
and a deleted robot is disconnected and cannot sign in again.
"""

import asyncio
import contextlib
import getpass
import json
import re
import shutil
import socket
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from cleanfleet.gateway.brokerauth.dynsec import DynsecAdmin, initial_config
from cleanfleet.gateway.brokerauth.models import BrokerPassword
from cleanfleet.gateway.brokerauth.passwords import queue_password
from cleanfleet.gateway.brokerauth.sync import BrokerSync
from cleanfleet.gateway.link import probe_topic
from cleanfleet.gateway.mqtt import Message, MqttClient, MqttError
from cleanfleet.gateway.payloads import SUBSCRIPTIONS
from tests.gateway.helpers import free_ports, robot_device, unique_prefix

SHIPPED = Path(__file__).resolve().parents[3] / "deploy" / "mosquitto.conf"
ADMIN, ADMIN_PASSWORD = "cleanfleet-admin", "admin-password-for-the-test"
GATEWAY, GATEWAY_PASSWORD = "cleanfleet-gateway", "gateway-password-for-the-test"


def _plugin(conf: str) -> str:
    match = re.search(r"^plugin (\S+)", conf, re.MULTILINE)
    assert match, "deploy/mosquitto.conf loads no plugin"
    return match.group(1)


def test_shipped_configuration_refuses_anonymous_clients() -> None:
    conf = SHIPPED.read_text()
    assert re.search(r"^allow_anonymous false$", conf, re.MULTILINE)
    assert "mosquitto_dynamic_security" in _plugin(conf)
    assert re.search(r"^max_queued_messages 200000$", conf, re.MULTILINE)


@pytest.fixture
def mosquitto(tmp_path: Path) -> Iterator[int]:
    """The system Mosquitto with the shipped configuration on a port of its own; its port."""
    binary = shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None)
    if binary is None:
        pytest.skip("no mosquitto binary on this machine (apt-get install mosquitto)")
    conf = SHIPPED.read_text()
    if not Path(_plugin(conf)).exists():
        pytest.skip(f"Mosquitto's dynamic security plugin is not at {_plugin(conf)}")
    port = free_ports(1)
    dynsec_file = tmp_path / "dynamic-security.json"
    dynsec_file.write_text(json.dumps(initial_config(ADMIN, ADMIN_PASSWORD)))
    conf = re.sub(r"^listener 1883$", f"listener {port} 127.0.0.1", conf, flags=re.MULTILINE)
    conf = re.sub(r"^plugin_opt_config_file .*$", f"plugin_opt_config_file {dynsec_file}", conf, flags=re.MULTILINE)
    assert f"listener {port}" in conf and str(dynsec_file) in conf
    # as root Mosquitto drops to the user "mosquitto", who could not write this test's folder
    (tmp_path / "mosquitto.conf").write_text(f"{conf}\nuser {getpass.getuser()}\n")
    log = (tmp_path / "mosquitto.log").open("w")
    process = subprocess.Popen([binary, "-c", str(tmp_path / "mosquitto.conf")], stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 10
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
            assert process.poll() is None, (tmp_path / "mosquitto.log").read_text()
            assert time.monotonic() < deadline, "Mosquitto did not listen"
            time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        process.wait(10)
        log.close()


class Client:
    """An MQTT client of the test: every message it gets, in a queue."""

    def __init__(self, mqtt: MqttClient, received: "asyncio.Queue[Message]") -> None:
        self.mqtt, self.received = mqtt, received
        self.task = asyncio.create_task(mqtt.run())

    @classmethod
    async def open(cls, port: int, client_id: str, username: str | None = None,
                   password: str | None = None) -> "Client":
        received: asyncio.Queue[Message] = asyncio.Queue()
        mqtt = await MqttClient.open("127.0.0.1", port, received.put_nowait, client_id=client_id,
                                     clean_session=True, username=username, password=password)
        return cls(mqtt, received)

    async def next(self) -> Message:
        return await asyncio.wait_for(self.received.get(), 10)

    async def close(self) -> None:
        self.mqtt.close()
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, MqttError):
            await self.task


async def _refused(port: int, client_id: str, username: str | None = None, password: str | None = None) -> str:
    with pytest.raises(MqttError) as refusal:
        await MqttClient.open("127.0.0.1", port, lambda _: None, client_id=client_id, clean_session=True,
                              username=username, password=password)
    return str(refusal.value)


@pytest.fixture
async def synced(app: Any, mosquitto: int) -> AsyncIterator[tuple[BrokerSync, DynsecAdmin]]:
    settings = app.state.settings.model_copy(update={
        "mqtt_url": f"mqtt://{GATEWAY}:{GATEWAY_PASSWORD}@127.0.0.1:{mosquitto}",
        "mqtt_dynsec_user": ADMIN, "mqtt_dynsec_password": ADMIN_PASSWORD})
    sync = BrokerSync(app.state.db, settings)
    admin = await sync._open()
    try:
        yield sync, admin
    finally:
        await admin.close()


async def test_only_the_robot_speaks_as_the_robot(app, db, make_user, admin, mosquitto, synced) -> None:
    sync, dynsec = synced
    owner, _ = await make_user(3)
    prefix = unique_prefix()
    first, second = f"{prefix}A", f"{prefix}B"
    robots = {first: "first-robot-secret", second: "second-robot-secret"}
    devices = {}
    for sn, secret in robots.items():
        devices[sn] = await robot_device(db, owner, sn, secret=secret)
        await queue_password(db, sync.settings, sn, secret)  # as the device's creation does
    await db.commit()
    await sync.resync(dynsec)
    assert await db.scalar(select(func.count()).select_from(BrokerPassword)
                           .where(BrokerPassword.serial_number.in_(robots))) == 0

    assert "refused" in await _refused(mosquitto, "anyone")
    assert "refused" in await _refused(mosquitto, second, second, robots[first])
    assert "refused" in await _refused(mosquitto, first, first, "a wrong secret")
    assert await _refused(mosquitto, second, first, robots[first])  # its own secret, another's client id
    assert await _refused(mosquitto, "gateway-impostor", GATEWAY, "a wrong password")

    gateway = await Client.open(mosquitto, "cleanfleet-gateway-w0", GATEWAY, GATEWAY_PASSWORD)
    probe = probe_topic("cleanfleet-gateway-w0")
    await gateway.mqtt.subscribe([(f"$share/cleanfleet/{t}", q) for t, q in SUBSCRIPTIONS] + [(probe, 0)])
    robot = await Client.open(mosquitto, first, first, robots[first])
    other = await Client.open(mosquitto, second, second, robots[second])
    await robot.mqtt.subscribe([(f"cf/{first}/down/#", 1)])
    await other.mqtt.subscribe([(f"cf/{second}/down/#", 1)])
    for stolen in (f"cf/{second}/down/#", "cf/+/down/#", "cf/+/up/#", "#"):
        with pytest.raises(MqttError, match="subscription refused"):
            await robot.mqtt.subscribe([(stolen, 1)])

    # forged first: were any let through, the broker would deliver it before what follows (one publisher's order)
    await robot.mqtt.publish_acknowledged(f"cf/{second}/up/status", b'{"forged": "status"}')
    await robot.mqtt.publish_acknowledged(f"cf/{second}/down/cmd", b'{"forged": "command"}')
    await robot.mqtt.publish_acknowledged(probe, b"forged probe")
    await robot.mqtt.publish_acknowledged(f"cf/{first}/up/status", b'{"own": "status"}')
    heard = await gateway.next()
    assert (heard.topic, heard.payload) == (f"cf/{first}/up/status", b'{"own": "status"}')

    await gateway.mqtt.publish_acknowledged(f"cf/{second}/down/cmd", b'{"real": "command"}')
    told = await other.next()
    assert (told.topic, told.payload) == (f"cf/{second}/down/cmd", b'{"real": "command"}')
    await gateway.mqtt.publish_acknowledged(f"cf/{first}/down/cmd", b'{"go": "clean"}')
    told = await robot.next()
    assert (told.topic, told.payload) == (f"cf/{first}/down/cmd", b'{"go": "clean"}')
    gateway.mqtt.publish(probe, b"probe")
    assert (await gateway.next()).payload == b"probe"
    assert robot.received.empty() and other.received.empty()

    answer = await admin.call("/device/deleteDevice", {"deviceId": devices[second].id})
    assert answer.code == 0, answer.body
    await sync.round(dynsec)
    with pytest.raises(MqttError):
        await asyncio.wait_for(other.task, 10)  # the broker disconnected it
    assert "refused" in await _refused(mosquitto, second, second, robots[second])
    for client in (gateway, robot, other):
        await client.close()


async def test_the_sync_keeps_nothing_of_a_robot_whose_device_is_gone(app, db, make_user, mosquitto,
                                                                       synced) -> None:
    """A restart's resync deletes the clients of devices deleted while the product was away."""
    sync, dynsec = synced
    await sync.resync(dynsec)
    from cleanfleet.gateway.brokerauth import dynsec as commands

    await dynsec.run([commands.create_role("cf-robot-GONE-1", []), commands.create_client("GONE-1",
                                                                                           "cf-robot-GONE-1",
                                                                                           password="x")])
    await sync.resync(dynsec)
    assert "GONE-1" not in sync.robots
    assert "refused" in await _refused(mosquitto, "GONE-1", "GONE-1", "x")


async def test_no_password_is_kept_without_a_broker_to_give_it_to(app, db) -> None:
    """With the embedded broker (or EMQX, which asks the product) nothing is queued."""
    await queue_password(db, app.state.settings, "NO-DYNSEC-1", "secret")
    await db.commit()
    assert await db.scalar(select(func.count()).select_from(BrokerPassword)
                           .where(BrokerPassword.serial_number == "NO-DYNSEC-1")) == 0


async def test_a_robot_added_in_the_console_signs_in_to_the_broker_with_its_secret(app, admin, make_user, mosquitto,
                                                                                   synced, monkeypatch) -> None:
    """The console's insertDevice hands the new secret to the broker (devices publishes DEVICE_SECRET_SET in its
    transaction; brokerauth queues it; the sync sets it): the robot signs in with the secret it was shown."""
    sync, dynsec = synced
    from cleanfleet.gateway.brokerauth import passwords

    monkeypatch.setattr(passwords, "get_settings", lambda: sync.settings)  # the server's settings, as in production
    owner, _ = await make_user(3)
    kind = await admin.call("/device/insertDeviceType", {"typeName": f"{unique_prefix()}Type"})
    sn = f"{unique_prefix()}C"
    added = await admin.call("/device/insertDevice", {"deviceSerialNumber": sn, "deviceCode": "Console robot",
                                                      "deviceType": kind.data["typeId"], "userId": owner.id})
    assert added.code == 0, added.body
    await sync.resync(dynsec)
    robot = await Client.open(mosquitto, sn, sn, added.data["deviceSecret"])
    await robot.close()
    assert "refused" in await _refused(mosquitto, sn, sn, "not-its-secret")
