"""Every call the server makes to a URL a user chose (a browser's push endpoint, a webhook's receiver; any later
one) goes through the one client here, ``OutboundClient``, so every one holds the same rules (issues 35 and 45):

- **Checked before it is called** (``check``): a scheme and a port the kind of call allows (``push_rules``: https
  on 443, the push services' port; ``webhook_rules``: http on 80, https on 443), no user name or password, a
  literal address only if it is public, at most ``MAX_URL`` characters. A refusal is ``UnsafeUrl`` (its ``reason``
  says which rule, for the caller's translated refusal).
- **Looked up once, connected to what was checked** (``resolve``): the host's addresses right before each call (off
  the event loop); every one must be public (not loopback, private, link-local, CGNAT, multicast, reserved or a
  cloud metadata address) and the call connects to the first (``Target.connect_url``; the Host header and the TLS
  name, SNI and certificate check, stay the host's), so no second lookup can point it elsewhere (DNS rebinding).
- **Nothing else decides where it goes**: no redirect is followed, no proxy is taken from the environment
  (``HTTP_PROXY``, ``HTTPS_PROXY``, ``ALL_PROXY`` are ignored: ``trust_env=False``), and no connection is kept for
  a later call (one made for a host name is never reused for another name on the same address).
- **A failure is a category** (``Failure``: rejected address, unreachable, timeout, TLS, redirect, HTTP 4xx, HTTP
  5xx, bad answer), which is what is stored and shown to users (translated); the error's own text (a TLS or
  connection message says things about the network behind an address) goes to the server's log only.

The tests' and journeys' receivers on loopback are let through only where the admin says so: ``host:port`` entries
of ``CLEANFLEET_WEBHOOK_ALLOW`` for webhooks (as written, no lookup: ``localhost:80`` does not allow
``127.0.0.1:80``), and any loopback host, over http or https and on any port, with
``CLEANFLEET_PUSH_ALLOW_HTTP_LOOPBACK`` for push (never in production).
"""

import ipaddress
import logging
import socket
import ssl
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import TracebackType
from typing import NamedTuple, Self
from urllib.parse import urlsplit

import anyio
import httpx

from cleanfleet.core.texts import Text
from cleanfleet.core.tls import verified_tls

log = logging.getLogger("cleanfleet.outbound")

MAX_URL = 2048
DEFAULT_PORTS = {"http": 80, "https": 443}
# cloud metadata services, refused by name too (they are link-local or unique-local, so refused anyway)
METADATA = frozenset({ipaddress.ip_address("169.254.169.254"), ipaddress.ip_address("fd00:ec2::254"),
                      ipaddress.ip_address("100.100.100.200")})
CGNAT = ipaddress.ip_network("100.64.0.0/10")
# stand-ins for public addresses: empty in production; the tests put the RFC 5737 documentation networks here
# (192.0.2.0/24 ...), which are nobody's, so a test's "public" host can never be a real one
TREATED_AS_PUBLIC: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()

Allowed = frozenset[tuple[str, int]]
IpAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


class UnsafeUrl(ValueError):
    """Why the URL may not be called (English, for logs); ``reason`` is one of ``not_url``, ``scheme``,
    ``credentials``, ``port``, ``address`` and ``not_found`` (the host has no address now)."""

    def __init__(self, message: str, reason: str = "address") -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Rules:
    """Where one kind of call may go: its schemes and ports, and what the admin lets through anyway."""

    schemes: frozenset[str]
    ports: frozenset[int]
    allowed: Allowed = frozenset()  # host:port entries let through whatever they point at
    loopback: bool = False  # any loopback host, http or https, any port (the tests' push service)


def push_rules(allow_loopback: bool = False) -> Rules:
    """A browser's push service: https on 443 (every push service listens there)."""
    return Rules(frozenset({"https"}), frozenset({443}), loopback=allow_loopback)


def webhook_rules(allowed: Allowed = frozenset()) -> Rules:
    """A webhook's receiver: http on 80 or https on 443, and the admin's ``host:port`` entries."""
    return Rules(frozenset({"http", "https"}), frozenset({80, 443}), allowed=allowed)


def parse_allowed(entries: str) -> Allowed:
    """``host:port`` entries (comma-separated; ``[::1]:8080`` for IPv6) the admin lets webhooks reach anyway;
    hosts compared lower-case as written in the URL (no lookup: ``localhost:80`` does not allow ``127.0.0.1:80``)."""
    found = set()
    for entry in (part.strip() for part in entries.split(",")):
        if not entry:
            continue
        host, _, port = entry.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"{entry!r} is not host:port")
        found.add((host.strip("[]").lower(), int(port)))
    return frozenset(found)


