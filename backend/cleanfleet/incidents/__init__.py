"""Incidents (issue 34): an alarm that needs a person is acknowledged, escalated until someone acts, and measured."""

# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): a note added to an incident (notes), which the field kit applies from a phone's queue,
# and the answers it embeds (schemas).
PUBLIC = ("notes", "schemas")
