"""The site report as an xlsx (``reports/xlsx.py``: XlsxWriter; blocking: run in a thread).

Sheets: the summary (site, period, customer and the key figures the PDF shows, each a number with its unit in the
figure's name), the plan items with their counts, every planned run of the period (day, window, floor, item, state,
robot, the run's start, cleaned m², coverage and the reasons: ``Report.reasons``, the same as the PDF's and
``/site/actual/detail``'s), the floors' coverage (per map layer: runs, days, cleaned and never reached m²),
and availability: its figures and targets, and per robot (``sites/availability/rendered.py``, the PDF's page).
Numbers are numbers with number formats, days and moments Excel dates (the site's clock); an Arabic workbook reads
right to left.
"""

from cleanfleet.reports.xlsx import DAY, INTEGER, MOMENT, ONE_DECIMAL, Cell, Column, workbook
from cleanfleet.sites import days
from cleanfleet.sites.availability import rendered as availability
from cleanfleet.sites.availability import texts as at
from cleanfleet.sites.reports import texts as t
from cleanfleet.sites.reports.content import Report, period_of, window_text
from cleanfleet.sites.reports.pdf import Writer, item_label, weekdays_text

STATES = ("done", "late", "short", "missed", "failed", "pending")


def figure_values(w: Writer, report: Report) -> list[tuple[str, Cell]]:
    """The key figures as (name with unit, number): the PDF's ``figures`` as numbers."""
    c, f = report.counts, report.figures
    return [
        (w.text(t.K_PLANNED), c["planned"]), (f"{w.text(t.K_DONE)} (%)", c["doneShare"] / 10),
        (f"{w.text(t.K_ON_TIME)} (%)", c["onTimeShare"] / 10), (w.text(t.STATES["missed"]), c["missed"]),
        (w.text(t.STATES["short"]), c["short"]), (w.text(t.STATES["failed"]), c["failed"]),
        (f"{w.text(t.K_AREA)} (m²)", round(f.area, 1)), (f"{w.text(t.K_HOURS)} (h)", round(f.seconds / 3600, 2)),
        (f"{w.text(t.K_COVERAGE)} (%)", round(f.coverage, 1)),
        (f"{w.text(t.K_EFFICIENCY)} (m²/h)", round(f.efficiency, 2)),
        (w.text(t.K_ALARMS), f.alarms), (w.text(t.K_RUNS), f.runs),
    ]


def xlsx_bytes(report: Report, language: str) -> bytes:
    w = Writer(language)
    site = report.site
    summary: list[list[Cell]] = [[w.text(t.C_SITE), site.name], [w.text(t.C_PERIOD), w.text(t.PERIOD,
                                                                                             period_of(report))]]
    if report.customer:
        summary.append([w.text(t.C_CUSTOMER), report.customer])
    summary += [[label, value] for label, value in figure_values(w, report)]
    items: list[list[Cell]] = [
        [f"{building} · {floor}", item_label(w, item), weekdays_text(w, item.weekdays),
         f"{days.clock(item.window_start)}–{days.clock(item.window_end)}", c["planned"], *(c[s] for s in STATES),
         c["doneShare"] / 10]
        for item, floor, building, c in report.items()]
    runs: list[list[Cell]] = []
    for slot in report.slots:
        building, floor = report.floor_of(slot.item)
        run = slot.run
        runs.append([slot.day, window_text(slot), f"{building} · {floor}", item_label(w, slot.item),
                     w.text(t.STATES[slot.state]), report.robot_names.get(run.device_id, "") if run else "",
                     run.start_time.astimezone(report.zone).replace(second=0, microsecond=0) if run else None,
                     round(float(run.cleaned_area), 1) if run else None,
                     round(float(run.coverage), 1) if run else None, "; ".join(report.reasons(slot, language))])
    floors: list[list[Cell]] = [
        [f"{floor.building} · {floor.name}", layer["mapName"], layer["runs"], layer["days"],
         float(layer["cleanedArea"]), float(layer["neverReachedArea"])]
        for floor in report.floors for layer in floor.layers]
    found = report.availability
    figures = [[row.label, row.number] for row in availability.figures(found, language)]
    figures += [[f"{name}: {w.text(at.C_TARGET)} {agreed}", result]
                for name, agreed, result in availability.target_rows(found, language)]
    robot_columns = [Column(h, ONE_DECIMAL if n else None) for n, h in enumerate(availability.robot_header(language))]
    return workbook([
        (w.text(t.SHEET_SUMMARY), [Column(w.text(t.C_FIGURE)), Column(w.text(t.C_VALUE))], summary),
        (w.text(t.H_ITEMS), [Column(w.text(t.C_FLOOR)), Column(w.text(t.C_ITEM)), Column(w.text(t.C_WEEKDAYS)),
                             Column(w.text(t.C_WINDOW)), Column(w.text(t.K_PLANNED), INTEGER),
                             *(Column(w.text(t.STATES[s]), INTEGER) for s in STATES),
                             Column(f"{w.text(t.K_DONE)} (%)", ONE_DECIMAL)], items),
        (w.text(t.SHEET_RUNS), [Column(w.text(t.C_DAY), DAY), Column(w.text(t.C_WINDOW)), Column(w.text(t.C_FLOOR)),
                                Column(w.text(t.C_ITEM)), Column(w.text(t.C_STATE)), Column(w.text(t.C_ROBOT)),
                                Column(f"{w.text(t.C_START)} ({site.time_zone})", MOMENT),
                                Column(_with_unit(w.text(t.C_CLEANED_M2), "m²"), ONE_DECIMAL),
                                Column(f"{w.text(t.K_COVERAGE)} (%)", ONE_DECIMAL), Column(w.text(t.C_REASONS))],
         runs),
        (w.text(t.SHEET_FLOORS), [Column(w.text(t.C_FLOOR)), Column(w.text(t.C_MAP)),
                                  Column(w.text(t.K_RUNS), INTEGER), Column(w.text(t.C_DAYS_COUNT), INTEGER),
                                  Column(_with_unit(w.text(t.C_CLEANED_M2), "m²"), ONE_DECIMAL),
                                  Column(_with_unit(w.text(t.C_NEVER_M2), "m²"), ONE_DECIMAL)], floors),
        (w.text(at.H_AVAILABILITY), [Column(w.text(t.C_FIGURE)), Column(w.text(t.C_VALUE))], figures),
        (f"{w.text(at.H_AVAILABILITY)} · {w.text(t.C_ROBOT)}", robot_columns, availability.robot_rows(found)),
    ], language)


def _with_unit(header: str, unit: str) -> str:
    """"Cleaned m²" as "Cleaned (m²)": every header names its unit the same way."""
    bare = header.removesuffix(unit).rstrip()
    return f"{bare} ({unit})"

