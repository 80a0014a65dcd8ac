# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): the demo runs, the report mail and workbook writers the sites' reports reuse.
PUBLIC = ("demo", "mail", "xlsx")
