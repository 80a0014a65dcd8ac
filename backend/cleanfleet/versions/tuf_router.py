"""GET /api/tuf/metadata/<file>: the signed-update repository (TUF, versions/signing.py) as robots read it.

Public, like the package download's token URL needs no session: every file is signed (a robot checks it against
the root it trusts, never against this server), and it names only firmware paths, versions and hashes. Files:
``root.json``, ``<n>.root.json`` (every root version, the robot walks them to a rotated root), ``targets.json``,
``snapshot.json``, ``timestamp.json`` (the newest of each; no consistent snapshots). 404 for one that is not there.
"""

import re

from fastapi import Response

from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.errors import ApiError
from cleanfleet.core.openapi import refusal_answer
from cleanfleet.core.routing import ApiRouter
from cleanfleet.storage.texts import FILE_NOT_FOUND
from cleanfleet.versions import signing

router = ApiRouter(prefix="/tuf", tags=["versions"], signed=False)
NAME = re.compile(r"^(\d{1,9}\.root|root|targets|snapshot|timestamp)\.json$")


@router.get("/metadata/{name}", response_class=Response, responses={
    200: {"content": {"application/json": {}}},
    404: refusal_answer("NOT_FOUND (10005): no such metadata file"),
})
async def metadata(name: str, db: DbSession) -> Response:
    """One metadata file of the repository, as signed."""
    body = await signing.metadata_file(db, name) if NAME.match(name) else None
    if body is None:
        raise ApiError(Code.NOT_FOUND, FILE_NOT_FOUND, field="name", status=404)
    return Response(body, media_type="application/json", headers={"Cache-Control": "no-store"})
