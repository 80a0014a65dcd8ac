"""The availability figures as a reader sees them in one language: the site report's page (PDF), its sheet (xlsx)
and its mail show these rows, each a label (its unit in its name), the text shown and the number the xlsx holds,
all from the one computed ``SiteAvailability`` (tests/sites/test_availability_agrees.py compares them with the
API's answer)."""

from dataclasses import dataclass

from cleanfleet.core.texts import Text
from cleanfleet.sites.availability import history
from cleanfleet.sites.availability import texts as t
from cleanfleet.sites.availability.compute import Figures
from cleanfleet.sites.availability.service import SiteAvailability
from cleanfleet.sites.reports import texts as report_texts


@dataclass(frozen=True)
class Row:
    label: str
    text: str
    number: float | None  # what the xlsx cell holds (None: empty)


def hours(seconds: float) -> float:
    return round(seconds / 3600, 1)


def percent(thousandths: int | None) -> float | None:
    return None if thousandths is None else thousandths / 10


def minutes(seconds: int | None) -> float | None:
    return None if seconds is None else round(seconds / 60, 1)


def _text(number: float | None, unit: str = "") -> str:
    return "—" if number is None else f"{number:.1f}{unit}"


def _row(language: str, label: Text, number: float | None, unit: str = "") -> Row:
    return Row(label.render(language), _text(number, unit), number)


def _count(language: str, label: Text, number: int) -> Row:
    return Row(label.render(language), str(number), number)


def figures(found: SiteAvailability, language: str) -> list[Row]:
    """The site's figures for the period, then the previous period's availability (the trend)."""
    now, before = found.figures, found.before
    rows = [_row(language, t.K_SCHEDULED, hours(now.hours.scheduled)),
            _row(language, t.K_AVAILABLE, hours(now.hours.available)),
            _row(language, t.K_AVAILABILITY, percent(now.hours.availability), " %"),
            _row(language, t.K_PREVIOUS, percent(before.hours.availability), " %")]
    rows += [_row(language, t.LOST[cause], hours(now.hours.lost[cause])) for cause in history.CAUSES]
    rows += [_row(language, t.LOST[cause], hours(now.hours.excluded[cause])) for cause in history.EXCLUDED]
    every = now.all_incidents
    rows += [_count(language, t.K_INCIDENTS, every.count), _row(language, t.K_MTTA, minutes(every.mtta)),
             _row(language, t.K_MTTR, minutes(every.mttr)),
             _row(language, t.K_RUNS_DONE, percent(now.runs["doneShare"]) if now.runs["closed"] else None, " %"),
             _count(language, report_texts.STATES["missed"], now.runs["missed"]),
             _count(language, report_texts.STATES["short"], now.runs["short"])]
    return rows


def robot_header(language: str) -> list[str]:
    return [report_texts.C_ROBOT.render(language), t.K_SCHEDULED.render(language), t.K_AVAILABLE.render(language),
            t.K_AVAILABILITY.render(language), *(t.LOST[c].render(language) for c in (*history.CAUSES,
                                                                                     *history.EXCLUDED))]


def robot_rows(found: SiteAvailability) -> list[list[str | float | None]]:
    return [[found.names.get(device, ""), hours(h.scheduled), hours(h.available), percent(h.availability),
             *(hours(h.lost[c]) for c in history.CAUSES), *(hours(h.excluded[c]) for c in history.EXCLUDED)]
            for device, h in sorted(found.figures.robots.items(), key=lambda kv: (found.names.get(kv[0], ""), kv[0]))]


def incident_header(language: str) -> list[str]:
    return [t.C_SEVERITY.render(language), t.K_INCIDENTS.render(language), t.K_MTTA.render(language),
            t.K_MTTR.render(language)]


def incident_rows(figures: Figures, language: str) -> list[list[str | float | None]]:
    return [[t.SEVERITY[s.severity].render(language), s.count, minutes(s.mtta), minutes(s.mttr)]
            for s in figures.incidents]


def target_rows(found: SiteAvailability, language: str) -> list[list[str]]:
    """(target, agreed, result) of each target set."""
    wanted, met = found.targets, found.met
    out = []
    for label, value, result in ((t.K_AVAILABILITY, _text(percent(wanted.availability), " %"), met.availability),
                                 (t.K_MTTA, str(wanted.ack_minutes), met.ack),
                                 (t.K_RUNS_DONE, _text(percent(wanted.runs_done), " %"), met.runs_done)):
        if value not in ("—", "None"):
            shown = "—" if result is None else (t.MET if result else t.NOT_MET).render(language)
            out.append([label.render(language), value, shown])
    return out


def cell_text(value: str | float | None) -> str:
    return value if isinstance(value, str) else _text(value)
