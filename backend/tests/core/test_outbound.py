"""The one outbound client (core/outbound.py, issue 45 item 2), on its own: the host looked up once and the checked
address connected to (a resolver and a transport the test controls: nothing leaves loopback), the ports of each
kind, no redirect followed, no proxy from the environment, and a failure that is a category, never the error's
text (real failures against listeners on 127.0.0.1)."""

import ssl
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from aiohttp import web
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from cleanfleet.core import outbound
from cleanfleet.core.outbound import (
    CallFailed,
    Failure,
    OutboundClient,
    UnsafeUrl,
    check,
    failure_text,
    push_rules,
    webhook_rules,
)
from tests.outbound_fakes import Listener, Resolver, Wire, proxy_environment, use_resolver, use_wire
from tests.users.conftest import free_port


@pytest.fixture
def resolver(monkeypatch: pytest.MonkeyPatch) -> Resolver:
    return use_resolver(monkeypatch)


@pytest.fixture
def wire(monkeypatch: pytest.MonkeyPatch) -> Wire:
    return use_wire(monkeypatch)


@pytest.fixture
async def listen() -> AsyncIterator[Callable[[bytes | None], Awaitable[Listener]]]:
    started: list[Listener] = []

    async def start(reply: bytes | None) -> Listener:
        started.append(await Listener(reply).start())
        return started[-1]

    yield start
    for listener in started:
        listener.stop()


@pytest.fixture
async def http_server() -> AsyncIterator[tuple[int, list[str]]]:
    """An HTTP server on loopback: /redirect answers 302 to /elsewhere, anything else 204; the paths it got."""
    paths: list[str] = []

    async def handle(request: web.Request) -> web.Response:
        paths.append(request.path)
        if request.path == "/redirect":
            raise web.HTTPFound(f"http://127.0.0.1:{request.url.port}/elsewhere")
        return web.Response(status=204)

    server = web.Application()
    server.router.add_route("POST", "/{tail:.*}", handle)
    runner = web.AppRunner(server)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    yield site._server.sockets[0].getsockname()[1], paths  # type: ignore[union-attr]
    await runner.cleanup()


async def test_a_name_that_rebinds_after_the_check_is_connected_at_the_checked_address(resolver, wire):
    """The outside test's chain: the name answers a public address when checked and 127.0.0.1 afterwards."""
    resolver.answers["push.example"] = [["203.0.113.7"], ["127.0.0.1"]]
    async with OutboundClient(push_rules(), 5, "push") as client:
        assert await client.post("https://push.example/wpush/abc?x=1", b"{}", {"TTL": "60"}) == 201
    [request] = wire.requests
    assert (request.url.scheme, request.url.host, request.url.port or 443) == ("https", "203.0.113.7", 443)
    assert request.url.raw_path == b"/wpush/abc?x=1"
    assert request.headers["host"] == "push.example" and request.extensions["sni_hostname"] == "push.example"
    # looked up once: nothing else could ask again (the session's app may look up its own webhooks' hosts meanwhile)
    assert resolver.asked.count("push.example") == 1
    async with OutboundClient(push_rules(), 5, "push") as client:
        with pytest.raises(CallFailed) as refused:
            await client.post("https://push.example/wpush/abc", b"{}", {})
    assert refused.value.failure == Failure.REJECTED_ADDRESS and len(wire.requests) == 1  # 127.0.0.1: never


async def test_every_address_of_the_name_must_be_public(resolver, wire):
    resolver.answers["mixed.example"] = [["198.51.100.9", "169.254.169.254"]]
    resolver.answers["gone.example"] = [[]]
    async with OutboundClient(webhook_rules(), 5, "webhook") as client:
        with pytest.raises(CallFailed) as mixed:
            await client.post("https://mixed.example/", b"", {})
        with pytest.raises(CallFailed) as gone:
            await client.post("https://gone.example/", b"", {})
    assert mixed.value.failure == Failure.REJECTED_ADDRESS and gone.value.failure == Failure.UNREACHABLE
    assert wire.requests == []


@pytest.mark.parametrize(("url", "rules", "reason"), [
    ("https://example.com:6379/x", push_rules(), "port"),
    ("https://203.0.113.7:22/x", push_rules(), "port"),
    ("https://push.example:80/x", push_rules(), "port"),
    ("http://push.example/x", push_rules(), "scheme"),
    ("https://example.com:8443/hook", webhook_rules(), "port"),
    ("https://user:pw@example.com/", webhook_rules(), "credentials"),
    ("https://10.1.2.3/", push_rules(), "address"),
])
def test_each_kind_allows_its_ports_only(url, rules, reason):
    with pytest.raises(UnsafeUrl) as refused:
        check(url, rules)
    assert refused.value.reason == reason


