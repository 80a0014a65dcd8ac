"""Tasks, task groups, scheduled tasks and elevator scheduled tasks (api-spec 7.9, "Tasks").

Lists answer in `task_info` (tasks), `timetask_info` (scheduled and elevator scheduled tasks) and
`task_list` (groups, all single tasks), the fields the console reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cleanfleet_sim.errors import Refusal, RobotCode, bad_parameter, not_found
from cleanfleet_sim.tasks import parse_names
from cleanfleet_sim.webapi.registry import Answer, Params, robot_call

if TYPE_CHECKING:
    from cleanfleet_sim.robot import Robot

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


# -- tasks ------------------------------------------------------------------------------------------
@robot_call("task_list")
def task_list(robot: Robot, p: Params) -> Answer:
    map_name = p.text("map_name", "")
    tasks = [t.as_dict() for t in robot.book.tasks.values() if not map_name or t.map_name == map_name]
    return {"task_info": tasks}


@robot_call("task_add")
def task_add(robot: Robot, p: Params) -> Answer:
    params = p.as_dict()
    if p.has("area"):
        params["area"] = p.structured("area")
    task = robot.book.add_task(params, set(robot.maps))
    return {"task_info": [task.as_dict()]}


@robot_call("task_rename")
def task_rename(robot: Robot, p: Params) -> Answer:
    robot.book.rename_task(p.text("task_name"), p.text("new_name"))
    return {"task_name": p.text("new_name")}


@robot_call("task_del")
def task_del(robot: Robot, p: Params) -> Answer:
    name = p.text("task_name")
    if robot.run is not None and robot.run.task.task_name == name:
        raise Refusal(RobotCode.BUSY, f"task {name} is running: cancel it first")
    robot.book.delete_task(name)
    return {}


@robot_call("task_info")
def task_info(robot: Robot, p: Params) -> Answer:
    task = robot.book.task(p.text("task_name"))
    return {"task_info": [{**task.as_dict(), **robot.work.predict(task)}]}


@robot_call("clean_area_pre")
def clean_area_pre(robot: Robot, p: Params) -> Answer:
    """What a task would cover (before saving it): area, path length, duration."""
    params = {**p.as_dict(), "task_name": "(preview)", "area": p.structured("area", [])}
    from cleanfleet_sim.tasks import TaskBook

    task = TaskBook().add_task(params, set(robot.maps))
    return robot.work.predict(task)


@robot_call("cleantask_origin")
def cleantask_origin(robot: Robot, p: Params) -> Answer:
    """The task as defined, with where its path begins."""
    task = robot.book.task(p.text("task_name"))
    from cleanfleet_sim.runs import plan_cells

    grid = robot.atlas.map_named(task.map_name)
    pile = grid.charging_pile()
    start = grid.coarse_cell_of(pile.x, pile.y) if pile else (0, 0)
    cells = plan_cells(grid, task, start)
    origin = grid.coarse_centre(*cells[0]) if cells else None
    return {"task_info": [task.as_dict()], "origin": None if origin is None else {"x": origin[0], "y": origin[1]}}


@robot_call("task_start")
def task_start(robot: Robot, p: Params) -> Answer:
    """{task_name}; protocol 3 also takes {task_list: [...]} or {group_name} to run several in turn."""
    if robot.protocol >= 3 and p.has("group_name"):
        names = list(robot.book.group(p.text("group_name")))
    elif robot.protocol >= 3 and p.has("task_list"):
        names = parse_names(p.structured("task_list"), "task_list")
    else:
        names = [p.text("task_name")]
    robot.work.start_tasks(names)
    return robot.work.task_state()


@robot_call("task_pause")
def task_pause(robot: Robot, p: Params) -> Answer:
    robot.work.pause_task()
    return robot.work.task_state()


@robot_call("task_resume")
def task_resume(robot: Robot, p: Params) -> Answer:
    robot.work.resume_task()
    return robot.work.task_state()


@robot_call("task_cancel")
def task_cancel(robot: Robot, p: Params) -> Answer:
    robot.work.cancel_all()
    return robot.work.task_state()


@robot_call("task_cancel_one")
def task_cancel_one(robot: Robot, p: Params) -> Answer:
    robot.work.cancel_current()
    return robot.work.task_state()


@robot_call("task_state")
def task_state(robot: Robot, p: Params) -> Answer:
    """The work now, with the robot's clock (``now``: the console tells how long ago the last run ended)."""
    return {**robot.work.task_state(), "now": robot.now().isoformat(timespec="seconds")}


