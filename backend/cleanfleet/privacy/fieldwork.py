"""What a person wrote in the field kit (issue 53 items 5-6), in their export and at their erasure.

Export: the notes they added to incidents (``incident_notes.json``) and the windows they marked cleaned by hand
(``cleaned_by_hand.json``). Erasure: the notes and marks stay with the customer (its incidents' timelines and its
plan against actual need them); their name on them is read from their account row, which becomes the tombstone, so
it reads as the pseudonym. What the rows copy of them is rewritten: their values spelled in their own notes' and
marks' text, and in the answers that ``field_actions`` keeps for replays (another person's answer can name them: who
acknowledged, whose incident). Their own ``field_actions`` go: only their phone could replay them, and it can no
longer sign in."""

from collections.abc import Mapping
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import Database
from cleanfleet.fieldkit.models import FieldAction
from cleanfleet.incidents.models import Incident, IncidentNote
from cleanfleet.sites.models import Site, SitePlanByHand

BATCH = 500


def export_parts(user_id: int) -> list[tuple[str, Any, Any]]:
    """The export's parts (export.py's ``_parts``): a file's name, its rows' query and how a row reads."""
    return [
        ("incident_notes.json", select(IncidentNote.incident_id, Incident.key, IncidentNote.created_at,
                                       IncidentNote.text)
         .join(Incident, Incident.id == IncidentNote.incident_id)
         .where(IncidentNote.user_id == user_id).order_by(IncidentNote.id), lambda n: {
             "incidentId": n.incident_id, "problem": n.key, "at": n.created_at, "text": n.text}),
        ("cleaned_by_hand.json", select(SitePlanByHand.site_id, Site.name, SitePlanByHand.plan_item_id,
                                        SitePlanByHand.day, SitePlanByHand.marked_at, SitePlanByHand.note)
         .join(Site, Site.id == SitePlanByHand.site_id)
         .where(SitePlanByHand.user_id == user_id).order_by(SitePlanByHand.id), lambda m: {
             "siteId": m.site_id, "site": m.name, "planItemId": m.plan_item_id, "day": m.day,
             "markedAt": m.marked_at, "note": m.note}),
    ]


def renamed(value: Any, values: list[str], pseudonym: str) -> Any:
    """``value`` (text, or JSON: lists and dicts) with each of ``values`` replaced by the pseudonym."""
    if isinstance(value, str):
        for mine in values:
            value = value.replace(mine, pseudonym)
        return value
    if isinstance(value, list):
        return [renamed(item, values, pseudonym) for item in value]
    if isinstance(value, dict):
        return {key: renamed(item, values, pseudonym) for key, item in value.items()}
    return value


async def _own_texts(db: AsyncSession, user_id: int, values: list[str], pseudonym: str) -> int:
    done = 0
    for note in await db.scalars(select(IncidentNote).where(IncidentNote.user_id == user_id)):
        if (text := renamed(note.text, values, pseudonym)) != note.text:
            note.text, done = text, done + 1
    for mark in await db.scalars(select(SitePlanByHand).where(SitePlanByHand.user_id == user_id)):
        if (text := renamed(mark.note, values, pseudonym)) != mark.note:
            mark.note, done = text, done + 1
    return done


async def erase_field_kit(database: Database, user_id: int, known: Mapping[str, set[str]], pseudonym: str) -> int:
    """The erasure's pass (see the module's docstring), each batch its own transaction; answers the rows changed."""
    values = sorted({value for found in known.values() for value in found if len(value) >= 3}, key=len, reverse=True)
    async with database.sessions() as db:
        gone = await db.execute(delete(FieldAction).where(FieldAction.user_id == user_id)
                                .execution_options(synchronize_session=False))
        done = int(gone.rowcount or 0)  # type: ignore[attr-defined]
        done += await _own_texts(db, user_id, values, pseudonym) if values else 0
        await db.commit()
    after = ""
    while values:  # the answers are JSON as each dialect stores it: compared in Python, a batch at a time
        async with database.sessions() as db:
            rows = list(await db.scalars(select(FieldAction).where(FieldAction.action_id > after)
                                         .order_by(FieldAction.action_id).limit(BATCH)))
            for row in rows:
                if (answer := renamed(row.answer, values, pseudonym)) != row.answer:
                    row.answer, done = answer, done + 1
            await db.commit()
        if len(rows) < BATCH:
            break
        after = rows[-1].action_id
    return done
