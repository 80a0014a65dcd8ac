"""The server's workbooks (the weekly summary's export.xlsx, the site report's xlsx), written with XlsxWriter
(issue 48 item 3; blocking: the callers run it in a thread or off the request).

A sheet is a header row and rows. Each column (``Column``) has a header (its unit in it: "Cleaned area (m²)",
"Coverage (%)") and an Excel number format: numbers are stored as numbers in the unit of the header, dates and
moments as Excel dates, so a reader sums, sorts and charts them. Every sheet has its header row bold and frozen,
an autofilter over the table, columns as wide as their longest value (East Asian characters count twice, bounded
by ``MIN_WIDTH`` and ``MAX_WIDTH``), and reads right to left in a right-to-left language (``RTL``).
"""

import io
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

Cell = str | int | float | date | datetime | None
RTL = frozenset({"ar"})
MIN_WIDTH, MAX_WIDTH = 8, 60
SHEET_NAME_CHARS = 31
# Excel number formats
INTEGER, ONE_DECIMAL, TWO_DECIMALS = "0", "0.0", "0.00"
DAY, MOMENT = "yyyy-mm-dd", "yyyy-mm-dd hh:mm"
TEXT = "@"


@dataclass(frozen=True)
class Column:
    """A column: its header (with the unit, if any) and the number format of its cells (``None``: general)."""

    header: str
    format: str | None = None


Sheet = tuple[str, Sequence[Column | str], Sequence[Sequence[Cell]]]


def shown_width(value: Cell, number_format: str | None) -> int:
    """About how many character widths a cell takes (wide East Asian characters count twice)."""
    if value is None:
        return 0
    if isinstance(value, datetime):
        return 16
    if isinstance(value, date):
        return 10
    if isinstance(value, float) and number_format in (ONE_DECIMAL, TWO_DECIMALS):
        return len(f"{value:.{1 if number_format == ONE_DECIMAL else 2}f}")
    text = str(value)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _sheet_name(name: str, taken: set[str]) -> str:
    """A name Excel accepts: at most 31 characters, none of ``[]:*?/\\``, unique in the workbook."""
    clean = "".join("_" if ch in "[]:*?/\\" else ch for ch in name).strip("'") or "Sheet"
    found, n = clean[:SHEET_NAME_CHARS], 2
    while found.lower() in taken:
        suffix = f" ({n})"
        found, n = clean[:SHEET_NAME_CHARS - len(suffix)] + suffix, n + 1
    taken.add(found.lower())
    return found


def workbook(sheets: Sequence[Sheet], language: str = "en") -> bytes:
    """The .xlsx file's bytes; its sheets read right to left when ``language`` does."""
    import xlsxwriter  # here, not in the server's start (bench/README.md ``start``)

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True, "strings_to_numbers": False, "strings_to_formulas": False,
                                        "strings_to_urls": False, "default_date_format": DAY})
    bold = book.add_format({"bold": True, "bottom": 1, "text_wrap": False, "valign": "top"})
    formats: dict[str | None, object] = {None: None, DAY: book.add_format({"num_format": DAY}),
                                         MOMENT: book.add_format({"num_format": MOMENT})}
    taken: set[str] = set()
    for name, headers, rows in sheets:
        columns = [h if isinstance(h, Column) else Column(h) for h in headers]
        for column in columns:
            if column.format is not None and column.format not in formats:
                formats[column.format] = book.add_format({"num_format": column.format})
        sheet = book.add_worksheet(_sheet_name(name, taken))
        if language in RTL:
            sheet.right_to_left()
        widths = [shown_width(c.header, None) for c in columns]
        for c, column in enumerate(columns):
            sheet.write_string(0, c, column.header, bold)
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row):
                column = columns[c] if c < len(columns) else Column("")
                style = formats.get(column.format)
                if value is None:
                    continue
                if isinstance(value, bool):
                    sheet.write_boolean(r, c, value)
                elif isinstance(value, int | float):
                    sheet.write_number(r, c, value, style)
                elif isinstance(value, datetime):
                    sheet.write_datetime(r, c, value.replace(tzinfo=None), formats[column.format or MOMENT])
                elif isinstance(value, date):
                    midnight = datetime(value.year, value.month, value.day)
                    sheet.write_datetime(r, c, midnight, formats[column.format or DAY])
                else:
                    sheet.write_string(r, c, str(value))
                if c < len(widths):
                    widths[c] = max(widths[c], shown_width(value, column.format))
        for c, width in enumerate(widths):
            sheet.set_column(c, c, min(MAX_WIDTH, max(MIN_WIDTH, width + 2)))
        sheet.freeze_panes(1, 0)
        if columns:
            sheet.autofilter(0, 0, max(len(rows), 1), len(columns) - 1)
    book.close()
    return buffer.getvalue()
