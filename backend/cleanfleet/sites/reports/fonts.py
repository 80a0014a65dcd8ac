"""Fonts of the server's PDFs (the site report): a string is cut into runs by script, each run drawn in a font
that has its glyphs. **Every font is embedded** (a subset: the glyphs used), so a PDF reads the same in any viewer,
Poppler included, without the reader having any font (issue 48 item 2):

- **Latin, Greek, Cyrillic and everything else not below**: DejaVu Sans and DejaVu Sans Bold (``fonts/``, shipped
  with the code; licence beside them). No PDF standard font (Helvetica) is used: those are never embedded.
- **Arabic**: DejaVu Sans, the string shaped (``arabic_reshaper``: joined letter forms) and put in visual order
  (``bidi``) as a whole first.
- **Chinese and Korean** (Han, Hangul): WenQuanYi Micro Hei (Debian ``fonts-wqy-microhei``); **Japanese** (kana,
  and Han in a Japanese report): IPA Gothic (Debian ``fonts-ipafont-gothic``). Both have TrueType outlines, which
  reportlab subsets and embeds (the Noto CJK fonts have CFF outlines, which it cannot). The Makefile's
  ``report-fonts`` target installs them (``make install`` and ``make test-backend`` depend on it); ``CJK_FILES``
  lists where they are looked for. A server without them still draws the report with reportlab's CID fonts
  (named, not embedded: a viewer without Adobe's Asian fonts shows boxes) and logs a warning once; the tests fail
  there (``tests/sites/test_report_fonts.py``).

ASCII digits, spaces and punctuation stay in the run they stand in. So a user's name in any script (a site, a
floor, a robot) prints in a report of any language. The CJK fonts have no bold: a bold CJK run is the regular face.
"""

import functools
import logging
from pathlib import Path
from xml.sax.saxutils import escape

import arabic_reshaper
from bidi import get_display
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

log = logging.getLogger("cleanfleet.sites.reports.fonts")
FONTS = Path(__file__).parent / "font_files"
DEJAVU, DEJAVU_BOLD = "DejaVuSans", "DejaVuSans-Bold"
LATIN, LATIN_BOLD = DEJAVU, DEJAVU_BOLD
CHINESE, JAPANESE = "WenQuanYiMicroHei", "IPAGothic"
KOREAN = CHINESE  # WenQuanYi Micro Hei has the Hangul syllables
# where the CJK fonts are looked for: font name -> candidate files (path, the font's index in a .ttc)
CJK_FILES: dict[str, tuple[tuple[str, int], ...]] = {
    CHINESE: (("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),),
    JAPANESE: (("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf", 0),
               ("/usr/share/fonts/truetype/ipafont-gothic/ipag.ttf", 0)),
}
CID_FALLBACK = {CHINESE: "STSong-Light", JAPANESE: "HeiseiKakuGo-W5"}  # only when a CJK font file is missing
HAN_FONT = {"zh-CN": CHINESE, "ja": JAPANESE, "ko": KOREAN}
RTL = frozenset({"ar"})
_resolved: dict[str, str] = {}  # CJK font name -> the registered font drawn for it


@functools.cache
def register() -> None:
    """Registers DejaVu Sans and the CJK fonts once per process (a CJK font file missing: its CID fallback)."""
    pdfmetrics.registerFont(TTFont(DEJAVU, str(FONTS / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(DEJAVU_BOLD, str(FONTS / "DejaVuSans-Bold.ttf")))
    for name, candidates in CJK_FILES.items():
        found = next(((path, index) for path, index in candidates if Path(path).is_file()), None)
        if found is None:
            log.warning("font %s not found (%s): CJK text in PDFs uses a font that is not embedded; install it "
                        "with `make report-fonts`", name, ", ".join(path for path, _ in candidates))
            pdfmetrics.registerFont(UnicodeCIDFont(CID_FALLBACK[name]))
            _resolved[name] = CID_FALLBACK[name]
            continue
        pdfmetrics.registerFont(TTFont(name, found[0], subfontIndex=found[1]))
        _resolved[name] = name


def embedded_everywhere() -> bool:
    """Whether every font the PDFs use is embedded (the CJK font files were found)."""
    register()
    return all(_resolved[name] == name for name in CJK_FILES)


def _cjk(name: str) -> str:
    register()
    return _resolved.get(name, name)


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
    if script == "ko":
        return _cjk(KOREAN)
    if script == "ja":
        return _cjk(JAPANESE)
    if script == "han":
        return _cjk(HAN_FONT.get(language, CHINESE))
    return DEJAVU_BOLD if bold else DEJAVU  # Latin, Arabic and the rest


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
        found.append([LATIN_BOLD if bold else LATIN, pending])
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


def draw_fitted(canvas: object, centre: float, y: float, text: str, language: str, room: float,
                size: float = 6.5, least: float = 4.0) -> None:
    """Draws ``text`` centred on ``centre``, made smaller (down to ``least`` pt) when it is wider than ``room``."""
    wide = width(text, language, size)
    fitted = max(least, size * min(1.0, room / wide)) if wide else size
    draw(canvas, centre, y, text, language, fitted, align="centre")


def main_font(language: str, bold: bool = False) -> str:
    """The font of the language's own texts (a chart's labels)."""
    if language in HAN_FONT:
        return _cjk(HAN_FONT[language])
    return LATIN_BOLD if bold else LATIN
