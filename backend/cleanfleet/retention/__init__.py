"""Retention per kind of data (issue 51 item 5): the periods a deployment and its tenants set, and the purge job."""
