"""Robot health against peers (issue 36 item 3): indicators per robot, its grade and the reasons, the fleet view."""