@robot_call("taskinfo_query")
def taskinfo_query(robot: Robot, p: Params) -> Answer:
    """Finished runs (the reports), newest first, filtered by task name and start time range."""
    name, start, end = p.text("task_name", ""), p.text("start_time", ""), p.text("end_time", "")
    runs = [r for r in reversed(robot.work.history) if (not name or r["taskName"] == name)
            and (not start or r["startTime"] >= start) and (not end or r["startTime"] <= end)]
    return {"task_info": runs}


@robot_call("task_names_png_upload")
def task_names_png_upload(robot: Robot, p: Params) -> Answer:
    task = robot.book.task(p.text("task_name"))
    upload = p.upload("file")
    if not upload.data.startswith(PNG_MAGIC):
        raise bad_parameter("file", "must be a PNG picture")
    task.png_size = len(upload.data)
    return {"task_name": task.task_name, "size": task.png_size}


@robot_call("task_all_map")
def task_all_map(robot: Robot, p: Params) -> Answer:
    return {"task_all_map": {name: [t.task_name for t in robot.book.tasks.values() if t.map_name == name]
                             for name in robot.maps}}


@robot_call("all_tasksingle_list")
def all_tasksingle_list(robot: Robot, p: Params) -> Answer:
    return {"task_list": [t.as_dict() for t in robot.book.tasks.values()]}


@robot_call("elevator_point_list")
def elevator_point_list(robot: Robot, p: Params) -> Answer:
    name = p.text("map_name", robot.map_name or "")
    return {"map_name": name, "points": robot.atlas.elevator_points(name)}


# -- taught paths -------------------------------------------------------------------------------------
@robot_call("hppath_save")
def hppath_save(robot: Robot, p: Params) -> Answer:
    """Keep the path driven so far (for example by joystick) under a name."""
    name = p.text("path_name")
    if len(robot.motion.track) < 2:
        raise Refusal(RobotCode.FAILED, "no path driven yet")
    robot.book.paths[name] = list(robot.motion.track)
    return {"path_name": name, "points": len(robot.book.paths[name])}


@robot_call("hppath_delete")
def hppath_delete(robot: Robot, p: Params) -> Answer:
    name = p.text("path_name")
    if robot.book.paths.pop(name, None) is None:
        raise not_found(f"path {name}")
    return {}


@robot_call("dir_path_list", method="GET")
def dir_path_list(robot: Robot, p: Params) -> Answer:
    return {"dir_path_list": [{"path_name": n, "points": len(v)} for n, v in robot.book.paths.items()]}


# -- task groups --------------------------------------------------------------------------------------
@robot_call("taskgroup_list")
def taskgroup_list(robot: Robot, p: Params) -> Answer:
    return {"task_list": [{"group_name": n, "task_list": list(v), "group_type": robot.book.group_types.get(n, 0)}
                          for n, v in robot.book.groups.items()]}


@robot_call("taskgroup_add")
def taskgroup_add(robot: Robot, p: Params) -> Answer:
    robot.book.add_group(p.text("group_name"), p.structured("task_list"), p.raw("group_type", 0))
    return {}


@robot_call("taskgroup_del")
def taskgroup_del(robot: Robot, p: Params) -> Answer:
    robot.book.delete_entry("group", p.text("group_name"))
    return {}


@robot_call("taskgroup_set_top")
def taskgroup_set_top(robot: Robot, p: Params) -> Answer:
    robot.book.entry_to_top("group", p.text("group_name"))
    return {}