def _address(host: str) -> IpAddress | None:
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None


def _refused_address(address: IpAddress) -> str | None:
    """Why the server may not call this address, or None (a public unicast address)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if any(address in network for network in TREATED_AS_PUBLIC):
        return None
    if address in METADATA:
        return "a cloud metadata address"
    if address.is_loopback:
        return "a loopback address"
    if address.is_link_local:
        return "a link-local address"
    if address.is_multicast:
        return "a multicast address"
    if isinstance(address, ipaddress.IPv4Address) and address in CGNAT:
        return "a shared (CGNAT) address"
    if address.is_private or address.is_reserved or address.is_unspecified or not address.is_global:
        return "a private or reserved address"
    return None


def _is_loopback(host: str) -> bool:
    address = _address(host)
    return host == "localhost" or (address is not None and address.is_loopback)


class Checked(NamedTuple):
    """A URL's parts after ``check``: whether the admin lets its host:port through (no address check then)."""

    scheme: str
    host: str
    port: int
    target: str  # path and query, "/" when empty
    let_through: bool


def _parts(url: str) -> Checked:
    """The URL's parts (let_through False); refuses what is no URL, a scheme other than http(s), credentials."""
    if len(url) > MAX_URL:
        raise UnsafeUrl(f"longer than {MAX_URL} characters", "not_url")
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:
        raise UnsafeUrl("not a URL", "not_url") from exc
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if scheme not in DEFAULT_PORTS:
        raise UnsafeUrl("not http or https", "scheme")
    if not host:
        raise UnsafeUrl("no host", "not_url")
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise UnsafeUrl("a user name or password in it", "credentials")
    if port == 0:
        raise UnsafeUrl("port 0", "port")
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Checked(scheme, host, port if port is not None else DEFAULT_PORTS[scheme], target, False)


def check(url: str, rules: Rules) -> Checked:
    """Refuses (``UnsafeUrl``) what no lookup can make right: see the module's docstring."""
    found = _parts(url)
    if (found.host, found.port) in rules.allowed or (rules.loopback and _is_loopback(found.host)):
        return found._replace(let_through=True)
    if found.scheme not in rules.schemes:
        raise UnsafeUrl(f"not {' or '.join(sorted(rules.schemes))}", "scheme")
    if found.port not in rules.ports:
        raise UnsafeUrl(f"port {found.port} (only {' and '.join(map(str, sorted(rules.ports)))})", "port")
    if found.host == "localhost" or found.host.endswith(".localhost"):
        raise UnsafeUrl("a loopback address")
    literal = _address(found.host)
    if literal is not None and (why := _refused_address(literal)):
        raise UnsafeUrl(why)
    return found


@dataclass(frozen=True)
class Target:
    """Where a call goes: the URL's parts and the address that was checked (the one to connect to)."""

    scheme: str
    host: str
    port: int
    target: str  # path and query, "/" when empty
    address: str  # the checked IP address, without brackets

    def connect_url(self) -> str:
        """The URL with the checked address in place of the host (the Host header and TLS name stay the host's)."""
        literal = f"[{self.address}]" if ":" in self.address else self.address
        return f"{self.scheme}://{literal}:{self.port}{self.target}"

    def host_header(self) -> str:
        literal = f"[{self.host}]" if ":" in self.host else self.host
        return literal if DEFAULT_PORTS[self.scheme] == self.port else f"{literal}:{self.port}"


def _lookup(host: str, port: int) -> list[str]:
    """The host's addresses now (the one place a name is looked up; tests replace it with their resolver)."""
    found = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(str(sockaddr[0]).split("%")[0] for *_rest, sockaddr in found))


async def resolve(url: str, rules: Rules) -> Target:
    """``check``, then the host's addresses now (looked up once, off the event loop): every one must be public
    unless the URL is let through; answers the first, which the call connects to."""
    scheme, host, port, target, let_through = check(url, rules)
    try:
        addresses = await anyio.to_thread.run_sync(_lookup, host, port)
    except OSError as exc:
        raise UnsafeUrl(f"the host {host} cannot be found", "not_found") from exc
    if not addresses:
        raise UnsafeUrl(f"the host {host} cannot be found", "not_found")
    if not let_through:
        for address in addresses:
            if why := _refused_address(ipaddress.ip_address(address)):
                raise UnsafeUrl(f"the host {host} points at {why}")
    return Target(scheme, host, port, target, addresses[0])


def check_webhook_url(url: str, allowed: Allowed = frozenset()) -> Checked:
    return check(url, webhook_rules(allowed))


async def resolve_webhook(url: str, allowed: Allowed = frozenset()) -> Target:
    return await resolve(url, webhook_rules(allowed))


