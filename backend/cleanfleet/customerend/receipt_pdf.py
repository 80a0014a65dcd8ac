"""The customer end's final receipt as a PDF (reportlab, as the site report; blocking: the router draws it in a
thread): who was ended, by whom, when, the job, what happened to the robots, the counts per kind (the files with
their object storage keys and bytes, the records in all), every table's rows, the robots handed over, the audit
entries pseudonymised, and the SHA-256 of the receipt's JSON (``digest``: the API's answer with its keys sorted and
no spaces), so the paper copy can be tied to the receipt the dealer keeps. Every page ends with the dealer's brand
line (the brand the dealer sees: its product name and footer, as under the site report's pages), and the product
name is the PDF's author. In the reader's language, names in any script (the site report's fonts:
sites/reports/fonts.py, every font embedded); Arabic reads right to left."""

import hashlib
import io
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import orjson
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from cleanfleet.branding.service import ReportBrand
from cleanfleet.core.texts import Text
from cleanfleet.customerend import receipt_texts as t
from cleanfleet.sites.reports import fonts

BRAND, INK, RULE = colors.HexColor("#017465"), colors.HexColor("#1f2933"), colors.HexColor("#d9dee4")
WIDTH = A4[0] - 36 * mm


def digest(receipt: Mapping[str, Any]) -> str:
    """SHA-256 of the receipt's JSON: its keys sorted, no spaces (orjson)."""
    return hashlib.sha256(orjson.dumps(dict(receipt), option=orjson.OPT_SORT_KEYS)).hexdigest()


def moment(text: str) -> str:
    """An ISO 8601 moment as ``2026-11-26 13:05:12 UTC``."""
    try:
        at = datetime.fromisoformat(text)
    except ValueError:
        return text
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def size(count: int) -> str:
    value, unit = float(count), "B"
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if value < 1024 or unit == "TB":
            break
        value /= 1024
    return f"{count:,} B" if unit == "B" else f"{value:.1f} {unit} ({count:,} B)"


class _Writer:
    def __init__(self, language: str) -> None:
        fonts.register()
        self.language, self.rtl = language, language in fonts.RTL

    def text(self, text: Text, values: Mapping[str, object] | None = None) -> str:
        return text.render(self.language, values)

    def para(self, text: str, size_: float = 9, *, bold: bool = False, colour: Any = INK) -> Paragraph:
        style = ParagraphStyle("p", fontName=fonts.LATIN, fontSize=size_, leading=size_ * 1.35, textColor=colour,
                               alignment=TA_RIGHT if self.rtl else TA_LEFT,
                               wordWrap="CJK" if self.language in fonts.HAN_FONT else None)
        return Paragraph(fonts.markup(text, self.language, bold), style)

    def table(self, rows: list[list[str]], widths: list[float], header: list[str] | None = None) -> Table:
        data = [[self.para(cell, 8.5, bold=True, colour=colors.white) for cell in header]] if header else []
        data += [[self.para(cell, 8.5, bold=n == 0 and header is None) for n, cell in enumerate(row)] for row in rows]
        table = Table([row[::-1] if self.rtl else row for row in data], colWidths=widths[::-1] if self.rtl else widths,
                      repeatRows=1 if header else 0)
        style = [("FONTNAME", (0, 0), (-1, -1), fonts.LATIN), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                 ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
                 ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5)]
        if header:
            style.append(("BACKGROUND", (0, 0), (-1, 0), BRAND))
        table.setStyle(TableStyle(style))
        return table


def _facts(w: _Writer, receipt: Mapping[str, Any]) -> list[list[str]]:
    robots = w.text(t.HANDOVER, {"dealer": receipt.get("dealerName", "")}) if receipt.get("robots") == "handover" \
        else w.text(t.REMOVE)
    return [
        [w.text(t.CUSTOMER), f"{receipt.get('customerName', '')} ({receipt.get('customerAccount', '')})"],
        [w.text(t.DEALER), str(receipt.get("dealerName", ""))],
        [w.text(t.ENDED_BY), str(receipt.get("requestedByAccount", ""))],
        [w.text(t.STARTED), moment(str(receipt.get("startedAt", "")))],
        [w.text(t.FINISHED), moment(str(receipt.get("finishedAt", "")))],
        [w.text(t.JOB), f"#{receipt.get('jobId')}"],
        [w.text(t.ROBOTS), robots],
        [w.text(t.AUDIT_ROWS), f"{int(receipt.get('auditRowsPseudonymised') or 0):,}"],
    ]


def _counts(w: _Writer, removed: Mapping[str, Any]) -> list[list[str]]:
    rows = []
    for kind, label in t.KINDS.items():
        value = int(removed.get(kind) or 0)
        rows.append([w.text(label), size(value) if kind == "bytes" else f"{value:,}"])
    return rows


def receipt_pdf(receipt: Mapping[str, Any], language: str, now: datetime | None = None,
                brand: ReportBrand | None = None) -> bytes:
    """The receipt (the /customer/end/receipt answer) as an A4 PDF in ``language``, under ``brand`` (the dealer's)."""
    w, brand = _Writer(language), brand or ReportBrand()
    removed: Mapping[str, Any] = receipt.get("removed") or {}
    story: list[Flowable] = [
        w.para(w.text(t.TITLE), 16, bold=True, colour=BRAND), Spacer(1, 4 * mm),
        w.table(_facts(w, receipt), [WIDTH * 0.35, WIDTH * 0.65]), Spacer(1, 5 * mm),
        w.para(w.text(t.REMOVED), 12, bold=True, colour=BRAND), Spacer(1, 2 * mm),
        w.table(_counts(w, removed), [WIDTH * 0.6, WIDTH * 0.4], header=[w.text(t.KIND), w.text(t.COUNT)]),
    ]
    tables = [[str(row.get("table", "")), f"{int(row.get('count') or 0):,}"] for row in removed.get("tables") or []]
    if tables:
        story += [Spacer(1, 4 * mm),
                  w.table(tables, [WIDTH * 0.6, WIDTH * 0.4], header=[w.text(t.TABLE), w.text(t.COUNT)])]
    handed = [f"{r.get('serialNumber', '')} {r.get('name', '')}".strip() for r in receipt.get("handedOver") or []]
    story += [Spacer(1, 5 * mm), w.para(w.text(t.HANDED_OVER), 12, bold=True, colour=BRAND), Spacer(1, 2 * mm),
              w.para(", ".join(handed) if handed else w.text(t.NONE)), Spacer(1, 6 * mm),
              w.para(w.text(t.DIGEST), 8.5, bold=True), w.para(digest(receipt), 8.5),
              Spacer(1, 3 * mm),
              w.para(w.text(t.GENERATED, {"at": (now or datetime.now(UTC)).strftime("%Y-%m-%d %H:%M:%S UTC")}), 7.5)]
    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
                            bottomMargin=16 * mm, title=w.text(t.TITLE), author=brand.product_name)

    def brand_line(canvas: Canvas, _doc: object) -> None:
        fonts.draw_fitted(canvas, A4[0] / 2, 9 * mm, brand.line, language, WIDTH)

    doc.build(story, onFirstPage=brand_line, onLaterPages=brand_line, canvasmaker=_canvas)
    return out.getvalue()


def _canvas(*args: Any, **kwargs: Any) -> Canvas:
    kwargs["initialFontName"] = fonts.LATIN  # no page names Helvetica (never embedded)
    return Canvas(*args, **kwargs)
