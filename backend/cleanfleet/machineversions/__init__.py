"""Whole-machine versions with their white and black lists, the cloud's release records, configuration parameters."""
