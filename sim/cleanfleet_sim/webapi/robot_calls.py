"""Robot calls common to both generations, and the version 3 only ones (api-spec 7.9)."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from cleanfleet_sim.body import PARAMS, UTILS
from cleanfleet_sim.errors import Refusal, RobotCode, bad_parameter
from cleanfleet_sim.maps import FlagType
from cleanfleet_sim.webapi.registry import Answer, Params, robot_call

if TYPE_CHECKING:
    from cleanfleet_sim.robot import Robot


@robot_call("check_update", method="GET", maps=True)
def check_update(robot: Robot, p: Params) -> Answer:
    return {"firmware_version": robot.versions["firmware"], "soft_version": robot.versions["soft"],
            "pad_version": robot.versions["pad"], "latest_version": robot.latest_version or robot.versions["soft"],
            "has_update": robot.latest_version is not None and robot.latest_version not in robot.versions.values()}


@robot_call("sim_ota_fail", maps=True)
def sim_ota_fail(robot: Robot, p: Params) -> Answer:
    """Simulator only: make this robot's next updates fail at a stage (ota.STAGES), or work again ("")."""
    from cleanfleet_sim.ota import STAGES

    stage = p.text("stage", "")
    if stage and stage not in STAGES:
        raise bad_parameter("stage", f"one of {', '.join(STAGES)} or empty")
    robot.ota_failure = stage or None
    return {"stage": stage}


@robot_call("robot_pose")
def robot_pose(robot: Robot, p: Params) -> Answer:
    return {**robot.pose.as_dict(), "map_name": robot.map_name or "", "localized": int(robot.localized),
            "linear": round(robot.linear, 3), "angular": round(robot.angular, 3), "state": robot.activity.value}


@robot_call("radar_info")
def radar_info(robot: Robot, p: Params) -> Answer:
    """The laser scan as points on the map (metres), for drawing over the map image."""
    ranges, step = robot.radar_ranges()
    points = []
    for i, r in enumerate(ranges):
        if r < 11.9:
            a = robot.pose.yaw - math.pi + i * step
            points.append([round(robot.pose.x + r * math.cos(a), 3), round(robot.pose.y + r * math.sin(a), 3)])
    return {"pose": robot.pose.as_dict(), "points": points}


@robot_call("radar_info_raw")
def radar_info_raw(robot: Robot, p: Params) -> Answer:
    ranges, step = robot.radar_ranges()
    return {"angle_min": round(-math.pi, 5), "angle_max": round(math.pi - step, 5), "angle_increment": round(step, 5),
            "range_min": 0.05, "range_max": 12.0, "ranges": ranges}


@robot_call("sensor_info_web")
def sensor_info_web(robot: Robot, p: Params) -> Answer:
    from cleanfleet_sim.motion import ray_ranges

    sonar_angles = [i * math.pi / 4 for i in range(8)]
    sonar = ray_ranges(robot.map, robot.pose, sonar_angles, 2.0) if robot.serial_on else [0.0] * 8
    faults = robot.alarms.active
    return {
        "ultrasonic": sonar,
        "cliff": [0, 0, 0, 0],
        "bumper": 0,
        "imu": {"roll": robot.sensor_noise(0, 0.01), "pitch": robot.sensor_noise(0, 0.01),
                "yaw": round(robot.pose.yaw, 3), "ok": int("imu" not in faults)},
        "odom": {**robot.pose.as_dict(), "linear": round(robot.linear, 3), "angular": round(robot.angular, 3),
                 "total_m": round(robot.odometer_m, 1), "ok": int("odometer" not in faults)},
        "lidar": int("lidar" not in faults), "depth_camera": int("depth_camera" not in faults),
        "temperature": robot.sensor_noise(24.0, 0.5), "humidity": robot.sensor_noise(45.0, 2.0),
        "serial": int(robot.serial_on),
    }


