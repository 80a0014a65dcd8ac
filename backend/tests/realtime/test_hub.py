"""The live hub: numbered events, subtree filtering, resuming after a reconnect, resync when too far behind."""

from datetime import UTC, datetime

from cleanfleet.core.auth import Caller
from cleanfleet.realtime.hub import Hub


def caller(path: str, user_id: int = 5) -> Caller:
    return Caller(user_id=user_id, account="a", name="a", level_depth=3, acting_user_id=user_id, acting_path=path,
                  acting_level=3, is_shadow=False, keys=frozenset(), language=None, token_hash=f"t{user_id}",
                  expires_at=datetime.now(UTC))


def drain(console) -> list[dict]:
    out = []
    while not console.queue.empty():
        out.append(console.queue.get_nowait())
    return out


def state(device_id: int, path: str) -> dict:
    return {"ownerPath": path, "deviceId": device_id, "online": 1}


def test_each_console_sees_only_its_subtree_without_owner_paths():
    hub = Hub()
    mine, theirs = hub.join(caller("/1/7/")), hub.join(caller("/1/9/", 6))
    hub.publish("devices", [state(1, "/1/7/"), state(2, "/1/7/42/"), state(3, "/1/9/")])
    hub.publish("devices", [state(3, "/1/9/")])
    mine_got = drain(mine)
    assert [m["type"] for m in mine_got] == ["hello", "devices"]
    assert mine_got[1] == {"type": "devices", "seq": 1, "data": [{"deviceId": 1, "online": 1},
                                                                  {"deviceId": 2, "online": 1}]}
    assert [[d["deviceId"] for d in m["data"]] for m in drain(theirs)[1:]] == [[3], [3]]


def test_a_returning_console_gets_what_it_missed_then_live_events():
    hub = Hub()
    first = hub.join(caller("/1/7/"))
    hello = drain(first)[0]
    hub.publish("devices", [state(1, "/1/7/")])
    seen = drain(first)[-1]["seq"]
    hub.leave(first)
    hub.publish("devices", [state(1, "/1/7/")])
    hub.publish("devices", [state(9, "/1/9/")])  # not this console's
    hub.publish("alarms", [{"ownerPath": "/1/7/", "warnId": 4}])
    back = hub.join(caller("/1/7/"), since=seen, epoch=hello["epoch"])
    got = drain(back)
    assert [(m["type"], m.get("seq")) for m in got] == [("hello", 4), ("devices", 2), ("alarms", 4)]
    hub.publish("devices", [state(1, "/1/7/")])
    assert drain(back)[0]["seq"] == 5


def test_too_far_behind_another_epoch_or_a_future_seq_means_resync():
    hub = Hub(capacity=100)
    for _ in range(30):
        hub.publish("devices", [state(i, "/1/7/") for i in range(10)])  # 300 updates: the oldest are gone
    for since, epoch in ((1, None), (5, hub.epoch), (29, "another-start"), (99, None)):
        got = drain(hub.join(caller("/1/7/"), since=since, epoch=epoch))
        assert [m["type"] for m in got] == ["hello", "resync"], (since, epoch)
    recent = drain(hub.join(caller("/1/7/"), since=28, epoch=hub.epoch))
    assert [m.get("seq") for m in recent] == [30, 29, 30]


def test_a_slow_console_is_told_to_resync_instead_of_growing_without_bound():
    hub = Hub()
    console = hub.join(caller("/1/7/"))
    for _ in range(1500):
        hub.publish("devices", [state(1, "/1/7/")])
    got = drain(console)
    assert got[0]["type"] == "resync" and len(got) < 1000
