"""The site report as a PDF (reportlab; blocking: the callers run ``pdf_bytes`` in a thread).

A4, the document a facility manager forwards: a header band (the report's title, the site's name, its address,
the period on the site's clock and the customer), a row of key figures, a stacked bar chart of each day's planned
runs by state, the plan items with their counts, the missed, short and failed runs with their reasons (at most
``MAX_PROBLEM_ROWS``; the xlsx has them all), a page of availability (``sites/availability/rendered.py``),
then one page per floor with its heat map and legend. Every page
has a footer: the site, "page n of m" and the moment it was generated. Texts in the reader's language
(``texts.py``), names in any script (``fonts.py``); an Arabic report reads right to left (columns
reversed, text right-aligned).
"""

import io
from collections.abc import Mapping
from typing import Any

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Drawing, Rect, String
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    Image,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from cleanfleet.core.texts import Text
from cleanfleet.reports.mail import area_text, duration_text
from cleanfleet.sites import days
from cleanfleet.sites.availability import rendered as availability
from cleanfleet.sites.availability import texts as at
from cleanfleet.sites.reports import fonts
from cleanfleet.sites.reports import heat as report_heat
from cleanfleet.sites.reports import texts as t
from cleanfleet.sites.reports.content import FloorHeat, Report, period_of, window_text

MAX_PROBLEM_ROWS = 300
BRAND = colors.HexColor("#017465")
INK, MUTED, RULE, BAND_TEXT = (colors.HexColor("#1f2933"), colors.HexColor("#5f6b7a"), colors.HexColor("#d9dee4"),
                               colors.white)
STATE_COLOURS = {"done": "#27ae60", "late": "#f1c40f", "short": "#f39c12", "failed": "#a93226",
                 "missed": "#e74c3c", "pending": "#d0d7de"}
CHART_STATES = ("done", "late", "short", "failed", "missed", "pending")
WIDTH = A4[0] - 36 * mm


class Writer:
    """Paragraphs and tables in one language."""

    def __init__(self, language: str) -> None:
        fonts.register()
        self.language = language
        self.rtl = language in fonts.RTL
        self.cjk = language in fonts.HAN_FONT

    def text(self, text: Text, values: Mapping[str, object] | None = None) -> str:
        return text.render(self.language, values)

    def para(self, text: str, size: float = 8.5, *, bold: bool = False, colour: Any = INK,
             align: int | None = None) -> Paragraph:
        style = ParagraphStyle("p", fontName=fonts.LATIN, fontSize=size, leading=size * 1.3, textColor=colour,
                               alignment=(TA_RIGHT if self.rtl else TA_LEFT) if align is None else align,
                               wordWrap="CJK" if self.cjk else None)
        return Paragraph(fonts.markup(text, self.language, bold), style)

    def row(self, cells: list[Any]) -> list[Any]:
        return cells[::-1] if self.rtl else cells

    def table(self, header: list[str], rows: list[list[str]], widths: list[float]) -> Table:
        data = [self.row([self.para(h, 7.5, bold=True, colour=BAND_TEXT) for h in header])]
        data += [self.row([self.para(cell, 7.5) for cell in row]) for row in rows]
        table = Table(data, colWidths=self.row(widths), repeatRows=1)
        table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.LATIN),
            ("BACKGROUND", (0, 0), (-1, 0), BRAND), ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f5f7f9")]),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE), ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5)]))
        return table

    def heading(self, text: str) -> list[Flowable]:
        return [Spacer(1, 5 * mm), self.para(text, 12, bold=True, colour=BRAND), Spacer(1, 2 * mm)]


def _header(w: Writer, report: Report) -> Table:
    site = report.site
    lines = [w.para(w.text(t.TITLE[report.period]), 10, colour=BAND_TEXT),
             w.para(site.name, 20, bold=True, colour=BAND_TEXT)]
    if site.address:
        lines.append(w.para(site.address, 9, colour=BAND_TEXT))
    lines.append(w.para(w.text(t.PERIOD, period_of(report)), 9, colour=BAND_TEXT))
    if report.customer:
        lines.append(w.para(w.text(t.CUSTOMER, {"customer": report.customer}), 9, colour=BAND_TEXT))
    band = Table([[line] for line in lines], colWidths=[WIDTH])
    band.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.LATIN),
                              ("BACKGROUND", (0, 0), (-1, -1), BRAND), ("LEFTPADDING", (0, 0), (-1, -1), 5 * mm),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 5 * mm), ("TOPPADDING", (0, 0), (0, 0), 4 * mm),
                              ("BOTTOMPADDING", (0, -1), (0, -1), 4 * mm)]))
    return band


