"""The customer end's data job (kind ``customer_end``, privacy/jobs.py): the steps in order, progress after each
batch, and the receipt. A worker that dies mid-way leaves the job to be taken again: every step removes what
still belongs, so the second run picks up where the first stopped (counts add up across runs)."""

from typing import Any

from sqlalchemy import select

from cleanfleet.apitokens.models import ApiToken
from cleanfleet.audit import service as audit
from cleanfleet.audit.models import AuditPersonal
from cleanfleet.core.db import utcnow
from cleanfleet.core.texts import Text, text_key
from cleanfleet.customerend import inventory, steps, texts
from cleanfleet.customerend.walk import DEVICES, FILES, ROBOT_OWN, USERS, Customer, Walk, owning_keys
from cleanfleet.devices.models import Device
from cleanfleet.privacy.jobs import JobContext, register_runner
from cleanfleet.privacy.models import CUSTOMER_END, DataJob

AUDIT_PERSONAL = "audit_personal"  # a person's values beside the audit chain (audit/personal.py)


class Run:
    """One run of one end: its walk, what it counted so far (kept in the job's detail) and its progress."""

    def __init__(self, context: JobContext, detail: dict[str, Any]) -> None:
        self.context, self.detail = context, detail
        self.walk = Walk(Customer(detail["path"], keep_robots=detail.get("robots") == "handover"))
        self.removed: dict[str, int] = dict(detail.get("removed") or {})
        self.total = max(1, sum((detail.get("plan") or {}).values()))
        self.step: Text = texts.STEP_FILES

    def done(self) -> int:
        return sum(self.removed.values())

    async def report(self) -> None:
        percent = min(95, self.done() * 95 // self.total)
        await self.context.progress(percent, text_key(self.step), removed=self.removed)

    def counter(self, name: str) -> steps.Tick:
        async def tick(n: int) -> None:
            self.removed[name] = self.removed.get(name, 0) + n
            await self.report()
        return tick


async def run(context: JobContext) -> dict[str, Any]:
    async with context.database.sessions() as db:
        job = await db.get(DataJob, context.job_id)
        assert job is not None
        detail = dict(job.detail or {})
    if "plan" not in detail:  # the first run counts what goes (a run taken again keeps that plan)
        walk = Walk(Customer(detail["path"], keep_robots=detail.get("robots") == "handover"))
        await audit.settle_unsealed(context.database)  # the values of rows not sealed yet, beside the chain
        async with context.database.sessions() as db:
            detail["plan"] = await inventory.table_counts(db, walk)
            detail["notice"] = await notice_of(db, walk)
        detail["startedAt"] = utcnow().isoformat()
        await context.progress(0, text_key(texts.STEP_FILES), plan=detail["plan"], startedAt=detail["startedAt"],
                               notice=detail["notice"])
    current = Run(context, detail)
    await _steps(current)
    return {"receipt": await _receipt(current), "removed": current.removed}


async def _steps(current: Run) -> None:
    walk, database = current.walk, current.context.database
    keep = walk.customer.keep_robots
    first = [name for name in walk.order() if name not in (USERS, DEVICES, FILES) and not walk.kept_with_robots(name)]
    await current.report()
    await audit.settle_unsealed(database)  # what was written since, before the walk takes the values away
    files, size = await steps.remove_files(database, current.context.store, walk, current.counter(FILES))
    current.detail["bytes"] = int(current.detail.get("bytes") or 0) + size
    await current.context.progress(min(95, current.done() * 95 // current.total), text_key(texts.STEP_RECORDS),
                                   bytes=current.detail["bytes"])
    current.step = texts.STEP_RECORDS
    for name in first:
        await steps.remove_rows(database, walk, name, current.counter(name))
    current.step = texts.STEP_ROBOTS
    await current.report()
    if keep:
        history = [name for name in first if _hangs_off_robots(walk, name)]
        handed = await steps.hand_over(database, walk, current.detail["dealerId"], history, _quiet)
        current.detail["handed"] = sorted({*current.detail.get("handed", []), *handed})
    else:
        await steps.remove_robots(database, walk, current.counter(DEVICES))
    current.step = texts.STEP_RECORDS
    for name in first + sorted(ROBOT_OWN - {DEVICES} if keep else []):  # what arrived meanwhile
        await steps.remove_rows(database, walk, name, current.counter(name))
    await steps.remove_files(database, current.context.store, walk, current.counter(FILES))
    await steps.tidy_mentions(database, walk)
    current.step = texts.STEP_AUDIT
    await current.report()
    current.detail["audit"] = int(current.detail.get("audit") or 0) + await steps.erase_audit(database, walk)
    current.step = texts.STEP_PEOPLE
    await steps.remove_rows(database, walk, USERS, current.counter(USERS))


def _hangs_off_robots(walk: Walk, name: str) -> bool:
    """A table whose rows a robot's history holds (a foreign key path from it to the robots' table)."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        table = todo.pop()
        if table in seen:
            continue
        seen.add(table)
        for _, parent, _ in owning_keys(walk.tables[table]):
            if parent == DEVICES:
                return True
            if parent != table:
                todo.append(parent)
    return False


async def _quiet(_: int) -> None:
    return None


async def _receipt(current: Run) -> dict[str, Any]:
    """The receipt (kept in the job's detail on the dealer's side) and its audit row, in one transaction."""
    context, detail = current.context, current.detail
    handed_ids = list(detail.get("handed") or [])
    async with context.database.sessions() as db:
        robots = list(await db.execute(select(Device.id, Device.serial_number, Device.name)
                                       .where(Device.id.in_(handed_ids)).order_by(Device.id))) if handed_ids else []
        counts = inventory.headline(current.removed, int(detail.get("bytes") or 0), len(handed_ids))
        receipt = {
            "jobId": context.job_id, "customerId": context.subject_id, "customerName": context.subject_name,
            "customerAccount": detail.get("account", ""), "dealerId": detail["dealerId"],
            "dealerName": detail.get("dealerName", ""), "robots": detail.get("robots", "handover"),
            "requestedBy": context.requested_by, "requestedByAccount": detail.get("requestedByAccount", ""),
            "startedAt": detail.get("startedAt") or utcnow().isoformat(), "finishedAt": utcnow().isoformat(),
            "removed": counts, "auditRowsPseudonymised": int(detail.get("audit") or 0),
            "handedOver": [{"id": r[0], "serialNumber": r[1], "name": r[2]} for r in robots],
        }
        audit.record(db, "access_change", actor_type="person", actor_id=context.requested_by,
                     acting_id=context.requested_by, actor_name=receipt["requestedByAccount"],
                     owner_path=context.owner_path, target=f"user#{context.subject_id}",
                     detail={"customerEnd": context.job_id, "robots": receipt["robots"],
                             "removed": {k: v for k, v in counts.items() if k != "tables"},
                             "handedOver": [r["serialNumber"] for r in receipt["handedOver"]]})
        notice = detail.get("notice") or {}
        audit.record_erasure_notices(db, user_id=context.subject_id, path=context.owner_path, pseudonym="",
                                     people=notice.get("people") or [context.subject_id],
                                     token_ids=notice.get("tokens") or [], digests=notice.get("digests") or [])
        await db.commit()
    return receipt


async def notice_of(db: Any, walk: Walk) -> dict[str, list[Any]]:
    """What the SIEMs will be told when the end is done (audit/personal.py): the customer's people and their API
    tokens (the actors to rename) and the digests of the values beside the chain the walk removes."""
    people = list(await db.scalars(select(walk.tables[USERS].c.id).where(walk.belongs(USERS))))
    tokens = list(await db.scalars(select(ApiToken.id).where(ApiToken.user_id.in_(people)))) if people else []
    digests = list(await db.scalars(select(AuditPersonal.digest).where(walk.removable(AUDIT_PERSONAL))
                                    .order_by(AuditPersonal.record_id, AuditPersonal.digest)))
    return {"people": sorted(people), "tokens": sorted(tokens), "digests": digests}


# the key's holders follow the job's progress (/privacy/job/get) in their subtree: the console's dialog does
KEY = "user/index/end_customer"
register_runner(CUSTOMER_END, run, view_key=KEY)
