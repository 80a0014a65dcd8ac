"""Notes on an incident (issue 53 item 5): what a person found or did, added while the incident is active, often
from a phone without signal (the field kit sends its queued note when the connection returns). A note on an ended
incident is refused (CONFLICT naming ``incidentId``, saying when it ended: its resolution's note is its last word),
which is the stale answer a queued note gets when someone resolved the incident meanwhile. Key: the acknowledge
button's (``incident/index/ack``): the person acting on an incident. Notes show in the detail's timeline."""

from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.incidents import service
from cleanfleet.incidents.models import IncidentNote


async def write_note(db: AsyncSession, caller: Caller, incident_id: int, text: str, now: datetime) -> dict[str, Any]:
    """Adds the note (the caller commits); refused when the caller does not see the incident or it ended."""
    incident = await service.visible(db, caller, incident_id)
    if incident.ended_at is not None:
        await service.refuse_state(db, incident, "incidentId", acknowledging=False)
    note = IncidentNote(incident_id=incident.id, user_id=caller.acting_user_id, created_at=now, text=text)
    db.add(note)
    await db.flush()
    return {"noteId": note.id, "incidentId": incident.id, "createdAt": now.isoformat(), "userName": caller.name,
            "text": text}


async def add_note(db: AsyncSession, caller: Caller, incident_id: int, text: str, now: datetime) -> dict[str, Any]:
    answer = await write_note(db, caller, incident_id, text, now)
    await db.commit()
    return answer
