"""The robot's parts on their own (cleanfleet_sim/parts/), each with a stand-in for the robot it belongs to."""

import random
from types import SimpleNamespace

import pytest

from cleanfleet_sim.activity import Activity
from cleanfleet_sim.alarms import AlarmBoard
from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.errors import Refusal, RobotCode
from cleanfleet_sim.motion import Route, Waypoint
from cleanfleet_sim.parts.alarms import Alarms
from cleanfleet_sim.parts.battery import Battery
from cleanfleet_sim.parts.safety import Safety

PARAMS = {"low_battery": 20, "back_battery": 15, "full_battery": 95}


def alarm_part(clock, sent, reactions=None, rate=0.0):
    def send(channel, body):
        sent.append((channel, body))
        return body

    def react(action, alarm):
        if reactions is not None:
            reactions.append((action, alarm.type.key, len(sent)))

    return Alarms(AlarmBoard("PART-1", random.Random(1), rate), clock.now, send, react)


def test_the_alarm_part_raises_and_clears_once_and_reports_each_change_after_the_reaction():
    clock, sent, reactions = ManualClock(), [], []
    alarms = alarm_part(clock, sent, reactions)
    alarms.raise_("imu")
    alarms.raise_("imu")  # standing already: not raised twice
    assert alarms.is_active("imu") and list(alarms.active) == ["imu"]
    clock.advance(30)
    alarms.clear("imu")
    alarms.clear("imu")
    assert [(channel, body["action"], body["key"]) for channel, body in sent] == [
        ("alarm", "raise", "imu"), ("alarm", "clear", "imu")]
    raised, cleared = sent[0][1], sent[1][1]
    assert raised["alarmId"] == cleared["alarmId"] and raised["text"] == "IMU error"
    assert cleared["clearedAt"] == clock.now().isoformat(timespec="seconds") and "clearedAt" not in raised
    assert reactions == [("raise", "imu", 0), ("clear", "imu", 1)]  # the robot acts before the cloud hears
    assert not alarms.is_active("imu")


def test_banners_follow_the_states_handed_in_and_a_timed_alarm_clears_itself():
    clock, sent = ManualClock(), []
    alarms = alarm_part(clock, sent)
    alarms.show_banners({"brake": True, "manual_mode": False}, clock.now())
    alarms.show_banners({"brake": True, "manual_mode": False}, clock.now())
    alarms.raise_("lidar", lasts_s=60)
    clock.advance(61)
    alarms.roll(clock.now(), 2.0)
    alarms.show_banners({"brake": False}, clock.now())
    assert [(body["action"], body["key"]) for _, body in sent] == [
        ("raise", "brake"), ("raise", "lidar"), ("clear", "lidar"), ("clear", "brake")]
    assert alarms.active == {}


class StandIn(SimpleNamespace):
    """A robot with just what the battery and safety parts reach for."""

    def send(self, channel, body):
        self.sent.append((channel, body))
        return body


def robot_for_battery(clock, activity, *, on_pile=False, run=None):
    finished, continued = [], []
    robot = StandIn(activity=activity, params=dict(PARAMS), sent=[],
                    map=SimpleNamespace(charging_pile=lambda: SimpleNamespace(x=1.0, y=2.0)))
    robot.motion = SimpleNamespace(on_pile=on_pile, route=None,
                                   route_to=lambda x, y: Route([Waypoint(x, y)]))
    robot.work = SimpleNamespace(run=run, job=object(), finished=finished, continued=continued,
                                 finish_run=lambda result, reason: finished.append((result, reason)),
                                 continue_run=lambda: continued.append(True))
    robot.alarms = alarm_part(clock, robot.sent)
    return robot


def test_the_battery_drains_by_what_the_robot_does_and_charges_on_the_pile():
    clock = ManualClock()
    working = robot_for_battery(clock, Activity.WORKING)
    battery = Battery(working, 80.0, random.Random(0))
    for _ in range(1800):
        battery.use(2.0, clock.now())
    assert battery.level == pytest.approx(80.0 - 22.0) and not battery.charging()  # an hour at 22 % per hour

    idle = Battery(robot_for_battery(clock, Activity.IDLE), 80.0, random.Random(0))
    idle.disinfect_level = 2
    idle.use(3600.0, clock.now())
    assert idle.level == pytest.approx(80.0 - 3.0 - 2 * 1.5)  # the sprayer draws too

    docked = robot_for_battery(clock, Activity.CHARGING, on_pile=True)
    charged = Battery(docked, 50.0, random.Random(0))
    assert charged.charging()
    charged.use(3600.0, clock.now())
    assert charged.level == pytest.approx(95.0)
    charged.use(3600.0, clock.now())
    assert charged.level == 100.0 and not charged.charging()


def test_a_working_robot_goes_to_charge_at_the_return_level_and_carries_on_when_full():
    clock = ManualClock()
    run = SimpleNamespace(run_id="run-1", recharging=False, pause_reasons=set())
    robot = robot_for_battery(clock, Activity.WORKING, run=run)
    battery = Battery(robot, 15.01, random.Random(0))
    battery.use(10.0, clock.now())
    assert robot.activity == Activity.RETURNING and run.recharging and robot.motion.route is not None
    assert [body["kind"] for _, body in robot.sent] == ["recharge"]

    robot.activity, robot.motion.on_pile = Activity.CHARGING, True
    battery.level = 94.99
    battery.use(10.0, clock.now())
    assert not run.recharging and robot.work.continued == [True]


def test_an_empty_battery_ends_the_task_where_the_robot_stands():
    clock = ManualClock()
    robot = robot_for_battery(clock, Activity.WORKING, run=SimpleNamespace(recharging=False))
    robot.motion.route = Route([Waypoint(5.0, 5.0)])
    battery = Battery(robot, 0.001, random.Random(0))
    battery.use(10.0, clock.now())
    assert battery.level == 0.0 and robot.work.finished == [("aborted", "battery empty")]
    assert robot.work.job is None and robot.motion.route is None and robot.activity == Activity.IDLE


def test_the_brake_holds_the_robot_and_pauses_the_task_and_releasing_it_lifts_an_emergency_stop():
    clock = ManualClock()
    paused: list[tuple[str, str]] = []
    robot = StandIn(activity=Activity.WORKING, sent=[])
    robot.work = SimpleNamespace(run=object(), pause_for=lambda reason: paused.append(("pause", reason)),
                                 unpause_for=lambda reason: paused.append(("unpause", reason)))
    robot.alarms = alarm_part(clock, robot.sent)
    safety = Safety(robot)
    safety.require_can_move()
    safety.set_brake(True)
    with pytest.raises(Refusal) as refused:
        safety.require_can_move()
    assert refused.value.code == RobotCode.FAILED and safety.stopped()
    safety.estop = True
    robot.alarms.raise_("paused_emergency_stop")
    safety.set_brake(False)
    assert not safety.estop and not safety.stopped()
    assert paused == [("pause", "brake"), ("unpause", "brake")]
    assert [(body["action"], body["key"]) for _, body in robot.sent] == [
        ("raise", "paused_emergency_stop"), ("clear", "paused_emergency_stop")]
