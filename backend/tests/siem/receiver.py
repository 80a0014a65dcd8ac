"""A real RFC 5424 receiver for the tests: an asyncio server speaking TLS (RFC 5425) with a certificate of a CA
made here (``cryptography``), reading octet-counted frames and parsing each message strictly (``parse``: any
deviation from RFC 5424's grammar is an error the test sees). It can be stopped (its connections closed) and
started again on the same port: the "receiver down, then up" of the tests."""

import asyncio
import datetime
import ipaddress
import re
import ssl
from dataclasses import dataclass, field
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

HEADER = re.compile(r"<(\d{1,3})>(1) (\S+) (\S+) (\S+) (\S+) (\S+) ")
TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$")
SD_NAME = re.compile(r"^[!#-<>-\\^-~]{1,32}$")  # PRINTUSASCII but '=', ']', '"' (and SP, outside it)
BOM = "\ufeff".encode()


class Malformed(ValueError):
    pass


@dataclass
class Message:
    pri: int
    timestamp: str
    hostname: str
    app_name: str
    procid: str
    msgid: str
    sd: dict[str, dict[str, str]]
    msg: bytes

    @property
    def facility(self) -> int:
        return self.pri // 8

    @property
    def severity(self) -> int:
        return self.pri % 8


def _sd_value(text: str, at: int) -> tuple[str, int]:
    """A quoted PARAM-VALUE from ``text[at]`` (the opening quote); §6.3.3: '"', '\\' and ']' must be escaped."""
    if text[at] != '"':
        raise Malformed(f"a value must be quoted at {at}")
    value, at = [], at + 1
    while at < len(text):
        char = text[at]
        if char == "\\" and at + 1 < len(text) and text[at + 1] in '"\\]':
            value.append(text[at + 1])
            at += 2
        elif char == '"':
            return "".join(value), at + 1
        elif char == "]":
            raise Malformed("an unescaped ']' in a value")
        else:
            value.append(char)
            at += 1
    raise Malformed("a value not closed")


def _sd(text: str) -> tuple[dict[str, dict[str, str]], int]:
    """STRUCTURED-DATA: NILVALUE or one or more SD-ELEMENTs; answers the elements and where they end."""
    if text.startswith("-"):
        return {}, 1
    elements: dict[str, dict[str, str]] = {}
    at = 0
    while at < len(text) and text[at] == "[":
        end = at + 1
        while end < len(text) and text[end] not in " ]":
            end += 1
        sd_id = text[at + 1:end]
        if not SD_NAME.match(sd_id) or sd_id in elements:
            raise Malformed(f"bad or repeated SD-ID {sd_id!r}")
        params: dict[str, str] = {}
        at = end
        while text[at] == " ":
            equals = text.index("=", at)
            name = text[at + 1:equals]
            if not SD_NAME.match(name):
                raise Malformed(f"bad PARAM-NAME {name!r}")
            params[name], at = _sd_value(text, equals + 1)
        if text[at] != "]":
            raise Malformed(f"an element not closed at {at}")
        elements[sd_id], at = params, at + 1
    if not elements:
        raise Malformed("no structured data")
    return elements, at


def parse(raw: bytes) -> Message:
    """One SYSLOG-MSG, strictly as RFC 5424 writes it."""
    text = raw.decode("utf-8")
    header = HEADER.match(text)
    if header is None:
        raise Malformed(f"no RFC 5424 header: {text[:80]!r}")
    pri, _, stamp, host, app, procid, msgid = header.groups()
    if int(pri) > 191 or (len(pri) > 1 and pri.startswith("0")):
        raise Malformed(f"bad PRI {pri}")
    if stamp != "-" and not TIMESTAMP.match(stamp):
        raise Malformed(f"bad TIMESTAMP {stamp}")
    for value, limit in ((host, 255), (app, 48), (procid, 128), (msgid, 32)):
        if len(value) > limit or not all(33 <= ord(c) <= 126 for c in value):
            raise Malformed(f"bad header field {value!r}")
    rest = text[header.end():]
    sd, end = _sd(rest)
    tail = rest[end:].encode()
    if tail and not tail.startswith(b" "):
        raise Malformed("no space before MSG")
    return Message(int(pri), stamp, host, app, procid, msgid, sd, tail[1:])