def figures(w: Writer, report: Report) -> list[tuple[str, str]]:
    """The key figures: (label, value) in the reader's language, the same ones the xlsx and the mail show."""
    c, f = report.counts, report.figures
    return [
        (w.text(t.K_PLANNED), str(c["planned"])), (w.text(t.K_DONE), f"{c['doneShare'] / 10:.1f} %"),
        (w.text(t.K_ON_TIME), f"{c['onTimeShare'] / 10:.1f} %"), (w.text(t.STATES["missed"]), str(c["missed"])),
        (w.text(t.STATES["short"]), str(c["short"])), (w.text(t.STATES["failed"]), str(c["failed"])),
        (w.text(t.K_AREA), area_text(f.area)), (w.text(t.K_HOURS), duration_text(f.seconds)),
        (w.text(t.K_COVERAGE), f"{f.coverage:.1f} %"), (w.text(t.K_EFFICIENCY), f"{f.efficiency:.2f} m²/h"),
        (w.text(t.K_ALARMS), str(f.alarms)), (w.text(t.K_RUNS), str(f.runs)),
    ]


def _figures(w: Writer, report: Report) -> Table:
    tiles = [[w.para(value, 13, bold=True, colour=BRAND), w.para(label, 7, colour=MUTED)]
             for label, value in figures(w, report)]
    rows = []
    for start in (0, 6):
        group = w.row(tiles[start:start + 6])
        rows += [[tile[0] for tile in group], [tile[1] for tile in group]]
    table = Table(rows, colWidths=[WIDTH / 6] * 6)
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.LATIN),
                               ("BOX", (0, 0), (-1, -1), 0.5, RULE), ("LINEBELOW", (0, 1), (-1, 1), 0.5, RULE),
                               ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#f5f7f9")),
                               ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 1), (-1, 1), 5),
                               ("BOTTOMPADDING", (0, 3), (-1, 3), 5)]))
    return table


