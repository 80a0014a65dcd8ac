"""What auth/ tells on the bus (core/bus.py ``SIGN_IN_HAPPENED``), in its transaction: each sign-in, refused
sign-in and sign-out becomes a sign-in event, and a sign-in from a new browser is told to the person (notices.py).
Wired in cleanfleet/events.py."""

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth.service import SignInContext
from cleanfleet.core.db import utcnow
from cleanfleet.sessions import events, notices
from cleanfleet.users.models import User


async def happened(db: AsyncSession, *, kind: str, user_id: int | None, account: str, method: str | None,
                   context: SignInContext) -> None:
    now = utcnow()
    person = await db.get(User, user_id) if user_id is not None else None
    event = events.record(db, kind, user_id=user_id, account=account, method=method, address=context.address,
                          user_agent=context.user_agent, owner_path=person.path if person else "/")
    event.at = now
    if kind != "sign_in" or user_id is None:
        return
    digest = notices.browser_hash(context.browser, context.user_agent)
    if await notices.known(db, user_id, digest, now) is False and person is not None:
        await notices.tell(db, person, event, now)
