"""Robot certificates (issue 46 item 2): the product CA (ca.py), each robot's client certificate, its renewal and
revocation, the CRL for external brokers; docs/domains/certificates.md."""