def frames(buffer: bytearray) -> list[bytes]:
    """The complete octet-counted frames at the start of ``buffer`` (taken out of it)."""
    found = []
    while True:
        space = buffer.find(b" ")
        if space < 0:
            return found
        length = buffer[:space]
        if not length.isdigit() or length.startswith(b"0"):
            raise Malformed(f"bad MSG-LEN {bytes(length)!r}")
        end = space + 1 + int(length)
        if len(buffer) < end:
            return found
        found.append(bytes(buffer[space + 1:end]))
        del buffer[:end]


@dataclass
class Authority:
    """A CA, and server certificates it signs (for 127.0.0.1 and localhost)."""

    name: str
    key: Any = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    cert: Any = None

    def __post_init__(self) -> None:
        subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, self.name)])
        self.cert = _signed(subject, subject, self.key.public_key(), self.key, ca=True)

    @property
    def pem(self) -> str:
        return self.cert.public_bytes(serialization.Encoding.PEM).decode()

    def server_context(self) -> ssl.SSLContext:
        key = ec.generate_private_key(ec.SECP256R1())
        subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "siem.test")])
        cert = _signed(subject, self.cert.subject, key.public_key(), self.key, ca=False)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        import tempfile  # the ssl module loads a chain from files only
        with tempfile.NamedTemporaryFile("wb", suffix=".pem") as chain:
            chain.write(cert.public_bytes(serialization.Encoding.PEM) + key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
            chain.flush()
            context.load_cert_chain(chain.name)
        return context


def _signed(subject: x509.Name, issuer: x509.Name, public: Any, signer: Any, *, ca: bool) -> Any:
    now = datetime.datetime.now(datetime.UTC)
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer).public_key(public)
               .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
               .not_valid_after(now + datetime.timedelta(days=1))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(
            digital_signature=True, key_cert_sign=True, crl_sign=True, content_commitment=False,
            key_encipherment=False, data_encipherment=False, key_agreement=False, encipher_only=False,
            decipher_only=False), critical=True)
    else:
        builder = builder.add_extension(x509.SubjectAlternativeName([
            x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
    return builder.sign(signer, hashes.SHA256())


@dataclass
class Receiver:
    """The syslog server: ``messages`` parsed in arrival order, ``errors`` what did not parse."""

    authority: Authority
    port: int = 0
    messages: list[Message] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    handshakes: int = 0
    _server: asyncio.Server | None = None
    _writers: set[asyncio.StreamWriter] = field(default_factory=set)
    _arrived: asyncio.Event = field(default_factory=asyncio.Event)

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port,
                                                  ssl=self.authority.server_context(), reuse_address=True)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        """Down: no longer listening, every connection closed."""
        assert self._server is not None
        self._server.close()
        for writer in list(self._writers):
            writer.close()
        await self._server.wait_closed()
        self._server = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.handshakes += 1
        self._writers.add(writer)
        buffer = bytearray()
        try:
            while chunk := await reader.read(65536):
                buffer += chunk
                for raw in frames(buffer):
                    try:
                        self.messages.append(parse(raw))
                    except (Malformed, UnicodeDecodeError) as exc:
                        self.errors.append(f"{exc}: {raw[:200]!r}")
                    self._arrived.set()
        except (ConnectionError, ssl.SSLError, Malformed) as exc:
            self.errors.append(repr(exc))
        finally:
            self._writers.discard(writer)
            writer.close()

    async def wait_for(self, count: int, seconds: float = 10.0) -> list[Message]:
        """Until ``count`` messages arrived (a TLS write is only buffered until the receiver reads it)."""
        async with asyncio.timeout(seconds):
            while len(self.messages) < count:
                self._arrived.clear()
                await self._arrived.wait()
        return self.messages
