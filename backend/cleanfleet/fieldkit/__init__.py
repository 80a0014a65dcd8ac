"""The field kit (issue 53 items 5-6): what a phone keeps to read without signal, and the actions it queued then."""
