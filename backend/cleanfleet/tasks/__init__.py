"""A robot's work: its tasks, task groups, scheduled and elevator-linked scheduled tasks, kept on the robot."""
