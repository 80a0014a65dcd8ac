# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): the demo parts the batches' seeder fits.
PUBLIC = ("demo",)
