# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): the caller's client address (metrics, the operation log), the session answers users
# embed, the sign-in throttle users reset.
PUBLIC = ("address", "schemas", "throttle")
