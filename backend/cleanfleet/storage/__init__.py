# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): the file stores (backends), a missing file's refusal (texts) and the signed, expiring
# download links (links: a data job's result, privacy/jobs.py).
PUBLIC = ("backends", "texts", "links")
