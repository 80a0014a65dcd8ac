# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): the notification channels and queue (channels, notify), the alarm settings
# (settings_service), the alarm counts (counts).
PUBLIC = ("channels", "counts", "notify", "settings_service")
