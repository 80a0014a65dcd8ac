"""A robot's data in the cloud: its logs pulled from the robot, data backups and restores, live video and clips."""
