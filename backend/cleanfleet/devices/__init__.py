"""Devices (robots): the list, details, edits, owners, the maintenance password; sub-packages for types, groups,
summaries, SIM cards, robot registration and user-device bindings."""
