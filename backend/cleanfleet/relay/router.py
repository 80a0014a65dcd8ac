"""GET and POST /relay?m=<robot path>&p=<port>: a console call forwarded to the robot's own web API.

Not under /api/ (the spec's path), but signed and authenticated like every call: ``sign`` header and
``Authorization: Bearer <token>``. The caller needs ``device_control/index/control`` and the robot in its
subtree; the robot must be online; a POST is refused (CONFLICT, naming the holder) while another user
holds the robot's control lease (see /api/device/control/take). Other query parameters and the body go
to the robot as they came; the robot's answer comes back untouched (status, content type, body), with
``X-Content-Type-Options: nosniff``. Our own refusals use the envelope: BAD_PARAMETER (m, p), NOT_FOUND
(no robot of the caller's on a port the server assigned; another branch's robot answers the same),
NO_PERMISSION, DEVICE_OFFLINE, CONFLICT, ROBOT_TIMEOUT (no answer within CLEANFLEET_RELAY_TIMEOUT seconds).
"""

import logging
from typing import Any

import httpx
from fastapi import Request, Response

from cleanfleet.core.auth import CallerDep
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.errors import ApiError
from cleanfleet.core.routing import ApiRouter
from cleanfleet.relay import service, texts

log = logging.getLogger("cleanfleet.relay")

router = ApiRouter(tags=["relay"])
OWN_PARAMETERS = ("m", "p", "deviceId")
FORWARDED_HEADERS = ("content-type", "accept")
ANSWER_HEADERS = ("content-type", "cache-control", "content-disposition")


def _device_id(request: Request) -> int | None:
    value = request.query_params.get("deviceId")
    return int(value) if value and value.isdigit() else None


async def relay(request: Request, caller: CallerDep, db: DbSession) -> Response:
    """Forwards one robot web API call (api-spec 7.9) to the robot behind port p."""
    query = request.query_params
    target = await service.relay_target(db, caller, query.get("m", ""), query.get("p"), _device_id(request),
                                        request.method)
    await db.close()  # no connection held while the robot thinks
    client: httpx.AsyncClient = request.app.state.relay_client
    forwarded = httpx.QueryParams([(k, v) for k, v in query.multi_items() if k not in OWN_PARAMETERS])
    headers = {k: v for k, v in request.headers.items() if k in FORWARDED_HEADERS}
    try:
        answer = await client.request(request.method, target.url, params=forwarded, headers=headers,
                                      content=await request.body(), follow_redirects=False,
                                      timeout=request.app.state.settings.relay_timeout)
    except httpx.TimeoutException as exc:
        raise ApiError(Code.ROBOT_TIMEOUT, texts.TIMEOUT, values={"sn": target.device.serial_number}) from exc
    except httpx.TransportError as exc:
        log.warning("relay: robot unreachable", extra={"fields": {"sn": target.device.serial_number,
                                                                  "error": str(exc)[:200]}})
        raise ApiError(Code.DEVICE_OFFLINE, texts.UNREACHABLE, values={"sn": target.device.serial_number}) from exc
    kept = {k: v for k, v in answer.headers.items() if k.lower() in ANSWER_HEADERS}
    kept["X-Content-Type-Options"] = "nosniff"  # a robot's answer is never to be read as another type (HTML)
    return Response(content=answer.content, status_code=answer.status_code, headers=kept)


# our refusals are envelopes (HTTP 200); the robot's answer comes back with its own status and content type
ANSWERS: dict[int | str, dict[str, Any]] = {
    200: {"description": "a refusal (envelope) or the robot's answer", "content": {"application/json": {"schema": {}}}},
    "default": {"description": "the robot's answer, as it gave it", "content": {"*/*": {"schema": {}}}},
}
router.add_api_route("/relay", relay, methods=["GET"], response_model=None, operation_id="relay_get",
                     responses=ANSWERS)
router.add_api_route("/relay", relay, methods=["POST"], response_model=None, operation_id="relay_post",
                     responses=ANSWERS)
