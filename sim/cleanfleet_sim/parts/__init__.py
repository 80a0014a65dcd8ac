"""The parts a robot (robot.Robot) is built of, each a small class in its own module that owns its state:

- `alarms.Alarms`: raises and clears alarms and reports each change;
- `safety.Safety`: lock, brake, emergency stop, manual mode, the serial link;
- `motion.Motion`: where the robot is and how it gets elsewhere (routes, going home, docking, the joystick);
- `battery.Battery`: charge and disinfectant, and what the robot does when the battery runs low or empty;
- `atlas.Atlas`: the maps the robot holds, the one it is on, building a new one, finding itself on one;
- `elevator.Elevator`: rides between floors;
- `work.Work`: task runs and jobs (the tasks asked for, in turn, then the way home);
- `schedules.Schedules`: scheduled and elevator scheduled tasks fired by the robot's clock;
- `commands.Commands`: commands from the cloud and the long jobs they start (backup, log upload, map sync).

A part imports only the parts listed before it. What it needs of a later one, or of the robot itself, it
declares as a Protocol (robot.Robot is one) and reaches through the robot it is given, so a test can build a
part on its own with a stand-in robot.

The things the parts handle live beside them: `maps.RobotMap`, `alarms.AlarmBoard`, `motion.Route`, `runs.TaskRun`.
"""
