"""Shared ground of every domain: envelope and codes, errors, database, auth, signature, paging, bus."""
