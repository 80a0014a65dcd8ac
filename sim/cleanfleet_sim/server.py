"""The robots' web APIs: one aiohttp application listening on every robot's own port.

A request is served by the robot whose port it arrived on. Parameters come from the query string
and from the body, JSON or form (multipart for uploads); the answer is JSON {code, msg, ...} or a
picture. GET / on a robot's port says who answers there.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from aiohttp import web
from aiohttp.web_request import FileField

from cleanfleet_sim import camera
from cleanfleet_sim.robot import Robot
from cleanfleet_sim.webapi.dispatch import Picture, Upload, call_robot

log = logging.getLogger("cleanfleet_sim.server")
CAMERA_PREFIX = "api2/camera/"

MAX_BODY_BYTES = 20 * 1024 * 1024


async def read_params(request: web.Request) -> dict[str, Any]:
    params: dict[str, Any] = dict(request.query)
    if request.method in ("GET", "HEAD") or not request.can_read_body:
        return params
    if request.content_type == "application/json":
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            body = None
        if not isinstance(body, dict):
            raise web.HTTPBadRequest(text=json.dumps({"code": 2, "msg": "body: must be a JSON object"}),
                                     content_type="application/json")
        params.update(body)
        return params
    form = await request.post()
    for key, value in form.items():
        params[key] = Upload(value.filename, value.file.read()) if isinstance(value, FileField) else value
    return params


class RobotWebServer:
    def __init__(self, host: str = "127.0.0.1") -> None:
        self.host = host
        self.robots: dict[int, Robot] = {}
        app = web.Application(client_max_size=MAX_BODY_BYTES)
        app.router.add_route("*", "/{path:.*}", self.handle)
        self.runner = web.AppRunner(app, access_log=None, handle_signals=False)
        self.sites: dict[int, web.TCPSite] = {}

    async def start(self) -> None:
        await self.runner.setup()

    async def add(self, robot: Robot) -> None:
        port = robot.identity.port
        site = web.TCPSite(self.runner, self.host, port, reuse_address=True)
        await site.start()
        self.sites[port] = site
        self.robots[port] = robot

    async def stop(self) -> None:
        await self.runner.cleanup()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        sockname = request.transport.get_extra_info("sockname") if request.transport else None
        robot = self.robots.get(sockname[1]) if sockname else None
        if robot is None:
            raise web.HTTPNotFound()
        path = request.match_info["path"]
        if not path:
            return web.json_response({"code": 0, "msg": "ok", "sn": robot.sn, "protocol": robot.protocol,
                                      "model": robot.identity.model,
                                      "prefixes": [robot.identity.api_prefix + "/", "api2/"]})
        if path.startswith(CAMERA_PREFIX) and request.method == "GET":
            return await self.camera(request, robot, path[len(CAMERA_PREFIX):])
        params = await read_params(request)
        status, result = call_robot(robot, path, params, request.method)
        if isinstance(result, Picture):
            # ?v=<map version>: that version's picture never changes, so the browser keeps it (one transfer)
            cache = "private, max-age=31536000, immutable" if request.query.get("v") else "no-store"
            return web.Response(body=result.data, content_type=result.content_type, headers={"Cache-Control": cache})
        return web.json_response(result, status=status)

    async def camera(self, request: web.Request, robot: Robot, rest: str) -> web.StreamResponse:
        """MJPEG: ``live/<camera>.mjpg`` until the viewer leaves (its first frames are recorded as a clip),
        ``record/<name>`` a recorded clip, paced at camera.FPS, then the answer ends."""
        kind, _, name = rest.partition("/")
        if robot.is_down():
            return web.json_response({"code": 1, "msg": "robot is rebooting", "reason": "rebooting"}, status=503)
        clip = robot.recorder.clip(name) if kind == "record" else None
        camera_no = int(name.removesuffix(".mjpg")) if kind == "live" and name.removesuffix(".mjpg").isdigit() else 0
        if clip is None and camera_no not in camera.CAMERAS:
            return web.json_response({"code": 404, "msg": f"request address error: {CAMERA_PREFIX}{rest}"},
                                     status=404)
        answer = web.StreamResponse(headers={"Content-Type": camera.CONTENT_TYPE, "Cache-Control": "no-store"})
        await answer.prepare(request)
        if clip is not None:
            for part in camera.split_parts(clip.read_bytes()):
                await answer.write(part)
                await asyncio.sleep(1 / camera.FPS)
            await answer.write_eof()
            return answer
        started, n = robot.now(), 0
        frames: list[bytes] = []
        try:
            while not robot.is_down():
                jpeg = camera.frame(robot, camera_no, n)
                if len(frames) < camera.CLIP_FRAMES:
                    frames.append(jpeg)
                await answer.write(camera.part(jpeg))
                n += 1
                await asyncio.sleep(1 / camera.FPS)
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            if frames:
                robot.recorder.save(camera_no, started.replace(tzinfo=None, microsecond=0), frames)
        return answer