@robot_call("hardware_state")
def hardware_state(robot: Robot, p: Params) -> Answer:
    moving = abs(robot.linear) > 0.01
    return {
        "battery": {"percent": round(robot.battery, 1), "voltage": round(22.0 + 0.06 * robot.battery, 2),
                    "current": round(8.0 if robot.charging() else (-6.5 if moving else -1.2), 2),
                    "temperature": robot.sensor_noise(31.0, 1.0), "charging": int(robot.charging()),
                    "on_pile": int(robot.on_pile)},
        "motors": {side: {"current": round(2.5 if moving else 0.1, 2), "temperature": robot.sensor_noise(38.0, 1.5),
                          "ok": 1} for side in ("left", "right")},
        "emergency_button": int(robot.estop), "brake": int(robot.brake), "locked": int(robot.locked),
        "safe": int(robot.brake), "hand_mode": int(robot.hand_mode), "serial": int(robot.serial_on),
        "lidar": int("lidar" not in robot.alarms.active), "imu": int("imu" not in robot.alarms.active),
        "cpu_temperature": robot.sensor_noise(55.0, 3.0), "disk": {"used_gb": 41.3, "total_gb": 128.0},
        "uptime_s": round(time.monotonic() - robot.started_mono),
        "errors": [a.as_dict() for a in robot.alarms.active.values()],
    }


@robot_call("serial_control")
def serial_control(robot: Robot, p: Params) -> Answer:
    robot.set_serial(p.flag("isStart"))
    return {"isStart": int(robot.serial_on)}


@robot_call("go_home")
def go_home(robot: Robot, p: Params) -> Answer:
    robot.go_home()
    return {"state": robot.activity.value}


@robot_call("cancel_go_home")
def cancel_go_home(robot: Robot, p: Params) -> Answer:
    robot.cancel_go_home()
    return {"state": robot.activity.value}


@robot_call("docker_back")
def docker_back(robot: Robot, p: Params) -> Answer:
    robot.dock_back()
    return {"state": robot.activity.value}


@robot_call("cmdvel_ctrl")
def cmdvel_ctrl(robot: Robot, p: Params) -> Answer:
    robot.drive(p.number("linear", 0.0, -2.0, 2.0), p.number("angular", 0.0, -4.0, 4.0))
    return {"linear": robot.cmdvel[0], "angular": robot.cmdvel[1]}


@robot_call("robot_safe")
def robot_safe(robot: Robot, p: Params) -> Answer:
    robot.set_brake(p.flag("robot_safe"))
    return {"robot_safe": int(robot.brake)}


@robot_call("robot_lock")
def robot_lock(robot: Robot, p: Params) -> Answer:
    robot.set_lock(p.flag("lock"))
    return {"lock": int(robot.locked)}


@robot_call("recover_localization")
def recover_localization(robot: Robot, p: Params) -> Answer:
    robot.relocate_in(p.number("x"), p.number("y"), p.number("w"), p.number("h"))
    return {**robot.pose.as_dict(), "localized": 1}


@robot_call("relocation_start")
def relocation_start(robot: Robot, p: Params) -> Answer:
    robot.relocate()
    return {"state": robot.activity.value}


@robot_call("docker_relocation")
def docker_relocation(robot: Robot, p: Params) -> Answer:
    robot.relocate_on_pile()
    return {**robot.pose.as_dict(), "localized": 1}


def _util_value_key(robot: Robot) -> str:
    return "value" if robot.protocol >= 3 else "val"


@robot_call("utils_state", method="GET")
def utils_state(robot: Robot, p: Params) -> Answer:
    key = _util_value_key(robot)
    return {"utils": [{"id": u["id"], "name": u["name"], key: robot.utils[u["id"]]} for u in UTILS]}


@robot_call("utils_ctrl")
def utils_ctrl(robot: Robot, p: Params) -> Answer:
    """Protocol 3 sends {id, value}; older robots {id, val}."""
    key = _util_value_key(robot)
    util_id = p.integer("id")
    spec = next((u for u in UTILS if u["id"] == util_id), None)
    if spec is None:
        raise bad_parameter("id", f"no utility {util_id}")
    robot.utils[util_id] = p.integer(key, lo=spec["min"], hi=spec["max"])
    return {"id": util_id, key: robot.utils[util_id]}


@robot_call("utils_list", v3_only=True)
def utils_list(robot: Robot, p: Params) -> Answer:
    return {"utils": [{k: u[k] for k in ("id", "name", "type", "min", "max")} for u in UTILS]}


@robot_call("utils_ctrl_default_list", v3_only=True)
def utils_ctrl_default_list(robot: Robot, p: Params) -> Answer:
    return {"utils": [{"id": u["id"], "name": u["name"], "value": u["default"]} for u in UTILS]}


