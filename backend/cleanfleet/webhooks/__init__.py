"""Webhook subscriptions (issue 35): a user's URLs told of its subtree's events, signed, retried, recorded."""
