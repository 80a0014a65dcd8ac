"""The audit trail (issue 51): one tamper-evident record of security events, sealed into a hash chain per tenant,
anchored daily outside the database, checked by ``python -m cleanfleet audit verify``."""

# Other domains record through ``service.record`` (or ``service.record_call`` for a request's caller); ``streamed``
# is what leaves for a SIEM (the kinds' groups, a sealed row's fields), read by siem/; ``kinds`` the one list of
# kinds (sessions/ reads its sign-in kinds from it); ``personal`` a person's values beside the chain (a sign-in typed
# with an account, the erasure, a SIEM's copy).
PUBLIC = ("service", "streamed", "kinds", "personal")
