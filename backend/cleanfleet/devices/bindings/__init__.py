"""User-device bindings: the device side of user management (which devices a user owns itself)."""
