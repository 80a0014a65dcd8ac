# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): the subtree check (scope), what a user's removal asks of others (removal), the demo
# organisation (demo), the picture rules (avatar), the user answers roles embed (schemas).
PUBLIC = ("avatar", "demo", "removal", "schemas", "scope")
