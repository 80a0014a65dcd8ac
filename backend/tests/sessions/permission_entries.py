"""Permission-matrix entries for the sessions calls (/api/session/*).

The world gets a live console session and an API token of ``user`` (the dealer's child), made as a sign-in and its
creator would (rows with hashes only): the targets of end and revokeToken. Without ``userId`` a call acts on the
caller's own sessions, which every signed-in person may do; the matrix asks for ``user``'s.
"""

import secrets
from datetime import timedelta
from typing import Any

from cleanfleet.apitokens.models import ApiToken
from cleanfleet.apitokens.service import new_token
from cleanfleet.auth.models import Token
from cleanfleet.core.auth import hash_token
from cleanfleet.core.db import utcnow
from tests.permission_matrix import Entry, World, fresh_name, register, register_world_builder


async def build_session_world(world: World, app: Any) -> None:
    now = utcnow()
    public_id, token = new_token()
    async with app.state.db.sessions() as db:
        session = Token(token_hash=hash_token(secrets.token_urlsafe(32)), user_id=world.id("user"), platform="web",
                        created_at=now, expires_at=now + timedelta(days=1), method="password", address="10.9.9.9")
        api_token = ApiToken(public_id=public_id, token_hash=hash_token(token), user_id=world.id("user"),
                             name=fresh_name("Session token"), keys=["elevator/index"], created_at=now,
                             expires_at=now + timedelta(days=30))
        db.add_all([session, api_token])
        await db.commit()
        world.ids["s.session"] = session.id
        world.ids["s.token"] = api_token.id


register_world_builder(build_session_world)

register(
    Entry("/api/session/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/session/end", lambda w: {"id": w.ids["s.session"]}, last=1),
    Entry("/api/session/revokeToken", lambda w: {"id": w.ids["s.token"]}, last=1),
    Entry("/api/session/endOthers", lambda w: {"userId": w.id("user")}, last=2),
)
