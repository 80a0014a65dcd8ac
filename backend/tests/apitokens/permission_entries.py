"""Permission-matrix entries for the API token calls (/api/integration/token/*).

The world gets a token of ``user`` (the dealer's child), made as its creator would (the row, with a hash only):
the target of list and delete. Creating and the key list act on the caller's own account only, so another branch
or a lower level making its own token is not a refusal case (tests/apitokens/test_tokens.py checks the keys).
"""

from datetime import timedelta
from typing import Any

from cleanfleet.apitokens.models import ApiToken
from cleanfleet.apitokens.service import new_token
from cleanfleet.core.auth import hash_token
from cleanfleet.core.db import utcnow
from tests.permission_matrix import Entry, World, fresh_name, register, register_world_builder

OWN = "acts on the caller's own account only (its own tokens, its own keys)"


async def build_token_world(world: World, app: Any) -> None:
    public_id, token = new_token()
    async with app.state.db.sessions() as db:
        row = ApiToken(public_id=public_id, token_hash=hash_token(token), user_id=world.id("user"),
                       name=fresh_name("Token"), keys=["elevator/index"], created_at=utcnow(),
                       expires_at=utcnow() + timedelta(days=30))
        db.add(row)
        await db.commit()
        world.ids["t.token"] = row.id


register_world_builder(build_token_world)

register(
    Entry("/api/integration/token/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/integration/token/keys", not_applicable={"other_branch": OWN, "lower_level": OWN}),
    Entry("/api/integration/token/insert",
          lambda w: {"name": fresh_name("Matrix"), "expiresAt": (utcnow() + timedelta(days=3)).isoformat(),
                     "keys": ["elevator/index"]},
          not_applicable={"other_branch": OWN, "lower_level": OWN}),
    Entry("/api/integration/token/delete", lambda w: {"id": w.ids["t.token"]}, last=1),
)
