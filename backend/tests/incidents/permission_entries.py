"""Permission-matrix entries for the incident calls (/api/incident/*).

The world gets an incident of the device world's robot ``d.device`` (owned by ``user``, the dealer's child): a
stuck alarm stored as the gateway stores it, and a second robot's incident for the calls that end one, plus a duty
row of ``user``'s branch. The link call is unsigned and takes no session: the matrix cannot apply its cases (the
link itself is the permission; tests/incidents/test_escalation.py refuses unknown, used and expired links).
"""

import uuid
from typing import Any

from sqlalchemy import select

from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import Device
from cleanfleet.incidents.links import new_link
from cleanfleet.incidents.models import Incident
from cleanfleet.warn.service import AlarmMessage, store_alarms
from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has devices
from tests.permission_matrix import Entry, World, register, register_world_builder

OWN = "answers only the caller's own subtree; another branch gets its own (empty) share"
LINK = "unsigned, no session: the e-mailed token is the permission (tests/incidents/test_escalation.py)"


async def _incident(app: Any, device_id: int) -> int:
    async with app.state.db.sessions() as db:
        device = await db.get(Device, device_id)
        assert device is not None
        await store_alarms(db, [AlarmMessage(device.id, device.serial_number, device.owner_path, uuid.uuid4().hex,
                                             "raise", uuid.uuid4().hex[:8], "replan_failed", "0x0205", 0x205,
                                             "fault", "alarm", "path replanning failed", utcnow())])
        await db.commit()
        return int(await db.scalar(select(Incident.id).where(Incident.device_id == device.id,
                                                             Incident.ended_at.is_(None))))


async def build_incident_world(world: World, app: Any) -> None:
    world.ids["i.incident"] = await _incident(app, world.ids["d.device"])
    world.ids["i.spare"] = await _incident(app, world.ids["d.second"])
    duty = await world.callers["dealer"].call("/incident/duty/insert", {"userId": world.id("user"),
                                                                         "personId": world.id("user")})
    assert duty.code == 0, duty.body
    world.ids["i.duty"] = duty.data["dutyId"]
    async with app.state.db.sessions() as db:  # the spare incident's mailed link, for ``user``
        url, _until = await new_link(db, app.state.settings, world.ids["i.spare"], world.id("user"), utcnow())
        await db.commit()
    world.ids["i.token"] = url.rsplit("/", 1)[1]


register_world_builder(build_incident_world)


def _incident_id(w: World) -> dict[str, Any]:
    return {"incidentId": w.ids["i.incident"]}


register(
    Entry("/api/incident/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/incident/detail", _incident_id),
    Entry("/api/incident/count", not_applicable={"other_branch": OWN, "lower_level": OWN}),
    Entry("/api/incident/figures", lambda w: {"userId": w.id("user"), "by": "device"}),
    Entry("/api/incident/chart", lambda w: {"userId": w.id("user")}),
    Entry("/api/incident/acknowledge", _incident_id, last=1),
    Entry("/api/incident/note", lambda w: {"incidentId": w.ids["i.incident"], "note": "Checked on site"}),
    Entry("/api/incident/resolve", lambda w: {"incidentId": w.ids["i.incident"], "cause": "stuck"}, last=2),
    Entry("/api/incident/close", lambda w: {"incidentId": w.ids["i.spare"]}, last=2),
    Entry("/api/incident/rule/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/incident/rule/edit", lambda w: {"userId": w.id("user"), "code": "lidar", "opens": False}),
    Entry("/api/incident/rule/reset", lambda w: {"userId": w.id("user"), "code": "lidar"}),
    Entry("/api/incident/duty/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/incident/duty/insert", lambda w: {"userId": w.id("user"), "personId": w.id("user")}),
    Entry("/api/incident/duty/delete", lambda w: {"dutyId": w.ids["i.duty"]}, last=3),
    Entry("/api/incident/link/acknowledge", lambda w: {"token": w.ids["i.token"]},
          not_applicable={case: LINK for case in ("other_branch", "lower_level", "shadow_without_key",
                                                  "signed_out")}),
)
