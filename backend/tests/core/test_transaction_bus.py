"""The in-transaction channels (core/bus.py, IN_TRANSACTION): a device's neighbours keep their records in the
device write's own transaction, a refusal of theirs is the write's, and a process that forgot the wiring fails."""

import pytest
from sqlalchemy import select

from cleanfleet.batches.models import ProductionBatch
from cleanfleet.batches.texts import TYPE_HAS_BATCHES
from cleanfleet.core.bus import (
    DEVICE_DELETED,
    DEVICE_OWNERS_CHANGED,
    DEVICE_PORT_ASSIGNED,
    DEVICE_TYPE_DELETING,
    IN_TRANSACTION,
    TransactionBus,
)
from cleanfleet.core.codes import Code
from cleanfleet.devices.types.models import DeviceType


async def test_a_channel_nobody_listens_to_refuses_to_publish():
    bus = TransactionBus()
    with pytest.raises(RuntimeError, match="wire_events"):
        await bus.publish(None, DEVICE_DELETED, device_id=1, owner_id=1)
    heard = []

    async def handler(db, device_id, owner_id):  # noqa: ANN001, ANN202
        heard.append((db, device_id, owner_id))

    bus.subscribe(DEVICE_DELETED, handler)
    bus.subscribe(DEVICE_DELETED, handler)  # wired twice: heard once
    await bus.publish("session", DEVICE_DELETED, device_id=7, owner_id=3)
    assert heard == [("session", 7, 3)]


def test_the_app_wires_every_device_event(app):
    for channel in (DEVICE_OWNERS_CHANGED, DEVICE_DELETED, DEVICE_PORT_ASSIGNED, DEVICE_TYPE_DELETING):
        assert IN_TRANSACTION._handlers.get(channel), channel


async def test_a_type_a_batch_makes_is_not_deleted_and_stays(admin, db):
    """Batches refuses on DEVICE_TYPE_DELETING: the refusal is the type deletion's, in the caller's language."""
    added = await admin.call("/device/insertDeviceType", {"typeName": "Batch-made bot"})
    type_id = added.data["typeId"]
    db.add(ProductionBatch(name="events batch", type_id=type_id, rack_prefix="EV", rack_first=1, rack_last=2,
                           rack_width=4, remark=""))
    await db.commit()
    refused = await admin.call("/device/deleteDeviceType", {"typeId": type_id})
    assert (refused.code, refused.field) == (Code.CONFLICT, "typeId")
    assert refused.message == TYPE_HAS_BATCHES.render(None)  # "production batches of this type exist"
    assert await db.scalar(select(DeviceType.id).where(DeviceType.id == type_id)) == type_id
