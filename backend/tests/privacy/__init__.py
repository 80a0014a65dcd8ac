"""Tests of the privacy domain: a person's export and erasure, the data jobs."""
