"""Versions and over-the-air updates: firmware packages, their publication to white lists, staged rollouts."""

# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): publishing a firmware (publications), the advisories' attachment hook (attachments), its
# refusals (texts).
PUBLIC = ("attachments", "publications", "texts")
