"""Permission-matrix entries for the webhook calls (/api/integration/webhook/*).

The world gets two subscriptions of the rightful dealer (one to delete last) to an address the world allows
(``127.0.0.1:9``, through the ``webhook_allow`` setting: the add call checks it), and a delivery of the first (a
test event). A subscription is its owner's alone: another branch's dealer and the user below get NOT_FOUND, the
shadow without the key NO_PERMISSION.
"""

from typing import Any

from tests.permission_matrix import Entry, World, register, register_world_builder

ALLOWED = "127.0.0.1:9"
URL = f"http://{ALLOWED}/hook"
OWN = "reads only the caller's own subscriptions: another caller gets its own (empty) list"


async def build_webhook_world(world: World, app: Any) -> None:
    settings = app.state.settings
    if ALLOWED not in settings.webhook_allow:
        settings.webhook_allow = ",".join(part for part in (settings.webhook_allow, ALLOWED) if part)
    for key in ("hook.subscription", "hook.spare"):
        made = await world.callers["dealer"].call("/integration/webhook/add", {
            "name": key, "url": URL, "events": ["robot.online", "alarm.raised"]})
        assert made.code == 0, made.body
        world.ids[key] = made.data["subscriptionId"]
    sent = await world.callers["dealer"].call("/integration/webhook/test",
                                              {"subscriptionId": world.ids["hook.subscription"]})
    assert sent.code == 0, sent.body
    world.ids["hook.delivery"] = sent.data["deliveryId"]


register_world_builder(build_webhook_world)


def _sub(w: World) -> dict[str, Any]:
    return {"subscriptionId": w.ids["hook.subscription"]}


def _edit(w: World) -> dict[str, Any]:
    return {**_sub(w), "name": "edited", "url": URL, "events": ["robot.offline"], "active": True}


register(
    Entry("/api/integration/webhook/list", not_applicable={"other_branch": OWN, "lower_level": OWN}),
    Entry("/api/integration/webhook/catalogue",
          not_applicable={"other_branch": "the catalogue is the same for everyone holding the page key",
                          "lower_level": "the catalogue is the same for everyone holding the page key"}),
    Entry("/api/integration/webhook/add", lambda w: {"name": "new", "url": URL, "events": ["robot.online"]},
          not_applicable={"other_branch": "creates the caller's own subscription",
                          "lower_level": "creates the caller's own subscription"}),
    Entry("/api/integration/webhook/edit", _edit),
    Entry("/api/integration/webhook/rotate", _sub),
    Entry("/api/integration/webhook/resume", _sub),
    Entry("/api/integration/webhook/test", _sub),
    Entry("/api/integration/webhook/deliveries", _sub),
    Entry("/api/integration/webhook/replay", lambda w: {"deliveryId": w.ids["hook.delivery"]}),
    Entry("/api/integration/webhook/delete", lambda w: {"subscriptionId": w.ids["hook.spare"]}, last=1),
)
