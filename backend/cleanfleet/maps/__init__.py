"""Maps: the record of each robot's maps, deleting, download and import archives, and map sync between robots."""

# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): a robot's map calls (robot).
PUBLIC = ("robot",)
