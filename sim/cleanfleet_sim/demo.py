"""The work a demo robot knows out of the box: tasks on every shipped map, a scheduled task on its
home map and (for robots in the office tower) an elevator scheduled task, switched off."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cleanfleet_sim.robot import Robot

TASKS: tuple[dict[str, Any], ...] = (
    {"task_name": "office whole floor", "map_name": "office-3F", "path_type": "bow"},
    {"task_name": "office corridor", "map_name": "office-3F", "path_type": "spiral", "speed": "high",
     "area": [[0.7, 8.7], [30.4, 8.7], [30.4, 11.4], [0.7, 11.4]]},
    {"task_name": "office meeting rooms", "map_name": "office-3F", "path_type": "bow", "clean_mode": "quiet",
     "area": [[0.7, 11.7], [24.4, 11.7], [24.4, 19.3], [0.7, 19.3]]},
    {"task_name": "lobby whole hall", "map_name": "lobby-hall", "path_type": "bow", "clean_mode": "carpet"},
    {"task_name": "lobby entrance", "map_name": "lobby-hall", "path_type": "spiral",
     "area": [[0.7, 0.7], [20.0, 0.7], [20.0, 10.0], [0.7, 10.0]]},
    {"task_name": "ward corridor", "map_name": "ward-2F", "path_type": "bow", "speed": "low", "clean_mode": "quiet",
     "area": [[0.7, 5.7], [45.0, 5.7], [45.0, 8.5], [0.7, 8.5]]},
    {"task_name": "ward whole floor", "map_name": "ward-2F", "path_type": "bow"},
)


def give_demo_work(robot: Robot) -> None:
    known = set(robot.maps)
    for task in TASKS:
        robot.book.add_task(dict(task), known)
    home = robot.map_name or ""
    first = next(t["task_name"] for t in TASKS if t["map_name"] == home)
    robot.book.save_schedule({"name": "night clean", "map_name": home, "task_list": [first], "start_time": "22-00",
                              "end_time": "23-30", "days": [1, 2, 3, 4, 5], "enable": 1}, edit=False)
    robot.book.save_schedule({"name": "weekend clean", "map_name": home, "task_list": [first],
                              "start_time": "09-00", "end_time": "11-00", "days": [6, 7], "enable": 0}, edit=False)
    if home == "office-3F":
        robot.book.save_elevator_schedule({
            "name": "tower round", "elevator_id": "EL-1", "start_time": "06-00", "end_time": "08-00",
            "days": [1, 2, 3, 4, 5], "enable": 0,
            "floors": [{"map_name": "office-3F", "task_list": ["office corridor"]},
                       {"map_name": "lobby-hall", "task_list": ["lobby entrance"]}],
        }, edit=False)
