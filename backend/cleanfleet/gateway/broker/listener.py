"""The TLS listener: it accepts its connections itself, so a storm is taken at the pace the broker can answer it.

``loop.create_server`` accepts every connection waiting (uvloop: until the kernel's queue is empty) and starts all
their TLS handshakes at once. In a storm of 10,000 robots over TLS, thousands of handshakes then shared the broker's
thread, each finished after its robot's 10 s had passed, the robots tried again, and not one of 10,000 got in within
three minutes (bench/README.md ``reconnect-storm``). Here at most ``max_handshakes`` run at once; the others wait in
the kernel's queue (``backlog``), where a connection costs the broker nothing, and a connection whose robot hung up
while it waited there is closed unread: no handshake for nobody. The handshake itself keeps its deadline.
"""

import asyncio
import contextlib
import errno
import logging
import select
import socket
import ssl
from collections.abc import Callable

log = logging.getLogger("cleanfleet.gateway.broker")
ACCEPTS_AT_ONCE = 64  # per turn of the loop: the connections already in get their turn between two
RETRY_SECONDS = 1.0  # after the process ran out of files (or memory): accepting pauses this long
OUT_OF_RESOURCES = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}
HUNG_UP = getattr(select, "POLLRDHUP", 0) | select.POLLHUP | select.POLLERR


class Listener:
    """A listening socket whose accepted connections become ``factory()``'s protocol after their TLS handshake."""

    def __init__(self, host: str | None, port: int, factory: Callable[[], asyncio.Protocol], *,
                 context: ssl.SSLContext, handshake_seconds: float, backlog: int, max_handshakes: int) -> None:
        self.sockets: list[socket.socket] = []
        self.hung_up = 0  # connections closed unread: their client had gone while they waited
        self._address = (host, port)
        self._factory, self._context = factory, context
        self._handshake_seconds, self._backlog, self._max = handshake_seconds, backlog, max_handshakes
        self._handshakes: set[asyncio.Task[None]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._reading = False

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        host, port = self._address
        if host:
            family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0][0]
            sock = socket.create_server((host, port), family=family, backlog=self._backlog)
        elif socket.has_dualstack_ipv6():
            sock = socket.create_server(("", port), family=socket.AF_INET6, backlog=self._backlog, dualstack_ipv6=True)
        else:
            sock = socket.create_server(("", port), backlog=self._backlog)
        sock.setblocking(False)
        self.sockets = [sock]
        self._resume()

    def close(self) -> None:
        """Stops accepting; handshakes under way are cancelled (their sockets closed)."""
        self._pause()
        for sock in self.sockets:
            sock.close()
        for task in list(self._handshakes):
            task.cancel()

    async def wait_closed(self) -> None:
        await asyncio.gather(*self._handshakes, return_exceptions=True)

    def _resume(self) -> None:
        if not self._reading and self.sockets and self._loop is not None and self.sockets[0].fileno() >= 0:
            self._loop.add_reader(self.sockets[0].fileno(), self._accept)
            self._reading = True

    def _pause(self) -> None:
        if self._reading and self._loop is not None and self.sockets and self.sockets[0].fileno() >= 0:
            self._loop.remove_reader(self.sockets[0].fileno())
        self._reading = False

    def _accept(self) -> None:
        assert self._loop is not None
        for _ in range(ACCEPTS_AT_ONCE):
            if len(self._handshakes) >= self._max:
                self._pause()  # the kernel's queue holds the rest; reading again once a handshake ends
                return
            try:
                sock, _ = self.sockets[0].accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                if exc.errno not in OUT_OF_RESOURCES:
                    raise
                log.warning("the embedded broker's TLS listener cannot accept (%s): pausing %.0f s", exc,
                            RETRY_SECONDS)
                self._pause()
                self._loop.call_later(RETRY_SECONDS, self._resume)
                return
            if _hung_up(sock):
                self.hung_up += 1
                sock.close()
                continue
            sock.setblocking(False)
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            task = self._loop.create_task(self._handshake(sock))
            self._handshakes.add(task)
            task.add_done_callback(self._handshaken)

    async def _handshake(self, sock: socket.socket) -> None:
        assert self._loop is not None
        try:
            await self._loop.connect_accepted_socket(self._factory, sock, ssl=self._context,
                                                     ssl_handshake_timeout=self._handshake_seconds)
        except OSError:  # a failed, refused or late handshake (SSLError, TimeoutError): that client's alone
            sock.close()
        except asyncio.CancelledError:
            sock.close()
            raise

    def _handshaken(self, task: "asyncio.Task[None]") -> None:
        self._handshakes.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            log.warning("a TLS handshake failed unexpectedly", exc_info=exc)
        if self.sockets and self.sockets[0].fileno() >= 0:
            self._resume()


def _hung_up(sock: socket.socket) -> bool:
    """Whether the client closed (or reset) its side while the connection waited to be accepted."""
    poller = select.poll()
    poller.register(sock.fileno(), HUNG_UP)
    return bool(poller.poll(0))
