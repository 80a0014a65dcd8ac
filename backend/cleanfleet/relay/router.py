"""GET and POST /relay?m=<robot path>&p=<port>: a console call forwarded to the robot's own web API.

Not under /api/ (the spec's path), but signed and authenticated like every call: ``sign`` header and
``Authorization: Bearer <token>``. The caller needs ``device_control/index/control`` and the robot in its
subtree; the robot must be online; a POST is refused (CONFLICT, naming the holder) while another user
holds the robot's control lease (see /api/device/control/take). Other query parameters and the body go
to the robot as they came; the robot's answer comes back untouched (status, content type, body), with
``X-Content-Type-Options: nosniff``, except that a refusal (JSON, ``code`` not 0) gains ``refusal``:
``{message, field, reason}``, the robot's reason in the caller's language (relay.refusals). Our own refusals
use the envelope: BAD_PARAMETER (m, p), NOT_FOUND
(no robot of the caller's on a port the server assigned; another branch's robot answers the same),
NO_PERMISSION, DEVICE_OFFLINE, CONFLICT, ROBOT_TIMEOUT (no answer within CLEANFLEET_RELAY_TIMEOUT seconds).
"""

import contextlib
import json
import logging
from typing import Any

import httpx
import orjson
from fastapi import Request, Response

from cleanfleet.core.auth import CallerDep
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.errors import ApiError
from cleanfleet.core.language import request_language, request_zone
from cleanfleet.core.routing import ApiRouter
from cleanfleet.relay import checks, recorded, refusals, service, texts

log = logging.getLogger("cleanfleet.relay")

router = ApiRouter(tags=["relay"])
OWN_PARAMETERS = ("m", "p", "deviceId")
FORWARDED_HEADERS = ("content-type", "accept")
ANSWER_HEADERS = ("content-type", "cache-control", "content-disposition")


def _device_id(request: Request) -> int | None:
    value = request.query_params.get("deviceId")
    return int(value) if value and value.isdigit() else None


async def _params(request: Request) -> dict[str, Any]:
    """A robot call's parameters as the robot reads them: the query's, then the body's (JSON or form)."""
    params: dict[str, Any] = {k: v for k, v in request.query_params.items() if k not in OWN_PARAMETERS}
    body = await request.body()  # read first: the form below parses it, and it is still forwarded whole
    kind = request.headers.get("content-type", "")
    if kind.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        form = await request.form()
        params.update({k: v for k, v in form.items() if isinstance(v, str)})
    else:
        with contextlib.suppress(ValueError):
            parsed = orjson.loads(body or b"{}")
            params.update(parsed if isinstance(parsed, dict) else {})
    return params


async def relay(request: Request, caller: CallerDep, db: DbSession) -> Response:
    """Forwards one robot web API call (api-spec 7.9) to the robot behind port p."""
    query = request.query_params
    target = await service.relay_target(db, caller, query.get("m", ""), query.get("p"), _device_id(request),
                                        request.method)
    check = checks.check_for(target.call) if request.method == "POST" else None
    if check is not None:
        await check(db, target.device.id, target.call, await _params(request))
    await db.close()  # no connection held while the robot thinks
    client: httpx.AsyncClient = request.app.state.relay_client
    forwarded = httpx.QueryParams([(k, v) for k, v in query.multi_items() if k not in OWN_PARAMETERS])
    headers = {k: v for k, v in request.headers.items() if k in FORWARDED_HEADERS}
    commanded = request.method == "POST" and target.call not in service.READING_CALLS

    async def record(outcome: str) -> None:
        if commanded:
            await recorded.record_command(request, caller, target.device.id, target.device.serial_number,
                                          target.call, outcome)

    try:
        answer = await client.request(request.method, target.url, params=forwarded, headers=headers,
                                      content=await request.body(), follow_redirects=False,
                                      timeout=request.app.state.settings.relay_timeout)
    except httpx.TimeoutException as exc:
        await record("failed")
        raise ApiError(Code.ROBOT_TIMEOUT, texts.TIMEOUT, values={"sn": target.device.serial_number}) from exc
    except httpx.TransportError as exc:
        await record("failed")
        log.warning("relay: robot unreachable", extra={"fields": {"sn": target.device.serial_number,
                                                                  "error": str(exc)[:200]}})
        raise ApiError(Code.DEVICE_OFFLINE, texts.UNREACHABLE, values={"sn": target.device.serial_number}) from exc
    await record(recorded.outcome_of(answer.status_code, answer.content))
    kept = {k: v for k, v in answer.headers.items() if k.lower() in ANSWER_HEADERS}
    kept["X-Content-Type-Options"] = "nosniff"  # a robot's answer is never to be read as another type (HTML)
    return Response(content=_explained(request, answer), status_code=answer.status_code, headers=kept)


NOTE_LIMIT = 64 * 1024  # a refusal is a few words; a larger JSON answer is data, passed on untouched


def _explained(request: Request, answer: httpx.Response) -> bytes:
    """The robot's answer; a refusal (a JSON object whose ``code`` is not 0) gains ``refusal``: its sentence in the
    caller's language, the robot parameter concerned and the reason key (relay.refusals), so that the console
    shows no robot English and marks the field. Everything the robot wrote stays as it was."""
    if len(answer.content) > NOTE_LIMIT or "json" not in answer.headers.get("content-type", ""):
        return answer.content
    try:
        body = json.loads(answer.content)
    except ValueError:
        return answer.content
    code = body.get("code") if isinstance(body, dict) else None
    if not isinstance(code, int) or isinstance(code, bool) or code == 0:
        return answer.content
    body["refusal"] = refusals.relay_note(body, request_language(request), request_zone(request))
    return json.dumps(body, ensure_ascii=False).encode()


# our refusals are envelopes (HTTP 200); the robot's answer comes back with its own status and content type
ANSWERS: dict[int | str, dict[str, Any]] = {
    200: {"description": "a refusal (envelope) or the robot's answer", "content": {"application/json": {"schema": {}}}},
    "default": {"description": "the robot's answer, as it gave it", "content": {"*/*": {"schema": {}}}},
}
router.add_api_route("/relay", relay, methods=["GET"], response_model=None, operation_id="relay_get",
                     responses=ANSWERS)
router.add_api_route("/relay", relay, methods=["POST"], response_model=None, operation_id="relay_post",
                     responses=ANSWERS)
