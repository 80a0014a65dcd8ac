"""Every language's site report PDF draws its glyphs from fonts embedded in the file (issue 48 item 2): Poppler's
``pdffonts`` lists every font the PDF uses as embedded (a subset), and ``pdftotext`` reads the report's title and
state names back in the reader's language (Arabic shaped and right to left: read back as drawn). Poppler and the
CJK fonts come from the Makefile's ``report-fonts`` target."""

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from cleanfleet.sites.reports import fonts as report_fonts
from cleanfleet.sites.reports import texts as t
from tests.sites.conftest import ok
from tests.sites.test_report import MONTH, a_month, download

LANGUAGES = ("zh-CN", "en", "fr", "ko", "de", "nl", "ja", "es", "ar")


def _poppler(tool: str, content: bytes) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "report.pdf"
        path.write_bytes(content)
        args = [tool, str(path)] + (["-"] if tool == "pdftotext" else [])
        return subprocess.run(args, check=True, capture_output=True, text=True, timeout=60).stdout


def _fonts(content: bytes) -> list[tuple[str, str]]:
    """(name, emb) of each font pdffonts lists."""
    lines = _poppler("pdffonts", content).splitlines()[2:]
    found = []
    for line in lines:
        parts = line.split()
        # name type [type2] encoding emb sub uni object ID: emb is the fifth column from the end
        found.append((parts[0], parts[-5]))
    return found


def _squeezed(text: str) -> str:
    return "".join(text.split())


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="Poppler missing: `make report-fonts` installs it")
async def test_every_languages_pdf_embeds_every_font_it_uses_and_reads_back(branch, db):
    assert report_fonts.embedded_everywhere(), "the CJK fonts are missing: `make report-fonts` installs them"
    made = await a_month(branch, db)
    site = await ok(branch.customer, "/site/detail", {"siteId": made["siteId"]})
    for language in LANGUAGES:
        _, content = await download(branch.customer, "pdf", {"siteId": made["siteId"], **MONTH}, language)
        fonts = _fonts(content)
        assert fonts and all(emb == "yes" for _, emb in fonts), (language, fonts)
        assert all("+" in name for name, _ in fonts), (language, fonts)  # subsets
        assert not any("Helvetica" in name or name.startswith(("STSong", "HeiseiKaku", "HYGothic"))
                       for name, _ in fonts), (language, fonts)
        text = _squeezed(_poppler("pdftotext", content))
        title, failed = t.TITLE["month"].render(language), t.STATES["failed"].render(language)
        if language in report_fonts.RTL:  # shaped letters in visual order, as drawn
            title, failed = report_fonts.visual(title), report_fonts.visual(failed)
            text = _squeezed(text[::-1]) + text  # either reading direction of the extracted line
        assert _squeezed(title) in text, (language, title)
        assert _squeezed(failed) in text, (language, failed)
        assert _squeezed(site["siteName"]) in text
        if language in ("zh-CN", "ja", "ko"):
            assert any(name.split("+", 1)[1].startswith(report_fonts.HAN_FONT[language]) for name, _ in fonts), fonts
