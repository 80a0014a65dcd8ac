"""WebSocket /api/ws: live device states and new alarms for a signed-in console.

Browsers cannot set headers on a WebSocket, so the console passes what its calls carry in headers as
query parameters: ``/api/ws?token=<login token>&sign=<sign header value>[&since=<seq>&epoch=<epoch>]``,
URL-encoded (``encodeURIComponent``). The ``sign`` value is checked like the header (it expires within a
minute, so a logged URL is useless later). Instead of the query, the first message may be
``{"token": ..., "sign": ...}`` (within 10 s).

Server → console: one JSON object per message, each declared once in realtime/schemas.py (published as the
``LiveMessage`` schema component, so the console's types come from it): ``hello`` first, then ``devices``,
``updates``, ``leases``, ``alarms`` (raise, clear, resolve), ``resync`` (events were missed: reload the lists,
then carry on), and ``pong`` for a ``{"type": "ping"}``.
To resume after a reconnect, pass the last ``seq`` seen as ``since`` and the ``epoch`` of the hello.
Close codes: 4002 bad signature, 4003 session invalid or revoked, 4000 the session changed (roles,
password): reconnect with ``since`` to resume with the new rights.
"""

import asyncio
import contextlib
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cleanfleet.core.auth import Caller, caller_for_token
from cleanfleet.core.signature import SignatureError
from cleanfleet.realtime.hub import Close, Console, Hub
from cleanfleet.realtime.published import LiveMismatch, check_message
from cleanfleet.realtime.schemas import LivePong

router = APIRouter(tags=["live"])

FIRST_MESSAGE_SECONDS = 10.0
CLOSE_BAD_SIGNATURE = 4002
CLOSE_SESSION_INVALID = 4003
CLOSE_RECONNECT = 4000
CLOSE_CODES = {"revoked": CLOSE_SESSION_INVALID, "changed": CLOSE_RECONNECT}


async def _credentials(websocket: WebSocket, token: str | None, sign: str | None) -> tuple[str | None, str | None]:
    if token:
        return token, sign
    with contextlib.suppress(TimeoutError, ValueError, WebSocketDisconnect):
        first = orjson.loads(await asyncio.wait_for(websocket.receive_text(), FIRST_MESSAGE_SECONDS))
        if isinstance(first, dict):
            return first.get("token"), first.get("sign")
    return None, None


async def _sign_in(websocket: WebSocket, token: str | None, sign: str | None) -> Caller | None:
    state = websocket.app.state
    token, sign = await _credentials(websocket, token, sign)
    try:  # an unencoded '+' of the base64 value arrives as a space; base64 has no spaces of its own
        state.signer.verify(sign.replace(" ", "+") if isinstance(sign, str) else None)
    except SignatureError:
        await websocket.close(CLOSE_BAD_SIGNATURE, "bad signature")
        return None
    caller = await caller_for_token(state, token) if isinstance(token, str) and token else None
    if caller is None:
        await websocket.close(CLOSE_SESSION_INVALID, "session invalid")
    return caller


async def _send_loop(websocket: WebSocket, console: Console) -> None:
    checking = websocket.app.state.settings.check_answers  # in tests: every message matches its published model
    while True:
        message = await console.queue.get()
        if isinstance(message, Close):
            await websocket.close(CLOSE_CODES.get(message.reason, CLOSE_RECONNECT), message.reason)
            return
        text = orjson.dumps(message).decode()
        if checking:
            check_message(text)
        await websocket.send_text(text)


async def _receive_loop(websocket: WebSocket, console: Console) -> None:
    while True:
        text = await websocket.receive_text()
        with contextlib.suppress(ValueError):
            message: Any = orjson.loads(text)
            if isinstance(message, dict) and message.get("type") == "ping":
                console.offer(LivePong(type="pong"))


@router.websocket("/ws")
async def live(websocket: WebSocket, token: str | None = None, sign: str | None = None, since: int | None = None,
               epoch: str | None = None) -> None:
    """Live device states and alarms of the caller's subtree (see the module's description)."""
    await websocket.accept()
    caller = await _sign_in(websocket, token, sign)
    if caller is None:
        return
    hub: Hub = websocket.app.state.hub
    console = hub.join(caller, since, epoch)
    tasks = [asyncio.create_task(_send_loop(websocket, console)),
             asyncio.create_task(_receive_loop(websocket, console))]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        hub.leave(console)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    mismatch = next((t.exception() for t in done if not t.cancelled() and isinstance(t.exception(), LiveMismatch)),
                    None)
    if mismatch is not None:  # the tests' check: loud in the server's log, not a quietly closed socket
        raise mismatch
