"""Permission-matrix entries for the customer end (/api/customer/end/*).

The world's ``spare`` (a level-3 customer under the dealer) is the one ended: the rightful start runs last, and
ends it for real. A finished end of another (made up) customer of the dealer gives the receipt (``ce.job``)."""

from typing import Any

from cleanfleet.core.db import utcnow
from cleanfleet.privacy.models import CUSTOMER_END, DONE, DataJob
from tests.conftest import Answer, Api
from tests.permission_matrix import Entry, World, register, register_world_builder

COUNTS = {"people": 1, "robots": 0, "robotsHandedOver": 0, "maps": 0, "reports": 0, "alarms": 0, "incidents": 0,
          "sites": 0, "logs": 0, "backups": 0, "files": 0, "bytes": 0, "records": 1,
          "tables": [{"table": "users", "count": 1}]}


async def build_customer_end_world(world: World, app: Any) -> None:
    dealer = world.users["dealer"]
    receipt = {"jobId": 0, "customerId": 999_999, "customerName": "Gone customer", "customerAccount": "gone",
               "dealerId": dealer.id, "dealerName": dealer.name, "robots": "handover", "requestedBy": dealer.id,
               "requestedByAccount": dealer.account, "startedAt": utcnow().isoformat(),
               "finishedAt": utcnow().isoformat(), "removed": COUNTS, "handedOver": [], "auditRowsPseudonymised": 0}
    async with app.state.db.sessions() as db:
        job = DataJob(kind=CUSTOMER_END, owner_path=dealer.path, requested_by=dealer.id, subject_id=999_999,
                      subject_name="Gone customer", state=DONE, progress=100, step="", finished_at=utcnow(),
                      detail={"receipt": receipt})
        db.add(job)
        await db.commit()
        job.detail = {"receipt": {**receipt, "jobId": job.id}}
        await db.commit()
        world.ids["ce.job"] = job.id


register_world_builder(build_customer_end_world)


async def _receipt_pdf(api: Api, w: World) -> Answer:
    """The receipt's PDF answers a file: a file reads as success, a refusal is its envelope."""
    response = await api.client.post("/api/customer/end/receipt/pdf", json={"jobId": w.ids["ce.job"]},
                                     headers=api.headers())
    if response.headers["content-type"].startswith("application/json"):
        return Answer(response.status_code, response.json())
    return Answer(response.status_code, {"message": {"code": 0, "message": "a file"}, "data": None})


register(
    Entry("/api/customer/end/preview", lambda w: {"userId": w.id("spare"), "robots": "remove"}),
    Entry("/api/customer/end/receipt", lambda w: {"jobId": w.ids["ce.job"]}),
    Entry("/api/customer/end/receipt/pdf", send=_receipt_pdf),
    Entry("/api/customer/end/start", lambda w: {"userId": w.id("spare"), "robots": "handover",
                                                "confirm": w.users["spare"].name}, last=10),
)
