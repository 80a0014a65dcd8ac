"""The Python signature check of docs/integrations.md ("Webhooks") is run as written, against the server's own
signing: it accepts a true signature and refuses a changed body, another secret and an old timestamp."""

import re
import time

from cleanfleet.settings import REPO_ROOT
from cleanfleet.webhooks import signing


def snippet() -> str:
    text = (REPO_ROOT / "docs" / "integrations.md").read_text()
    block = re.search(r"<!-- webhook-python:.*?-->\n```python\n(.*?)```", text, re.S)
    assert block, "the Python signature check is missing from docs/integrations.md"
    return block.group(1)


def test_the_documented_python_check_accepts_the_servers_signature():
    scope: dict = {}
    exec(snippet(), scope)  # noqa: S102 - the documentation's own code
    verify = scope["verify_webhook"]
    secret, body, stamp = signing.new_secret(), b'{"id": "evt_1", "type": "webhook.test"}', int(time.time())
    headers = signing.headers(secret, "evt_1", stamp, body)
    assert verify(secret, headers, body)
    assert not verify(secret, headers, body + b" ")
    assert not verify(signing.new_secret(), headers, body)
    old = signing.headers(secret, "evt_1", stamp - 3600, body)
    assert not verify(secret, old, body)
    rotated = {**headers, "webhook-signature": "v1,AAAA " + headers["webhook-signature"]}  # several signatures
    assert verify(secret, rotated, body)
