"""The customer end's final receipt as a PDF (issue 51): in each of the nine languages it reads back (Poppler's
``pdftotext``) with the counts per kind, the object storage keys, the job, who ended it, and the SHA-256 of the
receipt's JSON that the API answers; every font embedded; every page under the dealer's brand (its product name and
footer; the product name is the author); refused to another branch as the JSON receipt is. The end also leaves an
erasure notice for the SIEMs naming the customer's people."""

import hashlib
import io
import shutil
import subprocess
import tempfile
from pathlib import Path

import orjson
import pypdf
import pytest
from sqlalchemy import select

from cleanfleet.audit.models import AuditRecord
from cleanfleet.core.codes import Code
from cleanfleet.customerend import receipt_texts
from tests.branding.conftest import DEALER_BRAND, save
from tests.customerend import build
from tests.customerend.conftest import run_jobs

LANGUAGES = ("zh-CN", "en", "fr", "ko", "de", "nl", "ja", "es", "ar")
pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="Poppler missing: `make report-fonts`")


def _poppler(tool: str, content: bytes) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "receipt.pdf"
        path.write_bytes(content)
        args = [tool, str(path)] + (["-"] if tool == "pdftotext" else [])
        return subprocess.run(args, check=True, capture_output=True, text=True, timeout=60).stdout


def _squeezed(text: str) -> str:
    return "".join(text.split())


async def test_the_receipt_reads_as_a_pdf_in_every_language_with_its_counts(end_app, as_account):
    built = await build.customer(end_app, "userB1")
    dealer = await as_account("dealerB")
    started = await dealer.call("/customer/end/start", {"userId": built.customer.id, "robots": "handover",
                                                        "confirm": built.customer.name})
    assert started.code == 0, started.body
    job_id = started.data["jobId"]
    job = await run_jobs(end_app, job_id)
    assert job.state == "done", (job.error, job.detail)
    receipt = await dealer.call("/customer/end/receipt", {"jobId": job_id})
    assert receipt.code == 0, receipt.body
    removed = receipt.data["removed"]
    assert removed["people"] > 0 and removed["files"] > 0 and removed["records"] > 0
    digest = hashlib.sha256(orjson.dumps(receipt.data, option=orjson.OPT_SORT_KEYS)).hexdigest()
    assert (await save(dealer, DEALER_BRAND)).code == 0  # after the end: the receipt is drawn when asked

    for language in LANGUAGES:
        response = await dealer.client.post("/api/customer/end/receipt/pdf", json={"jobId": job_id},
                                            headers={**dealer.headers(), "language": language})
        assert response.status_code == 200, response.text
        assert response.headers["content-type"] == "application/pdf" and response.content.startswith(b"%PDF")
        assert f"-{job_id}.pdf" in response.headers["content-disposition"]
        text = _squeezed(_poppler("pdftotext", response.content))
        for kind in ("people", "robotsHandedOver", "files", "records", "maps", "reports"):
            assert f"{removed[kind]:,}" in text, (language, kind)
        assert f"{removed['bytes']:,}B" in text and f"#{job_id}" in text, language
        assert digest in text and "dealerB" in text, language
        if language != "ar":  # Arabic is drawn shaped, in visual order: its words do not read back as typed
            assert _squeezed(receipt_texts.TITLE.render(language)) in text, language
            assert _squeezed(receipt_texts.KINDS["files"].render(language)) in text, language
        pdf = pypdf.PdfReader(io.BytesIO(response.content))
        assert pdf.metadata is not None and pdf.metadata.author == "Harbour Clean", language
        for page in pdf.pages:
            assert "Harbour Clean · Harbour Cleaning Co. · 12 Quay Road" in page.extract_text(), language
        fonts = _poppler("pdffonts", response.content).splitlines()[2:]
        assert fonts and all(line.split()[-5] == "yes" for line in fonts), (language, fonts)

    async with end_app.state.db.sessions() as db:  # the SIEMs are told too (docs/domains/siem.md)
        notice = await db.scalar(select(AuditRecord).where(AuditRecord.kind == "erasure_notice",
                                                           AuditRecord.target == f"user#{built.customer.id}"))
    assert notice is not None and notice.owner_path == built.dealer.path  # its destinations went with it
    assert set(built.people) <= set(notice.detail["actors"]["person"])

    stranger = await as_account("dealerA")
    refused = await stranger.call("/customer/end/receipt/pdf", {"jobId": job_id})
    assert (refused.code, refused.field) == (Code.NOT_FOUND, "jobId")
