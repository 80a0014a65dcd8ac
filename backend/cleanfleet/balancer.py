"""A small HTTP and WebSocket load balancer for `make run-cluster` (one machine, no nginx to install).

Round robin over the workers whose readiness check (``GET /api/ready``) answers 200, checked every second.
A call whose worker cannot be reached before anything was sent back goes to the next worker (its body, at most
``max_body_bytes``, is kept for that; a bigger upload is streamed and not retried). Answers are streamed (the
relay's video, downloads), WebSockets are piped both ways, and ``X-Forwarded-For`` names the client, so the
workers run with ``CLEANFLEET_TRUSTED_PROXIES`` set to the balancer's address. In production a real load
balancer (nginx, an ingress, a cloud one) takes its place: deploy/ has the files, backend/README.md the why.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from aiohttp import WSMsgType, web

log = logging.getLogger("cleanfleet.balancer")
HOP_BY_HOP = frozenset({"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer",
                        "transfer-encoding", "upgrade", "host", "content-length"})
CHECK_EVERY = 1.0
READY_PATH = "/api/ready"


@dataclass
class Upstream:
    url: str  # http://host:port
    ready: bool = False


@dataclass
class Balancer:
    upstreams: list[Upstream]
    max_body_bytes: int = 1024 * 1024
    session: aiohttp.ClientSession | None = None
    turn: itertools.count[int] = field(default_factory=itertools.count)

    def order(self) -> list[Upstream]:
        """The ready workers, starting with the next one's turn (all of them when none looks ready)."""
        ready = [u for u in self.upstreams if u.ready] or list(self.upstreams)
        start = next(self.turn) % len(ready)
        return ready[start:] + ready[:start]

    async def check_forever(self) -> None:
        while True:
            await asyncio.gather(*(self._check(upstream) for upstream in self.upstreams))
            await asyncio.sleep(CHECK_EVERY)

    async def _check(self, upstream: Upstream) -> None:
        assert self.session is not None
        try:
            async with self.session.get(upstream.url + READY_PATH, timeout=aiohttp.ClientTimeout(total=2)) as answer:
                ready = answer.status == 200
        except (aiohttp.ClientError, TimeoutError):
            ready = False
        if ready != upstream.ready:
            log.warning("worker %s %s", upstream.url, "ready" if ready else "not ready")
        upstream.ready = ready

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.headers.get("upgrade", "").lower() == "websocket":
            return await self._websocket(request)
        body = await _body(request, self.max_body_bytes)
        for upstream in self.order():
            try:
                return await self._forward(request, upstream, body)
            except (aiohttp.ClientConnectionError, TimeoutError) as exc:
                upstream.ready = False
                log.warning("worker %s unreachable (%s): next one", upstream.url, exc)
                if not isinstance(body, bytes):
                    break  # a streamed body cannot be sent twice
        return web.Response(status=502, text="no worker answered")

    async def _forward(self, request: web.Request, upstream: Upstream, body: Any) -> web.StreamResponse:
        assert self.session is not None
        async with self.session.request(request.method, upstream.url + request.rel_url.raw_path_qs,
                                        headers=forwarded_headers(request), data=body,
                                        allow_redirects=False) as answer:
            response = web.StreamResponse(status=answer.status, reason=answer.reason)
            for name, value in answer.headers.items():
                if name.lower() not in HOP_BY_HOP:
                    response.headers.add(name, value)
            if answer.content_length is not None:
                response.content_length = answer.content_length
            await response.prepare(request)
            async for chunk in answer.content.iter_any():
                await response.write(chunk)
            await response.write_eof()
            return response

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        assert self.session is not None
        protocols = [p.strip() for p in request.headers.get("Sec-WebSocket-Protocol", "").split(",") if p.strip()]
        headers = {k: v for k, v in forwarded_headers(request).items() if not k.lower().startswith("sec-websocket")}
        for upstream in self.order():
            try:
                server = await self.session.ws_connect(upstream.url.replace("http", "ws", 1)
                                                       + request.rel_url.raw_path_qs, headers=headers,
                                                       protocols=protocols, autoping=True)
            except (aiohttp.ClientError, TimeoutError):
                upstream.ready = False
                continue
            client = web.WebSocketResponse(protocols=[server.protocol] if server.protocol else ())
            await client.prepare(request)
            await _pipe_both(client, server)
            return client
        return web.Response(status=502, text="no worker answered")


async def _body(request: web.Request, limit: int) -> Any:
    """The body as bytes when it is small enough to be sent again, else the stream itself."""
    if not request.body_exists:
        return None
    if request.content_length is not None and request.content_length <= limit:
        return await request.read()
    return request.content


def forwarded_headers(request: web.Request) -> dict[str, str]:
    headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}
    peer = request.remote or ""
    earlier = request.headers.get("X-Forwarded-For")
    headers["X-Forwarded-For"] = f"{earlier}, {peer}" if earlier else peer
    headers["X-Forwarded-Proto"] = request.scheme
    headers["X-Forwarded-Host"] = request.host
    return headers


async def _pipe_both(client: web.WebSocketResponse, server: aiohttp.ClientWebSocketResponse) -> None:
    """Messages both ways until either side closes; the other side is then closed with the same code."""

    async def pipe(source: Any, target: Any) -> None:
        async for message in source:
            if message.type == WSMsgType.TEXT:
                await target.send_str(message.data)
            elif message.type == WSMsgType.BINARY:
                await target.send_bytes(message.data)
            else:
                break
        await target.close(code=source.close_code or 1000)

    tasks = [asyncio.ensure_future(pipe(client, server)), asyncio.ensure_future(pipe(server, client))]
    await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError, ConnectionError, aiohttp.ClientError):
            await task
    await server.close()
    await client.close()


def make_app(upstream_urls: list[str], max_body_bytes: int) -> web.Application:
    balancer = Balancer([Upstream(url.rstrip("/")) for url in upstream_urls], max_body_bytes)
    app = web.Application(client_max_size=max_body_bytes + 1)

    async def lifespan(_app: web.Application) -> Any:
        balancer.session = aiohttp.ClientSession(auto_decompress=False, timeout=aiohttp.ClientTimeout(
            total=None, sock_connect=2, sock_read=None))
        checker = asyncio.ensure_future(balancer.check_forever())
        yield
        checker.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await checker
        await balancer.session.close()

    app.cleanup_ctx.append(lifespan)
    app.router.add_route("*", "/{path:.*}", balancer.handle)
    return app


def serve(host: str, port: int, upstream_urls: list[str], max_body_bytes: int) -> None:
    web.run_app(make_app(upstream_urls, max_body_bytes), host=host, port=port, print=None, access_log=None,
                handle_signals=True)
