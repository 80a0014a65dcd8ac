"""A robot's work: its tasks, task groups, scheduled and elevator-linked scheduled tasks, kept on the robot."""

# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): a robot's task calls (robot).
PUBLIC = ("robot",)
