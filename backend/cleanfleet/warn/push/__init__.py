"""Web Push (RFC 8030, 8291, 8292): a user's browsers and installed consoles subscribed to the "mobile app" alarm
channel (warn/channels/push.py). models: the subscriptions; keys: the install's VAPID key pair; service: subscribe,
list, remove; send: one encrypted, VAPID-signed message to one subscription; router: the /push/* calls."""
