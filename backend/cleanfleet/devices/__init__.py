"""Devices (robots): the list, details, edits, owners, the maintenance password; sub-packages for types, groups,
summaries, SIM cards, robot registration and user-device bindings."""

# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): a device looked up in the caller's scope (access), the demo robots other seeders hang
# records off (demo), the online history the reports read (presence), the device answers others embed (schemas).
PUBLIC = ("access", "demo", "presence", "schemas")
