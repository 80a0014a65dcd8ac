"""The gateway's own MQTT subscriber: packet framing, and a real session with Mosquitto."""

import asyncio
import uuid

import aiomqtt
import pytest

from cleanfleet.gateway.mqtt import PUBLISH, Message, MqttClient, MqttError, packet, split_packets
from tests.gateway.helpers import mosquitto_up

needs_mosquitto = pytest.mark.skipif(not mosquitto_up(), reason="needs Mosquitto on 127.0.0.1:1883")


def publish_bytes(topic: str, payload: bytes, qos: int = 0, packet_id: int = 0) -> bytes:
    name = topic.encode()
    body = len(name).to_bytes(2, "big") + name + (packet_id.to_bytes(2, "big") if qos else b"") + payload
    return packet(PUBLISH, qos << 1, body)


def test_split_packets_keeps_a_partial_packet_for_the_next_read() -> None:
    first = publish_bytes("cf/A/up/heartbeat", b'{"a":1}')
    second = publish_bytes("cf/B/up/alarm", b"x" * 300, qos=1, packet_id=7)  # two-byte remaining length
    buffer = bytearray(first + second[:5])
    packets, used = split_packets(buffer)
    assert used == len(first) and len(packets) == 1
    del buffer[:used]
    buffer += second[5:]
    packets, used = split_packets(buffer)
    assert used == len(second)
    (kind, body), = packets
    assert kind >> 4 == PUBLISH and len(body) == len(second) - 3


def test_a_malformed_length_is_refused() -> None:
    with pytest.raises(MqttError, match="remaining length"):
        split_packets(bytearray(b"\x30\xff\xff\xff\xff\x01"))


@needs_mosquitto
async def test_unacknowledged_messages_come_again_after_a_reconnect() -> None:
    client_id = f"reader-{uuid.uuid4().hex[:8]}"
    topic = f"test/{client_id}/up"
    first_session: list[Message] = []
    reader = await MqttClient.open("127.0.0.1", 1883, first_session.append, client_id=client_id, clean_session=False)
    await reader.subscribe([(topic, 1)])
    running = asyncio.create_task(reader.run())
    async with aiomqtt.Client("127.0.0.1", 1883, identifier=f"pub-{client_id}") as publisher:
        for n in range(3):
            await publisher.publish(topic, f"m{n}".encode(), qos=1)
        for _ in range(100):
            if len(first_session) == 3:
                break
            await asyncio.sleep(0.05)
    assert [m.payload for m in first_session] == [b"m0", b"m1", b"m2"]
    reader.ack(first_session[0])  # only the first is stored
    await asyncio.sleep(0.2)
    reader.close()
    with pytest.raises(MqttError):
        await running

    again: list[Message] = []
    reader = await MqttClient.open("127.0.0.1", 1883, again.append, client_id=client_id, clean_session=False)
    running = asyncio.create_task(reader.run())
    for _ in range(100):
        if len(again) == 2:
            break
        await asyncio.sleep(0.05)
    for message in again:
        reader.ack(message)
    await asyncio.sleep(0.2)
    reader.close()
    with pytest.raises(MqttError):
        await running
    async with aiomqtt.Client("127.0.0.1", 1883, identifier=client_id, clean_session=True):
        pass  # ends the persistent session
    assert [m.payload for m in again] == [b"m1", b"m2"]


@needs_mosquitto
async def test_a_subscription_the_broker_refuses_is_an_error() -> None:
    """Mosquitto answers a malformed filter by closing the connection (others answer SUBACK 0x80)."""
    reader = await MqttClient.open("127.0.0.1", 1883, lambda _: None, client_id=f"bad-{uuid.uuid4().hex[:6]}",
                                   clean_session=True)
    try:
        with pytest.raises(MqttError, match="refused|closed"):
            await reader.subscribe([("bad/#/topic", 1)])
    finally:
        reader.close()


@needs_mosquitto
async def test_a_command_published_at_qos_1_waits_at_the_broker_for_an_offline_robot() -> None:
    """The gateway's commands go out at QoS 1, confirmed by the broker: a robot that was offline when the command
    was sent gets it when its persistent session comes back (QoS 0 would have been dropped)."""
    sn = f"Q1-{uuid.uuid4().hex[:8]}"
    topic = f"cf/{sn}/down/cmd"
    async with aiomqtt.Client("127.0.0.1", 1883, identifier=f"robot-{sn}", clean_session=False) as robot:
        await robot.subscribe(topic, qos=1)
    sender = await MqttClient.open("127.0.0.1", 1883, lambda _m: None, client_id=f"gw-{sn}", clean_session=True)
    running = asyncio.create_task(sender.run())
    await sender.publish_acknowledged(topic, b'{"cmd":"map_sync"}')
    async with aiomqtt.Client("127.0.0.1", 1883, identifier=f"robot-{sn}", clean_session=False) as robot:
        await robot.subscribe(topic, qos=1)
        message = await asyncio.wait_for(anext(robot.messages), 5)
        assert message.payload == b'{"cmd":"map_sync"}'
    async with aiomqtt.Client("127.0.0.1", 1883, identifier=f"robot-{sn}", clean_session=True):
        pass  # the test's session ends
    sender.close()
    with pytest.raises(MqttError):
        await running
