"""The robot → cloud MQTT contract (docs/robot-contract.md, "MQTT contract", says the same for readers).

Topics, all QoS 1, JSON (UTF-8) payloads:
- `cf/<sn>/up/heartbeat`  every `intervalS` wall seconds while connected (not retained)
- `cf/<sn>/up/status`     online true on connect, false on a clean stop; also the last will (retained)
- `cf/<sn>/up/alarm`      an alarm raised or cleared
- `cf/<sn>/up/report`     a task run ended
- `cf/<sn>/up/event`      progress and happenings (task progress, backup, log upload, OTA, map sync ...)
- `cf/<sn>/down/cmd`      cloud → robot commands (the robot subscribes)

Every payload carries `v` (schema version), `msgId` (unique per message, kept on resends: the key
for idempotent writes), `sn`, `ts` (wall time of sending, ISO 8601 with offset) and `robotTime`
(the robot's own clock, which runs `--speed` times fast in the simulator).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cleanfleet_sim.robot import Robot

TOPIC_ROOT = "cf"
CHANNELS = ("heartbeat", "status", "alarm", "report", "event")


def up_topic(sn: str, channel: str) -> str:
    return f"{TOPIC_ROOT}/{sn}/up/{channel}"


def cmd_topic(sn: str) -> str:
    return f"{TOPIC_ROOT}/{sn}/down/cmd"


def heartbeat(robot: Robot, interval_s: float) -> dict[str, Any]:
    run = robot.run
    battery, motion, safety = robot.battery, robot.motion, robot.safety
    return robot.stamp({
        "online": True,
        "intervalS": interval_s,
        "protocol": robot.protocol,
        "model": robot.identity.model,
        "frpPort": robot.identity.port,
        "battery": round(battery.level, 1),
        "charging": battery.charging(),
        "onPile": motion.on_pile,
        "state": robot.activity.value,
        "mode": robot.mode(),
        "map": robot.map_name,
        "localized": motion.localized,
        "pose": motion.pose.as_dict(),
        "speed": {"linear": round(motion.linear, 3), "angular": round(motion.angular, 3)},
        "task": run.task.task_name if run else None,
        "runId": run.run_id if run else None,
        "progress": round(run.progress(), 1) if run else 0.0,
        "cleanedArea": round(run.cleaned_m2(), 2) if run else 0.0,
        "versions": dict(robot.versions),
        "alarms": sorted(robot.alarms.active),
        "locked": safety.locked,
        "emergencyStop": safety.estop,
        "brake": safety.brake,
        "handMode": safety.hand_mode,
        "disinfectant": {"level": battery.disinfect_level, "left": round(battery.disinfectant["left"], 1),
                         "right": round(battery.disinfectant["right"], 1)},
        "odometerM": round(motion.odometer_m, 1),
        "uptimeS": round(time.monotonic() - robot.started_mono),
    })


def status(robot: Robot, online: bool, reason: str) -> dict[str, Any]:
    """The status message; with online false it is also the last will, sent by the broker for us."""
    return robot.stamp({"online": online, "reason": reason, "protocol": robot.protocol,
                        "frpPort": robot.identity.port})
