"""Permission-matrix entries for the advisory calls (/api/advisory/*).

The world gets ``a.old`` (a firmware with an SBOM the advisory affects, which ``d.device`` runs), ``a.new`` (its
fixed successor), ``a.advisory`` and ``a.spare`` (deleted last). Starting the update sends commands: it runs with
the version tests' stand-in robot link.
"""

from typing import Any

from sqlalchemy import update

from cleanfleet.devices.models import Device
from tests.advisories.helpers import add_with_sbom, import_osv, osv, sbom, upload_sbom
from tests.conftest import Answer, Api
from tests.permission_matrix import Entry, World, fresh_name, register, register_world_builder
from tests.versions import permission_entries as _version_world  # noqa: F401  - devices, firmware, the link
from tests.versions.permission_entries import linked


def _advisory(component: str) -> bytes:
    return osv(fresh_name("MX-").replace(" ", "-"), affected=[{
        "package": {"ecosystem": "Debian", "name": component},
        "ranges": [{"type": "ECOSYSTEM", "events": [{"introduced": "0"}, {"fixed": "2.0"}]}]}])


async def build_advisory_world(world: World, app: Any) -> None:
    dealer = world.callers["dealer"]
    component = fresh_name("libmx").replace(" ", "")
    version = fresh_name("0.5.")[:20].replace(" ", "")
    world.ids["adv.component"] = component
    old = await add_with_sbom(dealer, fresh_name("FW "), version,
                              sbom((component, "1.0", f"pkg:generic/{component}@1.0")))
    new = await add_with_sbom(dealer, fresh_name("FW "), "FW-99.0.0",
                              sbom((component, "2.0", f"pkg:generic/{component}@2.0")))
    assert old.code == 0 and new.code == 0, (old.body, new.body)
    world.ids["adv.old"], world.ids["adv.new"] = old.data["id"], new.data["id"]
    async with app.state.db.sessions() as db:
        await db.execute(update(Device).where(Device.id == world.ids["d.device"]).values(firmware_version=version))
        await db.commit()
    for key in ("adv.advisory", "adv.spare"):
        made = await import_osv(dealer, _advisory(component))
        assert made.code == 0, made.body
        world.ids[key] = made.data["id"]


register_world_builder(build_advisory_world)


async def _import(api: Api, world: World) -> Answer:
    return await import_osv(api, _advisory(world.ids["adv.component"]))


async def _sbom(api: Api, world: World) -> Answer:
    component = world.ids["adv.component"]
    return await upload_sbom(api, world.ids["adv.new"], sbom((component, "2.1", f"pkg:generic/{component}@2.1")))


register(
    Entry("/api/advisory/list"),
    Entry("/api/advisory/import", send=_import),
    Entry("/api/advisory/affected", lambda w: {"id": w.ids["adv.advisory"]}),
    Entry("/api/advisory/update", send=linked("/advisory/update", lambda w: {
        "id": w.ids["adv.advisory"], "versionId": w.ids["adv.new"], "deviceSerialNumbers": [w.ids["d.sn"]]})),
    Entry("/api/advisory/delete", lambda w: {"id": w.ids["adv.spare"]}, last=1),
    Entry("/api/advisory/sbom/list"),
    Entry("/api/advisory/sbom/get", lambda w: {"versionId": w.ids["adv.old"]}),
    Entry("/api/advisory/sbom/upload", send=_sbom),
)
