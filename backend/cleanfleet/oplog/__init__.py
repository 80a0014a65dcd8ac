"""The operation log (page ``log``): who changed what, when and from where, for every write call."""
