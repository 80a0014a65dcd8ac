"""Permission-matrix entries for the message centre (/api/message/*).

The world's dealer gets two messages. The lists answer the caller's own messages, so another branch or a lower
level reads its own (empty) centre: those cases do not apply; a message of the dealer is NOT_FOUND for them.
"""

from typing import Any

from cleanfleet.core.db import utcnow
from cleanfleet.messages.service import insert_messages, message_row
from tests.permission_matrix import Entry, World, register, register_world_builder

OWN = "the list answers the caller's own messages"


async def build_message_world(world: World, app: Any) -> None:
    async with app.state.db.sessions() as db:
        rows = [message_row(world.id("dealer"), None, "task_ended",
                            {"device": "R", "serial": "S", "task": f"t{n}", "time": utcnow().isoformat(), "area": 1},
                            f"matrix:{world.id('dealer')}:{n}", utcnow()) for n in (1, 2)]
        await insert_messages(db, rows)
        await db.commit()
        from sqlalchemy import select

        from cleanfleet.messages.models import Message
        ids = list(await db.scalars(select(Message.id).where(Message.user_id == world.id("dealer"))
                                    .order_by(Message.id)))
    world.ids["m.first"], world.ids["m.second"] = ids[0], ids[1]


register_world_builder(build_message_world)

register(
    Entry("/api/message/findMessageByUnRead", lambda w: {},
          not_applicable={"other_branch": OWN, "lower_level": OWN}),
    Entry("/api/message/findAllMessage", lambda w: {}, not_applicable={"other_branch": OWN, "lower_level": OWN}),
    Entry("/api/message/openMessage", lambda w: {"id": w.ids["m.first"]}),
    Entry("/api/message/updateMessageRead", lambda w: {"id": w.ids["m.first"]}),
    Entry("/api/message/updateMessageDelete", lambda w: {"id": w.ids["m.second"]}, last=1),
)
