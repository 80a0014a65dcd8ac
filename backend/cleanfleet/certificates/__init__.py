"""Robot certificates (issue 46 item 2): the product CA (ca.py), each robot's client certificate, its renewal and
revocation, the CRL for external brokers; docs/domains/certificates.md."""

# Other domains import this domain's service, models and these modules only (docs/architecture.md rule 8;
# tests/core/test_layers.py): the product CA: the broker's TLS and the password-robot switch read it; reload: the
# broker sync listens for revocations there.
PUBLIC = ("ca", "reload")
