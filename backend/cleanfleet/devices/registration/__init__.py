"""Robot registration: one-time auth codes, and a new robot registering itself with one."""
