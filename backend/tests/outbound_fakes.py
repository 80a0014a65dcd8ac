"""Stand-ins for the network of the server's outbound calls (core/outbound.py), so that no test sends a packet
beyond loopback: a resolver the test controls (with the RFC 5737 documentation networks standing for public
addresses), a transport that records where each call would connect, and raw TCP listeners on 127.0.0.1."""

import asyncio
import ipaddress
from dataclasses import dataclass, field

import httpx
import pytest

from cleanfleet.core import outbound

DOCUMENTATION = (ipaddress.ip_network("192.0.2.0/24"), ipaddress.ip_network("198.51.100.0/24"),
                 ipaddress.ip_network("203.0.113.0/24"))


@dataclass
class Resolver:
    """The tests' DNS: each name's answers in turn (the last one repeats), and every name asked."""

    answers: dict[str, list[list[str]]] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)

    def __call__(self, host: str, _port: int) -> list[str]:
        self.asked.append(host)
        answers = self.answers[host]
        return answers.pop(0) if len(answers) > 1 else answers[0]


def use_resolver(monkeypatch: pytest.MonkeyPatch) -> Resolver:
    found = Resolver()
    monkeypatch.setattr(outbound, "_lookup", found)
    monkeypatch.setattr(outbound, "TREATED_AS_PUBLIC", DOCUMENTATION)
    return found


@dataclass
class Wire:
    """Stands for the network: records where each call would connect and answers ``code``."""

    code: int = 201
    requests: list[httpx.Request] = field(default_factory=list)

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return httpx.Response(self.code)


def use_wire(monkeypatch: pytest.MonkeyPatch) -> Wire:
    found = Wire()
    monkeypatch.setattr(outbound, "new_transport", lambda: httpx.MockTransport(found.handle))
    return found


@dataclass
class Listener:
    """A TCP listener on 127.0.0.1 that counts its connections and answers each with ``reply`` (None: silence)."""

    reply: bytes | None
    port: int = 0
    connections: int = 0
    server: asyncio.Server | None = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        if self.reply is None:
            await reader.read(1)  # holds the connection open, answers nothing
            return
        await reader.read(65536)  # the request (closing before reading it would reset the connection)
        writer.write(self.reply)
        await writer.drain()
        writer.close()

    async def start(self) -> "Listener":
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.close()


PROXY_VARIABLES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")


def proxy_environment(monkeypatch: pytest.MonkeyPatch, port: int) -> None:
    """Every proxy variable pointing at 127.0.0.1:``port``, and no exceptions to them."""
    for name in PROXY_VARIABLES:
        monkeypatch.setenv(name, f"http://127.0.0.1:{port}")
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
