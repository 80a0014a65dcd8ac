"""Streaming the audit trail to a SIEM (issue 51 item 3): syslog destinations (RFC 5424 over TLS), each a node's,
fed in order by a cursor over the sealed chains."""
