"""API tokens for integrations (issue 35 item 1): a user's named, expiring, key-limited bearer tokens."""
