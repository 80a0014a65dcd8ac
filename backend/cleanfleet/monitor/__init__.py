# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): a robot's live state as monitoring reads it (states) and answers (schemas).
PUBLIC = ("schemas", "states")
