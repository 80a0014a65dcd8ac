"""Topic names and filters: ``+``, ``#``, ``$`` topics, invalid filters (MQTT 3.1.1, 4.7)."""

import pytest

from cleanfleet.gateway.wire import SUBSCRIPTION_REFUSED, subscribe_packet
from tests.gateway.conformance.conftest import Target


async def test_plus_matches_one_level_and_hash_any_number_including_the_parent(broker: Target) -> None:
    """[MQTT-4.7.1-2] [MQTT-4.7.1-3] [MQTT-4.7.3-1]: ``+`` one whole level (an empty one too), ``#`` the level
    above it and every level below; names are compared exactly (case, trailing separators)."""
    robot, _ = await broker.robot()
    await robot.subscribe((broker.down("one/+/end"), 1), (broker.down("all/#"), 1))
    matching = ["one/x/end", "one//end", "all", "all/", "all/a", "all/a/b/c"]
    not_matching = ["one/x/y/end", "one/x", "One/x/end", "allx", "al/l"]
    for path in not_matching + matching:
        await broker.inject(broker.down(path), path.encode())
    await broker.inject(broker.down("all/last"), b"last")
    got: list[bytes] = []
    while not got or got[-1] != b"last":
        got.extend(m.payload for m in await robot.take(1))
    assert got == [path.encode() for path in matching] + [b"last"]


async def test_wildcards_at_the_start_do_not_match_dollar_topics(broker: Target) -> None:
    """[MQTT-4.7.2-1]: ``#`` and ``+/...`` do not match a topic beginning with ``$``; a filter that starts
    with the ``$`` level does."""
    wild = await broker.observer(["#", f"+/{broker.serial}/x"])
    dollar = await broker.observer([f"$cf/{broker.serial}/#"])
    await broker.inject(f"$cf/{broker.serial}/x", b"dollar")
    await broker.inject(f"cf/{broker.serial}/x", b"plain")
    await dollar.wait_for(b"dollar")
    await wild.wait_for(b"plain")
    assert b"dollar" not in wild.payloads()


@pytest.mark.parametrize("bad", ["bad#", "#/after", "in+side", "++"])
async def test_an_invalid_topic_filter_is_refused(broker: Target, bad: str) -> None:
    """[MQTT-4.7.1-1] [MQTT-4.7.1-2] [MQTT-4.7.1-3] [MQTT-4.8.0-1]: a misplaced wildcard is a protocol violation
    (Mosquitto closes the connection) or a refused subscription (the embedded broker: SUBACK 0x80, documented);
    either way nothing is subscribed, and the embedded broker's connection goes on."""
    robot, _ = await broker.robot()
    bad_filter = broker.down(bad)
    if broker.closes_on_bad_filter:
        await robot.send(subscribe_packet(1, [(bad_filter, 1)]))
        assert await robot.closed()
        return
    assert await robot.subscribe((bad_filter, 1), (broker.down("good"), 1)) == [SUBSCRIPTION_REFUSED, 1]
    await broker.inject(broker.down("good"), b"still served")
    assert (await robot.received()).payload == b"still served"
