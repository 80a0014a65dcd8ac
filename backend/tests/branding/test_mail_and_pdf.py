"""What people under a brand receive: a mail to one of them comes from the brand's sender name with its reply-to
(through a real SMTP server), and a site report's PDF carries the brand's product name and footer on every page."""

import io
from email.utils import parseaddr
from typing import Any

import pypdf

from tests.branding.conftest import DEALER_BRAND, Tree, save
from tests.sites.conftest import branch  # noqa: F401 - the sites' branch: a dealer, its customer, robots
from tests.sites.test_report import MONTH, a_month, download
from tests.users.conftest import Inbox


async def test_a_mail_to_a_person_under_the_brand_carries_its_sender_and_reply_to(tree: Tree,
                                                                                  smtp_inbox: Inbox) -> None:
    customer_id = tree.users["customer"].id
    before = await tree.dealer.call("/user/testMail", {"userId": customer_id})
    assert before.code == 0, before.body
    assert (await save(tree.dealer, DEALER_BRAND)).code == 0
    after = await tree.dealer.call("/user/testMail", {"userId": customer_id})
    assert after.code == 0, after.body
    (_, plain), (recipients, branded) = smtp_inbox.mails[-2:]
    assert recipients == ["site@customer.example"]
    assert parseaddr(plain["From"]) == ("", "robots@cleanfleet.example") and plain["Reply-To"] is None
    assert parseaddr(branded["From"]) == ("Harbour Clean", "robots@cleanfleet.example")  # the install's address
    assert branded["Reply-To"] == "help@harbour.com"


async def test_a_site_report_pdf_shows_the_owners_brand(branch: Any, db: Any) -> None:  # noqa: F811
    made = await a_month(branch, db)
    assert (await save(branch.dealer, {**DEALER_BRAND, "footerText": "Harbour Cleaning Co. - 12 Quay Road"})).code == 0
    try:
        _, content = await download(branch.customer, "pdf", {"siteId": made["siteId"], **MONTH})
    finally:
        await branch.dealer.call("/brand/remove", {})
    pdf = pypdf.PdfReader(io.BytesIO(content))
    assert pdf.metadata is not None and pdf.metadata.author == "Harbour Clean"
    for page in pdf.pages:
        text = page.extract_text()
        assert "Harbour Clean" in text and "Harbour Cleaning Co. - 12 Quay Road" in text
