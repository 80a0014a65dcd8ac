"""The end of a customer (issue 51 item 8): a dealer or the admin removes a customer and everything of it, in the
background with progress, after a confirmation that names what goes, and keeps a receipt
(docs/domains/customerend.md)."""
