"""Permission-matrix entries for the live alarm calls (/api/warn/listUnProcess, now, resumeWarn).

The world's ``d.device`` (owned by the dealer's ``user``) gets two open alarms. Reading needs an alarm page's
key and resolving its ``resolve`` button; the dealer's preset holds index/realWarn with its button.
"""

from typing import Any

from tests.permission_matrix import Entry, World, register, register_world_builder
from tests.warn.helpers import add_alarm


async def build_alarm_world(world: World, app: Any) -> None:
    async with app.state.db.sessions() as db:
        for ago in (60, 30):
            await add_alarm(db, world.ids["d.device"], ago=ago)


register_world_builder(build_alarm_world)
SERVERS = "the channels are the server's: the same list for every branch"

register(
    Entry("/api/warn/listUnProcess", lambda w: {"userId": w.id("user")}),
    Entry("/api/warn/now", lambda w: {"userID": w.id("user"), "warnId": 0}),
    Entry("/api/warn/resumeWarn", lambda w: {"deviceSerialNumber": w.ids["d.sn"]}, last=1),
)

register(
    Entry("/api/warn/list", lambda w: {"userId": w.id("user"), "state": "unresolved"}),
    Entry("/api/warn/warnSummary", lambda w: {"userId": w.id("user")}),
    Entry("/api/warn/chart", lambda w: {"deviceId": w.ids["d.device"]}),
    Entry("/api/warn/deleteWarn", lambda w: {"deviceId": w.ids["d.device"], "time": "2099-01-01T00:00:00Z"},
          last=2),
    Entry("/api/wmWarnSet/queryByPage", lambda w: {"userId": w.id("user")}),
    Entry("/api/wmWarnSet/edit", lambda w: {"userId": w.id("user"), "code": "replan_failed", "sms": True}),
    Entry("/api/wmWarnSet/channels", not_applicable={
        "other_branch": SERVERS, "lower_level": SERVERS}),
)
