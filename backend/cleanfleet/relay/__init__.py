# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): a robot call's refusals (refusals).
PUBLIC = ("refusals",)
