# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): commands to a robot (commands); the simulated fleet's link to the embedded broker
# (broker, runtime).
PUBLIC = ("broker", "commands", "runtime")
