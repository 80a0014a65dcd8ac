"""Demo history for the wall display and the device map: a week of task reports and a few alarms for the demo
fleet (cleanfleet/devices/demo.py), so /bigScreen has areas, a seven-day chart and alarms from the start. The
simulated robots add their own reports and alarms as they run."""

import random
from datetime import timedelta

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.alarm_texts import ALARMS
from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.reports.models import TaskReport
from cleanfleet.warn.counts import COUNTED, count_added
from cleanfleet.warn.models import LEVEL_BY_KIND, STATE_RESOLVED, STATE_UNRESOLVED, Alarm

DEMO_SERIALS = "CF2026%"  # the demo fleet's serial numbers (devices/demo.py)
TASKS = ("Morning sweep", "Edge clean", "Disinfect corridors", "Night scrub")
# robot alarms of the catalogue (core/alarm_catalogue.json) as the simulated robots send them, content in English
DEMO_ALARMS = ("lidar_dock_failed", "paused_emergency_stop", "replan_failed", "depth_camera", "disinfectant_low_left",
               "low_localization")


async def seed_screen_history(db: AsyncSession) -> None:
    """Seven days of task reports (one to three runs a day per robot) and a dozen alarms of the last two days."""
    rng = random.Random(20261124)
    now = utcnow()
    devices = (await db.execute(select(Device.id, DeviceState.online)
                                .join(DeviceState, DeviceState.device_id == Device.id)
                                .where(Device.serial_number.like(DEMO_SERIALS)).order_by(Device.id))).all()
    if not devices:
        return
    reports = []
    for device_id, _online in devices:
        for back in range(7):
            for run in range(rng.randrange(1, 4)):
                end = now - timedelta(days=back, minutes=rng.randrange(20, 600) + run * 180)
                duration = rng.randrange(20 * 60, 150 * 60)
                planned = round(rng.uniform(400, 3000), 1)
                cleaned = round(planned * rng.uniform(0.82, 0.99), 1)
                reports.append({
                    "device_id": device_id, "msg_id": f"demo-report-{device_id}-{back}-{run}",
                    "run_id": f"demo-{back}{run}",
                    "task_name": rng.choice(TASKS), "map_name": "Level 1", "source": "schedule", "result": "finished",
                    "start_time": end - timedelta(seconds=duration), "end_time": end, "duration_s": duration,
                    "work_area": planned, "cleaned_area": cleaned, "coverage": round(cleaned / planned * 100, 1),
                    "efficiency": round(cleaned / duration * 3600, 1), "distance_m": round(cleaned / 0.55, 1),
                    "battery_start": 95.0, "battery_end": 60.0, "clean_mode": "clean", "path_type": "zigzag",
                    "received_at": end, "mailed": True})  # history: no run e-mail is due for it
    await db.execute(insert(TaskReport), reports)
    alarms = []
    online = [device_id for device_id, is_online in devices if is_online]
    for n in range(12):
        name = ALARMS[DEMO_ALARMS[n % len(DEMO_ALARMS)]]
        key, code, kind, kind_type, content = name.key, name.code, name.kind, name.type, name.text.render("en")
        device_id = online[n % len(online)] if online and n < 4 else rng.choice(devices)[0]
        raised = now - timedelta(minutes=rng.randrange(5, 2 * 24 * 60))
        active = n < 4  # the newest few are still active on online robots (red on the map)
        cleared = None if active else raised + timedelta(minutes=rng.randrange(2, 90))
        alarms.append({
            "device_id": device_id, "msg_id": f"demo-alarm-{n}", "robot_alarm_id": f"demo-{n}", "key": key,
            "code": code, "code_num": int(code, 16) if code else None, "kind": kind, "type": kind_type,
            "level": LEVEL_BY_KIND[kind], "content": content,
            "raised_at": now - timedelta(minutes=3 + n * 7) if active else raised,
            "cleared_at": cleared, "state": STATE_UNRESOLVED if active or n % 3 else STATE_RESOLVED,
            "resolved_at": None if active or n % 3 else cleared, "created_at": raised})
    await count_added(db, (await db.execute(insert(Alarm).returning(*COUNTED), alarms)).all())
