"""Robot calls common to both generations, and the version 3 only ones (api-spec 7.9)."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from cleanfleet_sim.errors import Refusal, RobotCode, bad_parameter
from cleanfleet_sim.maps import FlagType
from cleanfleet_sim.motion import ray_ranges
from cleanfleet_sim.settings import PARAMS, UTILS
from cleanfleet_sim.webapi.registry import Answer, Params, robot_call

if TYPE_CHECKING:
    from cleanfleet_sim.robot import Robot


def sensor_noise(robot: Robot, value: float, spread: float) -> float:
    """A sensor reading: ``value`` give or take ``spread`` (drawn from the robot's seeded random)."""
    return round(value + robot.rng.uniform(-spread, spread), 3)


def radar_ranges(robot: Robot, beams: int = 360, max_range: float = 12.0) -> tuple[list[float], float]:
    """The laser scan: the range along each beam around the robot, and the angle between beams."""
    step = 2 * math.pi / beams
    angles = [-math.pi + i * step for i in range(beams)]
    return ray_ranges(robot.map, robot.motion.pose, angles, max_range), step


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


@robot_call("sim_stuck", maps=True)
def sim_stuck(robot: Robot, p: Params) -> Answer:
    """Simulator only: the robot gets stuck now (``replan_failed`` raised, held still until freed); ``rate`` sets
    the chance per simulated hour of getting stuck while working (optional)."""
    if p.has("rate"):
        rate = p.number("rate", lo=0, hi=100)
        robot.safety.stuck_rate = rate
        return {"stuck": robot.safety.stuck, "rate": rate}
    robot.safety.get_stuck()
    return {"stuck": True, "rate": robot.safety.stuck_rate}


@robot_call("sim_free", maps=True)
def sim_free(robot: Robot, p: Params) -> Answer:
    """Simulator only: a person on site frees the stuck robot (its alarm clears, its task goes on)."""
    return {"freed": robot.safety.free(), "stuck": False, "rate": robot.safety.stuck_rate}


@robot_call("robot_pose")
def robot_pose(robot: Robot, p: Params) -> Answer:
    motion = robot.motion
    return {**motion.pose.as_dict(), "map_name": robot.map_name or "", "localized": int(motion.localized),
            "linear": round(motion.linear, 3), "angular": round(motion.angular, 3), "state": robot.activity.value}


@robot_call("radar_info")
def radar_info(robot: Robot, p: Params) -> Answer:
    """The laser scan as points on the map (metres), for drawing over the map image."""
    ranges, step = radar_ranges(robot)
    pose = robot.motion.pose
    points = []
    for i, r in enumerate(ranges):
        if r < 11.9:
            a = pose.yaw - math.pi + i * step
            points.append([round(pose.x + r * math.cos(a), 3), round(pose.y + r * math.sin(a), 3)])
    return {"pose": pose.as_dict(), "points": points}


@robot_call("radar_info_raw")
def radar_info_raw(robot: Robot, p: Params) -> Answer:
    ranges, step = radar_ranges(robot)
    return {"angle_min": round(-math.pi, 5), "angle_max": round(math.pi - step, 5), "angle_increment": round(step, 5),
            "range_min": 0.05, "range_max": 12.0, "ranges": ranges}


@robot_call("sensor_info_web")
def sensor_info_web(robot: Robot, p: Params) -> Answer:
    sonar_angles = [i * math.pi / 4 for i in range(8)]
    motion = robot.motion
    sonar = ray_ranges(robot.map, motion.pose, sonar_angles, 2.0) if robot.safety.serial_on else [0.0] * 8
    faults = robot.alarms.active
    return {
        "ultrasonic": sonar,
        "cliff": [0, 0, 0, 0],
        "bumper": 0,
        "imu": {"roll": sensor_noise(robot, 0, 0.01), "pitch": sensor_noise(robot, 0, 0.01),
                "yaw": round(motion.pose.yaw, 3), "ok": int("imu" not in faults)},
        "odom": {**motion.pose.as_dict(), "linear": round(motion.linear, 3), "angular": round(motion.angular, 3),
                 "total_m": round(motion.odometer_m, 1), "ok": int("odometer" not in faults)},
        "lidar": int("lidar" not in faults), "depth_camera": int("depth_camera" not in faults),
        "temperature": sensor_noise(robot, 24.0, 0.5), "humidity": sensor_noise(robot, 45.0, 2.0),
        "serial": int(robot.safety.serial_on),
    }


@robot_call("hardware_state")
def hardware_state(robot: Robot, p: Params) -> Answer:
    moving = abs(robot.motion.linear) > 0.01
    battery, safety = robot.battery, robot.safety
    return {
        "battery": {"percent": round(battery.level, 1), "voltage": round(22.0 + 0.06 * battery.level, 2),
                    "current": round(8.0 if battery.charging() else (-6.5 if moving else -1.2), 2),
                    "temperature": sensor_noise(robot, 31.0, 1.0), "charging": int(battery.charging()),
                    "on_pile": int(robot.motion.on_pile)},
        "motors": {side: {"current": round(2.5 if moving else 0.1, 2), "temperature": sensor_noise(robot, 38.0, 1.5),
                          "ok": 1} for side in ("left", "right")},
        "emergency_button": int(safety.estop), "brake": int(safety.brake), "locked": int(safety.locked),
        "safe": int(safety.brake), "hand_mode": int(safety.hand_mode), "serial": int(safety.serial_on),
        "lidar": int("lidar" not in robot.alarms.active), "imu": int("imu" not in robot.alarms.active),
        "cpu_temperature": sensor_noise(robot, 55.0, 3.0), "disk": {"used_gb": 41.3, "total_gb": 128.0},
        "uptime_s": round(time.monotonic() - robot.started_mono),
        "errors": [a.as_dict() for a in robot.alarms.active.values()],
    }


@robot_call("serial_control")
def serial_control(robot: Robot, p: Params) -> Answer:
    robot.safety.set_serial(p.flag("isStart"))
    return {"isStart": int(robot.safety.serial_on)}


@robot_call("go_home")
def go_home(robot: Robot, p: Params) -> Answer:
    robot.motion.go_home()
    return {"state": robot.activity.value}


@robot_call("cancel_go_home")
def cancel_go_home(robot: Robot, p: Params) -> Answer:
    robot.motion.cancel_go_home()
    return {"state": robot.activity.value}


@robot_call("docker_back")
def docker_back(robot: Robot, p: Params) -> Answer:
    robot.motion.dock_back()
    return {"state": robot.activity.value}


@robot_call("cmdvel_ctrl")
def cmdvel_ctrl(robot: Robot, p: Params) -> Answer:
    robot.motion.drive(p.number("linear", 0.0, -2.0, 2.0), p.number("angular", 0.0, -4.0, 4.0))
    return {"linear": robot.motion.cmdvel[0], "angular": robot.motion.cmdvel[1]}


@robot_call("robot_safe")
def robot_safe(robot: Robot, p: Params) -> Answer:
    robot.safety.set_brake(p.flag("robot_safe"))
    return {"robot_safe": int(robot.safety.brake)}


@robot_call("robot_lock")
def robot_lock(robot: Robot, p: Params) -> Answer:
    robot.safety.set_lock(p.flag("lock"))
    return {"lock": int(robot.safety.locked)}


@robot_call("recover_localization")
def recover_localization(robot: Robot, p: Params) -> Answer:
    robot.atlas.relocate_in(p.number("x"), p.number("y"), p.number("w"), p.number("h"))
    return {**robot.motion.pose.as_dict(), "localized": 1}


@robot_call("relocation_start")
def relocation_start(robot: Robot, p: Params) -> Answer:
    robot.atlas.relocate()
    return {"state": robot.activity.value}


@robot_call("docker_relocation")
def docker_relocation(robot: Robot, p: Params) -> Answer:
    robot.atlas.relocate_on_pile()
    return {**robot.motion.pose.as_dict(), "localized": 1}


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
    grid = robot.atlas.map_named(p.text("map_name"))
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
    robot.safety.release_emergency_stop()
    return {"emergency": int(robot.safety.estop)}


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
    robot.motion.move_to(p.number("x"), p.number("y"), yaw)
    return {"state": robot.activity.value}


@robot_call("disinfect_ctrl")
def disinfect_ctrl(robot: Robot, p: Params) -> Answer:
    level = p.integer("speed_Value", lo=0, hi=3)
    if level and min(robot.battery.disinfectant.values()) <= 0:
        raise Refusal(RobotCode.FAILED, "disinfectant tank is empty", reason="disinfectant_empty")
    robot.battery.disinfect_level = level
    return _disinfect(robot)


@robot_call("disinfect_state")
def disinfect_state(robot: Robot, p: Params) -> Answer:
    return _disinfect(robot)


def _disinfect(robot: Robot) -> dict[str, Any]:
    battery = robot.battery
    return {"speed_Value": battery.disinfect_level, "running": int(battery.disinfect_level > 0),
            "left_level": round(battery.disinfectant["left"], 1),
            "right_level": round(battery.disinfectant["right"], 1)}


@robot_call("hand_mode")
def hand_mode(robot: Robot, p: Params) -> Answer:
    robot.safety.set_hand_mode(p.flag("mode"))
    return {"mode": int(robot.safety.hand_mode)}


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

