"""Sites (issue 33): where the robots clean, their cleaning plans, plan against actual, coverage, reports."""

# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): the field kit reads a site's today (days, its clock) and today's planned runs and their
# states (plans.actual), and applies a phone's queued "cleaned by hand" (plans.byhand), with the answers it embeds
# (plans.schemas); the customer end's receipt draws with the reports' fonts (reports.fonts).
PUBLIC = ("days", "plans.actual", "plans.byhand", "plans.schemas", "reports.fonts")
