"""The site report as an xlsx (the project's own writer, ``reports/xlsx.py``; blocking: run in a thread).

Sheets: the summary (site, period, customer and the key figures the PDF shows), the plan items with their counts,
every planned run of the period (day, window, floor, item, state, robot, the run's start, cleaned m², coverage and
the reasons), and the floors' coverage (per map layer: runs, days, cleaned and never reached m²).
"""

from cleanfleet.reports.xlsx import Cell, workbook
from cleanfleet.sites import days
from cleanfleet.sites import report_texts as t
from cleanfleet.sites.report import Report, period_of, window_text
from cleanfleet.sites.report_pdf import Writer, figures, item_label, weekdays_text


def xlsx_bytes(report: Report, language: str) -> bytes:
    w = Writer(language)
    site = report.site
    summary: list[list[Cell]] = [[w.text(t.C_SITE), site.name], [w.text(t.C_PERIOD), w.text(t.PERIOD,
                                                                                             period_of(report))]]
    if report.customer:
        summary.append([w.text(t.C_CUSTOMER), report.customer])
    summary += [[label, value] for label, value in figures(w, report)]
    states = ("done", "late", "short", "missed", "failed", "pending")
    items: list[list[Cell]] = [[f"{building} · {floor}", item_label(w, item), weekdays_text(w, item.weekdays),
              f"{days.clock(item.window_start)}–{days.clock(item.window_end)}", c["planned"], *(c[s] for s in states),
              round(c["doneShare"] / 10, 1)]
             for item, floor, building, c in report.items()]
    runs: list[list[Cell]] = []
    for slot in report.slots:
        building, floor = report.floor_of(slot.item)
        run = slot.run
        runs.append([slot.day.isoformat(), window_text(slot), f"{building} · {floor}", item_label(w, slot.item),
                     w.text(t.STATES[slot.state]), report.robot_names.get(run.device_id, "") if run else "",
                     run.start_time.astimezone(report.zone).strftime("%Y-%m-%d %H:%M") if run else "",
                     round(float(run.cleaned_area), 1) if run else None,
                     round(float(run.coverage), 1) if run else None, "; ".join(report.reasons(slot, language))])
    floors = [[f"{floor.building} · {floor.name}", layer["mapName"], layer["runs"], layer["days"],
               layer["cleanedArea"], layer["neverReachedArea"]] for floor in report.floors for layer in floor.layers]
    return workbook([
        (w.text(t.SHEET_SUMMARY), [w.text(t.C_FIGURE), w.text(t.C_VALUE)], summary),
        (w.text(t.H_ITEMS), [w.text(t.C_FLOOR), w.text(t.C_ITEM), w.text(t.C_WEEKDAYS), w.text(t.C_WINDOW),
                             w.text(t.K_PLANNED), *(w.text(t.STATES[s]) for s in states), f"{w.text(t.K_DONE)} %"],
         items),
        (w.text(t.SHEET_RUNS), [w.text(t.C_DAY), w.text(t.C_WINDOW), w.text(t.C_FLOOR), w.text(t.C_ITEM),
                                w.text(t.C_STATE), w.text(t.C_ROBOT), w.text(t.C_START), w.text(t.C_CLEANED_M2),
                                f"{w.text(t.K_COVERAGE)} %", w.text(t.C_REASONS)], runs),
        (w.text(t.SHEET_FLOORS), [w.text(t.C_FLOOR), w.text(t.C_MAP), w.text(t.K_RUNS), w.text(t.C_DAYS_COUNT),
                                  w.text(t.C_CLEANED_M2), w.text(t.C_NEVER_M2)], floors),
    ])
