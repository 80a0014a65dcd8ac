"""The server's start imports no library that only some calls use (issue 52 item 9, bench/README.md ``start``): each
is imported where it is used (the PDF and xlsx writers, the push sender, the TUF signer, the coverage grids, the
passkeys, the identity provider's tokens, the user agents). One interpreter of its own: this one has them all."""

import subprocess
import sys

import pytest

pytestmark = pytest.mark.database_free

LATE = ("boto3", "aiohttp", "pywebpush", "numpy", "webauthn", "tuf", "securesystemslib", "xlsxwriter", "joserfc",
        "authlib.oidc", "ua_parser", "reportlab")


def test_the_app_imports_none_of_the_late_libraries():
    code = "import sys, cleanfleet.app; print(' '.join(sorted(sys.modules)))"
    found = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    loaded = set(found.stdout.split())
    assert not [name for name in LATE if name in loaded]
