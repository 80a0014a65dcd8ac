"""Fonts of the site report's PDF: a string is cut into runs by script, each run drawn in a font that has its
glyphs.

- **Chinese, Japanese, Korean**: reportlab's CID fonts (``UnicodeCIDFont``): STSong-Light (Chinese; also Han
  characters in a report of a language that is not Japanese or Korean), HeiseiKakuGo-W5 (kana, and Han in a
  Japanese report), HYGothic-Medium (Hangul, and Han in a Korean report). CID fonts are **not embedded**: the PDF
  names Adobe's standard Asian fonts and the viewer supplies them (Acrobat, macOS Preview, pdf.js and Poppler do);
  the file stays small.
- **Arabic**: DejaVu Sans (``fonts/``, embedded as a subset; licence beside it), the string shaped
  (``arabic_reshaper``: joined letter forms) and put in visual order (``bidi``) as a whole first.
- **Everything else**: Helvetica when the text fits its encoding (cp1252), else DejaVu Sans (Latin Extended,
  Greek, Cyrillic). ASCII digits, spaces and punctuation stay in the run they stand in.

So a user's name in any script (a site, a floor, a robot) prints in a report of any language.
"""

import functools
from pathlib import Path
from xml.sax.saxutils import escape

import arabic_reshaper
from bidi import get_display
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

FONTS = Path(__file__).parent / "fonts"
HELVETICA, HELVETICA_BOLD = "Helvetica", "Helvetica-Bold"
DEJAVU, DEJAVU_BOLD = "DejaVuSans", "DejaVuSans-Bold"
CHINESE, JAPANESE, KOREAN = "STSong-Light", "HeiseiKakuGo-W5", "HYGothic-Medium"
HAN_FONT = {"zh-CN": CHINESE, "ja": JAPANESE, "ko": KOREAN}
RTL = frozenset({"ar"})


@functools.cache
def register() -> None:
    """Registers the CID fonts and DejaVu Sans once per process."""
    for name in (CHINESE, JAPANESE, KOREAN):
        pdfmetrics.registerFont(UnicodeCIDFont(name))
    pdfmetrics.registerFont(TTFont(DEJAVU, str(FONTS / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(DEJAVU_BOLD, str(FONTS / "DejaVuSans-Bold.ttf")))


def _script(ch: str) -> str:
    code = ord(ch)
    if code < 0x80:
        return "latin" if ch.isalpha() else ""  # digits, spaces, punctuation: join the run they stand in
    if 0x0600 <= code <= 0x08FF or 0xFB50 <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFF:
        return "ar"
    if 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F or 0xAC00 <= code <= 0xD7AF:
        return "ko"
    if 0x3040 <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF or 0xFF66 <= code <= 0xFF9F:
        return "ja"
    if (0x2E80 <= code <= 0x2FDF or 0x3000 <= code <= 0x303F or 0x3400 <= code <= 0x4DBF
            or 0x4E00 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFF65):
        return "han"
    try:
        ch.encode("cp1252")
        return "latin"
    except UnicodeEncodeError:
        return "other"


def _font(script: str, language: str, bold: bool) -> str:
    if script == "ar" or script == "other":
        return DEJAVU_BOLD if bold else DEJAVU
    if script == "ko":
        return KOREAN
    if script == "ja":
        return JAPANESE
    if script == "han":
        return HAN_FONT.get(language, CHINESE)
    return HELVETICA_BOLD if bold else HELVETICA


def visual(text: str) -> str:
    """Arabic text shaped and in visual order; any other text as it is."""
    if any(_script(ch) == "ar" for ch in text):
        return str(get_display(arabic_reshaper.reshape(text)))
    return text


def runs(text: str, language: str, bold: bool = False) -> list[tuple[str, str]]:
    """(font, text) runs of ``text`` (Arabic already in visual order), neighbours of one font merged."""
    shown = visual(text)
    found: list[list[str]] = []  # [font, text]
    pending = ""  # neutral characters before the first run
    for ch in shown:
        script = _script(ch)
        if not script:
            if found:
                found[-1][1] += ch
            else:
                pending += ch
            continue
        font = _font(script, language, bold)
        if found and found[-1][0] == font:
            found[-1][1] += ch
        else:
            found.append([font, pending + ch])
            pending = ""
    if pending or not found:
        found.append([HELVETICA_BOLD if bold else HELVETICA, pending])
    return [(font, part) for font, part in found]


def markup(text: str, language: str, bold: bool = False) -> str:
    """Paragraph markup of ``text``: each run in its font, escaped."""
    return "".join(f'<font name="{font}">{escape(part)}</font>' for font, part in runs(text, language, bold))


def width(text: str, language: str, size: float, bold: bool = False) -> float:
    return sum(pdfmetrics.stringWidth(part, font, size) for font, part in runs(text, language, bold))


def draw(canvas: object, x: float, y: float, text: str, language: str, size: float, *, bold: bool = False,
         align: str = "left") -> None:
    """Draws ``text`` on a reportlab canvas, run by run; ``align`` left, right or centre of ``x``."""
    parts = runs(text, language, bold)
    total = sum(pdfmetrics.stringWidth(part, font, size) for font, part in parts)
    left = x - total if align == "right" else x - total / 2 if align == "centre" else x
    for font, part in parts:
        canvas.setFont(font, size)  # type: ignore[attr-defined]
        canvas.drawString(left, y, part)  # type: ignore[attr-defined]
        left += pdfmetrics.stringWidth(part, font, size)


def main_font(language: str, bold: bool = False) -> str:
    """The font of the language's own texts (a chart's labels)."""
    if language in HAN_FONT:
        return HAN_FONT[language]
    if language in RTL:
        return DEJAVU_BOLD if bold else DEJAVU
    return HELVETICA_BOLD if bold else HELVETICA
