# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): the consoles' live events (schemas) and their routing (published): every domain that
# tells the consoles.
PUBLIC = ("published", "schemas")
