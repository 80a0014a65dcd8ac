"""Permission-matrix entries for the audit trail (/api/audit/*): reading needs ``audit``, the export its button;
another branch's user is refused (the userId filter names a user of the caller's branch only)."""

from tests.conftest import Answer, Api
from tests.permission_matrix import Entry, World, register
from tests.siem import permission_entries as _siem_entries  # noqa: F401  - /api/audit/siem/* (siem/)


async def _export(api: Api, w: World) -> Answer:
    """The export answers a file: a file reads as success, a refusal is its envelope."""
    response = await api.client.post("/api/audit/export", json={"userId": w.id("user"), "format": "jsonl"},
                                     headers=api.headers())
    if response.headers["content-type"].startswith("application/json"):
        return Answer(response.status_code, response.json())
    return Answer(response.status_code, {"message": {"code": 0, "message": "a file"}, "data": None})


register(
    Entry("/api/audit/list", lambda w: {"userId": w.id("user")}),
    Entry("/api/audit/export", send=_export),
)
