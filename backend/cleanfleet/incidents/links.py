"""The one-time acknowledge links in the incident e-mails.

A link is ``<public_url>/api/incident/link/<token>``: 32 random bytes (URL-safe base64) made when the mail is
sent; only their SHA-256 is stored (``incident_links``), with the incident, the recipient and the expiry
(``incident_link_hours``, 24 h by default). Opening it (GET) only shows a small page naming the robot and the
alarm with one button; the button POSTs ``/api/incident/link/acknowledge`` ``{token}``, which acknowledges the
incident as that recipient and uses the link up, in one transaction. So a mail scanner that fetches every link of a
mail acknowledges nothing. Refused, naming ``token``, with nothing changed: an unknown link (NOT_FOUND), an expired
or already used one (CODE_EXPIRED), an incident already acknowledged or ended (CONFLICT, saying by whom), a
recipient no longer above the robot in the tree (NOT_FOUND).
"""

import hashlib
import html
import json
import secrets
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.alarm_texts import alarm_text
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, not_found
from cleanfleet.devices.models import Device
from cleanfleet.incidents import texts
from cleanfleet.incidents.models import Incident, IncidentLink
from cleanfleet.incidents.service import acknowledge_as, refuse_state
from cleanfleet.settings import Settings
from cleanfleet.users.models import User

PATH = "/api/incident/link/"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def new_link(db: AsyncSession, settings: Settings, incident_id: int, user_id: int,
                   now: datetime) -> tuple[str, datetime]:
    """A fresh link for the recipient (the caller commits): its URL and until when it is valid."""
    token = secrets.token_urlsafe(32)
    expires = now + timedelta(hours=settings.incident_link_hours)
    db.add(IncidentLink(token_hash=token_hash(token), incident_id=incident_id, user_id=user_id, expires_at=expires,
                        created_at=now))
    return f"{settings.public_url.rstrip('/')}{PATH}{token}", expires


async def _link(db: AsyncSession, token: str, now: datetime) -> tuple[IncidentLink, Incident, User]:
    link = await db.scalar(select(IncidentLink).where(IncidentLink.token_hash == token_hash(token)))
    incident = await db.get(Incident, link.incident_id) if link else None
    user = await db.get(User, link.user_id) if link else None
    if link is None or incident is None or user is None or not incident.owner_path.startswith(user.path):
        raise not_found(texts.LINK_UNKNOWN, field="token")
    if link.used_at is not None:
        raise ApiError(Code.CODE_EXPIRED, texts.LINK_USED, field="token", values={"time": link.used_at})
    if link.expires_at <= now:
        raise ApiError(Code.CODE_EXPIRED, texts.LINK_EXPIRED, field="token", values={"time": link.expires_at})
    return link, incident, user


async def acknowledge_by_link(db: AsyncSession, token: str, now: datetime | None = None) -> dict[str, Any]:
    now = now or utcnow()
    link, incident, user = await _link(db, token, now)
    used = await db.execute(update(IncidentLink).where(IncidentLink.id == link.id, IncidentLink.used_at.is_(None))
                            .values(used_at=now).execution_options(synchronize_session=False))
    if (used.rowcount or 0) != 1:  # type: ignore[attr-defined]
        await db.rollback()
        await db.refresh(link)
        raise ApiError(Code.CODE_EXPIRED, texts.LINK_USED, field="token", values={"time": link.used_at or now})
    try:
        await acknowledge_as(db, incident, user.id, "link", "token", now)
    except ApiError:
        await db.rollback()  # the link stays unused
        raise
    await db.commit()
    return {"incidentId": incident.id, "acknowledgedAt": now.isoformat(), "acknowledgedBy": user.name}


PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>{title}</title><style>body{{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}}
button{{font-size:1.1rem;padding:.6rem 1.4rem}}</style></head><body><h1>{title}</h1><p>{what}</p>{action}
<script>
const f=document.getElementById('ack');
if(f)f.addEventListener('submit',async e=>{{e.preventDefault();
const r=await fetch(f.action,{{method:'POST',headers:{{'Content-Type':'application/json'}},
body:JSON.stringify({{token:f.token.value}})}});const a=await r.json();
f.outerHTML='<p>'+(a.message.code===0?{done}:a.message.message.replace(/[<>&]/g,''))+'</p>';}});
</script></body></html>"""


async def confirmation_page(db: AsyncSession, token: str, language: str) -> str:
    """The page a GET of the link shows (changes nothing): what the incident is and the button, or why not."""
    title = texts.PAGE_TITLE.render(language)
    try:
        _link_row, incident, _user = await _link(db, token, utcnow())
        if incident.ended_at is not None or incident.acknowledged_at is not None:
            await refuse_state(db, incident, "token", acknowledging=True)
    except ApiError as refusal:
        return PAGE.format(lang=html.escape(language), title=html.escape(title),
                           what=html.escape(refusal.text(language)), action="", done="''")
    device = await db.get(Device, incident.device_id)
    what = f"{device.name if device else ''} ({device.serial_number if device else ''}): " \
           f"{alarm_text(incident.key, incident.code, '', language)}"
    action = (f'<form id="ack" method="post" action="/api/incident/link/acknowledge">'
              f'<input type="hidden" name="token" value="{html.escape(token)}">'
              f'<button type="submit">{html.escape(texts.PAGE_BUTTON.render(language))}</button></form>')
    return PAGE.format(lang=html.escape(language), title=html.escape(title), what=html.escape(what), action=action,
                       done=json.dumps(texts.PAGE_DONE.render(language)))
