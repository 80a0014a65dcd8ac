"""The API's shape of the computed objects (``service.py``): what the screen shows and what the report's files are
checked against (tests/sites/test_availability_agrees.py)."""

from typing import Any

from cleanfleet.sites import days
from cleanfleet.sites.availability import history
from cleanfleet.sites.availability.compute import Figures, Hours
from cleanfleet.sites.availability.service import SiteAvailability, TableRow
from cleanfleet.sites.availability.targets import Met, Targets
from cleanfleet.sites.plans import actual, actual_detail


def hours_answer(hours: Hours) -> dict[str, Any]:
    return {"scheduledSeconds": round(hours.scheduled), "availableSeconds": round(hours.available),
            "availability": hours.availability,
            "lost": {cause: round(hours.lost[cause]) for cause in history.CAUSES},
            "excluded": {cause: round(hours.excluded[cause]) for cause in history.EXCLUDED}}


def period_answer(figures: Figures) -> dict[str, Any]:
    return {**hours_answer(figures.hours), "start": figures.first.isoformat(), "end": figures.last.isoformat(),
            "incidents": [{"severity": s.severity, "count": s.count, "acknowledged": s.acknowledged,
                           "resolved": s.resolved, "mttaSeconds": s.mtta, "mttrSeconds": s.mttr}
                          for s in figures.incidents],
            "runs": figures.runs}


def targets_answer(targets: Targets) -> dict[str, Any]:
    return {"availability": targets.availability, "ackMinutes": targets.ack_minutes, "runsDone": targets.runs_done}


def met_answer(met: Met) -> dict[str, Any]:
    return {"availability": met.availability, "ack": met.ack, "runsDone": met.runs_done}


def item_label(item: Any) -> str:
    return item.area_name or item.task_name or ""


def problem_answer(found: SiteAvailability, slot: actual.Slot, language: str) -> dict[str, Any]:
    building, floor = "", ""
    for row, floor_name, building_name in found.judged.plan.items:
        if row.id == slot.item.id:
            building, floor = building_name, floor_name
    reasons = actual_detail.slot_reasons(found.judged, slot, language)
    return {"day": slot.day.isoformat(), "windowStart": days.clock(slot.item.window_start),
            "windowEnd": days.clock(slot.item.window_end), "building": building, "floor": floor,
            "item": item_label(slot.item), "state": slot.state,
            "reasons": [f"{r['text']} ×{r['count']}" if r.get("count") and r["count"] > 1 else r["text"]
                        for r in reasons]}


def site_answer(found: SiteAvailability, language: str) -> dict[str, Any]:
    site, figures = found.site, found.figures
    return {"siteId": site.id, "siteName": site.name, "timeZone": site.time_zone, "customerName": found.customer,
            "current": period_answer(figures), "previous": period_answer(found.before),
            "robots": [{"deviceId": device, "deviceCode": found.names.get(device, ""), **hours_answer(hours)}
                       for device, hours in sorted(figures.robots.items(),
                                                   key=lambda kv: (found.names.get(kv[0], ""), kv[0]))],
            "days": [{"day": day.isoformat(), "scheduledSeconds": round(h.scheduled),
                      "availableSeconds": round(h.available), "availability": h.availability}
                     for day, h in sorted(figures.days.items())],
            "problems": [problem_answer(found, slot, language) for slot in found.problems()],
            "problemCount": found.problem_count(),
            "targets": targets_answer(found.targets), "met": met_answer(found.met)}


def table_answer(rows: list[TableRow]) -> dict[str, Any]:
    return {"rows": [{"siteId": row.site.id, "siteName": row.site.name, "timeZone": row.site.time_zone,
                      "customerId": row.site.user_id, "customerName": row.customer,
                      "current": period_answer(row.figures), "targets": targets_answer(row.targets),
                      "met": met_answer(row.met), "notMet": row.met.missed} for row in rows]}