def test_the_allowed_ports_pass():
    assert check("https://push.example/x", push_rules()).port == 443
    assert check("https://push.example:443/x", push_rules()).port == 443
    assert check("http://hooks.example/x", webhook_rules()).port == 80
    assert check("http://127.0.0.1:8123/x", push_rules(allow_loopback=True)).let_through  # the tests' push service
    with pytest.raises(UnsafeUrl):
        check("http://127.0.0.1:8123/x", push_rules())


async def test_a_redirect_is_never_followed(http_server):
    port, paths = http_server
    async with OutboundClient(push_rules(allow_loopback=True), 5, "push") as client:
        with pytest.raises(CallFailed) as redirected:
            await client.post(f"http://127.0.0.1:{port}/redirect", b"{}", {})
    assert (redirected.value.failure, redirected.value.code) == (Failure.REDIRECT, 302)
    assert paths == ["/redirect"]  # /elsewhere never called


async def test_proxy_variables_of_the_environment_are_ignored(http_server, listen, monkeypatch):
    port, paths = http_server
    proxy = await listen(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n")
    proxy_environment(monkeypatch, proxy.port)
    async with OutboundClient(push_rules(allow_loopback=True), 5, "push") as client:
        assert await client.post(f"http://127.0.0.1:{port}/direct", b"{}", {}) == 204
    assert paths == ["/direct"] and proxy.connections == 0


async def test_a_failure_is_a_category_never_the_errors_text(listen):
    """Real failures on loopback (the push tests' allowance): what a caller gets is the category alone."""
    plain = await listen(b"HTTP/1.1 204 No Content\r\n\r\n")  # https to it: the TLS handshake fails
    garbage = await listen(b"SSH-2.0-OpenSSH_9.6\r\n\r\n")  # no HTTP answer
    silent = await listen(None)
    closed = free_port()
    cases = {f"https://127.0.0.1:{plain.port}/x": Failure.TLS,
             f"http://127.0.0.1:{garbage.port}/x": Failure.BAD_ANSWER,
             f"http://127.0.0.1:{silent.port}/x": Failure.TIMEOUT,
             f"http://127.0.0.1:{closed}/x": Failure.UNREACHABLE}
    async with OutboundClient(push_rules(allow_loopback=True), 0.5, "push") as client:
        for url, expected in cases.items():
            with pytest.raises(CallFailed) as failed:
                await client.post(url, b"{}", {})
            assert failed.value.failure == expected, url
            assert str(failed.value) == expected.value  # nothing of the TLS or socket error's text
    assert failure_text("tls").render("en") == "secure connection (TLS) failed"
    assert failure_text("ConnectError: [Errno 111]").render("fr") == "échec"  # an old raw text: generic


def _certificate(name: str, folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for ``name`` and its key, as PEM files."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.now(UTC)
    certificate = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
                   .serial_number(x509.random_serial_number()).not_valid_before(now - timedelta(minutes=5))
                   .not_valid_after(now + timedelta(days=1))
                   .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
                   .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                   .sign(key, hashes.SHA256()))
    cert_file, key_file = folder / f"{name}.crt", folder / f"{name}.key"
    cert_file.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_file, key_file


@pytest.mark.parametrize(("served", "outcome"), [("hooks.example", 204), ("other.example", Failure.TLS)])
async def test_tls_names_the_host_while_connecting_to_the_checked_address(tmp_path, monkeypatch, served, outcome):
    """A receiver on 127.0.0.1 (let through by the admin's entry) whose certificate is for ``served``: the call
    connects to the address and gives the host's name for SNI and the certificate check."""
    cert_file, key_file = _certificate(served, tmp_path)
    names: list[str | None] = []
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_tls.load_cert_chain(cert_file, key_file)
    server_tls.sni_callback = lambda _sock, name, _ctx: names.append(name)  # type: ignore[assignment,func-returns-value]
    hosts: list[str] = []

    async def handle(request: web.Request) -> web.Response:
        hosts.append(request.headers["Host"])
        return web.Response(status=204)

    app = web.Application()
    app.router.add_post("/in", handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=server_tls)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    resolver = use_resolver(monkeypatch)
    resolver.answers["hooks.example"] = [["127.0.0.1"]]
    trusted = ssl.create_default_context(cafile=str(cert_file))
    monkeypatch.setattr(outbound, "new_transport", lambda: httpx.AsyncHTTPTransport(verify=trusted, trust_env=False))
    try:
        async with OutboundClient(webhook_rules(frozenset({("hooks.example", port)})), 5, "webhook") as client:
            if outcome == 204:
                assert await client.post(f"https://hooks.example:{port}/in", b"{}", {}) == 204
                assert hosts == [f"hooks.example:{port}"]
            else:
                with pytest.raises(CallFailed) as failed:
                    await client.post(f"https://hooks.example:{port}/in", b"{}", {})
                assert failed.value.failure == outcome and hosts == []
    finally:
        await runner.cleanup()
    assert names == ["hooks.example"] and resolver.asked == ["hooks.example"]