# --- failures: a category is what a user sees ---------------------------------------------------------------------

class Failure(StrEnum):
    REJECTED_ADDRESS = "rejected_address"  # the rules refused the URL, or where its host points now
    UNREACHABLE = "unreachable"  # the host has no address, or no connection could be made or it was cut
    TIMEOUT = "timeout"
    TLS = "tls"  # the secure connection failed (certificate, handshake)
    REDIRECT = "redirect"  # answered 3xx: never followed
    HTTP_4XX = "http_4xx"  # the receiver refused it
    HTTP_5XX = "http_5xx"  # the receiver failed
    BAD_ANSWER = "bad_answer"  # not an HTTP answer
    FAILED = "failed"  # stored before the categories (migration 0040): what it was is not known


FAILURE_TEXTS = {
    Failure.REJECTED_ADDRESS: Text(
        "地址被拒绝", "rejected address", "adresse refusée", "거부된 주소", "Adresse abgelehnt", "adres geweigerd",
        "拒否されたアドレス", "dirección rechazada", "عنوان مرفوض"),
    Failure.UNREACHABLE: Text(
        "无法连接", "unreachable", "injoignable", "연결할 수 없음", "nicht erreichbar", "onbereikbaar",
        "接続できません", "inalcanzable", "يتعذر الوصول"),
    Failure.TIMEOUT: Text(
        "超时未应答", "no answer in time", "pas de réponse à temps", "시간 내 응답 없음", "keine Antwort rechtzeitig",
        "geen antwoord op tijd", "時間内に応答がありません", "sin respuesta a tiempo", "لا رد في الوقت المحدد"),
    Failure.TLS: Text(
        "安全连接（TLS）失败", "secure connection (TLS) failed", "échec de la connexion sécurisée (TLS)",
        "보안 연결(TLS) 실패", "sichere Verbindung (TLS) fehlgeschlagen", "beveiligde verbinding (TLS) mislukt",
        "安全な接続（TLS）に失敗しました", "falló la conexión segura (TLS)", "فشل الاتصال الآمن (TLS)"),
    Failure.REDIRECT: Text(
        "返回了重定向（不跟随）", "answered a redirect (not followed)", "a répondu par une redirection (non suivie)",
        "리디렉션으로 응답(따르지 않음)", "mit einer Umleitung geantwortet (nicht gefolgt)",
        "antwoordde met een omleiding (niet gevolgd)", "リダイレクトで応答しました（追跡しません）",
        "respondió con una redirección (no seguida)", "رد بإعادة توجيه (لم تُتبع)"),
    Failure.HTTP_4XX: Text(
        "被接收方拒绝（HTTP 4xx）", "refused by the receiver (HTTP 4xx)", "refusé par le destinataire (HTTP 4xx)",
        "수신 측이 거부함(HTTP 4xx)", "vom Empfänger abgelehnt (HTTP 4xx)", "geweigerd door de ontvanger (HTTP 4xx)",
        "受信側が拒否しました（HTTP 4xx）", "rechazado por el receptor (HTTP 4xx)", "رفضه المستقبِل (HTTP 4xx)"),
    Failure.HTTP_5XX: Text(
        "接收方出错（HTTP 5xx）", "receiver error (HTTP 5xx)", "erreur du destinataire (HTTP 5xx)",
        "수신 측 오류(HTTP 5xx)", "Fehler beim Empfänger (HTTP 5xx)", "fout bij de ontvanger (HTTP 5xx)",
        "受信側のエラー（HTTP 5xx）", "error del receptor (HTTP 5xx)", "خطأ لدى المستقبِل (HTTP 5xx)"),
    Failure.BAD_ANSWER: Text(
        "应答不是有效的 HTTP", "not a valid HTTP answer", "réponse HTTP invalide", "올바른 HTTP 응답이 아님",
        "keine gültige HTTP-Antwort", "geen geldig HTTP-antwoord", "有効な HTTP 応答ではありません",
        "respuesta HTTP no válida", "ليس ردًا صالحًا بروتوكول HTTP"),
    Failure.FAILED: Text(
        "发送失败", "failed", "échec", "실패", "fehlgeschlagen", "mislukt", "失敗しました", "falló", "فشل"),
}


def failure_text(stored: str | None) -> Text:
    """The translated category of a stored failure (anything not a category reads as a plain failure)."""
    try:
        return FAILURE_TEXTS[Failure(stored or "")]
    except ValueError:
        return FAILURE_TEXTS[Failure.FAILED]


class CallFailed(Exception):
    """A call that did not get a 2xx: its category (what users see) and the answer's code, if one came."""

    def __init__(self, failure: Failure, code: int | None = None) -> None:
        super().__init__(failure.value if code is None else f"{failure.value} ({code})")
        self.failure, self.code = failure, code


