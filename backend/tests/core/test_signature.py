"""The sign header: refused when missing, undecryptable, expired or from the future (login included)."""

import base64
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from cleanfleet.core.codes import Code
from cleanfleet.core.signature import SIGN_LEAD_MS, SignatureError, Signer

SIGNER = Signer("cleanfleet-sign1", "cleanfleet-iv-16", 30)


def test_a_fresh_signature_verifies_and_carries_time_plus_20_s():
    now = int(time.time() * 1000)
    header = SIGNER.sign(now)
    assert SIGNER.signed_time(header) == now + SIGN_LEAD_MS
    SIGNER.verify(header, now)


def test_known_vector_matches_the_console_algorithm():
    # AES-128-CBC/PKCS#7, key "cleanfleet-sign1", IV "cleanfleet-iv-16", plaintext "1700000020000".
    from cryptography.hazmat.primitives import padding
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    padder = padding.PKCS7(128).padder()
    plain = padder.update(b"1700000020000") + padder.finalize()
    enc = Cipher(algorithms.AES(b"cleanfleet-sign1"), modes.CBC(b"cleanfleet-iv-16")).encryptor()
    expected = base64.b64encode(enc.update(plain) + enc.finalize()).decode()
    assert SIGNER.sign(1_700_000_000_000) == expected


def test_expired_and_future_signatures_are_refused():
    now = int(time.time() * 1000)
    SIGNER.verify(SIGNER.sign(now - 49_000), now)  # 20 s lead + 30 s skew still covers it
    for moment in (now - 51_000, now + 31_000):
        try:
            SIGNER.verify(SIGNER.sign(moment), now)
        except SignatureError:
            continue
        raise AssertionError(f"signature at {moment - now} ms accepted")


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=64), st.binary(max_size=64).map(lambda b: base64.b64encode(b).decode())))
def test_garbage_never_verifies(header):
    try:
        SIGNER.verify(header)
    except SignatureError:
        return
    # the only way through is a real encryption of a time in the window, which random input never is
    raise AssertionError(header)


async def test_server_refuses_a_call_without_sign(api):
    answer = await api.call("/login", {"account": "admin", "password": "x"}, headers={"sign": None})
    assert answer.code == Code.BAD_SIGNATURE and answer.field == "sign" and answer.message == "请求缺少签名"


async def test_server_refuses_an_expired_sign_even_with_good_credentials(api):
    old = api.signer.sign(int(time.time() * 1000) - 120_000)
    answer = await api.call("/login", {"account": "admin", "password": "Admin12345"}, headers={"sign": old})
    assert answer.code == Code.BAD_SIGNATURE
    assert answer.data is None


async def test_server_refuses_a_sign_under_another_key(api):
    other = Signer("another-key-16by", "cleanfleet-iv-16", 30).sign()
    answer = await api.call("/login", {"account": "admin", "password": "Admin12345"}, headers={"sign": other})
    assert answer.code == Code.BAD_SIGNATURE


async def test_server_refuses_a_sign_that_is_not_base64(api):
    answer = await api.call("/getLanguage", {}, headers={"sign": "%%%not-base64%%%"})
    assert answer.code == Code.BAD_SIGNATURE


async def test_a_signed_call_decrypts_its_sign_once(app, admin, monkeypatch):
    """The route checks the sign before reading the body and FastAPI's dependency asks again: the second asking
    is answered from the request, not by decrypting the header a second time."""
    checked: list[str | None] = []
    verify = app.state.signer.verify

    def counted(header: str | None, now_ms: int | None = None) -> None:
        checked.append(header)
        verify(header, now_ms)

    monkeypatch.setattr(app.state.signer, "verify", counted)
    answer = await admin.call("/device/selectDevicePc", {"pageSize": 30, "currentPage": 1})
    assert answer.code == 0 and answer.data["total"] >= 0
    assert len(checked) == 1
    stale = admin.signer.sign(int(time.time() * 1000) - 120_000)
    refused = await admin.call("/device/selectDevicePc", {"pageSize": 30, "currentPage": 1}, headers={"sign": stale})
    assert refused.code == Code.BAD_SIGNATURE and len(checked) == 2