@robot_call("taskgroup_rename")
def taskgroup_rename(robot: Robot, p: Params) -> Answer:
    robot.book.rename_entry("group", p.text("group_name"), p.raw("new_name"))
    return {}


# -- scheduled tasks ----------------------------------------------------------------------------------
def _schedule_params(p: Params) -> dict[str, object]:
    params = p.as_dict()
    for key in ("task_list", "days", "floors"):
        if p.has(key):
            params[key] = p.structured(key) if str(p.raw(key)).lstrip().startswith(("[", "{")) else p.raw(key)
    return params


@robot_call("timetask_list")
def timetask_list(robot: Robot, p: Params) -> Answer:
    return {"timetask_info": [s.as_dict() for s in robot.book.schedules.values()],
            "now": robot.now().isoformat(timespec="seconds")}  # the robot's clock: the console shows the next run


@robot_call("timetask_info")
def timetask_info(robot: Robot, p: Params) -> Answer:
    return {"timetask_info": [robot.book.schedule(p.text("name")).as_dict()]}


@robot_call("timetask_save")
def timetask_save(robot: Robot, p: Params) -> Answer:
    schedule = robot.book.save_schedule(_schedule_params(p), edit=False)
    return {"timetask_info": [schedule.as_dict()]}


@robot_call("timetask_edit")
def timetask_edit(robot: Robot, p: Params) -> Answer:
    schedule = robot.book.save_schedule(_schedule_params(p), edit=True)
    return {"timetask_info": [schedule.as_dict()]}


@robot_call("timetask_enable")
def timetask_enable(robot: Robot, p: Params) -> Answer:
    schedule = robot.book.schedule(p.text("name"))
    on = p.flag("enable")
    if on and not schedule.end_time:
        raise bad_parameter("end_time", "a forced end time is needed when the scheduled task is on")
    schedule.enable = int(on)
    return {"timetask_info": [schedule.as_dict()]}


@robot_call("timetask_cancel")
def timetask_cancel(robot: Robot, p: Params) -> Answer:
    robot.schedules.cancel_today(p.text("name"))
    return {}


@robot_call("timetask_rename")
def timetask_rename(robot: Robot, p: Params) -> Answer:
    robot.book.rename_entry("schedule", p.text("name"), p.raw("new_name"))
    return {}


@robot_call("timetask_delete")
def timetask_delete(robot: Robot, p: Params) -> Answer:
    robot.book.delete_entry("schedule", p.text("name"))
    return {}


@robot_call("timetask_set_top")
def timetask_set_top(robot: Robot, p: Params) -> Answer:
    robot.book.entry_to_top("schedule", p.text("name"))
    return {}


# -- elevator scheduled tasks -------------------------------------------------------------------------
@robot_call("elevator_timetask_list")
def elevator_timetask_list(robot: Robot, p: Params) -> Answer:
    return {"timetask_info": [s.as_dict() for s in robot.book.elevator_schedules.values()],
            "now": robot.now().isoformat(timespec="seconds")}


@robot_call("elevator_timetask_add")
def elevator_timetask_add(robot: Robot, p: Params) -> Answer:
    schedule = robot.book.save_elevator_schedule(_schedule_params(p), edit=False)
    return {"timetask_info": [schedule.as_dict()]}


@robot_call("elevator_timetask_modofied")
def elevator_timetask_modofied(robot: Robot, p: Params) -> Answer:
    """The robot's own spelling ("modofied") is kept: it is the path robots serve."""
    schedule = robot.book.save_elevator_schedule(_schedule_params(p), edit=True)
    return {"timetask_info": [schedule.as_dict()]}


@robot_call("elevator_timetask_rename")
def elevator_timetask_rename(robot: Robot, p: Params) -> Answer:
    robot.book.rename_entry("elevator_schedule", p.text("name"), p.raw("new_name"))
    return {}


@robot_call("elevator_timetask_delete")
def elevator_timetask_delete(robot: Robot, p: Params) -> Answer:
    robot.book.delete_entry("elevator_schedule", p.text("name"))
    return {}
