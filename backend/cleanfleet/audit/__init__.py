"""The audit trail (issue 51): one tamper-evident record of security events, sealed into a hash chain per tenant,
anchored daily outside the database, checked by ``python -m cleanfleet audit verify``."""

# Other domains record through ``service.record`` (or ``service.record_call`` for a request's caller).
PUBLIC = ("service",)