@robot_call("door_access_control_list", v3_only=True)
def door_access_control_list(robot: Robot, p: Params) -> Answer:
    grid = robot.map_named(p.text("map_name"))
    doors = [{"id": i + 1, "name": f"{f.name} door", "x": f.x, "y": f.y, "state": "closed"}
             for i, f in enumerate(f for f in grid.flags if f.type == FlagType.ELEVATOR)]
    return {"map_name": grid.name, "doors": doors}


@robot_call("account_list", v3_only=True)
def account_list(robot: Robot, p: Params) -> Answer:
    return {"accounts": [{"account": "admin", "role": "administrator"}, {"account": "operator", "role": "operator"},
                         {"account": "service", "role": "maintenance"}]}


@robot_call("emergency_off", v3_only=True)
def emergency_off(robot: Robot, p: Params) -> Answer:
    """Releases a (software) emergency stop; the paused task carries on."""
    robot.release_emergency_stop()
    return {"emergency": int(robot.estop)}


@robot_call("robot_params_get")
def robot_params_get(robot: Robot, p: Params) -> Answer:
    return {"params": {k: robot.params[k] for k in PARAMS},
            "ranges": {k: {"min": lo, "max": hi, "default": d} for k, (d, lo, hi) in PARAMS.items()}}


@robot_call("robot_params_set")
def robot_params_set(robot: Robot, p: Params) -> Answer:
    """Any subset of the parameters, at top level or under "params"; all are checked before any is set."""
    given: Any = p.structured("params") if p.has("params") else p.as_dict()
    if not isinstance(given, dict) or not given:
        raise bad_parameter("params", "give the parameters to set")
    changes: dict[str, float] = {}
    for key, value in given.items():
        if key not in PARAMS:
            raise bad_parameter(key, "unknown parameter")
        _, lo, hi = PARAMS[key]
        changes[key] = Params({key: value}).number(key, lo=lo, hi=hi)
    merged = {**robot.params, **changes}
    if not merged["back_battery"] <= merged["low_battery"] < merged["full_battery"]:
        raise bad_parameter("back_battery", "back_battery <= low_battery < full_battery")
    robot.params.update(changes)
    return {"params": dict(robot.params)}


@robot_call("point_moveto", both=True)
def point_moveto(robot: Robot, p: Params) -> Answer:
    yaw = p.number("yaw", lo=-7.0, hi=7.0) if p.has("yaw") else None
    robot.move_to(p.number("x"), p.number("y"), yaw)
    return {"state": robot.activity.value}


@robot_call("disinfect_ctrl")
def disinfect_ctrl(robot: Robot, p: Params) -> Answer:
    level = p.integer("speed_Value", lo=0, hi=3)
    if level and min(robot.disinfectant.values()) <= 0:
        raise Refusal(RobotCode.FAILED, "disinfectant tank is empty", reason="disinfectant_empty")
    robot.disinfect_level = level
    return _disinfect(robot)


@robot_call("disinfect_state")
def disinfect_state(robot: Robot, p: Params) -> Answer:
    return _disinfect(robot)


def _disinfect(robot: Robot) -> dict[str, Any]:
    return {"speed_Value": robot.disinfect_level, "running": int(robot.disinfect_level > 0),
            "left_level": round(robot.disinfectant["left"], 1), "right_level": round(robot.disinfectant["right"], 1)}


@robot_call("hand_mode")
def hand_mode(robot: Robot, p: Params) -> Answer:
    robot.set_hand_mode(p.flag("mode"))
    return {"mode": int(robot.hand_mode)}


@robot_call("robot_reboot")
def robot_reboot(robot: Robot, p: Params) -> Answer:
    """{voice: 0} reboots the computer; {outage_reboot: 1} cuts and restores power. Both go offline a while."""
    kind = "outage_reboot" if p.flag("outage_reboot", False) else "reboot"
    robot.reboot()
    return {"reboot": kind}


@robot_call("reset_ubuntu_pd")
def reset_ubuntu_pd(robot: Robot, p: Params) -> Answer:
    return {"reset": 1, "detail": "system password reset to the factory default"}


@robot_call("bag_record_trigger")
def bag_record_trigger(robot: Robot, p: Params) -> Answer:
    seconds = p.integer("duration", 60, 1, 600)
    name = f"{robot.sn}_{robot.now():%Y%m%d_%H%M%S}.bag"
    robot.send("event", {"kind": "bag_record", "state": "recording", "file": name, "durationS": seconds})
    return {"bag_name": name, "duration": seconds}

