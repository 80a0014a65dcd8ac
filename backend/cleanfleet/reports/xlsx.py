"""A small xlsx writer for the weekly summary's attachment (no spreadsheet library on the server).

One workbook, sheets of a header row and rows of texts and numbers (inline strings, no shared-string table):
what Excel, LibreOffice and the console's exceljs read.
"""

import io
import zipfile
from collections.abc import Sequence
from xml.sax.saxutils import escape

Cell = str | int | float | None
Sheet = tuple[str, Sequence[str], Sequence[Sequence[Cell]]]

_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>{sheets}</Types>')
_SHEET_TYPE = ('<Override PartName="/xl/worksheets/sheet{n}.xml" '
               'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>')
_ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
    'Target="xl/workbook.xml"/></Relationships>')
_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
_R_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'


def _column(index: int) -> str:
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def _cell(ref: str, value: Cell) -> str:
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{escape(str(value))}</t></is></c>'
    return f'<c r="{ref}"><v>{value}</v></c>'


def _sheet_xml(headers: Sequence[str], rows: Sequence[Sequence[Cell]]) -> str:
    lines = []
    table: list[list[Cell]] = [list(headers), *(list(row) for row in rows)]
    for r, row in enumerate(table, start=1):
        cells = "".join(_cell(f"{_column(c)}{r}", v) for c, v in enumerate(row))
        lines.append(f'<row r="{r}">{cells}</row>')
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet {_NS}>'
            f'<sheetData>{"".join(lines)}</sheetData></worksheet>')


def workbook(sheets: Sequence[Sheet]) -> bytes:
    """The .xlsx file's bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES.format(
            sheets="".join(_SHEET_TYPE.format(n=n) for n in range(1, len(sheets) + 1))))
        archive.writestr("_rels/.rels", _ROOT_RELS)
        names = "".join(f'<sheet name="{escape(name[:31])}" sheetId="{n}" r:id="rId{n}"/>'
                        for n, (name, _, _) in enumerate(sheets, start=1))
        archive.writestr("xl/workbook.xml", f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                                            f'<workbook {_NS} {_R_NS}><sheets>{names}</sheets></workbook>')
        rels = "".join(
            f'<Relationship Id="rId{n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            f'worksheet" Target="worksheets/sheet{n}.xml"/>' for n in range(1, len(sheets) + 1))
        archive.writestr("xl/_rels/workbook.xml.rels", '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                         f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                         f'{rels}</Relationships>')
        for n, (_, headers, rows) in enumerate(sheets, start=1):
            archive.writestr(f"xl/worksheets/sheet{n}.xml", _sheet_xml(headers, rows))
    return buffer.getvalue()
