"""Permission-matrix entries for the SIEM streaming calls (/api/audit/siem/*; tests/permission_matrix.py).

The world gets two destinations of the dealer's customer ``user`` (``siem.destination``, edited and tested, and
``siem.spare``, deleted last), added by the rightful dealer to an address the world allows (``127.0.0.1:9``,
through the ``siem_allow`` setting: the add call checks it; nothing listens there, so the test answers at once that
it could not connect). A destination belongs to a node of the caller's subtree: another branch's dealer gets
NOT_FOUND, the user below (no ``audit`` key) and the shadow without the key NO_PERMISSION.
"""

from typing import Any

from tests.permission_matrix import Entry, World, register, register_world_builder

ALLOWED = "127.0.0.1:9"
OWN = "lists the caller's own subtree: another caller gets its own (empty) list"


def _destination(world: World, name: str) -> dict[str, Any]:
    return {"nodeId": world.id("user"), "name": name, "host": "127.0.0.1", "port": 9, "tls": True,
            "appName": "cleanfleet", "kinds": ["signin", "change", "refused"]}


async def build_siem_world(world: World, app: Any) -> None:
    settings = app.state.settings
    if ALLOWED not in settings.siem_allow:
        settings.siem_allow = ",".join(part for part in (settings.siem_allow, ALLOWED) if part)
    for key in ("siem.destination", "siem.spare"):
        made = await world.callers["dealer"].call("/audit/siem/add", _destination(world, key))
        assert made.code == 0, made.body
        world.ids[key] = made.data["destinationId"]


register_world_builder(build_siem_world)


def _id(world: World) -> dict[str, Any]:
    return {"destinationId": world.ids["siem.destination"]}


register(
    Entry("/api/audit/siem/list", not_applicable={"other_branch": OWN}),
    Entry("/api/audit/siem/add", lambda w: _destination(w, "new")),
    Entry("/api/audit/siem/edit", lambda w: {**_id(w), **_destination(w, "edited"), "kinds": ["token"]}),
    Entry("/api/audit/siem/test", _id),
    Entry("/api/audit/siem/delete", lambda w: {"destinationId": w.ids["siem.spare"]}, last=1),
)
