"""Versions and over-the-air updates: firmware packages, their publication to white lists, staged rollouts."""
