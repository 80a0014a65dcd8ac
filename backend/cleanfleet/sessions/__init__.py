"""A person's sessions and sign-in events (issue 50 item 8): see and end sessions and API tokens in one place, a
notice on sign-in from a new browser, and a record of every sign-in, failure, factor change and session end (kept
for the audit log, issue 51)."""

# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): ``record`` of a sign-in event (sso/, factors/ record their kinds), the in-transaction
# handler of auth's sign-ins (events.py wires it), the last-use gate app.py installs.
PUBLIC = ("events", "signins", "gate")