def _chart(w: Writer, report: Report) -> Drawing:
    per_day = report.per_day()
    drawing = Drawing(WIDTH, 62 * mm, initialFontName=fonts.LATIN)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 10 * mm, 16 * mm, WIDTH - 14 * mm, 42 * mm
    chart.data = [[tally[state] for _, tally in per_day] for state in CHART_STATES]
    chart.categoryAxis.style = "stacked"
    chart.categoryAxis.categoryNames = [str(day.day) for day, _ in per_day]
    chart.categoryAxis.labels.fontName, chart.categoryAxis.labels.fontSize = fonts.LATIN, 6
    chart.valueAxis.labels.fontName, chart.valueAxis.labels.fontSize = fonts.LATIN, 6
    chart.valueAxis.valueMin = 0
    chart.valueAxis.valueStep = max(1, -(-max((sum(tally.values()) for _, tally in per_day), default=1) // 5))
    chart.valueAxis.visibleGrid, chart.valueAxis.gridStrokeColor = True, RULE
    chart.barSpacing, chart.groupSpacing = 0, 2
    for n, state in enumerate(CHART_STATES):
        chart.bars[n].fillColor = colors.HexColor(STATE_COLOURS[state])
        chart.bars[n].strokeColor = None
    drawing.add(chart)
    legend = Legend()
    legend.x, legend.y, legend.dx, legend.dy = 10 * mm, 6 * mm, 7, 7
    legend.fontName, legend.fontSize = fonts.main_font(w.language), 7
    legend.alignment, legend.columnMaximum, legend.deltax = "right", 1, 62
    legend.colorNamePairs = [(colors.HexColor(STATE_COLOURS[s]), fonts.visual(w.text(t.STATES[s])))
                             for s in CHART_STATES]
    drawing.add(legend)
    return drawing


def weekdays_text(w: Writer, mask: int) -> str:
    names = w.text(t.WEEKDAY_NAMES).split(" ")
    return " ".join(names[d - 1] for d in days.weekdays_of(mask))


def item_label(w: Writer, item: Any) -> str:
    return " · ".join(part for part in (item.area_name, item.task_name) if part) or w.text(t.ANY_TASK)


def _items(w: Writer, report: Report) -> list[Flowable]:
    found = report.items()
    out = w.heading(w.text(t.H_ITEMS))
    if not found:
        return [*out, w.para(w.text(t.NO_PLAN), 9, colour=MUTED)]
    header = [w.text(t.C_FLOOR), f"{w.text(t.C_ITEM)} ({w.text(t.C_WEEKDAYS)})", w.text(t.C_WINDOW),
              w.text(t.K_PLANNED), *(w.text(t.STATES[s]) for s in ("done", "late", "short", "missed", "failed")),
              w.text(t.K_DONE)]
    rows = [[f"{building} · {floor}", f"{item_label(w, item)} ({weekdays_text(w, item.weekdays)})",
             f"{days.clock(item.window_start)}–{days.clock(item.window_end)}", str(c["planned"]),
             *(str(c[s]) for s in ("done", "late", "short", "missed", "failed")), f"{c['doneShare'] / 10:.0f} %"]
            for item, floor, building, c in found]
    widths = [26 * mm, 42 * mm, 18 * mm] + [(WIDTH - 86 * mm) / 7] * 7
    return [*out, w.table(header, rows, widths)]


def _problems(w: Writer, report: Report) -> list[Flowable]:
    found = report.problems()
    out = w.heading(w.text(t.H_PROBLEMS))
    if not found:
        return [*out, w.para(w.text(t.NO_PROBLEMS), 9, colour=MUTED)]
    header = [w.text(t.C_DAY), w.text(t.C_WINDOW), w.text(t.C_FLOOR), w.text(t.C_ITEM), w.text(t.C_STATE),
              w.text(t.C_ROBOT), w.text(t.C_REASONS)]
    rows = []
    for slot in found[:MAX_PROBLEM_ROWS]:
        building, floor = report.floor_of(slot.item)
        robot = report.robot_names.get(slot.run.device_id, "") if slot.run is not None else ""
        rows.append([slot.day.isoformat(), window_text(slot), f"{building} · {floor}", item_label(w, slot.item),
                     w.text(t.STATES[slot.state]), robot, "; ".join(report.reasons(slot, w.language))])
    widths = [18 * mm, 19 * mm, 26 * mm, 24 * mm, 17 * mm, 20 * mm, WIDTH - 124 * mm]
    out.append(w.table(header, rows, widths))
    if len(found) > MAX_PROBLEM_ROWS:
        out.append(w.para(w.text(t.MORE_ROWS, {"count": len(found) - MAX_PROBLEM_ROWS}), 8, colour=MUTED))
    return out


def _availability(w: Writer, report: Report) -> list[Flowable]:
    """Its own page: the figures (and the period before), the targets met or not, per robot, per severity."""
    found, language = report.availability, w.language
    out: list[Flowable] = [PageBreak(), *w.heading(w.text(at.H_AVAILABILITY))]
    out.append(w.table([w.text(t.C_FIGURE), w.text(t.C_VALUE)],
                       [[row.label, row.text] for row in availability.figures(found, language)],
                       [WIDTH * 0.6, WIDTH * 0.4]))
    targets = availability.target_rows(found, language)
    if targets:
        out += [Spacer(1, 4 * mm), w.table([w.text(at.C_TARGET), w.text(t.C_VALUE), w.text(at.C_RESULT)], targets,
                                           [WIDTH * 0.5, WIDTH * 0.25, WIDTH * 0.25])]
    robots = [[availability.cell_text(c) for c in row] for row in availability.robot_rows(found)]
    if robots:
        header = availability.robot_header(language)
        out += [Spacer(1, 4 * mm), w.table(header, robots, [28 * mm] + [(WIDTH - 28 * mm) / (len(header) - 1)]
                                           * (len(header) - 1))]
    incidents = [[availability.cell_text(c) for c in row]
                 for row in availability.incident_rows(found.figures, language)]
    return [*out, Spacer(1, 4 * mm), w.table(availability.incident_header(language), incidents, [WIDTH / 4] * 4)]


def _legend(w: Writer, top: int) -> Drawing:
    drawing = Drawing(WIDTH, 9 * mm, initialFontName=fonts.LATIN)
    steps = report_heat.ramp_colours(24)
    left = WIDTH - 150 if w.rtl else 0
    drawing.add(String(left, 14, fonts.visual(w.text(t.LEGEND_TIMES)), fontName=fonts.main_font(w.language),
                       fontSize=7, fillColor=MUTED))
    for n, (r, g, b) in enumerate(steps):
        drawing.add(Rect(left + n * 3, 2, 3, 8, fillColor=colors.Color(r / 255, g / 255, b / 255), strokeColor=None))
    drawing.add(String(left + 78, 3, f"1 – {top}", fontName=fonts.LATIN, fontSize=7, fillColor=INK))
    drawing.add(Rect(left + 110, 2, 8, 8, fillColor=colors.Color(*(c / 255 for c in report_heat.NEVER)),
                     strokeColor=None))
    drawing.add(String(left + 121, 3, fonts.visual(w.text(t.LEGEND_NEVER)), fontName=fonts.main_font(w.language),
                       fontSize=7, fillColor=INK))
    return drawing


def _floor(w: Writer, floor: FloorHeat) -> list[Flowable]:
    out: list[Flowable] = [PageBreak(), *w.heading(w.text(t.H_FLOOR, {"building": floor.building,
                                                                        "floor": floor.name}))]
    layers = [layer for layer in floor.layers if layer["runs"]]
    if not layers:
        return [*out, w.para(w.text(t.NO_COVERAGE), 9, colour=MUTED)]
    out.append(w.para(w.text(t.NO_PICTURE), 7.5, colour=MUTED))
    for layer in layers:
        image = report_heat.picture(layer)
        scale = min(WIDTH / image.width, (170 * mm if len(layers) == 1 else 95 * mm) / image.height)
        buffer = io.BytesIO()
        image.save(buffer, "PNG", compress_level=1)
        buffer.seek(0)
        note = w.text(t.LAYER_NOTE, {"map": layer["mapName"], "runs": layer["runs"], "days": layer["days"],
                                     "cleaned": area_text(layer["cleanedArea"]),
                                     "never": area_text(layer["neverReachedArea"])})
        out.append(KeepTogether([Spacer(1, 3 * mm), w.para(note, 8.5, bold=True),
                                 Spacer(1, 1.5 * mm), Image(buffer, image.width * scale, image.height * scale),
                                 _legend(w, int(layer["maxCount"]))]))
    return out


class _Footer:
    """Draws each page's footer once the page count is known (the pages are kept until the document is saved)."""

    def __init__(self, w: Writer, report: Report) -> None:
        self.w, self.report = w, report
        self.generated = report.generated.astimezone(report.zone).strftime("%Y-%m-%d %H:%M")

    def canvas(self, *args: Any, **kwargs: Any) -> Canvas:
        footer = self

        class Numbered(Canvas):
            def __init__(self, *a: Any, **k: Any) -> None:
                super().__init__(*a, **k)
                self.pages: list[dict[str, Any]] = []

            def showPage(self) -> None:  # noqa: N802 - reportlab's name
                self.pages.append(dict(self.__dict__))
                self._startPage()

            def save(self) -> None:
                for state in self.pages:
                    self.__dict__.update(state)
                    footer.draw(self, len(self.pages))
                    super().showPage()
                super().save()

        kwargs["initialFontName"] = fonts.LATIN  # no page names Helvetica (never embedded)
        return Numbered(*args, **kwargs)

    def draw(self, canvas: Canvas, pages: int) -> None:
        w, language = self.w, self.w.language
        left, right, y = 18 * mm, A4[0] - 18 * mm, 10 * mm
        canvas.setStrokeColor(RULE)
        canvas.line(left, y + 4 * mm, right, y + 4 * mm)
        canvas.setFillColor(MUTED)
        page = w.text(t.PAGE, {"page": canvas.getPageNumber(), "pages": pages})
        stamp = f"{page} · {w.text(t.GENERATED, {'time': self.generated})}"
        first, second = (stamp, self.report.site.name) if w.rtl else (self.report.site.name, stamp)
        fonts.draw(canvas, left, y, first, language, 7.5)
        fonts.draw(canvas, right, y, second, language, 7.5, align="right")
        self.brand_line(canvas, (left + right) / 2, y - 4 * mm, right - left)

    def brand_line(self, canvas: Canvas, centre: float, y: float, room: float) -> None:
        """The owner's brand under the footer: its product name and its footer text (branding/), made smaller
        down to 4 pt when it is too long for the page."""
        fonts.draw_fitted(canvas, centre, y, self.report.brand.line, self.w.language, room)


def pdf_bytes(report: Report, language: str) -> bytes:
    """The report's PDF in ``language`` (blocking: CPU-bound drawing)."""
    w = Writer(language)
    buffer = io.BytesIO()
    title = f"{w.text(t.TITLE[report.period])} · {report.site.name}"
    doc = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
                            bottomMargin=20 * mm, title=title, author=report.brand.product_name,
                            subject=report.site.name,
                            lang=language)
    story: list[Flowable] = [_header(w, report), Spacer(1, 5 * mm), _figures(w, report),
                             *w.heading(w.text(t.H_DAYS)), _chart(w, report), CondPageBreak(40 * mm),
                             *_items(w, report), *_problems(w, report), *_availability(w, report)]
    for floor in report.floors:
        story += _floor(w, floor)
    footer = _Footer(w, report)
    doc.build(story, canvasmaker=footer.canvas)
    return buffer.getvalue()