def _caused_by(exc: BaseException, kind: type[BaseException]) -> bool:
    seen: BaseException | None = exc
    for _ in range(8):  # httpx wraps httpcore, which wraps the socket's or ssl's own error
        if seen is None:
            return False
        if isinstance(seen, kind):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _category(exc: httpx.HTTPError) -> Failure:
    if isinstance(exc, httpx.TimeoutException):
        return Failure.TIMEOUT
    if _caused_by(exc, ssl.SSLError):
        return Failure.TLS
    if isinstance(exc, httpx.RemoteProtocolError | httpx.DecodingError):
        return Failure.BAD_ANSWER
    return Failure.UNREACHABLE


def _by_code(code: int) -> Failure | None:
    if 200 <= code < 300:
        return None
    if 300 <= code < 400:
        return Failure.REDIRECT
    if 400 <= code < 500:
        return Failure.HTTP_4XX
    return Failure.HTTP_5XX if code >= 500 else Failure.BAD_ANSWER


def new_transport() -> httpx.AsyncBaseTransport:
    """The connections' transport: no proxy, no kept connection (the tests replace it to see where a call goes)."""
    return httpx.AsyncHTTPTransport(verify=verified_tls(), trust_env=False, retries=0,
                                    limits=httpx.Limits(max_keepalive_connections=0))


class OutboundClient:
    """The one HTTP client for calls to user-chosen URLs of one kind (``async with OutboundClient(...)``)."""

    def __init__(self, rules: Rules, timeout: float, kind: str) -> None:
        self.rules, self.kind = rules, kind
        self._http = httpx.AsyncClient(timeout=timeout, follow_redirects=False, trust_env=False,
                                       transport=new_transport())

    async def __aenter__(self) -> Self:
        await self._http.__aenter__()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self._http.__aexit__(kind, exc, trace)

    def _failed(self, failure: Failure, url: str, why: BaseException | str, code: int | None = None) -> CallFailed:
        log.info("outbound call failed", extra={"fields": {
            "kind": self.kind, "host": (urlsplit(url).hostname or "")[:120], "failure": failure.value,
            "code": code, "detail": str(why)[:300]}})
        return CallFailed(failure, code)

    async def _resolved(self, url: str) -> tuple[Target, dict[str, str]]:
        """The checked target of ``url`` and the TLS name to verify (CallFailed when the rules refuse it)."""
        try:
            target = await resolve(url, self.rules)
        except UnsafeUrl as exc:
            failure = Failure.UNREACHABLE if exc.reason == "not_found" else Failure.REJECTED_ADDRESS
            raise self._failed(failure, url, exc) from exc
        return target, {"sni_hostname": target.host} if target.scheme == "https" else {}

    async def fetch(self, url: str, *, form: Mapping[str, str] | None = None, headers: Mapping[str, str] | None = None,
                    limit: int = 256 * 1024) -> tuple[int, bytes]:
        """A GET (with ``form``: a form POST) whose answer is read (an OpenID provider's discovery, keys, tokens):
        (code, body) for any code but a redirect; a body over ``limit`` bytes is BAD_ANSWER."""
        target, extensions = await self._resolved(url)
        try:
            async with self._http.stream("POST" if form is not None else "GET", target.connect_url(), data=form,
                                         extensions=extensions, headers={**(headers or {}),
                                                                         "host": target.host_header()}) as answer:
                body = b""
                async for chunk in answer.aiter_bytes():
                    if len(body := body + chunk) > limit:
                        raise self._failed(Failure.BAD_ANSWER, url, f"more than {limit} bytes")
        except httpx.HTTPError as exc:
            raise self._failed(_category(exc), url, repr(exc)) from exc
        if _by_code(answer.status_code) == Failure.REDIRECT:
            raise self._failed(Failure.REDIRECT, url, f"HTTP {answer.status_code}", answer.status_code)
        return answer.status_code, body

    async def post(self, url: str, body: bytes, headers: Mapping[str, str]) -> int:
        """Posts ``body`` to the checked address of ``url``; answers the 2xx code, else raises ``CallFailed``. The
        answer's body is never read (a receiver's answer, however big, is not the server's to hold)."""
        target, extensions = await self._resolved(url)
        try:
            async with self._http.stream("POST", target.connect_url(), content=body, extensions=extensions,
                                         headers={**headers, "host": target.host_header()}) as answer:
                code = answer.status_code
        except httpx.HTTPError as exc:
            raise self._failed(_category(exc), url, repr(exc)) from exc
        if refused := _by_code(code):
            raise self._failed(refused, url, f"HTTP {code}", code)
        return code
